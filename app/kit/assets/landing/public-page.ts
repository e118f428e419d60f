import type { LandingPage } from "~/platform/db/schema";
import type { LogoContent } from "~/kit/assets/logo/schema";
import type { Brand } from "~/kit/brand/brand";
import type { LandingContent } from "./schema";

/** Everything a published page shows (read by the public site, previewed by experiments). */
export type PublicPage = {
  page: LandingPage;
  goal: string;
  brand: Brand;
  content: LandingContent;
  logo: LogoContent | null;
  /** Changes whenever the rendered page may change (OpenGraph image URLs carry it). */
  version: string;
  /** The owner's plan shows the small "Made with LaunchKit" footer badge (app/features/billing). */
  badge: boolean;
  /** The owner's plan gets the preview's watermarked logo, favicon and OpenGraph image (app/features/billing). */
  watermarked: boolean;
  /** When the owner's plan (so the badge) changes by date alone: cached copies must not outlive it. */
  planChangesAt: Date | null;
};
