import crypto from "node:crypto";
import type { GenerationInput } from "~/generation/input";
import type { BrandContent, Palette } from "~/kits/brand/brand";
import { fontPairsFor } from "~/kits/brand/fonts";

/**
 * The offline brand: names, tagline, positioning, voice, palette and fonts
 * from the wizard answers, with templates and a PRNG seeded by the answers, so
 * the same answers always give the same brand and a founder without an AI key
 * still gets one they can use (and edit).
 */

const STOPWORDS = new Set(
  ("a an and are as at be by for from help helps in into is it its of on or our that the their them they this to " +
    "with who we you your app platform service tool tools online simple easy new best busy people small local " +
    "helping based using make makes get gets via like just more most very one all any every each").split(" "),
);

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

function keywords(text: string) {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .match(/[a-z]{3,}/g) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    if (STOPWORDS.has(w) || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** Words that describe rather than name what is sold: "mobile dog grooming" is about dog grooming. */
const DESCRIPTIVE = new Set(
  ("mobile online local smart custom digital virtual personal premium organic eco green simple quick fast daily weekly " +
    "monthly modern affordable handmade sustainable remote friendly tiny little big better").split(" "),
);

/** The two words that best say what the business offers ("dog grooming"), for taglines. */
function offering(kws: string[]) {
  const nouns = kws.filter((w) => !DESCRIPTIVE.has(w));
  return (nouns.length ? nouns : kws).slice(0, 2).join(" ");
}

/** Drops a trailing vowel or "er"-ish ending so suffixes read naturally: "groom" + "ly", "bake" → "bak" + "ery". */
function stem(word: string) {
  return /e$/.test(word) && word.length > 3 ? word.slice(0, -1) : word;
}

/** A short keyword (3–7 letters) reads well inside a coined name; long ones do not ("Handmadehouse"). */
function shortWord(kws: string[], fallback: string) {
  return kws.filter((w) => !DESCRIPTIVE.has(w)).slice(0, 4).find((w) => w.length >= 3 && w.length <= 7) ?? fallback;
}

const SUFFIXES: Record<string, string[]> = {
  "neon tech": ["ify", "ly", "io", "stack", "flow"],
  minimalist: ["ly", "form", "line", "base", "kit"],
  cozy: ["nest", "hearth", "ly", "den", "bloom"],
  editorial: ["house", "press", "works", "atelier", "journal"],
  playful: ["oo", "ly", "pop", "zy", "bee"],
  corporate: ["wise", "point", "bridge", "core", "partners"],
};
const PREFIXES = ["True", "Bright", "Good", "Clear", "North", "Kind", "Swift", "Well"];

function nameIdeas(input: GenerationInput, rand: () => number) {
  const kws = keywords(input.business_idea);
  const k1 = kws[0] ?? "launch";
  const k2 = kws[1] ?? kws[0] ?? "studio";
  const k3 = kws[2] ?? "works";
  const suffixes = SUFFIXES[input.brand_vibe] ?? SUFFIXES.minimalist!;
  const short = shortWord(kws, k2.slice(0, 7));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // A suffix that repeats the word's ending reads badly ("Weekly" + "ly").
  const fitting = suffixes.filter((x) => !short.endsWith(x.slice(0, 2)));
  const suffix = pick(fitting.length ? fitting : suffixes);
  const prefix = pick(PREFIXES);
  const ideas = [
    { name: cap(stem(short)) + suffix, reason: `Short and ownable: "${short}" says what you do, "-${suffix}" gives it a ${input.brand_vibe} ring.` },
    { name: cap(k1) + cap(k2), reason: `Two plain words from your idea, joined: people know what it is the first time they hear it.` },
    { name: `${prefix}${cap(k2)}`, reason: `"${prefix}" adds the promise; "${cap(k2)}" keeps the subject clear.` },
    { name: `${cap(k3)} & ${cap(k2)}`, reason: `Reads like an established brand and leaves room to grow beyond one product.` },
    { name: `${cap(stem(shortWord([k3, k1, ...kws], k1.slice(0, 7))))}${pick(suffixes.filter((s) => s !== suffix))}`, reason: `A coined name from your idea's words: easy to trademark and to find a domain for.` },
  ];
  // Names must be distinct and within the schema's 40 characters.
  const seen = new Set<string>();
  return ideas.map((idea, i) => {
    let name = idea.name.slice(0, 40);
    if (seen.has(name.toLowerCase())) name = `${name} ${["Co", "Labs", "Studio", "Works", "Club"][i]}`.slice(0, 40);
    seen.add(name.toLowerCase());
    return { ...idea, name };
  });
}

const GOAL_PROMISE: Record<string, string> = {
  "collect emails": "Be the first to know",
  "book calls": "Talk to us, get a plan",
  "pre-orders": "Reserve yours today",
  waitlist: "Get early access",
  downloads: "Download and start now",
};

const TONE_TAGLINES: Record<string, (what: string, who: string) => string[]> = {
  friendly: (what, who) => [`${what}, made easy for ${who}`, `The friendly way to ${what.toLowerCase()}`, `${what} that feels like a helping hand`, `Less hassle, more ${what.toLowerCase()}`],
  premium: (what, who) => [`${what}, perfected`, `Crafted ${what.toLowerCase()} for ${who}`, `The considered choice in ${what.toLowerCase()}`, `${what}, without compromise`],
  bold: (what) => [`${what}. No excuses.`, `Stop settling. Start ${what.toLowerCase()}.`, `${what}, done loud`, `Built to win at ${what.toLowerCase()}`],
  playful: (what) => [`${what}, but fun`, `Your new favourite ${what.toLowerCase()}`, `${what} with a wink`, `Happy ${what.toLowerCase()}, happy you`],
  minimalist: (what) => [`${what}. Simply.`, `Just ${what.toLowerCase()}`, `${what}, nothing else`, `Less, but better ${what.toLowerCase()}`],
  technical: (what, who) => [`Precise ${what.toLowerCase()} for ${who}`, `${what}, engineered`, `${what} you can measure`, `The reliable stack for ${what.toLowerCase()}`],
};

const VOICE: Record<string, { dos: string[]; donts: string[]; samples: (name: string, what: string) => string[] }> = {
  friendly: {
    dos: ["Write like you talk to a neighbour: short, warm sentences.", "Say 'you' and 'we'; name the reader's problem plainly.", "Reassure with specifics: times, prices, guarantees."],
    donts: ["No jargon or buzzwords.", "Don't pressure with fake urgency.", "Don't talk down to the reader."],
    samples: (name, what) => [`Hi! ${name} takes ${what.toLowerCase()} off your plate, so you get your evenings back.`, `Questions? Reply to this e-mail: a real person at ${name} reads every one.`],
  },
  premium: {
    dos: ["Choose fewer, better words.", "Lead with craft, materials and care.", "Let calm confidence do the selling."],
    donts: ["No exclamation marks.", "Never discount the brand with 'cheap' or 'deal'.", "Avoid slang and emoji."],
    samples: (name, what) => [`${name}: ${what.toLowerCase()}, made with uncommon care.`, `Every detail considered, so you never have to.`],
  },
  bold: {
    dos: ["Lead with the outcome in five words or fewer.", "Use strong verbs and short lines.", "Take a clear side against the status quo."],
    donts: ["No hedging ('maybe', 'might', 'sort of').", "Don't bury the call to action.", "Never be vague about the result."],
    samples: (name, what) => [`${what} is broken. ${name} fixes it.`, `Stop waiting. Start with ${name} today.`],
  },
  playful: {
    dos: ["Have fun with words, but stay clear.", "Use light humour and surprising comparisons.", "Celebrate the reader's small wins."],
    donts: ["Don't joke about the reader's problem.", "Don't let puns hide what you sell.", "Avoid corporate stiffness."],
    samples: (name, what) => [`Psst, ${what.toLowerCase()} just got a whole lot more fun. Say hi to ${name}!`, `We did the boring bits. You get the good bits.`],
  },
  minimalist: {
    dos: ["One idea per sentence.", "Cut every word that doesn't earn its place.", "Prefer facts to adjectives."],
    donts: ["No filler openings ('In today's world...').", "No stacked adjectives.", "Don't over-explain."],
    samples: (name, what) => [`${name}. ${what}, simplified.`, `Set it up once. Forget about it.`],
  },
  technical: {
    dos: ["Be exact: numbers, units, limits.", "Explain how it works in one sentence.", "Back claims with data or a method."],
    donts: ["No hand-wavy superlatives.", "Don't hide limitations.", "Avoid marketing fluff that an engineer would roll their eyes at."],
    samples: (name, what) => [`${name} handles ${what.toLowerCase()} with measurable results you can audit.`, `Setup takes under ten minutes; here is exactly what happens.`],
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

export function builtinBrand(input: GenerationInput, salt = ""): BrandContent {
  const rand = seededRandom(answersSeed(input, `brand${salt}`));
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const ideas = nameIdeas(input, rand);
  const name = ideas[0]!.name;
  const kws = keywords(input.business_idea);
  const what = cap(offering(kws) || "Your launch");
  const who = input.target_audience.split(",")[0]!.trim().toLowerCase().slice(0, 40) || "you";
  const taglines = (TONE_TAGLINES[input.tone_of_voice] ?? TONE_TAGLINES.friendly!)(what, who).map((t) => t.slice(0, 80));
  const voice = VOICE[input.tone_of_voice] ?? VOICE.friendly!;
  const against =
    input.competitors === "Not specified" ? "the do-it-yourself workarounds" : input.competitors.split(",")[0]!.trim().slice(0, 60);
  const promise = (GOAL_PROMISE[input.primary_goal] ?? "Start today").toLowerCase();
  return {
    name,
    nameIdeas: ideas,
    tagline: taglines[0]!,
    taglineAlternatives: taglines.slice(1, 4),
    positioning: `For ${who}, ${name} is the ${input.brand_vibe} take on ${what.toLowerCase()}: unlike ${against}, it gets them there with less effort. ${cap(promise)}.`.slice(0, 300),
    voice: { dos: voice.dos, donts: voice.donts, samples: voice.samples(name, what).map((s) => s.slice(0, 240)) },
    palette: pick(VIBE_PALETTES[input.brand_vibe] ?? VIBE_PALETTES.minimalist!),
    fonts: pick(fontPairsFor(input.brand_vibe)),
  };
}
