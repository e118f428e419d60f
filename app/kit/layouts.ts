import type { Understanding } from "~/kit/understanding/types";

/**
 * Which layout a kit's landing page, social images and deck use (for
 * "Variety"): three of each, chosen deterministically from the brand vibe
 * and the business category. The steps store the choice in each asset's
 * content (`layout`), so the renderers stay pure functions of brand and
 * content and a stored kit without the field keeps today's layout (the
 * first of each list). Client-safe.
 */

export const LANDING_LAYOUTS = ["split", "editorial", "grid"] as const;
export type LandingLayout = (typeof LANDING_LAYOUTS)[number];

export const SOCIAL_LAYOUTS = ["type", "mark", "pattern"] as const;
export type SocialLayout = (typeof SOCIAL_LAYOUTS)[number];

export const DECK_LAYOUTS = ["classic", "panel", "editorial"] as const;
export type DeckLayout = (typeof DECK_LAYOUTS)[number];

/** The OpenGraph image's compositions (the picture a shared link shows). */
export const OG_LAYOUTS = ["circles", "band", "centred", "split"] as const;
export type OgLayout = (typeof OG_LAYOUTS)[number];

export const LAYOUT_LABELS = {
  split: "Split hero with the mark",
  editorial: "Centred editorial",
  grid: "Cards and grid",
  type: "Big type on colour",
  mark: "Mark-led card",
  pattern: "Split with the mark as a pattern",
  classic: "Text and colour card",
  panel: "Colour panel",
  circles: "Headline with the mark among circles",
  band: "Headline on a colour band",
  centred: "Centred emblem and headline",
} as const;

/** The kind of business, as far as layouts care. */
export type CategoryGroup = "developer" | "local" | "product" | "other";

type UnderstandingLike = Pick<Understanding, "sections" | "payment"> | null | undefined;

/** The group a category belongs to, from the sections and payment model it calls for (not from taxonomy ids, which may grow). */
export function categoryGroup(u: UnderstandingLike): CategoryGroup {
  if (!u) return "other";
  const s = new Set<string>(u.sections);
  if (s.has("install") || s.has("repository") || u.payment === "open-source") return "developer";
  // Prices alone say nothing (a subscription box has them too); an area or a booking does.
  if (s.has("service-area") || s.has("booking") || u.payment === "local-service" || u.payment === "booking") return "local";
  if (s.has("in-the-box") || s.has("origin")) return "product";
  return "other";
}

const LANDING_BY_VIBE: Record<string, LandingLayout> = {
  "neon tech": "grid",
  corporate: "grid",
  editorial: "editorial",
  minimalist: "editorial",
  cozy: "split",
  playful: "split",
};

const SOCIAL_BY_VIBE: Record<string, SocialLayout> = {
  "neon tech": "type",
  editorial: "type",
  corporate: "mark",
  minimalist: "mark",
  cozy: "pattern",
  playful: "pattern",
};

const DECK_BY_VIBE: Record<string, DeckLayout> = {
  "neon tech": "panel",
  playful: "panel",
  editorial: "editorial",
  minimalist: "editorial",
  cozy: "classic",
  corporate: "classic",
};

/**
 * The vibe picks; the category moves a pick that does not suit it: a
 * developer tool gets the grid page (room for the install snippet), the
 * type-led images and the colour-panel deck rather than the softer ones; a
 * local service keeps its mark in view (split page, mark card, classic deck);
 * a physical product gets the editorial page and the motif pattern.
 */
export function chooseLayouts(vibe: string, understanding?: UnderstandingLike): { landing: LandingLayout; social: SocialLayout; deck: DeckLayout } {
  const group = categoryGroup(understanding);
  let landing = LANDING_BY_VIBE[vibe] ?? "split";
  let social = SOCIAL_BY_VIBE[vibe] ?? "type";
  let deck = DECK_BY_VIBE[vibe] ?? "classic";
  if (group === "developer") {
    if (landing === "split") landing = "grid";
    if (social === "pattern") social = "type";
    if (deck === "classic") deck = "panel";
  } else if (group === "local") {
    if (landing === "grid") landing = "split";
    if (social === "type") social = "mark";
    if (deck === "editorial") deck = "classic";
  } else if (group === "product") {
    if (landing === "grid") landing = "editorial";
    if (social === "type") social = "pattern";
  }
  return { landing, social, deck };
}

/**
 * The OpenGraph image's composition, from what the image is drawn from (the
 * brand: the page's route gives the renderer the brand and the headline),
 * chosen like the other layouts: the category first (a developer tool gets
 * the type-led colour band, a local service the split with its mark in view,
 * a physical product the centred emblem), then the brand's look, which the
 * vibe chose (a dark page: the band; serif headings: centred). A brand edit
 * (new fonts or colours) may move it, as it moves the rest of the image.
 */
export function chooseOgLayout(look: { understanding?: UnderstandingLike; dark: boolean; serif: boolean }): OgLayout {
  const group = categoryGroup(look.understanding);
  if (group === "developer") return "band";
  if (group === "local") return "split";
  if (group === "product") return "centred";
  if (look.dark) return "band";
  if (look.serif) return "centred";
  return "circles";
}
