import type { Plan, PlanStatus } from "~/platform/db/schema";

/**
 * The business constants of the plans (product spec, "Plans"), shared by the
 * pricing page, the account page and the entitlements. Client-safe.
 */

export type { Plan, PlanStatus };

export const PLAN_NAMES: Record<Plan, string> = { free: "Free preview", starter: "Starter", pro: "Pro" };

/** What the founder is charged; the Stripe prices (STRIPE_PRICE_*) must match. */
export const PLAN_PRICES: Record<Exclude<Plan, "free">, { amount: string; period: string }> = {
  starter: { amount: "$39", period: "one-time" },
  pro: { amount: "$19", period: "per month" },
};

export type PaidPlan = "starter" | "pro";

/**
 * Regenerations of an asset (the "Regenerate" buttons of the workspace): every
 * account gets REGENERATIONS_INCLUDED a calendar month (UTC), Pro 4 more. The
 * first generation of an asset and the retry of one that never succeeded are
 * not regenerations. See docs/decisions/011-plans-and-payments.md.
 */
export const REGENERATIONS_INCLUDED = 5;
export const PRO_EXTRA_REGENERATIONS = 4;

/** Money-back guarantee of every paid plan, in days. */
export const MONEY_BACK_DAYS = 14;

/**
 * A past-due Pro subscription keeps Pro while Stripe retries the card, for at
 * most this long after its paid period ended (Stripe's default retry schedule
 * fits inside it); then it counts as ended even if no webhook said so.
 */
export const PAST_DUE_GRACE_DAYS = 14;

export const WATERMARK_TEXT = "Made with LaunchKit — preview";
export const BADGE_TEXT = "Made with LaunchKit";
