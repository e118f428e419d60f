import type { GenerationInput } from "~/generation/input";
import type { Brand } from "~/kits/brand/brand";

/**
 * What the offline (builtin) copy of the social, ads and research assets is
 * made from: the founder's own answers and brand, cleaned up for use inside
 * sentences. Nothing here is a fact about the world: no numbers, no
 * customers, no testimonials are ever made up.
 */

const STOPWORDS = new Set(
  ("a an and are as at be by for from help helps in into is it its of on or our that the their them they this to " +
    "with who we you your app platform service tool tools online simple easy new best busy people small local " +
    "helping based using make makes get gets via like just more most very one all any every each want build " +
    "building i me my than then so but not also can will would")
    .split(" "),
);

export function keywords(text: string, max = 4): string[] {
  const words = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? [];
  const out: string[] = [];
  for (const w of words) if (!STOPWORDS.has(w) && !out.includes(w)) out.push(w);
  return out.slice(0, max);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Lower-cases the first letter for use mid-sentence, unless the word looks like a name or an acronym ("Groomwell", "AI"). */
export function lc(s: string): string {
  const first = s.split(/\s+/)[0] ?? "";
  if (first.length > 1 && (first === first.toUpperCase() || /[A-Z]/.test(first.slice(1)))) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** "mobile dog grooming van for busy pet owners." → "Mobile dog grooming van for busy pet owners" */
export function cleanSentence(s: string, max = 140): string {
  let t = s.trim().replace(/\s+/g, " ").replace(/[.!\s]+$/, "");
  if (t.length > max) t = t.slice(0, max).replace(/\s+\S*$/, "");
  return cap(t);
}

/**
 * A founder's answer quoted inside a template, cut after its last whole word
 * that fits `max` (inside the word only when the first one is longer): wizard
 * answers go up to 500 characters, and a template must still fit its limit.
 */
export function shortPhrase(s: string, max: number): string {
  const t = s.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const words = t.slice(0, max + 1).replace(/\s+\S*$/, "");
  return (words.length <= max ? words : t.slice(0, max)).replace(/[\s,;:.!?\-–—(]+$/u, "");
}

/** The longest a quoted audience group or market may be inside a sentence. */
const PHRASE_MAX = 60;

export type GoalCopy = {
  /** Button-sized: "Book a call". */
  cta: string;
  /** Inside a sentence: "book a free call". */
  action: string;
  /** What the reader gets by acting now. */
  reason: string;
  /** The same in 30 characters or fewer. */
  short: string;
  /** The Meta button that matches the goal. */
  metaCta: string;
};

const GOALS: Record<string, GoalCopy> = {
  "collect emails": { cta: "Join the list", action: "join the list", reason: "Be the first to hear when it's ready", short: "Be the first to know", metaCta: "Sign Up" },
  "book calls": { cta: "Book a call", action: "book a call", reason: "Talk it through with us before you decide", short: "Talk it through with us", metaCta: "Book Now" },
  "pre-orders": { cta: "Pre-order now", action: "pre-order yours", reason: "Reserve yours before launch day", short: "Reserve yours today", metaCta: "Order Now" },
  waitlist: { cta: "Join the waitlist", action: "join the waitlist", reason: "Get early access before everyone else", short: "Get early access", metaCta: "Sign Up" },
  downloads: { cta: "Download now", action: "download it", reason: "Try it today on your own terms", short: "Try it today", metaCta: "Download" },
};

export function goalCopy(goal: string): GoalCopy {
  return GOALS[goal] ?? { cta: "Learn more", action: "find out more", reason: "See if it's right for you", short: "See if it's right for you", metaCta: "Learn More" };
}

/** Tones whose voice allows emoji in posts (the brand's "don'ts" for premium and minimalist rule them out). */
export function toneAllowsEmoji(tone: string) {
  return tone === "friendly" || tone === "playful" || tone === "bold";
}

export type LaunchFacts = {
  name: string;
  tagline: string;
  idea: string;
  /** The first audience group, lower case: "busy professionals". */
  who: string;
  /** The whole audience as a phrase: "busy professionals and new parents". */
  audience: string;
  /** " Made for busy professionals." unless the tagline already says who it is for. */
  madeFor: string;
  topics: string[];
  goal: GoalCopy;
  tone: string;
  emoji: boolean;
  market: string | null;
};

export function launchFacts(input: GenerationInput, brand: Brand): LaunchFacts {
  const groups = input.target_audience
    .split(/[,;\n]+/)
    .map((g) => lc(shortPhrase(g.replace(/\.$/, ""), PHRASE_MAX)))
    .filter(Boolean)
    .slice(0, 4);
  const who = groups[0] ?? "people like you";
  const tagline = brand.tagline.replace(/[.\s]+$/, "");
  const audience = groups.length > 1 ? `${groups.slice(0, -1).join(", ")} and ${groups[groups.length - 1]}` : who;
  return {
    name: brand.name,
    tagline,
    idea: cleanSentence(input.business_idea),
    who,
    audience: audience.length > 120 ? who : audience,
    madeFor: tagline.toLowerCase().includes(who.toLowerCase()) ? "" : ` Made for ${who}.`,
    topics: keywords(input.business_idea, 3),
    goal: goalCopy(input.primary_goal),
    tone: input.tone_of_voice,
    emoji: toneAllowsEmoji(input.tone_of_voice),
    market: input.geographic_market === "Not specified" ? null : shortPhrase(input.geographic_market, PHRASE_MAX),
  };
}

/** "dog grooming" → "DogGrooming": a hashtag from words. */
export function hashtagOf(...words: string[]): string {
  return words
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(cap)
    .join("")
    .slice(0, 40);
}
