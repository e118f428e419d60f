import { ALL_CATEGORIES, type BusinessCategory } from "./taxonomy";
import { type Reading, type Token, founderIndexes, isContent, joinTokens, usable, wordText } from "./reading";
import { tokenWeight } from "./scoring";
import { ACTIVITY, DROP_HEADS, FORMAT, FORM_HEADS, GENERIC, PEOPLE, PLACE_FORMS, PRODUCT_MODIFIERS, STOPWORDS, STYLE_WORDS } from "./words.data";

// ---------------------------------------------------------------- what is sold

/** The product phrase's words, without determiners, leading qualifiers and dropped heads. */
export function productWords(r: Reading): Token[] {
  const founders = founderIndexes(r);
  let words = r.productTokens.filter((t) => !/^(a|an|the|my|our|your|their)$/.test(t.lower) && !founders.has(t.index));
  // A compound that is not a qualifier ("same-day", "small-batch", "second-hand") stays whole at the front.
  const keptCompound = (t: Token, next: Token | undefined) => t.hyphenNext && !!next && !next.qualifier;
  while (words.length > 1 && !keptCompound(words[0]!, words[1]) && (words[0]!.qualifier || STYLE_WORDS.has(words[0]!.lower) || STOPWORDS.has(words[0]!.lower) || words[0]!.lower === "source")) words = words.slice(1);
  while (words.length > 1 && (DROP_HEADS.has(words[words.length - 1]!.lower) || words[words.length - 1]!.qualifier)) words = words.slice(0, -1);
  return words;
}

export function candidateScore(category: BusinessCategory, t: Token, r: Reading): number {
  let s = tokenWeight(category, t, r);
  if (t.noun || t.gerund) s += 1;
  else if (t.adjective) s -= 1.5;
  if (FORMAT.has(t.lower) || FORMAT.has(t.lemma)) s -= 2.5;
  if (PEOPLE.has(t.lower) || PEOPLE.has(t.lemma)) s -= 3;
  if (t.lower === "ai") s -= 2.5; // "an AI writing assistant" sells writing help
  return s;
}

export type ProductWord = { word: string; /** Found outside the product phrase ("crafts" of "a marketplace for handmade crafts"). */ outside: boolean };

