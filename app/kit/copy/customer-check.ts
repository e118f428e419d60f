import { sentencesOf, takesAn, wordsOf } from "./cleanup";

/**
 * The customer-copy check: one pure pass that every text a customer (or a
 * reader of the founder's e-mails and articles) will read goes through,
 * whichever provider wrote it, after the copy clean-up. Each rule either
 * repairs the text deterministically or, when no repair keeps it true,
 * drops the sentence; what it did is returned as findings.
 *
 * - internal-note: writer's notes never reach customer copy. A sentence that
 *   is one of the brand's voice rules, says "Tone:"/"Voice:"/"Note to the
 *   writer:", or tells a writer how to write ("Write like you talk to a
 *   neighbour…", "Say 'you' and 'we'…") is dropped, and so is the line that
 *   introduced a list of them ("Here is what we care about:").
 * - third-person (e-mails): the reader is "you". The customers' phrase
 *   ("families in Amsterdam") becomes "you", their possessive "your", and a
 *   "they/them/their" after it in the same sentence follows.
 * - competitor (welcome e-mails): a sentence naming a competitor is dropped.
 * - density: a product phrase of two words or more said more often than
 *   once per 150 words (at least twice is always allowed) is replaced, past
 *   the cap, by its head noun ("plastic-free laundry detergent" → "the
 *   detergent"), the kept occurrences spread over the text. Headings keep it.
 * - cut: a sentence that was cut ("…, gp2,." or "… and.") ends with "…"; a
 *   text over `maxLength` loses whole sentences from its end, and only a
 *   single sentence still too long is cut at a word, with "…".
 * - number-claim: "Join 1,000+ founders", "thousands of customers",
 *   "rated 4.9": a sentence claiming a number of people (or a rating) that is
 *   not one of `knownNumbers` (the install's figures, the founder's own
 *   words) is dropped: there is no true number to put in its place.
 *
 * A text every sentence of which is dropped comes back empty: the caller
 * decides what stands in (the builtin text, or the field as it was).
 */

export type CustomerCopyKind = "page" | "email" | "welcome" | "article" | "founder";
export type CustomerCheckRule = "internal-note" | "third-person" | "competitor" | "density" | "cut" | "number-claim";
export type CustomerCheckFinding = { rule: CustomerCheckRule; before: string; after: string | null };
export type CustomerCheckResult = { text: string; findings: CustomerCheckFinding[] };

export type CustomerCheckContext = {
  brandName?: string;
  /** What is sold ("plastic-free laundry detergent"): capped by the density rule. More phrases may be added. */
  productPhrases?: readonly string[];
  /** Who buys, as the copy names them ("families in Amsterdam"): "you" in an e-mail. */
  customerPhrases?: readonly string[];
  /** Competitor names, never in a welcome e-mail. */
  competitors?: readonly string[];
  /** The brand's voice rules (dos and don'ts): notes for the writer, never copy. */
  voiceNotes?: readonly string[];
  /** Numbers the install has (facts of the month, the founder's own words): a claim with one of these is true. */
  knownNumbers?: readonly (string | number)[];
  /** Texts in the founder's own words: a claim they make ("rated 4.9 on Google") is theirs to make. */
  founderTexts?: readonly string[];
  /** The field's maximum length, when it has one. */
  maxLength?: number;
};

const RULES: Record<CustomerCopyKind, ReadonlySet<CustomerCheckRule>> = {
  page: new Set(["internal-note", "cut", "number-claim"]),
  email: new Set(["internal-note", "third-person", "density", "cut", "number-claim"]),
  welcome: new Set(["internal-note", "third-person", "competitor", "density", "cut", "number-claim"]),
  article: new Set(["internal-note", "density", "cut", "number-claim"]),
  // The founder's own reading (the strategy review, the landing refresh): told in "you", about customers.
  founder: new Set(["internal-note", "cut", "number-claim"]),
};

export const DENSITY_WORDS_PER_USE = 150;
export const DENSITY_MIN_CAP = 2;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A phrase as a regex source: its words with any spacing or hyphen between them. */
const phraseSource = (p: string) => p.trim().split(/[\s-]+/).map(escape).join("[\\s-]+");
const bounded = (src: string) => `(?<![\\p{L}\\p{N}_])${src}(?![\\p{L}\\p{N}_])`;
const key = (s: string) => wordsOf(s).join(" ");

