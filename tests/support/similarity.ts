/**
 * How much generated texts of different businesses share, for the quality
 * suites (kits, content pieces): word 3-grams and their Jaccard similarity.
 */

/** The words of a text, lower case, accents dropped. */
export const words = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The word 3-grams of texts, each text on its own (no 3-gram spans two fields). */
export function trigrams(texts: string[]) {
  const out = new Set<string>();
  for (const text of texts) {
    const w = words(text);
    for (let i = 0; i + 2 < w.length; i++) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  }
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>) {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both || 1);
}
