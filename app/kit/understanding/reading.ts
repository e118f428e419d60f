import { tagText } from "./nlp.server";
import { ALL_CATEGORIES } from "./taxonomy";
import { GENERIC, IDEA_VERBS, OBJECT_VERBS, PARTICIPLES, PEOPLE, PHRASE_BREAKS, QUALIFIERS, QUALIFYING_SUFFIX, STOPWORDS, STYLE_WORDS } from "./words.data";

// ---------------------------------------------------------------- words

export type Token = {
  /** As written, without surrounding punctuation. */
  text: string;
  lower: string;
  /** Singular noun or infinitive (compromise's root), lower-case. */
  lemma: string;
  noun: boolean;
  adjective: boolean;
  gerund: boolean;
  verb: boolean;
  proper: boolean;
  place: boolean;
  /** Qualifies rather than names ("Etsy-like", "AI-powered"). */
  qualifier: boolean;
  /** Joined to the next token by a hyphen ("open-source"). */
  hyphenNext: boolean;
  /** Punctuation after the token that ends a phrase (",", ".", ";"...). */
  breakAfter: boolean;
  index: number;
};

export function tokenize(text: string): Token[][] {
  const sentences = tagText(text, { root: true });
  let index = 0;
  return sentences.map((s) => {
    const out: Token[] = [];
    for (const term of s.terms) {
      const tags = new Set(term.tags ?? []);
      const raw = term.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, "").replace(/['’]s$/i, "");
      if (!raw) continue;
      const parts = raw.split("-").filter(Boolean);
      const post = term.post ?? "";
      const rootAll = (term.root ?? "").toLowerCase();
      parts.forEach((part, i) => {
        const lower = part.toLowerCase();
        const last = i === parts.length - 1;
        const lemma = parts.length === 1 && rootAll && /^[\p{L}\p{N}]+$/u.test(rootAll) ? rootAll : lower;
        out.push({
          text: part,
          lower,
          lemma,
          noun: tags.has("Noun") || tags.has("Acronym"),
          adjective: tags.has("Adjective"),
          gerund: tags.has("Gerund"),
          verb: tags.has("Verb") && !tags.has("Gerund"),
          proper: properAt(tags, part, out.length === 0 && i === 0) || tags.has("Acronym") || (/[A-Z]/.test(part.slice(1)) && /[a-z]/.test(part)) || (/^[A-Z]{2,}$/.test(part)),
          place: tags.has("Place") || tags.has("City") || tags.has("Country") || tags.has("Region"),
          qualifier: QUALIFIERS.has(lower),
          hyphenNext: !last || /^[-‑]$/.test(post),
          breakAfter: last && /[,.;:!?()[\]/–—]/.test(post.replace(/^-$/, "")),
          index: index++,
        });
      });
    }
    return fixTags(out);
  });
}

/**
 * A name: a capitalised word inside a sentence, or a first word compromise knows as a place or a person
 * ("Austin", not "Lawn": compromise takes a capitalised "Lawn care" for an organisation).
 */
export function properAt(tags: Set<string>, part: string, sentenceStart: boolean): boolean {
  if (!/^\p{Lu}/u.test(part)) return false;
  if (!sentenceStart) return tags.has("ProperNoun") || tags.has("Noun") || tags.has("Adjective");
  return ["Place", "Person", "FirstName", "City", "Country", "Region"].some((t) => tags.has(t));
}
export let triggerWords: Set<string> | null = null;

export function fixTags(tokens: Token[]): Token[] {
  triggerWords ??= new Set(ALL_CATEGORIES.flatMap((c) => Object.keys(c.triggers).flatMap((k) => k.split(" "))));
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.hyphenNext && next && QUALIFYING_SUFFIX.has(next.lower)) {
      t.qualifier = true;
      next.qualifier = true;
    }
    if (PARTICIPLES.has(t.lower) && i > 0) Object.assign(t, { noun: false, gerund: false, verb: true });
  });
  // "Drone delivery startup", "Roof repair in Seattle": compromise reads a sentence's first word as an order; a business
  // word there, or any word before a noun that is not a verb founders start ideas with ("Connect", "Sell"), is a noun.
  const first = tokens[0];
  const second = tokens[1];
  if (first?.verb && !first.noun && second && (second.noun || second.gerund) && (triggerWords.has(first.lower) || !IDEA_VERBS.has(first.lower)) && !second.verb) {
    Object.assign(first, { noun: true, verb: false });
  }
  // "Landscaping and garden design", "Bookkeeping for freelancers": an activity in -ing that opens the idea is what is sold.
  if (first?.gerund && !first.noun && (!second || first.breakAfter || PHRASE_BREAKS.has(second.lower))) Object.assign(first, { noun: true, verb: false });
  // "... and garden design": a bare verb form between a list word and a noun is a noun ("garden", not "to garden").
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (i > 0 && t.verb && !t.noun && !t.gerund && prev && /^(and|or|&)$/.test(prev.lower) && next?.noun && !next.verb && !IDEA_VERBS.has(t.lower)) Object.assign(t, { noun: true, verb: false });
  });
  return tokens;
}