// ---- internal notes ----------------------------------------------------------------------------

const NOTE_LABEL = /^\s*(?:\*\*)?\s*(?:tone(?: of voice)?|voice|brand voice|style(?: notes?)?|writing notes?|notes? (?:to|for) (?:the )?(?:writer|copywriter)|internal(?: note)?|todo|instructions?)\s*(?:\*\*)?\s*:/i;
const BRACKET_NOTE = /\s*[[(]\s*(?:note|todo|tbd|writer'?s? note|internal)\b[^\])]*[\])]\s*/gi;
/** A writer being told how to write: a verb of writing and an object that is about words, not about the business. */
const INSTRUCTION =
  /^(?:[-*]\s*)?(?:always\s+|never\s+|please\s+)?(?:write|say|use|avoid|sound|speak|address|prefer|choose|keep)\b[^.!?]*?(?<![\p{L}])(?:sentences?|words?|tone|voice|jargon|buzzwords?|emoji|exclamation(?: marks?)?|adjectives?|verbs?|clich[eé]s?|passive|the reader|reader['’]s|slang|puns?|filler|['‘’"“”]you['‘’"“”]|['‘’"“”]we['‘’"“”]|first person|second person)(?![\p{L}])/iu;

function isInternalNote(sentence: string, notes: readonly string[], founder: boolean): boolean {
  const k = key(sentence);
  if (!k) return false;
  for (const n of notes) {
    const nk = key(n);
    if (nk.length >= 10 && (k === nk || k.includes(nk) || (k.split(" ").length >= 3 && nk.includes(k)))) return true;
  }
  if (NOTE_LABEL.test(sentence)) return true;
  return !founder && INSTRUCTION.test(sentence.trim());
}

// ---- number claims -----------------------------------------------------------------------------

const PEOPLE =
  "founders|customers|users|clients|people|families|teams|businesses|companies|members|subscribers|parents|students|owners|readers|fans|buyers|patients|developers|makers|shops|brands|households|practices|organisations|organizations|orders|downloads|installs|reviews";
const COUNT = "(\\d[\\d,.]*\\s*(?:k|m)?\\s*\\+?|thousands|hundreds|millions|dozens|tens of thousands)";
const PEOPLE_CLAIM = new RegExp(`(?<![\\p{L}\\p{N}])${COUNT}\\s+(?:of\\s+)?(?:(?:happy|satisfied|other|fellow|local|loyal|active|paying|early|independent)\\s+)?(?:[\\p{L}-]+\\s+)?(?:${PEOPLE})(?![\\p{L}])`, "iu");
const RATING_CLAIM = /\b(?:rated\s+\d(?:\.\d)?|\d(?:\.\d)?\s*(?:out of 5|\/\s*5)\b|(?:5|five)[-\s]stars?\b|#1\b|number one\b|award[-\s]winning)/i;

const numberOf = (s: string) => s.replace(/[,\s+]/g, "").replace(/k$/i, "000").replace(/m$/i, "000000").replace(/\.0+$/, "");

function claims(sentence: string, ctx: CustomerCheckContext): boolean {
  const known = new Set((ctx.knownNumbers ?? []).map((n) => numberOf(String(n))));
  const founder = (ctx.founderTexts ?? []).join("\n").toLowerCase();
  const people = PEOPLE_CLAIM.exec(sentence);
  if (people) {
    const count = people[1]!.trim();
    const words = /^[a-z]/i.test(count);
    if (words || /\+|k|m/i.test(count) || !known.has(numberOf(count))) {
      if (!founder.includes(people[0]!.toLowerCase())) return true;
    }
  }
  const rating = RATING_CLAIM.exec(sentence);
  return !!rating && !founder.includes(rating[0]!.toLowerCase());
}

// ---- cuts --------------------------------------------------------------------------------------

/** Words no finished sentence ends on (articles, conjunctions, possessives): "… and." was cut. A preposition may end one ("who we want to hear from."). */
const DANGLING = new Set("a an the and or but nor as than their your our its his her my these those every each".split(" "));
/** Words a text cut at a word boundary should not end on: the above, and prepositions and relatives. */
const CUT_TAIL = new Set([...DANGLING, ..."of in on at to for with by from into about so who that which whose where when while this some any no".split(" ")]);

/** A sentence that stops mid-way ("…, gp2,." "… and.") ends with "…". */
function closeCut(sentence: string): string {
  const s = sentence.replace(/\.{3}$/, "…");
  const m = /^(.*?)([,;:–—-]+\s*)[.!?]$/s.exec(s);
  if (m) return `${m[1]!.trimEnd()}…`;
  const last = /(?<![\p{L}\p{N}'’])([\p{L}]+)\.$/u.exec(s);
  if (last && DANGLING.has(last[1]!.toLowerCase()) && s.trim().split(/\s+/).length > 2) return `${s.slice(0, -1).trimEnd()}…`;
  return s;
}

/** A text cut to `max` characters: whole sentences off its end first, a last long one at a word, with "…". */
export function fitLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentences = sentencesOf(text);
  while (sentences.length > 1 && sentences.join(" ").length > max) sentences.pop();
  const kept = sentences.join(" ");
  if (kept.length <= max) return kept;
  let words = kept.slice(0, max).split(/\s+/);
  if (!/\s/.test(kept.charAt(max))) words.pop();
  while (words.length > 1 && CUT_TAIL.has(words[words.length - 1]!.toLowerCase().replace(/[^\p{L}]/gu, ""))) words.pop();
  words = words.length ? words : [kept.slice(0, max - 1)];
  return `${words.join(" ").replace(/[\s,;:.!?–—-]+$/u, "")}…`;
}

// ---- the reader --------------------------------------------------------------------------------

/** The customers named in the third person, in an e-mail to one of them: "you". */
function toReader(sentence: string, phrases: readonly string[]): string {
  let out = sentence;
  let hit = -1;
  for (const p of [...phrases].sort((a, b) => b.length - a.length)) {
    if (!p.trim() || /\byou\b/i.test(p)) continue;
    const re = new RegExp(`(?:\\b(the|all|many|most|busy)\\s+)?${bounded(phraseSource(p))}(['’]s?)?`, "giu");
    out = out.replace(re, (m, _det: string | undefined, poss: string | undefined, offset: number) => {
      hit = hit < 0 ? offset : Math.min(hit, offset);
      const start = offset === 0 || /[.!?:]\s*$|^\s*$|\*\*$/.test(out.slice(0, offset));
      const word = poss ? "your" : "you";
      return start || /^[A-Z]/.test(m) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    });
  }
  if (hit < 0) return sentence;
  // "… you, so they get their evenings back" → "… you, so you get your evenings back".
  const head = out.slice(0, hit + 3);
  const tail = out
    .slice(hit + 3)
    .replace(/\bthemselves\b/g, "yourselves")
    .replace(/\bthey['’]re\b/g, "you're")
    .replace(/\bthey\b/g, "you")
    .replace(/\bthem\b/g, "you")
    .replace(/\btheirs\b/g, "yours")
    .replace(/\btheir\b/g, "your");
  return `${head}${tail}`
    .replace(/\byou is\b/g, "you are")
    .replace(/\byou has\b/g, "you have")
    .replace(/\byou was\b/g, "you were")
    // "for families who care about…" → "for you, if you care about…".
    .replace(/\b([Yy])ou who\b/g, "$1ou, if you");
}

// ---- density -----------------------------------------------------------------------------------

const DETERMINER = /(?:^|[\s(])(the|a|an|our|your|their|its|this|that|my|his|her|each|every|any|some)\s+$/i;

function capDensity(text: string, phrases: readonly string[], brandName: string | undefined, findings: CustomerCheckFinding[]): string {
  const words = text.split(/\s+/).filter(Boolean).length;
  const cap = Math.max(DENSITY_MIN_CAP, Math.ceil(words / DENSITY_WORDS_PER_USE));
  let out = text;
  const seen = new Set<string>();
  for (const phrase of phrases) {
    const p = phrase.trim();
    const parts = p.split(/[\s-]+/);
    if (parts.length < 2 || seen.has(key(p)) || (brandName && key(p) === key(brandName))) continue;
    seen.add(key(p));
    const re = new RegExp(bounded(phraseSource(p)), "giu");
    // Headings keep their words: only body lines count and change.
    const lines = out.split("\n");
    const spots: Array<{ line: number; index: number; text: string }> = [];
    lines.forEach((l, i) => {
      if (/^\s*#/.test(l)) return;
      for (const m of l.matchAll(re)) spots.push({ line: i, index: m.index!, text: m[0] });
    });
    if (spots.length <= cap) continue;
    const head = parts[parts.length - 1]!.toLowerCase();
    // The kept uses spread over the text: the first, then one every spots/cap.
    const keep = new Set(Array.from({ length: cap }, (_, i) => Math.floor((i * spots.length) / cap)));
    for (let s = spots.length - 1; s >= 0; s--) {
      if (keep.has(s)) continue;
      const spot = spots[s]!;
      const line = lines[spot.line]!;
      const before = line.slice(0, spot.index);
      const det = DETERMINER.exec(before);
      let start = spot.index;
      let replacement: string;
      // After an adjective or an ordinal the head noun stands alone: "Good plastic-free detergent" → "Good detergent".
      const modifier = /(?:^|\s)(?:first|next|last|same|whole|own|new|one|only|good|great|fresh|better|best|real|local|more|less|cheap|cheaper|quality|proper|regular|everyday|organic|affordable|fair|honest)\s+$/i.test(before);
      if (det && /^an?$/i.test(det[1]!)) {
        // "a plastic-free laundry detergent" → "a detergent", the article for the new word.
        start = spot.index - det[1]!.length - (before.length - before.trimEnd().length);
        const art = takesAn(head) ? "an" : "a";
        replacement = `${/^A/.test(det[1]!) ? art.charAt(0).toUpperCase() + art.slice(1) : art} ${head}`;
      } else if (det || modifier) replacement = head;
      else {
        const atStart = /(^|[.!?:]\s+|^\s*(?:[-*]\s+|\*\*))$/.test(before);
        replacement = `${atStart ? "The" : "the"} ${head}`;
      }
      lines[spot.line] = `${line.slice(0, start)}${replacement}${line.slice(spot.index + spot.text.length)}`;
      findings.push({ rule: "density", before: spot.text, after: replacement });
    }
    out = lines.join("\n");
  }
  return out;
}

// ---- the pass ----------------------------------------------------------------------------------

const LINE = /^(\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)?)(.*)$/s;
const isListItem = (l: string) => /^\s*(?:[-*+]\s+|\d+[.)]\s+)/.test(l);

/** `text` as a customer may read it, by the rules of `kind` (see above), and what was changed. */
export function checkCustomerCopy(text: string, ctx: CustomerCheckContext, kind: CustomerCopyKind): CustomerCheckResult {
  const rules = RULES[kind];
  const findings: CustomerCheckFinding[] = [];
  if (!text.trim()) return { text, findings };
  const notes = ctx.voiceNotes ?? [];
  const rivals = (ctx.competitors ?? []).map((c) => c.trim()).filter((c) => c.length >= 2);
  const rivalRes = rivals.map((c) => new RegExp(bounded(phraseSource(c)), "iu"));

  const lines = text.split("\n");
  const out: Array<string | null> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) {
      out.push(line);
      continue;
    }
    const [, prefix = "", rest = ""] = LINE.exec(line) ?? [];
    const heading = /#/.test(prefix);
    const units = heading ? [rest] : sentencesOf(rest);
    const kept: string[] = [];
    for (const unit of units) {
      let s = unit;
      if (rules.has("internal-note") && s.search(BRACKET_NOTE) >= 0) {
        // "[Note: add a testimonial here] Order today." → "Order today.": the note goes, the copy stays.
        s = s.replace(BRACKET_NOTE, " ").trim();
        findings.push({ rule: "internal-note", before: unit, after: s || null });
        if (!s) continue;
      }
      const drop = (rule: CustomerCheckRule) => findings.push({ rule, before: unit, after: null });
      if (rules.has("internal-note") && isInternalNote(s, notes, kind === "founder")) {
        drop("internal-note");
        continue;
      }
      if (rules.has("competitor") && rivalRes.some((re) => re.test(s))) {
        drop("competitor");
        continue;
      }
      if (rules.has("number-claim") && claims(s, ctx)) {
        drop("number-claim");
        continue;
      }
      if (rules.has("third-person") && ctx.customerPhrases?.length) {
        const t = toReader(s, ctx.customerPhrases);
        if (t !== s) findings.push({ rule: "third-person", before: s, after: t });
        s = t;
      }
      if (rules.has("cut") && !heading) {
        const t = closeCut(s);
        if (t !== s) findings.push({ rule: "cut", before: s, after: t });
        s = t;
      }
      kept.push(s);
    }
    out.push(kept.length ? `${prefix}${kept.join(" ")}` : null);
  }

  // A line that introduced a list ("Here is what we care about:") goes with the list it lost.
  for (let i = 0; i < out.length; i++) {
    if (out[i] === null || !/:\s*$/.test(out[i]!)) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    let lost = false;
    let left = false;
    for (; j < lines.length && isListItem(lines[j]!); j++) {
      if (out[j] === null) lost = true;
      else left = true;
    }
    if (lost && !left) {
      findings.push({ rule: "internal-note", before: out[i]!, after: null });
      out[i] = null;
    }
  }

  let result = out
    .filter((l): l is string => l !== null)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (rules.has("density") && ctx.productPhrases?.length) result = capDensity(result, ctx.productPhrases, ctx.brandName, findings);
  if (rules.has("cut") && ctx.maxLength && result.length > ctx.maxLength) {
    const fitted = fitLength(result, ctx.maxLength);
    findings.push({ rule: "cut", before: result, after: fitted });
    result = fitted;
  }
  return { text: result, findings };
}

/** The competitor names of the founder's answer ("Seepje, Ecover and Method") and of the research. */
export function competitorNames(answer: string, more: readonly string[] = []): string[] {
  const named = answer
    .split(/[,;\n/]+|\s+(?:and|or|&)\s+/i)
    .map((c) => c.replace(/\(.*?\)/g, "").trim())
    .filter((c) => c.length >= 2 && c.length <= 60 && !/^(none|n\/a|-|no|not specified|unknown|nobody|no one|others?)$/i.test(c));
  return [...new Set([...named, ...more.map((m) => m.trim()).filter(Boolean)])];
}

/** Every number written in `texts` ("€295", "8–12", "1,204" → "295", "8", "12", "1204"). */
export function numbersIn(...texts: readonly string[]): string[] {
  return texts.flatMap((t) => (t.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map(numberOf));
}

/** The check's context for a kit: its brand's voice rules, what it sells, to whom, its competitors and the founder's own numbers. */
export function kitCheckContext(
  input: { business_idea: string; target_audience: string; geographic_market?: string; competitors: string },
  brand: { name: string; voice?: { dos: readonly string[]; donts: readonly string[] } } | null | undefined,
  understanding: { product: string; categoryLabel?: string; customers: string; facts?: readonly string[]; prices?: ReadonlyArray<{ text: string }> } | null | undefined,
  more: Partial<CustomerCheckContext> = {},
): CustomerCheckContext {
  const founderTexts = [input.business_idea, input.target_audience, input.geographic_market ?? "", ...(understanding?.facts ?? []), ...(understanding?.prices ?? []).map((p) => p.text)];
  return {
    brandName: brand?.name,
    productPhrases: [understanding?.product ?? "", understanding?.categoryLabel ?? ""].filter(Boolean),
    customerPhrases: [understanding?.customers ?? "", input.target_audience.trim().split(/\s+/).length <= 6 ? input.target_audience.trim() : ""].filter(Boolean),
    competitors: competitorNames(input.competitors),
    voiceNotes: brand?.voice ? [...brand.voice.dos, ...brand.voice.donts] : [],
    founderTexts,
    ...more,
    knownNumbers: [...numbersIn(...founderTexts), ...(more.knownNumbers ?? [])],
  };
}
