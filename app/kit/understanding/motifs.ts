import type { GenerationInput } from "~/kit/input";
import { iconsForWord, isMotifIcon } from "./icons";
import type { BusinessCategory } from "./taxonomy";
import { type Reading, type Token, founderIndexes, tokenize, unique, usable } from "./reading";
import { ACTION_VERBS, ACTIVITY, DROP_HEADS, FORMAT, FOUNDER_PHRASE, GENERIC, IDEA_VERBS, NOISE, NOUN_MOTIFS, PEOPLE, STOPWORDS } from "./words.data";

// ---------------------------------------------------------------- motifs

/**
 * The idea's words a mark may draw: its nouns, without verbs ("run", "ship", "finds"), people ("kids",
 * "ceramicists") and the founders' description of themselves ("run by two ceramicists"), in the order
 * written so word pairs still match ("ice cream"). The logo's motif matcher reads this, never the raw idea.
 */
export function motifText(input: Pick<GenerationInput, "business_idea">): string {
  try {
    const idea = String(input.business_idea ?? "").replace(FOUNDER_PHRASE, " ").replace(NOISE, " ").replace(/\s+/g, " ").trim().slice(0, 800);
    const out: string[] = [];
    for (const sentence of tokenize(idea)) {
      // compromise reads some plurals after a noun as verbs ("Figma files", "cost leaks", "Terraform plans"): an -s form
      // right after a noun or a name, not a verb founders use for what a product does ("finds", "runs", "ships"), is a noun.
      const plural = (t: Token, i: number) => {
        const prev = sentence[i - 1];
        return /[^s]s$/.test(t.lower) && !!prev && (prev.noun || prev.proper) && !prev.verb && !IDEA_VERBS.has(t.lemma) && !ACTION_VERBS.has(t.lemma) && !IDEA_VERBS.has(t.lower.slice(0, -1));
      };
      const kept = sentence.filter(
        // "for" stays: the matcher reads the words after it as the customers, not what is sold (a bookkeeper for dentists gets no tooth).
        (t, i) => t.lower === "for" || ((!(t.verb && !t.noun) || plural(t, i)) && !PEOPLE.has(t.lower) && !PEOPLE.has(t.lemma) && !/(?:ist|ists|ian|ians)$/.test(t.lower) && !ACTIVITY[t.lemma]),
      );
      out.push(kept.map((t, i) => t.text + (i === kept.length - 1 ? "" : t.hyphenNext && kept[i + 1]!.index === t.index + 1 ? "-" : " ")).join(""));
    }
    return out.join(". ");
  } catch {
    return "";
  }
}

export function motifsOf(category: BusinessCategory, r: Reading, productWord: string, words: Token[]): string[] {
  const named: string[] = [];
  for (const raw of productWord.toLowerCase().split(/[\s-]+/)) {
    if (GENERIC.has(raw) || STOPWORDS.has(raw) || FORMAT.has(raw)) continue;
    // "laptops" → "device-laptop": an icon that has the word as a part of its name.
    const w = r.tokens.find((t) => t.lower === raw)?.lemma ?? raw;
    const named1 = isMotifIcon(w) ? w : iconsForWord(w).find((n) => n.split("-").includes(w));
    if (named1) named.push(named1);
    else named.push(...(NOUN_MOTIFS[w] ?? NOUN_MOTIFS[raw] ?? []).filter(isMotifIcon));
  }
  // The product phrase's other nouns drawn the same way ("pottery" of "summer pottery camp").
  for (const t of words) if ((t.noun || t.gerund) && !t.verb) named.push(...(NOUN_MOTIFS[t.lemma] ?? NOUN_MOTIFS[t.lower] ?? []).filter(isMotifIcon));
  const founderWords = founderIndexes(r);
  const phraseNouns = words.filter((t) => (t.noun || t.gerund) && !(t.verb && !t.noun) && usable(t) && !PEOPLE.has(t.lemma) && !founderWords.has(t.index));
  for (const t of phraseNouns) if (isMotifIcon(t.lemma)) named.push(t.lemma);
  const tagged: string[] = [];
  const nouns = [...phraseNouns, ...r.tokens.filter((t) => (t.noun || t.gerund) && usable(t) && !PEOPLE.has(t.lemma) && !t.proper)].filter(
    (t) => !FORMAT.has(t.lemma) && !DROP_HEADS.has(t.lemma),
  );
  for (const t of nouns) if (!t.adjective && !t.verb && !founderWords.has(t.index)) tagged.push(...iconsForWord(t.lemma).slice(0, 2));
  return unique([...named.slice(0, 1), ...category.motifs.slice(0, 3), ...named, ...category.motifs, ...tagged], 8);
}
