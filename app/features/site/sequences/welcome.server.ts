import { generationInput, answerLines } from "~/kit/input";
import { getProvider } from "~/ai/index.server";
import { kitBrand } from "~/kit/content.server";
import { understandingOf } from "~/kit/assets/launch-copy";
import { brandBrief } from "~/kit/brand/brief";
import { cleanText } from "~/kit/copy/cleanup";
import { checkCustomerCopy, kitCheckContext } from "~/kit/copy/customer-check";
import { getKit } from "~/kit/kits.server";
import { businessLines } from "~/kit/understanding";
import type { StepInput } from "./sequences.server";
import { builtinWelcome, WELCOME_DELAYS, WelcomeSequenceSchema } from "./welcome";

const SYSTEM = [
  "You write the welcome e-mail sequence a new business sends to people who signed up on its landing page, in its brand's voice.",
  "Exactly 3 e-mails: 1) sent at sign-up: thanks, what happens next for the page's goal; 2) day 2: who the business is for and why it exists;",
  "3) day 5: one question the reader can answer by replying.",
  "Each: a subject (under 60 characters), a preview line (under 90) and a body in plain text with simple Markdown (paragraphs, - lists, **bold**).",
  "No links, no images, no greeting by name, no sign-off with a person's name: sign as the team.",
  "Never invent facts: no prices, discounts, dates, launch days, customer numbers, awards or testimonials the founder did not give you.",
].join("\n");

/**
 * The welcome sequence of a kit: the provider's (model or builtin), with the copy clean-up and the
 * customer-copy check applied (no writer's notes, the reader as "you", no competitor named). A text the
 * check empties is replaced by the builtin e-mail's, checked the same way.
 */
export async function writeWelcome(kitId: string, signal?: AbortSignal): Promise<StepInput[]> {
  const kit = await getKit(kitId);
  const brand = await kitBrand(kitId);
  if (!kit || !brand) throw new Error("The kit has no brand yet.");
  const input = generationInput(kit);
  const understanding = understandingOf(input, brand);
  const written = await getProvider().structured(
    {
      name: "welcome_sequence",
      schema: WelcomeSequenceSchema,
      system: SYSTEM,
      user: [
        ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice", "primary_goal"]),
        ...businessLines(input, brand),
        `Brand: ${brandBrief(brand)}`,
        `Positioning: ${brand.positioning}`,
      ].join("\n"),
      builtin: () => builtinWelcome(input, brand, understanding, kitId),
      maxTokens: 2500,
    },
    signal,
  );
  const ctx = { understanding, input, brandName: brand.name };
  const check = kitCheckContext(input, brand, understanding);
  const builtin = builtinWelcome(input, brand, understanding, kitId).emails;
  const text = (t: string, fallback: string, max: number) => {
    const own = checkCustomerCopy(cleanText(t, ctx), { ...check, maxLength: max }, "welcome").text;
    return own || checkCustomerCopy(cleanText(fallback, ctx), { ...check, maxLength: max }, "welcome").text;
  };
  return written.emails.map((e, i) => ({
    subject: text(e.subject, builtin[i]!.subject, 120),
    preview: text(e.preview, builtin[i]!.preview, 150),
    body: text(e.body, builtin[i]!.body, 4000),
    ...WELCOME_DELAYS[i]!,
  }));
}