export function isContent(t: Token): boolean {
  if (/^(ai|3d|ar|vr|ev)$/i.test(t.text)) return true;
  return /\p{L}/u.test(t.text) && (t.lower.length > 2 || /^[A-Z]{2}$/.test(t.text)) && !STOPWORDS.has(t.lower) && !STYLE_WORDS.has(t.lower);
}

/** Noun phrases cut from compromise's tags: adjectives, nouns, gerunds between nouns, hyphen compounds. */
export function nounPhrases(sentence: Token[]): Array<{ tokens: Token[]; before: string }> {
  const chunks: Array<{ tokens: Token[]; before: string }> = [];
  let current: Token[] = [];
  let before = "";
  const flush = (next: string) => {
    if (current.some((t) => t.noun || t.gerund)) chunks.push({ tokens: current, before });
    current = [];
    before = next;
  };
  sentence.forEach((t, i) => {
    const prev = sentence[i - 1];
    const next = sentence[i + 1];
    const joined = !!prev?.hyphenNext && current.length > 0;
    const breakWord = PHRASE_BREAKS.has(t.lower) && !joined;
    const nounish = t.noun || t.proper || (t.adjective && !t.verb) || /^\d+[a-z]*$/i.test(t.text);
    const gerundInPhrase = t.gerund && (!!next && (next.noun || next.hyphenNext) && !PHRASE_BREAKS.has(next.lower) || (current.length > 0 && current[current.length - 1]!.noun));
    const determiner = /^(a|an|the|my|our|your|their|its|this|that)$/.test(t.lower);
    // "Second-hand", "same-day", "small-batch": a compound's first part belongs to the phrase it opens.
    const compoundStart = t.hyphenNext && !!next && /\p{L}/u.test(t.text) && !next.qualifier && (next.noun || next.adjective || next.hyphenNext);
    if (compoundStart && !breakWord && !determiner) {
      current.push(t);
    } else if (breakWord) {
      flush(t.lower);
    } else if (joined || (!determiner && (nounish || gerundInPhrase) && !(t.verb && !t.noun))) {
      current.push(t);
    } else {
      flush(determiner ? before : t.lower);
      if (determiner) before = prev?.lower && PHRASE_BREAKS.has(prev.lower) ? prev.lower : before;
    }
    if (t.breakAfter) flush("");
  });
  flush("");
  return chunks;
}

// ---------------------------------------------------------------- the idea

export type Reading = {
  sentences: Token[][];
  tokens: Token[];
  audience: Token[];
  /** " lemma lemma ... " and " normal normal ... " of the idea and of the audience. */
  ideaLemmas: string;
  ideaNormals: string;
  audienceLemmas: string;
  productTokens: Token[];
  productHead: Token | null;
  /** Noun phrases after "for": usually the customers. */
  forPhrases: Token[][];
  /** Noun phrases after a verb of selling ("sells refurbished laptops", "order fresh produce"). */
  objectPhrases: Token[][];
  /** "Figma-to-React" for "turns Figma files into React code". */
  conversion: string | null;
  /** "coding" for "teaching kids to code": what is taught is what is sold. */
  activity: string | null;
  /** Who is taught it: "kids". */
  learners: string;
  topic: string;
};

export function spaced(tokens: Token[], key: "lemma" | "lower"): string {
  return ` ${tokens.map((t) => t[key]).join(" ")} `;
}

