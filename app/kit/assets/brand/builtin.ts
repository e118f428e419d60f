import crypto from "node:crypto";
import type { GenerationInput } from "~/kit/input";
import type { BrandContent, Palette } from "~/kit/brand/brand";
import { fontPairsFor } from "~/kit/brand/fonts";
import { toModelUnderstanding } from "~/kit/understanding/schema";
import type { BrandAnswer } from "./schema";
import { businessWords, shortPhrase, STATUS_QUO, understandingOf, withArticle, type BusinessWords, type CopyPool } from "../launch-copy";

/**
 * The offline brand: names, tagline, positioning, voice, palette and fonts
 * from the wizard answers and what LaunchKit understood of the idea (the
 * product word, customers, place and payment model: "Coffee Nest" for a
 * coffee subscription), with templates and a PRNG seeded by the answers, so
 * the same answers always give the same brand and a founder without an AI key
 * still gets one they can use (and edit).
 */

export function seededRandom(seed: string) {
  let state = crypto.createHash("sha256").update(seed).digest();
  let offset = 0;
  return () => {
    if (offset + 4 > state.length) {
      state = crypto.createHash("sha256").update(state).digest();
      offset = 0;
    }
    const n = state.readUInt32BE(offset);
    offset += 4;
    return n / 2 ** 32;
  };
}

