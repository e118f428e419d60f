import { CATEGORIES, GENERAL_CATEGORY } from "./categories.data";
import type { BusinessCategory } from "./types";

/**
 * The business categories LaunchKit knows (decision 021). An idea is
 * placed in the category whose trigger words it uses most (see
 * `understandIdea`); the category then lends its own words, motifs, channels,
 * landing sections and payment model to whatever the idea does not say.
 *
 * Trigger keys are lower-case lemmas (singular nouns, gerunds as written) or
 * short phrases of them ("subscription box", "open source": hyphens count as
 * spaces); the weight says how surely the word points here. Every `motifs`
 * name is an outline icon of @tabler/icons (tests/unit/understanding.test.ts
 * checks them against icons.json). `words`, `hashtags` and `channels` are
 * customer-facing: real words only, no abbreviations made up for the occasion.
 */
export type { BusinessCategory } from "./types";
export { CATEGORIES, GENERAL_CATEGORY } from "./categories.data";

/** Every category, the generic one last. */
export const ALL_CATEGORIES: readonly BusinessCategory[] = [...CATEGORIES, GENERAL_CATEGORY];

export function categoryById(id: string): BusinessCategory {
  return ALL_CATEGORIES.find((c) => c.id === id) ?? GENERAL_CATEGORY;
}