export function read(idea: string, audience: string): Reading {
  const sentences = tokenize(idea);
  const tokens = sentences.flat();
  const audienceTokens = audience ? tokenize(audience).flat() : [];
  const conversion = conversionOf(idea);

  // The product: the first noun phrase that is not a customer ("for ..."), a place ("in ...") or a framing ("my idea").
  let productTokens: Token[] = [];
  let productHead: Token | null = null;
  let topic = "";
  outer: for (const sentence of sentences) {
    const phrases = nounPhrases(sentence);
    for (let i = 0; i < phrases.length; i++) {
      const p = phrases[i]!;
      if (/^(for|to|in|near|from|with|around|across|at|by|throughout|within|like|than|of)$/.test(p.before) && i > 0) continue;
      const words = p.tokens.filter((t) => !/^(a|an|the)$/.test(t.lower));
      if (words.every((t) => t.place || STOPWORDS.has(t.lower) || /^(i|we|idea|plan|goal|mission|vision|concept)$/.test(t.lower))) continue;
      // "a nonprofit teaching kids to code": the people taught are the customers, not what is sold.
      if (i > 0 && words.every((t) => PEOPLE.has(t.lemma) || PEOPLE.has(t.lower) || STOPWORDS.has(t.lower))) continue;
      productTokens = words;
      productHead = [...words].reverse().find((t) => t.noun || t.gerund) ?? words[words.length - 1] ?? null;
      const next = phrases[i + 1];
      if (next && /^(about|on)$/.test(next.before) && productHead && /^(newsletter|podcast|blog|magazine|course|show|channel|book|guide|zine|digest)$/.test(productHead.lemma)) {
        topic = next.tokens.filter((t) => !/^(a|an|the)$/.test(t.lower)).map(wordText).join(" ");
      }
      break outer;
    }
  }
  return {
    sentences,
    tokens,
    audience: audienceTokens,
    ideaLemmas: spaced(tokens, "lemma"),
    ideaNormals: spaced(tokens, "lower"),
    audienceLemmas: `${spaced(audienceTokens, "lemma")}${spaced(audienceTokens, "lower")}`,
    productTokens,
    productHead,
    forPhrases: sentences.flatMap((s) => nounPhrases(s).filter((p) => p.before === "for" || p.before === "between").map((p) => p.tokens)),
    objectPhrases: sentences.flatMap((s) => nounPhrases(s).filter((p) => OBJECT_VERBS.test(p.before)).map((p) => p.tokens)),
    conversion,
    activity: taught(idea)?.activity ?? null,
    learners: taught(idea)?.learners ?? "",
    topic,
  };
}

/** The skill an idea teaches and to whom: "teaching kids to code" → coding, "kids". */
export function taught(idea: string): { activity: string; learners: string } | null {
  const m = /\bteach(?:es|ing)?\s+((?:[\p{L}'’-]+\s+){0,3}?)(?:how\s+)?to\s+(\p{L}{3,})\b/iu.exec(idea);
  if (!m) return null;
  const verb = m[2]!.toLowerCase();
  const learners = m[1]!.trim().replace(/^(the|a|an|our|your)\s+/i, "");
  // "to beginners" is whom, not what: the word after "to" must read as a verb.
  if (STOPWORDS.has(verb) || PEOPLE.has(verb) || /[^s]s$/.test(verb) || /(?:er|ers|ist|ists)$/.test(verb)) return null;
  const activity = /[^e]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb) ? `${verb}${verb.slice(-1)}ing` : `${verb}ing`;
  return { activity, learners: learners.split(/\s+/).length <= 3 ? learners.toLowerCase() : "" };
}

/** "turns Figma files into React code", "from Figma to React": "Figma-to-React". */
export function conversionOf(idea: string): string | null {
  const name = "([A-Z][\\w.+#]*(?:\\s[A-Z][\\w.+#]*)?)";
  const patterns = [
    new RegExp(`\\b(?:turns?|converts?|transforms?|translates?|exports?|compiles?|migrates?|brings?)\\s+(?:your\\s+|the\\s+|any\\s+)?${name}\\b[^.;]*?\\b(?:into|to)\\s+(?:clean\\s+|ready\\s+|production[- ]ready\\s+|working\\s+)?${name}`),
    new RegExp(`\\bfrom\\s+${name}\\s+(?:\\w+\\s+)?to\\s+${name}`),
  ];
  for (const re of patterns) {
    const m = idea.match(re);
    if (m?.[1] && m[2] && m[1] !== m[2]) return `${m[1].replace(/\s+/g, "-")}-to-${m[2].replace(/\s+/g, "-")}`;
  }
  return null;
}

export function wordText(t: Token): string {
  return t.proper ? t.text : t.lower;
}

export function joinTokens(tokens: Token[]): string {
  let out = "";
  tokens.forEach((t, i) => {
    out += wordText(t);
    if (i < tokens.length - 1) out += t.hyphenNext ? "-" : " ";
  });
  return out;
}

export function usable(t: Token): boolean {
  return isContent(t) && !t.place && !t.qualifier && !GENERIC.has(t.lemma) && !GENERIC.has(t.lower);
}

export function has(r: Reading, phrase: string): boolean {
  const key = ` ${phrase} `;
  return r.ideaLemmas.includes(key) || r.ideaNormals.includes(key);
}

export function unique(items: Iterable<string>, limit: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

/** Indexes of a participle phrase with "by" ("run by two ceramicists", "delivered by bike"): who makes it or how it comes, not what is sold. */
export function founderIndexes(r: Reading): Set<number> {
  const out = new Set<number>();
  r.sentences.forEach((sentence) =>
    sentence.forEach((t, i) => {
      if (sentence[i + 1]?.lower === "by" && /^(?:\p{L}+ed|run|led|taught|built|made|sold|sent|brought|done|driven|ridden|grown|known|written|kept)$/u.test(t.lower)) {
        for (let j = i; j < sentence.length && (j === i || !sentence[j - 1]!.breakAfter) && !(j > i + 2 && PHRASE_BREAKS.has(sentence[j]!.lower)); j++) out.add(sentence[j]!.index);
      }
    }),
  );
  return out;
}
