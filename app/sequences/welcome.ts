import crypto from "node:crypto";
import { z } from "zod";
import type { GenerationInput } from "~/generation/input";
import type { Brand } from "~/kits/brand/brand";
import type { Understanding } from "~/kits/understanding";

/**
 * The welcome sequence a page starts with: three e-mails (at sign-up, day 2,
 * day 5). The model writes them through `structured()` (welcome.server.ts);
 * offline, `builtinWelcome` writes them from the brand and what LaunchKit
 * understood of the business, deterministic for a kit (its seed picks among
 * wordings), inventing no facts (no prices, dates or numbers).
 */

export const WelcomeEmailSchema = z.object({
  subject: z.string().trim().min(1).max(120),
  preview: z.string().trim().max(150),
  body: z.string().trim().min(1).max(4000),
});
export const WelcomeSequenceSchema = z.object({ emails: z.array(WelcomeEmailSchema).length(3) });
export type WelcomeSequence = z.infer<typeof WelcomeSequenceSchema>;

/** When each of the three goes: at sign-up, two days later, three days after that (day 5). */
export const WELCOME_DELAYS = [
  { delayValue: 0, delayUnit: "hours" },
  { delayValue: 2, delayUnit: "days" },
  { delayValue: 3, delayUnit: "days" },
] as const;

const pick = <T>(options: readonly T[], seed: string, slot: string): T => {
  const n = crypto.createHash("sha256").update(`${seed}:${slot}`).digest().readUInt32BE(0);
  return options[n % options.length]!;
};

const NEXT_STEP: Record<string, (product: string, place: string) => string> = {
  waitlist: (p, place) => `You are on the waitlist. When the ${p} opens${place}, you hear it here first.`,
  "pre-orders": (p) => `Your place is saved. We will write before the first ${p} ships, so nothing is charged as a surprise.`,
  "book calls": (p) => `We will be in touch to find a time that suits you to talk about the ${p}.`,
  downloads: () => `Your download is ready on the thank-you page; keep this e-mail to find us again.`,
  "collect emails": (p, place) => `From now on you get the news about the ${p}${place}: not often, and only what matters.`,
};

export function builtinWelcome(input: GenerationInput, brand: Brand, u: Understanding, seed: string): WelcomeSequence {
  const name = brand.name;
  const product = u.product || u.categoryLabel;
  const place = u.place ? ` in ${u.place}` : "";
  const customers = u.customers || input.target_audience;
  const next = (NEXT_STEP[input.primary_goal] ?? NEXT_STEP["collect emails"]!)(product, place);
  const sample = brand.voice.samples[0] ?? brand.positioning;
  const hi = pick(["Hi there,", "Hello,", "Hi,"], seed, "hi");

  const welcome = {
    subject: pick([`Welcome to ${name}`, `You're in: ${name}`, `Thanks for joining ${name}`], seed, "s1"),
    preview: brand.tagline,
    body: [
      hi,
      `Thanks for signing up for **${name}**. ${brand.positioning}`,
      next,
      `If you have a question about the ${product}, reply to this e-mail: it reaches the founder.`,
      `— The ${name} team`,
    ].join("\n\n"),
  };
  const why = {
    subject: pick([`Why we are building ${name}`, `The idea behind ${name}`, `What ${name} is for`], seed, "s2"),
    preview: pick([`Made for ${customers}`, `A note on who ${name} is for`], seed, "p2"),
    body: [
      hi,
      `We started ${name} for ${customers}${place}. ${sample}`,
      `Here is what we care about:`,
      ...brand.voice.dos.map((d) => `- ${d}`),
      `Is that what you look for in ${u.productWord || product}? Just hit reply and tell us.`,
      `— The ${name} team`,
    ].join("\n\n").replace(/\n\n- /g, "\n- ").replace(/:\n- /, ":\n\n- "),
  };
  const ask = {
    subject: pick([`One question about the ${product}`, `Can we ask you something?`, `What would make ${name} a must for you?`], seed, "s3"),
    preview: pick(["Your answer shapes what we build first", "One reply helps us more than you think"], seed, "p3"),
    body: [
      hi,
      `You signed up for ${name} a few days ago, so you are exactly who we want to hear from.`,
      `**What would make the ${product} a must for you?** Reply with one sentence; the founder reads every answer and it decides what comes first.`,
      `Thanks for being early.`,
      `— The ${name} team`,
    ].join("\n\n"),
  };
  return { emails: [welcome, why, ask] };
}
