import type { GenerationInput } from "~/kit/input";
import type { Understanding } from "~/kit/understanding/types";
import data from "./subreddits.json";

/**
 * The curated communities (subreddits.json, the only place their names and
 * rules live) and the choice of three to five for a kit: the ones whose
 * words the idea uses (pottery, Go, bookkeeping) or whose place it serves
 * first (a word or a place of the idea), then those of its category. Client-safe.
 */

export type Promotion = "allowed" | "thread" | "day" | "engage";
export type Community = {
  name: string;
  promotion: Promotion;
  promotionNote: string;
  rules: string[];
  flair: string | null;
  day: string | null;
  style: "maker" | "question" | "technical" | "community" | "local";
  categories: string[];
  keywords: string[];
  places: string[];
  source: string;
};

export const COMMUNITIES: readonly Community[] = data.communities as Community[];
export const RULES_CHECKED = data.checked;

export const PROMOTION_LABEL: Record<Promotion, string> = {
  allowed: "Self-promotion allowed",
  thread: "Self-promotion only in its thread",
  day: "Self-promotion on one day",
  engage: "No self-promotion: take part",
};

export function community(name: string): Community | undefined {
  const n = name.trim().replace(/^\/?r\//i, "").toLowerCase();
  return COMMUNITIES.find((c) => c.name.toLowerCase() === n);
}

const text = (s: string) => ` ${s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9+#-]+/g, " ")} `;
const mentions = (haystack: string, word: string) => haystack.includes(` ${text(word).trim()} `);

/** Three to five communities for the kit, best first. */
export function chooseCommunities(u: Understanding, input: GenerationInput): Community[] {
  const words = text([input.business_idea, u.product, u.productWord, u.categoryLabel, ...(u.keywords ?? []), u.ecosystem?.language ?? "", ...(u.facts ?? [])].join(" "));
  const where = text([u.place ?? "", u.serviceArea ?? "", input.geographic_market].join(" "));
  // The business model counts as a category too: a Ruby gem read as "SaaS" is still a developer tool.
  const categories = new Set([u.category, ...(u.model === "developer-tool" ? ["developer-tool"] : [])]);
  const scored = COMMUNITIES.map((c, order) => {
    const inCategory = c.categories.some((k) => categories.has(k));
    let score = inCategory ? 3 : 0;
    // A short word ("go") counts only inside its category: "on the go" is not Go.
    if (c.keywords.some((k) => mentions(words, k) && (k.length >= 4 || inCategory))) score += 5;
    if (c.places.some((p) => mentions(where, p) || mentions(words, p))) score += 4;
    return { c, score, order };
  }).filter((s) => s.score > 0);
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const strong = scored.filter((s) => s.score >= 4).slice(0, 5);
  const chosen = strong.length >= 3 ? strong : scored.slice(0, Math.max(3, strong.length));
  const names = chosen.map((s) => s.c);
  // Fewer than three matches: the general communities where any founder may talk about building.
  for (const fallback of ["smallbusiness", "SideProject", "IMadeThis"]) {
    if (names.length >= 3) break;
    const c = community(fallback)!;
    if (!names.includes(c)) names.push(c);
  }
  return names;
}

/** The next date on or after `iso` that falls on `day` ("Saturday"); `iso` itself when `day` is null. */
export function onDay(iso: string, day: string | null): string {
  if (!day) return iso;
  const target = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].indexOf(day.toLowerCase());
  if (target < 0) return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((target - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}