export function chooseProductWord(category: BusinessCategory, r: Reading, words: Token[]): ProductWord {
  if (r.conversion) return { word: r.conversion, outside: false };
  if (r.activity) return { word: r.activity, outside: false };
  const pick = (pool: Token[], needWeight: boolean): { text: string; format: boolean } | null => {
    let best: Token | null = null;
    let bestScore = -Infinity;
    for (const t of pool) {
      if (!usable(t) || (PEOPLE.has(t.lemma) && needWeight) || (t.verb && !t.noun)) continue;
      if (needWeight && tokenWeight(category, t, r) <= 0) continue;
      const s = candidateScore(category, t, r);
      if (s >= bestScore) {
        best = t;
        bestScore = s;
      }
    }
    if (!best) return null;
    const phrase = [best];
    const i = pool.indexOf(best);
    const prev = pool[i - 1];
    const prev2 = pool[i - 2];
    const prevInPhrase = !!prev2 && !!prev && prev2.index === best.index - 2 && ALL_CATEGORIES.some((c) => c.triggers[`${prev2.lower} ${prev.lower}`] || c.triggers[`${prev2.lemma} ${prev.lemma}`]);
    if (
      prev &&
      !prevInPhrase &&
      prev.index === best.index - 1 &&
      (usable(prev) || (PRODUCT_MODIFIERS.has(prev.lower) && best.noun)) &&
      (!FORMAT.has(prev.lower) || PRODUCT_MODIFIERS.has(prev.lower)) &&
      // "handmade leather wallets": an adjective before the subject is a kind; the noun after it says more ("leather wallets").
      !(prev.adjective && !prev.noun && !prev.gerund && !prev.proper && !prev.hyphenNext && (pool[i + 1]?.noun ?? false) && pool[i + 1]!.index === best.index + 1) &&
      !PEOPLE.has(prev.lower) &&
      !PEOPLE.has(prev.lemma) &&
      (prev.noun || prev.gerund || prev.proper || tokenWeight(category, prev, r) > 0) &&
      !(FORMAT.has(best.lower) && !prev.noun)
    ) {
      phrase.unshift(prev);
    }
    const following = (j: number) => {
      const t = pool[j];
      return !!t && t.index === pool[j - 1]!.index + 1 && !FORMAT.has(t.lower) && !GENERIC.has(t.lower) && !DROP_HEADS.has(t.lower) && !PEOPLE.has(t.lemma) && !PEOPLE.has(t.lower) && !t.place && isContent(t) && !(t.verb && !t.noun && !t.gerund) ? t : null;
    };
    // A hyphen compound ending in the best word ("second-hand") qualifies the noun after it, like an adjective.
    const compound = phrase.length > 1 && phrase.slice(0, -1).every((t) => t.hyphenNext);
    if ((best.adjective && !best.noun && !best.gerund) || (compound && !!following(i + 1)?.noun)) {
      // "legal" → "legal advice", "handmade ceramic mugs" → "ceramic mugs": the adjective says what kind, the noun after it what is sold.
      const tail: Token[] = [];
      for (let j = i + 1; tail.length < 3; j++) {
        const t = following(j);
        if (!t) break;
        tail.push(t);
        if ((t.noun || t.gerund) && !following(j + 1)?.noun) break;
      }
      if (tail.some((t) => t.noun || t.gerund)) {
        const whole = [...phrase, ...tail];
        phrase.splice(0, phrase.length, ...(whole.length <= 2 ? whole : whole.slice(-2)));
      }
    } else if (phrase.length === 1) {
      // "dog training": the activity after the subject is what is sold, unless it only names a form ("yoga classes").
      const next = following(i + 1);
      if (next && (next.noun || next.gerund) && !FORM_HEADS.has(next.lower) && !GENERIC.has(next.lower) && !following(i + 2)) phrase.push(next);
    }
    // "sourdough bakery", "coffee shop": the place's word says where, the word before it what is sold.
    if (phrase.length === 2 && PLACE_FORMS.has(phrase[1]!.lower) && phrase[0]!.noun && !phrase[0]!.adjective && !phrase[0]!.hyphenNext) phrase.pop();
    const last = phrase[phrase.length - 1]!;
    const activity = ACTIVITY[last.lower] ?? ACTIVITY[last.lemma];
    const text = joinTokens(phrase);
    // "second-hand marketplace": a compound that only qualifies the form names no product either.
    const after = pool[pool.indexOf(last) + 1];
    const qualifiesForm = phrase.length > 1 && phrase[0]!.hyphenNext && !!after && after.index === last.index + 1 && (FORMAT.has(after.lower) || FORMAT.has(after.lemma));
    return { text: activity ? text.replace(new RegExp(`${escapeRe(last.text)}$`, "i"), activity) : text, format: FORMAT.has(best.lower) || FORMAT.has(best.lemma) || qualifiesForm };
  };
  const inPhrase = pick(words, false);
  // The phrase names only the form ("a marketplace for handmade crafts"): the idea's own subject word is better.
  if (!inPhrase || inPhrase.format) {
    const elsewhere = pick(r.tokens, true);
    if (elsewhere && !elsewhere.format) return { word: elsewhere.text, outside: true };
    // "a marketplace for renting camera gear", "restaurants order fresh produce": what changes hands.
    const person = (t: Token) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || !!ACTIVITY[t.lemma] || /(er|ist|ian)s?$/.test(t.lower);
    for (const phrase of [...r.objectPhrases, ...r.forPhrases]) {
      if (phrase.some(person)) continue;
      const object = pick(phrase, false);
      if (object && !object.format) return { word: object.text, outside: true };
    }
  }
  if (inPhrase) return { word: inPhrase.text, outside: false };
  const noun = r.tokens.find((t) => usable(t) && t.noun && !PEOPLE.has(t.lemma));
  return { word: noun ? wordText(noun) : (category.words[0] ?? "business"), outside: true };
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function productPhrase(r: Reading, words: Token[], { word: productWord, outside }: ProductWord): string {
  const head = r.productHead;
  const generic = outside || words.every((t) => !usable(t));
  let phrase: string;
  if (r.conversion) phrase = `${r.conversion} ${head && GENERIC.has(head.lower) ? head.lower : "tool"}`;
  else if (r.activity) phrase = r.learners ? `${r.activity} for ${r.learners}` : r.activity;
  else if (generic) phrase = head && !DROP_HEADS.has(head.lower) && head.lower !== productWord.toLowerCase() ? `${productWord} ${head.lower}` : productWord;
  else phrase = joinTokens(words);
  if (r.topic) phrase = `${phrase} about ${r.topic}`;
  return phrase.length > 80 ? productWord : phrase;
}
