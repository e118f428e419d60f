import type { z } from "zod";
import type { LaunchKit } from "~/platform/db/schema";
import { LOGO_ERRORS } from "~/ai/errors";
import { BRAND_ERROR } from "~/kit/messages";
import type { GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import { generateBrand } from "../assets/brand/step.server";
import { LandingContentSchema } from "../assets/landing/schema";
import { generateLanding } from "../assets/landing/step.server";
import { ensurePage } from "../assets/landing/pages.server";
import { DeckContentSchema } from "../assets/deck/schema";
import { generateDeck } from "../assets/deck/step.server";
import { LogoContentSchema } from "../assets/logo/schema";
import { generateMarks } from "../assets/logo/step.server";
import { AdsContentSchema } from "../assets/ads/schema";
import { generateAds } from "../assets/ads/step.server";
import { CalendarContentSchema } from "../assets/calendar/schema";
import { calendarContent } from "../assets/calendar/step.server";
import { ResearchContentSchema } from "../assets/research/schema";
import { generateResearch } from "../assets/research/step.server";
import { LaunchContentSchema } from "../assets/launch/schema";
import { generateLaunch } from "../assets/launch/step.server";
import { SocialContentSchema } from "../assets/social/schema";
import { runSocialStep } from "../assets/social/step.server";
import { BrandSchema, type Brand } from "../brand/brand";
import { cleanStepContent } from "../copy/clean-step";
import { checkStepCopy } from "../copy/customer-check-assets";
import { storedFounderFacts } from "../understanding/form";
import { founderFactsOf } from "../kits.server";

/**
 * One step per asset kind: reads the brand and the content it depends on,
 * asks the provider for structured content and returns it; the runner
 * validates it with `schema`, writes the row and publishes the events. The
 * copy clean-up (app/kit/copy) runs on what each step returns.
 * Assets of later issues register here.
 */

export type StepContext = {
  kit: LaunchKit;
  input: GenerationInput;
  provider: AIProvider;
  signal: AbortSignal;
  /** Empty for a first generation; varies a regeneration ("v3"). */
  salt: string;
  /** The kit's brand (every step after the brand has one). */
  brand: Brand | null;
  /** The ready content of another kind, or null. */
  content(kind: string): unknown;
};

export type AssetStep = {
  kind: string;
  schema: z.ZodType;
  /** The message when the step fails for a reason the error catalogue does not name. */
  failure: string;
  run(ctx: StepContext): Promise<unknown>;
};

function requireBrand(ctx: StepContext): Brand {
  if (!ctx.brand) throw new Error(`the ${ctx.kit.id} kit has no brand`);
  return ctx.brand;
}

const STEP_LIST: Record<string, AssetStep> = {
  brand: {
    kind: "brand",
    schema: BrandSchema,
    failure: BRAND_ERROR,
    run: async (ctx) => generateBrand(ctx.input, ctx.provider, ctx.signal, ctx.salt, storedFounderFacts(await founderFactsOf(ctx.kit.id))),
  },
  logo: {
    kind: "logo",
    schema: LogoContentSchema,
    failure: LOGO_ERRORS.other,
    run: (ctx) => generateMarks(ctx.input, requireBrand(ctx), ctx.provider, ctx.signal, ctx.salt),
  },
  landing: {
    kind: "landing",
    schema: LandingContentSchema,
    failure: "Failed to write your landing page. Please try again.",
    run: async (ctx) => {
      const content = await generateLanding(ctx.input, requireBrand(ctx), ctx.provider, ctx.signal, ctx.salt, ctx.content("landing"));
      // The page's address and stable id exist from now on: downloaded copies post their leads to that id.
      await ensurePage(ctx.kit.id, requireBrand(ctx).name);
      return content;
    },
  },
  social: {
    kind: "social",
    schema: SocialContentSchema,
    failure: "Failed to write your social posts. Please try again.",
    run: (ctx) => runSocialStep(ctx.input, requireBrand(ctx), ctx.content("social"), ctx.provider, ctx.signal, ctx.salt),
  },
  calendar: {
    kind: "calendar",
    schema: CalendarContentSchema,
    failure: "Failed to set up your content calendar. Please try again.",
    run: (ctx) => calendarContent(ctx.content("calendar")),
  },
  ads: {
    kind: "ads",
    schema: AdsContentSchema,
    failure: "Failed to write your ads. Please try again.",
    run: (ctx) => generateAds(ctx.input, requireBrand(ctx), ctx.provider, ctx.signal, ctx.salt),
  },
  research: {
    kind: "research",
    schema: ResearchContentSchema,
    failure: "Failed to write your research snapshot. Please try again.",
    run: (ctx) => generateResearch(ctx.input, requireBrand(ctx), ctx.provider, ctx.signal, ctx.salt),
  },
  deck: {
    kind: "deck",
    schema: DeckContentSchema,
    failure: "Failed to write your pitch deck. Please try again.",
    run: (ctx) => generateDeck(ctx.input, requireBrand(ctx), ctx.content("research"), ctx.provider, ctx.signal, ctx.salt),
  },
  launch: {
    kind: "launch",
    schema: LaunchContentSchema,
    failure: "Failed to write your launch-day posts. Please try again.",
    run: (ctx) => generateLaunch(ctx.kit.id, ctx.input, requireBrand(ctx), ctx.content("landing"), ctx.content("launch"), ctx.provider, ctx.signal, ctx.salt),
  },
};

/** Every step's content goes through the copy clean-up once, for both providers. */
export const STEPS: Record<string, AssetStep> = Object.fromEntries(
  Object.entries(STEP_LIST).map(([kind, step]) => [
    kind,
    {
      ...step,
      // Then the customer-copy check (no writer's notes, no claims of numbers the install lacks, cuts closed with "…").
      run: async (ctx: StepContext) => {
        const cleaned = cleanStepContent(step.kind, await step.run(ctx), step.schema, ctx.input, ctx.brand);
        return checkStepCopy(step.kind, cleaned, step.schema, ctx.input, ctx.brand);
      },
    },
  ]),
);