export function answersSeed(input: GenerationInput, salt = "") {
  return [input.business_idea, input.target_audience, input.tone_of_voice, input.brand_vibe, input.primary_goal, salt].join("\u0000");
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/** "dog grooming" → "Dog Grooming"; "Figma-to-React" stays as it is written. */
const capWords = (s: string) => s.split(/(\s+)/).map((w) => (/^[a-z]/.test(w) ? cap(w) : w)).join("");

/** Whole words that end a name, per vibe, and what each set says about the brand (for the reasons). */
const NAME_ENDINGS: Record<string, { words: string[]; ring: string }> = {
  "neon tech": { words: ["Lab", "Stack", "Flow", "Pulse", "Grid"], ring: "sounds like a product built by people who ship" },
  minimalist: { words: ["Line", "Form", "Base", "Plain", "Studio"], ring: "keeps the name as short and quiet as the design" },
  cozy: { words: ["Nest", "Hearth", "Nook", "Den", "Haven"], ring: "sounds warm and close to home" },
  editorial: { words: ["House", "Press", "Journal", "Atelier", "Review"], ring: "reads like a name with a point of view" },
  playful: { words: ["Pop", "Buddy", "Jam", "Hop", "Party"], ring: "makes people smile before they know what it is" },
  corporate: { words: ["Partners", "Point", "Bridge", "Works", "Group"], ring: "sounds established and safe to buy from" },
};

/** A noun that says how the business is paid for, to end a name with, and why it helps. */
const MODEL_NOUNS: Record<CopyPool, { words: string[]; why: string }> = {
  consumable: { words: ["Co.", "Corner", "Market"], why: "sounds like a local place people go back to" },
  software: { words: ["App", "Desk", "Cloud"], why: "says it is software people sign in to" },
  subscription: { words: ["Club", "Crate", "Box"], why: "tells people it comes again and again" },
  "one-off": { words: ["Co.", "Goods", "Supply"], why: "sounds like a maker you buy from once and remember" },
  free: { words: ["Hub", "Kit", "Commons"], why: "sounds open to anyone, which is what a free offer is" },
  "open-source": { words: ["Kit", "Forge", "Works"], why: "sounds like a tool developers pick up and build with" },
  "local-service": { words: ["Co.", "Crew", "Pros"], why: "sounds like a local team you can call" },
  booking: { words: ["Studio", "Room", "Sessions"], why: "sounds like a place you book a time at" },
  marketplace: { words: ["Market", "Exchange", "Hub"], why: "says buyers and sellers meet there" },
  freemium: { words: ["App", "Cloud", "Hub"], why: "sounds like a product you can try before you pay" },
  membership: { words: ["Club", "Society", "Collective"], why: "sounds like a place members belong to" },
  service: { words: ["Partners", "Works", "Office"], why: "sounds like a firm of people who do the work for you" },
};

/** Words of a product phrase too general to stand beside the product word in a name ("Invoicing & Software"). */
const GENERIC_HEADS = new Set(
  "software tool tools app apps service services platform marketplace business company shop store agency solution system website site lessons classes subscription program programme course".split(" "),
);

const PREFIXES = ["True", "Bright", "Good", "Clear", "North", "Kind", "Swift", "Well"];
const COINED_ENDINGS = ["ly", "io", "ora", "ista", "ify", "eo"];

/** "coffee" → "coff", "grooming" → "groom": the part of a word a coined ending attaches to. */
function stemOf(word: string) {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  return w.replace(/(ing|ers?|ies|es|s|e|y)$/, "").slice(0, 7) || w.slice(0, 5);
}

type NameIdea = { name: string; reason: string };

/** What each end of a conversion is made of ("Figma" files are frames and layers, "React" code is props and hooks): coined names from the job, never another company's name. */
const CONVERSION_PARTS: Array<[RegExp, string[], string]> = [
  [/^(figma|sketch|xd|framer|penpot|canva|photoshop|illustrator|design|designs|mockups?)$/i, ["Frame", "Pixel", "Layer", "Canvas"], "design frames"],
  [/^(react|vue|svelte|angular|html|css|tailwind|code|swift|swiftui|flutter|kotlin|javascript|typescript|jsx|components?)$/i, ["Prop", "Hook", "Node"], "code"],
  [/^(excel|sheets?|spreadsheets?|csv|airtable)$/i, ["Cell", "Sheet", "Row"], "spreadsheet cells"],
  [/^(sql|postgres|mysql|database|databases|api|apis|json)$/i, ["Query", "Table", "Schema"], "data"],
  [/^(pdf|pdfs|word|docs?|documents?|markdown|notion)$/i, ["Page", "Doc", "Note"], "documents"],
  [/^(audio|video|podcasts?|voice|speech)$/i, ["Wave", "Clip", "Tone"], "recordings"],
  [/^(text|transcripts?|subtitles?|captions?)$/i, ["Line", "Script", "Word"], "text"],
];

function conversionParts(side: string): { parts: string[]; what: string } {
  for (const [re, parts, what] of CONVERSION_PARTS) if (re.test(side)) return { parts, what };
  const w = side.replace(/[^A-Za-z]/g, "");
  return { parts: [cap(w.slice(0, 5).toLowerCase())], what: side.toLowerCase() };
}

/**
 * Names for a tool that turns one thing into another ("Figma-to-React"):
 * "Figma-to-React Grid" only states the job and borrows two companies'
 * names. Coined words from what each end is made of do neither: "Framehook",
 * "Pixelprop".
 */
function conversionNames(word: string, input: GenerationInput, rand: () => number): NameIdea[] | null {
  const m = /^(.+?)-to-(.+)$/.exec(word);
  if (!m) return null;
  const from = conversionParts(m[1]!);
  const to = conversionParts(m[2]!);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const ending = NAME_ENDINGS[input.brand_vibe] ?? NAME_ENDINGS.minimalist!;
  const blends: string[] = [];
  for (const a of from.parts) for (const z of to.parts) if (a.toLowerCase() !== z.toLowerCase()) blends.push(`${a}${z.toLowerCase()}`);
  const order = [...blends];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const [first, second, third] = [order[0]!, order[1] ?? `${order[0]}ly`, order[2] ?? `${order[0]}io`];
  const end = pick(ending.words);
  const why = `${from.what} in, ${to.what} out`;
  return [
    { name: first, reason: `Coined from the two ends of the job (${why}): short, no other company's name in it, and yours to trademark.` },
    { name: `${second} ${end}`, reason: `Another coined word for the job; "${end}" ${ending.ring}.` },
    { name: third, reason: `Another coined word from ${from.what} and ${to.what}: check which one has a free domain.` },
    { name: `${from.parts[0]} to ${to.parts[0]}`, reason: `Says the job in plain words, without naming the tools you work with.` },
    { name: `${to.parts[0]}smith`, reason: `A maker's name: it makes ${to.what} the way a smith makes tools.` },
  ];
}

function nameIdeas(input: GenerationInput, b: BusinessWords, rand: () => number): NameIdea[] {
  const conversion = conversionNames(b.word, input, rand);
  if (conversion) return distinctNames(conversion);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const W = capWords(b.word);
  const ending = NAME_ENDINGS[input.brand_vibe] ?? NAME_ENDINGS.minimalist!;
  const end = pick(ending.words);
  const model = MODEL_NOUNS[b.pool] ?? MODEL_NOUNS["one-off"];
  const noun = pick(model.words);
  const prefix = pick(PREFIXES);
  const own = new Set(b.word.toLowerCase().split(/[\s-]+/));
  const head = b.product.split(" ").filter((w) => /^[a-z][a-z-]*$/i.test(w) && !own.has(w.toLowerCase())).pop();
  // A coined name grows from the product word's longest word: "grooming" → "Groomify".
  const stem = stemOf([...own].sort((x, y) => y.length - x.length)[0] ?? b.word);
  // "Austin, Texas" → "Austin": a place in a name is its first part.
  const town = b.place?.split(",")[0]!.trim() ?? null;
  const coinedEnd = pick(COINED_ENDINGS.filter((e) => !stem.endsWith(e.charAt(0))));
  const ideas: NameIdea[] = [
    { name: `${W} ${end}`, reason: `"${W}" names what you sell the first time someone hears it; "${end}" ${ending.ring}.` },
    town && town.length <= 20
      ? { name: `${capWords(town)} ${W} ${noun}`, reason: `Puts ${town} first: people nearby looking for ${b.word} see at once that you are local.` }
      : { name: `${W} ${noun}`, reason: `"${noun}" ${model.why}, and ${b.customers} know what it is from the name alone.` },
    { name: `${prefix} ${W}`, reason: `"${prefix}" adds a promise, and "${W}" keeps it plain that this is about ${b.word}.` },
    head && head.length <= 14 && !GENERIC_HEADS.has(head.toLowerCase())
      ? { name: `${W} & ${capWords(head)}`, reason: `The ${b.word} and the ${head.toLowerCase()} side by side, like an old shop sign: it leaves room to grow beyond one product.` }
      : { name: `The ${W} ${pick(["Room", "Table", "Corner", "Counter"])}`, reason: `Sounds like a place ${b.customers} would go back to, and still says ${b.word}.` },
    { name: cap(stem + coinedEnd), reason: `A coined word built on "${b.word}": easier to trademark and to find a free domain for than a plain word.` },
  ];
  return distinctNames(ideas);
}

/** Names must be distinct and within the schema's 40 characters. */
function distinctNames(ideas: NameIdea[]): NameIdea[] {
  const seen = new Set<string>();
  return ideas.map((idea, i) => {
    let name = idea.name.replace(/\s+/g, " ").trim().slice(0, 40).trim();
    if (seen.has(name.toLowerCase())) name = `${name} ${["Co.", "Labs", "Studio", "Works", "Club"][i]}`.slice(0, 40);
    seen.add(name.toLowerCase());
    return { ...idea, name };
  });
}

/** Tagline templates per tone; `what` names the product, `word` is its one word. Never the tone's own name. */
const TONE_TAGLINES: Record<string, (t: { What: string; what: string; word: string; who: string }) => string[]> = {
  friendly: ({ What, word, who }) => [`${What}, made easy for ${who}`, `Good ${word}, without the hassle`, `${What}, fitted around your week`, `Less hassle, more ${word}`],
  premium: ({ What, what, word, who }) => [`${What}, perfected`, `Crafted ${what} for ${who}`, `The considered choice in ${word}`, `${What}, without compromise`],
  bold: ({ What, word }) => [`${What}. No excuses.`, `Better ${word}. Starting now.`, `${What}, done properly`, `Stop settling for average ${word}`],
  playful: ({ What, word }) => [`${What}, but fun`, `Your new favourite ${word}`, `${What} with a wink`, `Happy ${word}, happy you`],
  minimalist: ({ What, word }) => [`${What}. Simply.`, `Just ${word}. Done well.`, `${What}, nothing else`, `Less fuss. Better ${word}.`],
  technical: ({ What, what, word, who }) => [`Precise ${what} for ${who}`, `${What}, engineered`, `${What} you can measure`, `Reliable ${word} for ${who}`],
};

/** A tagline that says how it reaches the customer, per payment model. */
const MODEL_TAGLINE: Record<CopyPool, (t: { What: string; word: string; place: string | null }) => string> = {
  consumable: ({ What }) => `${What}, made fresh`,
  software: ({ What }) => `${What} without the busywork`,
  subscription: ({ What }) => `${What}, on a schedule you set`,
  "one-off": ({ What }) => `${What}, made to keep`,
  free: ({ What }) => `${What}, free for everyone`,
  "open-source": ({ What }) => `${What}, open source and yours to run`,
  "local-service": ({ What, place }) => (place ? `${What} that comes to you in ${place}` : `${What} that comes to your door`),
  booking: ({ What }) => `${What}, booked when it suits you`,
  marketplace: ({ word }) => `Where ${word} finds its people`,
  freemium: ({ What }) => `${What}: start free, grow when you need to`,
  membership: ({ What }) => `${What}, as often as you like`,
  service: ({ What, place }) => (place ? `${What}, done for you in ${place}` : `${What}, done for you`),
};

/** What the business does for its customer, per copy pool (inside the positioning): about them, and to the reader ("you"). */
const MODEL_PROMISE: Record<CopyPool, { them: string; you: string }> = {
  subscription: { them: "that arrives on a schedule they set", you: "that arrives on a schedule you set" },
  "one-off": { them: "made to be bought once and kept", you: "made to be bought once and kept" },
  consumable: { them: "made fresh and bought when they want it", you: "made fresh and bought when you want it" },
  software: { them: "that takes the busywork off their plate", you: "that takes the busywork off your plate" },
  free: { them: "that costs them nothing to use", you: "that costs you nothing to use" },
  "open-source": { them: "that anyone can read, run and improve", you: "that you can read, run and improve" },
  "local-service": { them: "that comes to them", you: "that comes to you" },
  booking: { them: "that they book when it suits them", you: "that you book when it suits you" },
  marketplace: { them: "that brings buyers and sellers together in one place", you: "that brings buyers and sellers together in one place" },
  freemium: { them: "that they can start using for free", you: "that you can start using for free" },
  membership: { them: "that they join once and use as often as they like", you: "that you join once and use as often as you like" },
  service: { them: "that takes the work off their desk", you: "that takes the work off your desk" },
};

type Positioning = { who: string; where: string; name: string; product: string; promise: string; against: string };

/** The positioning statement: what it is, then how it differs, each in several structures, so two brands do not open their FAQ the same way. */
const POSITIONING_WHAT: Array<(p: Positioning) => string> = [
  (p) => `For ${p.who}${p.where}, ${p.name} is ${p.product} ${p.promise}.`,
  (p) => `${p.name} is ${p.product} ${p.promise}, made for ${p.who}${p.where}.`,
  (p) => `${cap(p.product)} ${p.promise}, for ${p.who}${p.where}: that is ${p.name}.`,
  (p) => `Think of ${p.name} as ${p.product} ${p.promise}, for ${p.who}${p.where}.`,
  (p) => `${p.name} exists for ${p.who}${p.where}: ${p.product} ${p.promise}.`,
  (p) => `Meet ${p.name}: ${p.product} ${p.promise}, with ${p.who}${p.where} in mind.`,
  (p) => `${cap(p.who)}${p.where} asked for ${p.product} ${p.promise}; ${p.name} is the answer.`,
  (p) => `In one line: ${p.name} is ${p.product} ${p.promise}, for ${p.who}${p.where}.`,
];
const POSITIONING_AGAINST: Array<(p: Positioning) => string> = [
  (p) => `Unlike ${p.against}, it is made for them from day one.`,
  (p) => `The difference from ${p.against}: it serves them first.`,
  (p) => `Compared with ${p.against}, it asks less of them and fits better.`,
  (p) => `No more settling for ${p.against}.`,
  (p) => `It is built for them, not adapted from ${p.against}.`,
  (p) => `It replaces ${p.against} with something made for the job.`,
  (p) => `Goodbye to ${p.against}.`,
];

const VOICE: Record<string, { dos: string[]; donts: string[]; samples: (name: string, what: string, word: string) => string[] }> = {
  friendly: {
    dos: ["Write like you talk to a neighbour: short, warm sentences.", "Say 'you' and 'we'; name the reader's problem plainly.", "Reassure with specifics: times, prices, guarantees."],
    donts: ["No jargon or buzzwords.", "Don't pressure with fake urgency.", "Don't talk down to the reader."],
    samples: (name, _what, word) => [`Hi! ${name} takes the hassle out of ${word}, so you get your evenings back.`, `Questions? Reply to this e-mail: a real person at ${name} reads every one.`],
  },
  premium: {
    dos: ["Choose fewer, better words.", "Lead with craft, materials and care.", "Let calm confidence do the selling."],
    donts: ["No exclamation marks.", "Never discount the brand with 'cheap' or 'deal'.", "Avoid slang and emoji."],
    samples: (name, what) => [`${name}: ${what}, made with uncommon care.`, `Every detail considered, so you never have to.`],
  },
  bold: {
    dos: ["Lead with the outcome in five words or fewer.", "Use strong verbs and short lines.", "Take a clear side against the status quo."],
    donts: ["No hedging ('maybe', 'might', 'sort of').", "Don't bury the call to action.", "Never be vague about the result."],
    samples: (name, _what, word) => [`Settling for average ${word}? ${name} fixes that.`, `Stop waiting. Start with ${name} today.`],
  },
  playful: {
    dos: ["Have fun with words, but stay clear.", "Use light humour and surprising comparisons.", "Celebrate the reader's small wins."],
    donts: ["Don't joke about the reader's problem.", "Don't let puns hide what you sell.", "Avoid corporate stiffness."],
    samples: (name, _what, word) => [`Psst, ${word} just got a whole lot more fun. Say hi to ${name}!`, `We did the boring bits. You get the good bits.`],
  },
  minimalist: {
    dos: ["One idea per sentence.", "Cut every word that doesn't earn its place.", "Prefer facts to adjectives."],
    donts: ["No filler openings ('In today's world...').", "No stacked adjectives.", "Don't over-explain."],
    samples: (name, what) => [`${name}. ${cap(what)}, simplified.`, `Set it up once. Forget about it.`],
  },
  technical: {
    dos: ["Be exact: numbers, units, limits.", "Explain how it works in one sentence.", "Back claims with data or a method."],
    donts: ["No hand-wavy superlatives.", "Don't hide limitations.", "Avoid marketing fluff that an engineer would roll their eyes at."],
    samples: (name, what) => [`${name}: ${what}, with results you can check for yourself.`, `Here is exactly what happens when you start, step by step.`],
  },
};

/** Proposed palettes per vibe (the server still checks and fixes contrast). */
const VIBE_PALETTES: Record<string, Palette[]> = {
  "neon tech": [
    { primary: "#22D3EE", secondary: "#A855F7", accent: "#F472B6", background: "#0B1026", text: "#E2E8F0" },
    { primary: "#4ADE80", secondary: "#38BDF8", accent: "#FACC15", background: "#0A0F1C", text: "#F1F5F9" },
  ],
  minimalist: [
    { primary: "#1E293B", secondary: "#64748B", accent: "#6366F1", background: "#FFFFFF", text: "#0F172A" },
    { primary: "#111827", secondary: "#9CA3AF", accent: "#10B981", background: "#FAFAF9", text: "#1C1917" },
  ],
  cozy: [
    { primary: "#C2410C", secondary: "#84A98C", accent: "#F2CC8F", background: "#FDF6EC", text: "#3D2C23" },
    { primary: "#9A3412", secondary: "#A3B18A", accent: "#E9C46A", background: "#FFF8F0", text: "#2F2A24" },
  ],
  editorial: [
    { primary: "#111827", secondary: "#6B7280", accent: "#DC2626", background: "#FFFBEB", text: "#111827" },
    { primary: "#1F2937", secondary: "#B45309", accent: "#B91C1C", background: "#FAF7F2", text: "#1F2937" },
  ],
  playful: [
    { primary: "#DB2777", secondary: "#FACC15", accent: "#38BDF8", background: "#FFF1F2", text: "#1F2937" },
    { primary: "#7C3AED", secondary: "#FB923C", accent: "#34D399", background: "#FAF5FF", text: "#1E1B4B" },
  ],
  corporate: [
    { primary: "#1E3A8A", secondary: "#0D9488", accent: "#F59E0B", background: "#F8FAFC", text: "#0F172A" },
    { primary: "#1D4ED8", secondary: "#334155", accent: "#14B8A6", background: "#FFFFFF", text: "#111827" },
  ],
};

/** The positioning said to the reader ("you"), for customer-facing copy: an FAQ answer, a bio. `where` at most once. */
const READER_WHAT: Array<(p: Positioning) => string> = [
  (p) => `${p.name} is ${p.product}${p.where} ${p.promise}.`,
  (p) => `${cap(p.product)}${p.where} ${p.promise}: that is ${p.name}.`,
  (p) => `With ${p.name}, you get ${p.product}${p.where} ${p.promise}.`,
  (p) => `Think of ${p.name} as ${p.product}${p.where} ${p.promise}.`,
];
const READER_AGAINST: Array<(p: Positioning) => string> = [
  (p) => `Unlike ${p.against}, it is made for you from day one.`,
  (p) => `No more settling for ${p.against}.`,
  (p) => `It replaces ${p.against} with something made for you.`,
  (p) => `Goodbye to ${p.against}.`,
];

/**
 * What the brand is, said to a customer: the positioning's promise in the
 * second person ("that comes to you", not "to them"), for the landing page's
 * FAQ and the bios (builtin copy). `withPlace`: false where the text already
 * names the place, so no answer says "in Austin" twice.
 */
export function readerPositioning(input: GenerationInput, brand: { name: string }, salt = "", withPlace = true): string {
  const rand = seededRandom(answersSeed(input, `reader${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const b = businessWords(understandingOf(input, brand));
  const against = input.competitors === "Not specified" ? STATUS_QUO[b.pool](b.word) : shortPhrase(input.competitors.split(",")[0]!.trim(), 60);
  const p: Positioning = {
    who: b.customers,
    where: withPlace && b.place ? ` in ${b.place}` : "",
    name: brand.name,
    product: withArticle(b.product),
    promise: (MODEL_PROMISE[b.pool] ?? MODEL_PROMISE["one-off"]).you,
    against,
  };
  const what = pick(READER_WHAT)(p);
  const full = `${what} ${pick(READER_AGAINST)(p)}`;
  return (full.length <= 300 ? full : what).slice(0, 300);
}

function positioning(p: Positioning, pick: <T>(xs: readonly T[]) => T) {
  const what = pick(POSITIONING_WHAT)(p);
  const full = `${what} ${pick(POSITIONING_AGAINST)(p)}`;
  return (full.length <= 300 ? full : what).slice(0, 300);
}

/** The builtin provider's answer of the brand step: the brand, and what a model returns beside it, filled from the same offline reading. */
export function builtinBrandAnswer(input: GenerationInput, salt = ""): BrandAnswer {
  return { ...builtinBrand(input, salt), understanding: toModelUnderstanding(understandingOf(input)) };
}

export function builtinBrand(input: GenerationInput, salt = ""): BrandContent {
  const rand = seededRandom(answersSeed(input, `brand${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const b = businessWords(understandingOf(input));
  const ideas = nameIdeas(input, b, rand);
  const name = ideas[0]!.name;
  const What = cap(b.what);
  const who = b.customers;
  const toneLines = (TONE_TAGLINES[input.tone_of_voice] ?? TONE_TAGLINES.friendly!)({ What, what: b.what, word: b.word, who });
  const modelLine = MODEL_TAGLINE[b.pool]?.({ What, word: b.word, place: b.place });
  // The first tagline names the product; the model's line is one of the alternatives.
  const taglines = [...new Set([toneLines[0]!, ...(modelLine ? [modelLine] : []), ...toneLines.slice(1)])].map((t) => t.slice(0, 80));
  const voice = VOICE[input.tone_of_voice] ?? VOICE.friendly!;
  const pool = b.pool;
  const against = input.competitors === "Not specified" ? STATUS_QUO[pool](b.word) : shortPhrase(input.competitors.split(",")[0]!.trim(), 60);
  const where = b.place ? ` in ${b.place}` : "";
  return {
    name,
    nameIdeas: ideas,
    tagline: taglines[0]!,
    taglineAlternatives: taglines.slice(1, 4),
    positioning: positioning({ who, where, name, product: withArticle(b.product), promise: (MODEL_PROMISE[pool] ?? MODEL_PROMISE["one-off"]).them, against }, pick),
    voice: { dos: voice.dos, donts: voice.donts, samples: voice.samples(name, b.what, b.word).map((s) => s.slice(0, 240)) },
    palette: pick(VIBE_PALETTES[input.brand_vibe] ?? VIBE_PALETTES.minimalist!),
    fonts: pick(fontPairsFor(input.brand_vibe)),
  };
}
