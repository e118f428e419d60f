import crypto from "node:crypto";
import { z } from "zod";
import type { GenerationInput } from "~/kit/input";
import type { Brand } from "~/kit/brand/brand";
import type { Understanding } from "~/kit/understanding";

/**
 * The welcome sequence a page starts with: three e-mails (at sign-up, day 2,
 * day 5). The model writes them through `structured()` (welcome.server.ts);
 * offline, `builtinWelcome` writes them from the brand and what LaunchKit
 * understood of the business, deterministic for a kit (its seed picks among
 * wordings), inventing no facts: the only prices, places and numbers are the
 * founder's own (the understanding's facts). Both go through the
 * customer-copy check (app/kit/copy/customer-check.ts) before they are stored.
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
  // A pre-order of what does not ship (a camp, a class, a service): a reserved place, not a parcel.
  "pre-orders:reserve": (p) => `Your place is saved. We will write before the first ${p} starts, so nothing is charged as a surprise.`,
  "book calls": (p) => `We will be in touch to find a time that suits you to talk about the ${p}.`,
  downloads: () => `Your download is ready on the thank-you page; keep this e-mail to find us again.`,
  "collect emails": (p, place) => `From now on you get the news about the ${p}${place}: not often, and only what matters.`,
};

/**
 * The founder's facts an e-mail or a piece may quote, in their own words: prices, the area served, ages,
 * facts. A fact that is a long stretch of the idea itself is left out (the idea is not pasted as copy).
 */
export function kitFactLines(u: Understanding, idea = ""): string[] {
  const pasted = (f: string) => {
    const i = idea.toLowerCase().replace(/\s+/g, " ");
    const x = f.toLowerCase().replace(/\s+/g, " ").replace(/[.\s]+$/, "");
    return x.length > 100 || (x.length >= 40 && (i.includes(x) || x.includes(i.slice(0, 40))));
  };
  const lines: string[] = [];
  const prices = (u.prices ?? []).map((p) => (p.label ? `${p.text} (${p.label})` : p.text));
  if (prices.length) lines.push(`The price: ${prices.join("; ")}.`);
  if (u.serviceArea) lines.push(`Where: ${u.serviceArea}.`);
  if (u.ages) lines.push(`For ages ${u.ages}.`);
  for (const f of (u.facts ?? []).filter((x) => !pasted(x)).slice(0, 3)) lines.push(`${f.charAt(0).toUpperCase()}${f.slice(1)}${/[.!?…]$/.test(f) ? "" : "."}`);
  return lines;
}

export function builtinWelcome(input: GenerationInput, brand: Brand, u: Understanding, seed: string): WelcomeSequence {
  const name = brand.name;
  const product = u.product || u.categoryLabel;
  const place = u.place ? ` in ${u.place}` : "";
  const ships = !u.model || u.model === "shipped-product" || u.model === "subscription-delivered";
  const goal = input.primary_goal === "pre-orders" && !ships ? "pre-orders:reserve" : input.primary_goal;
  const next = (NEXT_STEP[goal] ?? NEXT_STEP["collect emails"]!)(product, place);
  const hi = pick(["Hi there,", "Hello,", "Hi,"], seed, "hi");
  const facts = kitFactLines(u, input.business_idea);
  // What sets it apart, in the founder's words (a few words more than the product's name), never the brand's
  // positioning, which may speak of "them" and name a competitor.
  const own = (u.differentiator ?? "").replace(/[.\s]+$/, "").trim();
  const apart = own.split(/\s+/).length >= 3 && !product.toLowerCase().includes(own.toLowerCase()) ? `What makes ${name} different: ${own}.` : null;

  // Written to the reader ("you"), from what was understood and the founder's facts: no positioning that speaks of
  // "them", no competitor, and none of the brand's voice rules (those are notes for whoever writes, not copy).
  const welcome = {
    subject: pick([`Welcome to ${name}`, `You're in: ${name}`, `Thanks for joining ${name}`], seed, "s1"),
    preview: brand.tagline,
    body: [
      hi,
      `Thanks for signing up for **${name}**: ${product}${place}, made for people like you.`,
      ...(apart ? [apart] : []),
      next,
      `If you have a question about the ${product}, reply to this e-mail: it reaches the founder.`,
      `— The ${name} team`,
    ].join("\n\n"),
  };
  const why = {
    subject: pick([`Why we are building ${name}`, `The idea behind ${name}`, `What ${name} is for`], seed, "s2"),
    preview: pick([`Made for you`, `A note on who ${name} is for`], seed, "p2"),
    body: [
      hi,
      `We started ${name} for people like you${place}: ${product}, done properly.`,
      ...(facts.length ? [`A few things worth knowing:`, ...facts.map((f) => `- ${f}`)] : []),
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
