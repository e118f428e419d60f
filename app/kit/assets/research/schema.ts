import { z } from "zod";

/**
 * The research snapshot: an ideal customer profile and five competitors.
 * The model writes a draft (ResearchDraftSchema); the server keeps only the
 * links that came from web search results and stores ResearchContentSchema,
 * which says whether the snapshot had web access and, per competitor,
 * whether it is backed by sources. Client-safe.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const list = (min: number, max: number, each = 240) => z.array(text(each)).min(min).max(max);

export const IcpSchema = z.object({
  who: text(600),
  jobsToBeDone: list(2, 5),
  pains: list(5, 5),
  whereToReach: list(2, 6),
  buyingTriggers: list(2, 5),
  objections: list(2, 5),
});
export type Icp = z.infer<typeof IcpSchema>;

const competitorFields = {
  name: text(80),
  positioning: text(400),
  pricingModel: text(240),
  strength: text(300),
  weakness: text(300),
  difference: text(400),
};

/** What the model answers: source links as it saw them (filtered afterwards). */
export const ResearchDraftSchema = z.object({
  icp: IcpSchema,
  marketClaims: z.array(z.object({ claim: text(400), sources: z.array(z.string()).max(5) })).max(6),
  competitors: z
    .array(z.object({ ...competitorFields, website: z.string().max(400).nullable(), sources: z.array(z.string()).max(5) }))
    .min(1)
    .max(7),
});
export type ResearchDraft = z.infer<typeof ResearchDraftSchema>;

const Url = z.url({ protocol: /^https?$/ }).max(2000);

export const OFFLINE_REASONS = ["builtin", "off", "unavailable", "no-results"] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

export const CompetitorSchema = z.object({
  ...competitorFields,
  /** Only when its host is one the search returned. */
  website: Url.nullable(),
  sources: z.array(Url).max(5),
  /** The founder named it in the wizard. */
  namedByFounder: z.boolean(),
  /** Backed by at least one link from the web search. */
  verified: z.boolean(),
});
export type Competitor = z.infer<typeof CompetitorSchema>;

export const ResearchContentSchema = z.object({
  /** True when the snapshot was written from web search results. */
  webAccess: z.boolean(),
  /** Why there was no web access (null with web access). */
  offlineReason: z.enum(OFFLINE_REASONS).nullable(),
  icp: IcpSchema,
  marketClaims: z.array(z.object({ claim: text(400), sources: z.array(Url).min(1).max(5) })).max(6),
  competitors: z.array(CompetitorSchema).length(5),
  /** Every page the search returned (url_citation annotations and the search call's sources). */
  sources: z.array(z.object({ url: Url, title: z.string().max(300) })).max(40),
  researchedAt: z.string(),
});
export type ResearchContent = z.infer<typeof ResearchContentSchema>;

export const UNVERIFIED_LABEL = "unverified — generated without web access";

export const OFFLINE_NOTICE: Record<OfflineReason, string> = {
  builtin: "This snapshot was generated without web access (LaunchKit's built-in generator, no AI key is set). It is a starting hypothesis built from your answers: check every competitor before you rely on it.",
  off: "This snapshot was generated without web access (web search is turned off on this server: AI_WEB_SEARCH=off). The AI model wrote it from what it already knows: check every competitor before you rely on it.",
  unavailable: "This snapshot was generated without web access (the AI server did not offer web search). The AI model wrote it from what it already knows: check every competitor before you rely on it.",
  "no-results": "This snapshot was generated without web access (the web search returned no sources). The AI model wrote it from what it already knows: check every competitor before you rely on it.",
};
