import type { GenerationInput } from "~/kit/input";
import type { BusinessCategory } from "./taxonomy";
import { tagText } from "./nlp.server";
import { type Reading, type Token, joinTokens, nounPhrases, tokenize } from "./reading";
import { tokenWeight } from "./scoring";
import { AUDIENCE_CONJUNCTIONS, AUDIENCE_CUT, AUDIENCE_DANGLING, AUDIENCE_PREPOSITIONS, IRREGULAR_PLURALS, NO_PLACE_ANSWERS, PEOPLE, PHRASE_ADVERBS, RELATIONAL } from "./words.data";

// ---------------------------------------------------------------- customers

/** The longest customers phrase kept whole, in words ("owners of small dental clinics" is five)... */
export const AUDIENCE_WORDS = 7;
/** ...and in characters: the launch copy cuts its customers phrase at 40 (shortPhrase), mid-phrase when it can. */
export const AUDIENCE_CHARS = 40;

export type AudienceWord = {
  /** As written (punctuation inside kept, "small,"). */
  text: string;
  /** Lower-case, without surrounding punctuation. */
  lower: string;
  /** compromise's reading of the word's last part ("sized" of "medium-sized"); none for "&". */
  tok: Token | undefined;
};

/** The words of an answer with the token of each, aligned by text (tokenize splits hyphens and drops "&"). */
export function audienceWords(text: string): AudienceWord[] {
  const raw = text.split(/\s+/).filter(Boolean);
  const tokens = tokenize(raw.join(" ")).flat();
  let at = 0;
  return raw.map((w) => {
    const parts = w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, "").replace(/['’]s$/i, "").split("-").filter(Boolean);
    let tok: Token | undefined;
    for (const part of parts) {
      const found = tokens.slice(at, at + 4).findIndex((t) => t.text === part);
      if (found < 0) continue;
      tok = tokens[at + found];
      at += found + 1;
    }
    return { text: w, lower: w.toLowerCase().replace(/^[^\p{L}\p{N}&+]+|[^\p{L}\p{N}&+]+$/gu, ""), tok };
  });
}

export function plural(w: AudienceWord): boolean {
  return IRREGULAR_PLURALS.has(w.lower) || (/[^s]s$/.test(w.lower) && w.lower.length > 3) || /^[A-Z0-9]{2,}s$/.test(w.text.replace(/[^\p{L}\p{N}]/gu, ""));
}

export function peopleWord(w: AudienceWord): boolean {
  return PEOPLE.has(w.lower) || (!!w.tok && PEOPLE.has(w.tok.lemma)) || plural(w) || /^[A-Z]{2,}$/.test(w.text) || !!w.tok?.proper;
}

/** A word that can head a noun phrase: a noun, a name, an acronym, a figure, a plural compromise took for a verb ("tech leads"). */
export function headWord(words: AudienceWord[], i: number): boolean {
  const w = words[i]!;
  if (!w.lower || AUDIENCE_DANGLING.has(w.lower)) return false;
  if (/\d/.test(w.lower)) return true;
  const t = w.tok;
  if (!t) return /\p{L}/u.test(w.lower);
  if (PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || t.proper) return true;
  // "the elderly", "the unemployed": an adjective after a leading "the" names people.
  if (i === 1 && words[0]!.lower === "the" && t.adjective) return true;
  // "students learning": a participle after its noun is not a head ("fans of hiking" is).
  if (/ing$/.test(w.lower) && i > 0 && headWord(words, i - 1)) return false;
  if (t.noun && !(t.adjective && !/s$/.test(w.lower))) return true;
  return (t.verb || t.adjective) && plural(w) && !/(ss|ous)$/.test(w.lower);
}

/** Whether the words read as a whole noun phrase: they end on its head, or on an adverb of a participle ("living abroad"). */
export function wholePhrase(words: AudienceWord[]): boolean {
  const n = words.length;
  if (!n) return false;
  if (headWord(words, n - 1)) return true;
  return PHRASE_ADVERBS.has(words[n - 1]!.lower) && words.slice(Math.max(0, n - 4), n - 1).some((w) => /(ing|ed)$/.test(w.lower) && !!w.tok && (w.tok.verb || w.tok.gerund));
}

export type AudienceCut = { at: number; kind: "and" | "of" | "other" };

/** Where a phrase may be cut: before a conjunction, before "of", before a preposition or a participle after a noun. */
export function audienceCuts(words: AudienceWord[]): AudienceCut[] {
  const cuts: AudienceCut[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (AUDIENCE_CONJUNCTIONS.has(w.lower)) cuts.push({ at: i, kind: "and" });
    else if (w.lower === "of") cuts.push({ at: i, kind: "of" });
    else if (AUDIENCE_PREPOSITIONS.has(w.lower)) cuts.push({ at: i, kind: "other" });
    else if (/(ing|ed)$/.test(w.lower) && w.tok && (w.tok.verb || w.tok.gerund || plural(words[i - 1]!)) && headWord(words, i - 1)) cuts.push({ at: i, kind: "other" });
  }
  return cuts;
}

export function fits(words: AudienceWord[]): boolean {
  return words.length <= AUDIENCE_WORDS && words.map((w) => w.text).join(" ").length <= AUDIENCE_CHARS;
}

/** A phrase that names its people by itself: a plural or people head, not a bare "owners" whose "of ..." was cut. */
export function standalone(words: AudienceWord[]): boolean {
  // "women over 40": the head is before the figure.
  let h = words.length - 1;
  while (h > 0 && (/\d/.test(words[h]!.lower) || AUDIENCE_PREPOSITIONS.has(words[h]!.lower))) h--;
  const head = words[h]!;
  if (!peopleWord(head)) return false;
  const before = words[h - 1]?.lower ?? "";
  const bare = h === 0 || AUDIENCE_CONJUNCTIONS.has(before) || /^(the|a|an|their|your|our)$/.test(before);
  return !(bare && RELATIONAL.has(head.lower));
}

/**
 * The words of the phrase: the answer whole when it reads whole and is short enough; else the longest first conjunct
 * or phrase before a participle or preposition that names its people by itself ("practice managers" of "practice
 * managers and owners of small dental clinics"); else the answer without its "of ..." phrase; else the head of the
 * first phrase with the modifiers nearest to it ("semi-professional photographers"); else the longest whole phrase
 * cut at any of these boundaries; else the first run of words up to its last noun.
 */
export function audiencePhrase(words: AudienceWord[]): AudienceWord[] {
  if (fits(words) && wholePhrase(words)) return words;
  const boundaries = audienceCuts(words);
  const cuts = boundaries
    .map((c) => ({ ...c, words: words.slice(0, c.at) }))
    .filter((c) => fits(c.words) && wholePhrase(c.words))
    .reverse();
  const byPeople = cuts.find((c) => c.kind !== "of" && standalone(c.words)) ?? cuts.find((c) => c.kind === "of" && standalone(c.words));
  if (byPeople) return byPeople.words;
  const firstCut = boundaries.find((c) => c.kind !== "and");
  let run = words.slice(0, firstCut ? firstCut.at : words.length);
  while (run.length && !wholePhrase(run)) run = run.slice(0, -1);
  let tail = run;
  while (tail.length && (!fits(tail) || AUDIENCE_DANGLING.has(tail[0]!.lower))) tail = tail.slice(1);
  if (tail.length && standalone(tail)) return tail;
  if (cuts[0]) return cuts[0].words;
  return tail;
}

export function shortenAudience(text: string): string {
  const line = text.split(/\n/)[0]!.trim();
  const cutAt = [...line.matchAll(new RegExp(AUDIENCE_CUT.source, "gi"))];
  const upTo = (i: number) => (i < cutAt.length ? line.slice(0, cutAt[i]!.index) : line).trim();
  const prepare = (cut: string) => {
    // "Parents of 8-14 year olds": an age or a count is not said in the copy.
    if (/(?:^|[\s-])\d/.test(cut)) cut = cut.split(/\s+of\s+/i)[0]!.trim();
    const m = /^(the|a|an|all|any|our|my|mostly|mainly|primarily|especially)\s+/i.exec(cut);
    const words = audienceWords(m ? cut.slice(m[0].length) : cut);
    // "The elderly", "the unemployed": an adjective that names people keeps its article.
    const first = words[0]?.tok;
    if (m && /^the$/i.test(m[1]!) && first?.adjective && !first.noun && (words.length === 1 || !headWord(words, 1))) {
      return audienceWords(cut);
    }
    return words;
  };
  let words = prepare(upTo(0));
  // "Owners of small, family-run B&Bs": a comma inside a list of adjectives does not end the phrase.
  for (let i = 1; i <= 2 && i <= cutAt.length && !wholePhrase(words) && /^\s*,$/.test(cutAt[i - 1]![0]); i++) {
    const longer = prepare(upTo(i));
    if (fits(longer) && wholePhrase(longer)) words = longer;
  }
  const phrase = audiencePhrase(words).map((w) => w.text);
  if (!phrase.length) return "";
  const tags = tokenize(phrase.join(" ")).flat();
  // "Nigerian professionals", "Dutch expats": a nationality keeps its capital at the start too.
  const firstTerm = tagText(phrase.join(" "))[0]?.terms[0];
  const demonym = !!firstTerm?.tags?.includes("Demonym");
  return phrase
    .map((w, i) => {
      const t = tags.find((x) => x.text === w.replace(/['’]s$/i, "").replace(/[^\p{L}\p{N}-]/gu, "") || x.text === w);
      // "Gen Z", "Series A", "Ngozi Okafor's": a capitalised word before a capital letter or a name's possessive is a name.
      const name = i === 0 && /^\p{Lu}/u.test(w) && !t?.adjective && /^(\p{Lu}|\p{Lu}\p{Ll}+['’]s)$/u.test(phrase[1] ?? "");
      const keep = /[A-Z]/.test(w.slice(1)) || /^[A-Z]{2,}/.test(w) || (i > 0 && !!t?.proper) || (i === 0 && (!!t?.place || demonym)) || name;
      return keep ? w : w.toLowerCase();
    })
    .join(" ")
    .replace(/[^\p{L}\p{N})]+$/u, "");
}

/** A phrase that ends on a relation without its object: "owners", "owners and managers". */
export function bareRelational(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/);
  const last = words[words.length - 1]!;
  return RELATIONAL.has(last) && (words.length === 1 || AUDIENCE_CONJUNCTIONS.has(words[words.length - 2]!));
}

export function customersOf(input: GenerationInput, category: BusinessCategory, r: Reading): string {
  const audience = (input.target_audience ?? "").trim();
  if (audience && !NO_PLACE_ANSWERS.test(audience)) {
    const short = shortenAudience(audience);
    // "owners and managers" (of small hotels, cut for length): the idea's "for boutique hotels" says more.
    if (short && !(bareRelational(short) && ideaCustomers(r, category))) return short;
  }
  return ideaCustomers(r, category) || category.customers;
}

/** The customers the idea names itself: "remote teams" in "a coffee box for remote teams". */
export function ideaCustomers(r: Reading, category: BusinessCategory): string {
  for (const sentence of r.sentences) {
    for (const p of nounPhrases(sentence)) {
      if (!/^(for|serving|helping|helps|serves|between|to)$/.test(p.before)) continue;
      const words = p.tokens.filter((t) => !/^(a|an|the|your|their)$/.test(t.lower));
      if (p.before === "to" && !words.some((t) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || /(er|ist|ian)s$/.test(t.lower))) continue;
      if (words[0]?.gerund) continue; // "for managing campaigns": a purpose, not people
      const head = words[words.length - 1];
      // "for handmade crafts", "for high school math": what is sold, not who buys it.
      if (head && !PEOPLE.has(head.lemma) && !PEOPLE.has(head.lower) && tokenWeight(category, head, r) > 0) continue;
      if (words.length && words.length <= 5 && words.some((t) => t.noun) && !words.every((t) => t.place)) return joinTokens(words);
    }
  }
  return "";
}
