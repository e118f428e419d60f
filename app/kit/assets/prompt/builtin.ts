import type { GenerationInput } from "~/kit/input";

/**
 * The website prompt offline (the builtin provider's answer): a real,
 * input-specific prompt written from templates.
 */

const TONE_VOICE: Record<string, { voice: string; words: string }> = {
  friendly: { voice: "warm, friendly and conversational", words: "approachable, human, reassuring" },
  premium: { voice: "refined, confident and premium", words: "exclusive, crafted, considered" },
  bold: { voice: "bold, punchy and direct", words: "fearless, high-contrast, decisive" },
  playful: { voice: "playful, upbeat and witty", words: "fun, surprising, energetic" },
  minimalist: { voice: "calm, minimal and precise", words: "clear, quiet, essential" },
  technical: { voice: "precise, technical and credible", words: "specific, data-backed, exact" },
};

const VIBE_STYLE: Record<string, string> = {
  "neon tech": "a dark background with electric cyan and magenta accents, glowing gradients, a geometric sans-serif (Space Grotesk style) and subtle grid lines",
  minimalist: "lots of white space, a monochrome palette with one accent colour, a clean sans-serif (Inter style) and thin dividers",
  cozy: "warm creams, terracotta and sage, soft rounded corners, a friendly serif for headings and hand-drawn touches",
  editorial: "a magazine-like layout with a strong serif headline font, black-and-ivory palette with a red accent and generous column grids",
  playful: "bright candy colours, bouncy rounded shapes, a rounded display font and small animated illustrations",
  corporate: "navy and slate blues with a trustworthy teal accent, a structured grid, a professional sans-serif and clear iconography",
};

const GOAL_CTA: Record<string, string> = {
  "collect emails": "an email capture form above the fold and again at the bottom, with a clear lead magnet and a privacy reassurance line",
  "book calls": "a prominent 'Book a call' button that opens a calendar embed, with a short list of what the call covers",
  "pre-orders": "a pre-order section with price, delivery estimate and a secure checkout button, backed by a money-back promise",
  waitlist: "a waitlist sign-up with a live spot counter, referral incentive and an honest launch timeline",
  downloads: "a download button with file size and platform badges, plus a short 'what you get' preview",
};

/** Each goal as an infinitive phrase: "to win pre-orders", not "to pre-orders". */
const GOAL_PHRASE: Record<string, string> = {
  "collect emails": "to collect emails",
  "book calls": "to book calls",
  "pre-orders": "to win pre-orders",
  waitlist: "to grow the waitlist",
  downloads: "to drive downloads",
};

export function goalPhrase(goal: string) {
  return GOAL_PHRASE[goal] ?? `to reach this goal: ${goal}`;
}

export function sentenceCase(s: string) {
  const t = s.trim().replace(/\s+/g, " ").replace(/[.\s]+$/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function builtinPrompt(input: GenerationInput, brief?: string) {
  const tone = TONE_VOICE[input.tone_of_voice] ?? TONE_VOICE.friendly!;
  const style = VIBE_STYLE[input.brand_vibe] ?? VIBE_STYLE.minimalist!;
  const cta = GOAL_CTA[input.primary_goal] ?? `a clear call to action ${goalPhrase(input.primary_goal)}`;
  const market =
    input.geographic_market === "Not specified"
      ? "Write for a broad, international audience and avoid region-specific references."
      : `Tailor the copy, examples, currency and imagery to ${input.geographic_market}.`;
  const competition =
    input.competitors === "Not specified"
      ? "No competitors were named, so position the offer against the status quo and the do-it-yourself alternative."
      : `Position it clearly against ${input.competitors}: show in one comparison strip what this business does better or differently.`;

  return [
    `Build a responsive, conversion-focused landing page for this business: ${sentenceCase(input.business_idea)}. ` +
      `It is for ${input.target_audience.trim()}. ${market} ` +
      `Open with a hero section whose headline states the core promise in under ten words, a one-sentence subheadline ` +
      `about the outcome for the audience, and ${cta}.`,
    `Write all copy in a ${tone.voice} voice (${tone.words}). Follow the hero with three benefit sections that speak ` +
      `to the audience's main frustrations, a "how it works" strip in three steps, social proof with two or three short ` +
      `testimonials and a FAQ of five questions. ${competition}`,
    `Visually, use ${style}. Keep the primary goal, ${goalPhrase(input.primary_goal)}, as the single call to action repeated ` +
      `in the hero, mid-page and footer. Make it accessible (AA contrast, visible focus states, descriptive alt text), ` +
      `fast on mobile, and include a simple footer with contact details and links to privacy and terms.`,
    ...(brief ? [`Brand: ${brief}`] : []),
  ].join("\n\n");
}
