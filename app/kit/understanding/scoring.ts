import { ALL_CATEGORIES, type BusinessCategory, GENERAL_CATEGORY } from "./taxonomy";
import { type Reading, type Token, spaced } from "./reading";

// ---------------------------------------------------------------- the category

export function triggerWeight(category: BusinessCategory, t: Token): number {
  return Math.max(category.triggers[t.lemma] ?? 0, category.triggers[t.lower] ?? 0);
}

/** A token's weight in a category, counting the phrases it is part of ("food" in "food truck"). */
export function tokenWeight(category: BusinessCategory, t: Token, r: Reading): number {
  let w = triggerWeight(category, t);
  for (const [phrase, weight] of Object.entries(category.triggers)) {
    if (weight <= w || !phrase.includes(" ")) continue;
    const words = phrase.split(" ");
    if (!words.includes(t.lemma) && !words.includes(t.lower)) continue;
    if (r.ideaLemmas.includes(` ${phrase} `) || r.ideaNormals.includes(` ${phrase} `)) w = weight;
  }
  return w;
}

export function scoreCategory(category: BusinessCategory, r: Reading): number {
  const product = new Set(r.productTokens.map((t) => t.index));
  const productLemmas = spaced(r.productTokens, "lemma") + spaced(r.productTokens, "lower");
  const forTokens = r.forPhrases.flat();
  const forIndexes = new Set(forTokens.map((t) => t.index));
  const forLemmas = r.forPhrases.map((p) => spaced(p, "lemma") + spaced(p, "lower")).join("|");
  let score = 0;
  for (const [trigger, weight] of Object.entries(category.triggers)) {
    const key = ` ${trigger} `;
    let factor = 0;
    if (trigger.includes(" ")) {
      if (productLemmas.includes(key)) factor = 1.5;
      else if (forLemmas.includes(key)) factor = FOR_FACTOR;
      else if (r.ideaLemmas.includes(key) || r.ideaNormals.includes(key)) factor = 1;
      else if (r.audienceLemmas.includes(key)) factor = 0.4;
    } else {
      for (const t of r.tokens) {
        if (t.lemma !== trigger && t.lower !== trigger) continue;
        factor = Math.max(factor, product.has(t.index) ? 1.5 : forIndexes.has(t.index) ? FOR_FACTOR : 1);
      }
      if (!factor && r.audienceLemmas.includes(key)) factor = 0.4;
    }
    score += weight * factor;
  }
  return score;
}

/** Words after "for" mostly say who buys ("a CRM for real estate agents"): they place the idea less. */
export const FOR_FACTOR = 0.6;

export function chooseCategory(r: Reading): BusinessCategory {
  let best = GENERAL_CATEGORY;
  let bestScore = 2.5; // below this, the idea is not placed: the generic category
  for (const category of ALL_CATEGORIES) {
    const score = scoreCategory(category, r);
    if (score > bestScore + 1e-9) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
