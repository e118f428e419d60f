import type { GenerationInput } from "~/kit/input";
import type { LandingContent } from "~/kit/assets/landing/schema";
import type { ResearchContent } from "~/kit/assets/research/schema";
import type { SocialContent } from "~/kit/assets/social/schema";
import type { DeckContent } from "~/kit/assets/deck/schema";
import type { AdsContent } from "~/kit/assets/ads/schema";
import type { Brand } from "~/kit/brand/brand";
import type { Understanding } from "~/kit/understanding/types";

export type WrittenPiece = { title: string; body: string };

/** What the writer knows of the business. */
export type PieceContext = {
  input: GenerationInput;
  brand: Brand;
  understanding: Understanding;
  landing: LandingContent | null;
  /** The research snapshot: who the customers are, their pains and doubts, the competitors. */
  research: ResearchContent | null;
  /** The social asset: its LinkedIn "About" is the longest description of the business in its own words. */
  social: SocialContent | null;
  /** The pitch deck: its problem and solution slides tell the business's story. */
  deck: DeckContent | null;
  /** The ad variants: their texts say the business's promise in several ways. */
  ads: AdsContent | null;
  /** The kit's page is published (and not taken down): with leads, the business trades. */
  published: boolean;
  /** Texts the kit's experiments tried that did not win (never applied), and those of a running one: never proposed again. */
  tried?: Array<{ field: string; text: string; running: boolean }>;
};
