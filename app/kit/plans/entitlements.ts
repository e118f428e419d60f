import { PAST_DUE_GRACE_DAYS, PRO_EXTRA_REGENERATIONS, REGENERATIONS_INCLUDED, type Plan, type PlanStatus } from "./plans";

/**
 * What an account may do, from its plan. The one place that turns a plan into
 * permissions: routes, renderers and views ask for `canDownload`,
 * `watermarked`... and never compare plan names themselves. Pure and
 * client-safe; entitlements.server.ts reads the account from the database.
 */

export type PlanAccount = {
  plan: Plan;
  planStatus: PlanStatus | null;
  planEndsAt: Date | null;
};

export type Entitlements = {
  /** The plan stored on the account. */
  plan: Plan;
  /** The plan the account gets today (a canceled Pro past its end date falls back). */
  effectivePlan: Plan;
  status: PlanStatus | null;
  endsAt: Date | null;
  /** Any paid plan in effect. */
  paid: boolean;
  /** Single files: logo SVG/PNG, landing HTML, deck, guidelines, social images... */
  canDownload: boolean;
  /**
   * The brand guidelines PDF, opened in the browser: every plan, watermarked on
   * the free one (it shows best what the upgrade gives); the file to keep comes
   * with canDownload.
   */
  canPreviewGuidelines: boolean;
  /** The ZIP of the whole kit, and the e-mailed link to it. */
  canExport: boolean;
  /** Publishing a landing page at /p/<slug>: every plan. */
  canPublish: boolean;
  /** Previews carry the "Made with LaunchKit — preview" watermark. */
  watermarked: boolean;
  /** Published pages carry the small "Made with LaunchKit" footer badge. */
  showsBadge: boolean;
  canUseCustomDomain: boolean;
  /**
   * The whole Analytics section of a kit (views, conversion, the daily chart
   * and table, sources, campaigns, devices, the CSV) and its experiments.
   * Without it: the totals (visitors, leads).
   */
  fullAnalytics: boolean;
  /** Regenerations a calendar month (regenerations.server.ts counts them). */
  monthlyRegenerations: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The plan in effect at `now`. Pro is a subscription: active is Pro; past due
 * keeps Pro while Stripe retries the card, up to PAST_DUE_GRACE_DAYS after the
 * paid period; canceled keeps Pro until the end of the period paid for. After
 * that the account has `fallback`: the plan it had before Pro (a Starter
 * bought earlier is kept), which the subscription's end webhook also stores.
 */
export function effectivePlan(account: PlanAccount, now: Date = new Date(), fallback: Plan = "free"): Plan {
  if (account.plan !== "pro") return account.plan;
  const ends = account.planEndsAt?.getTime();
  switch (account.planStatus) {
    case "past_due":
      return ends === undefined || now.getTime() < ends + PAST_DUE_GRACE_DAYS * DAY_MS ? "pro" : fallback;
    case "canceled":
      return ends !== undefined && now.getTime() < ends ? "pro" : fallback;
    default:
      // Active (or set by an admin, with no status): Pro until Stripe says otherwise.
      return "pro";
  }
}

/**
 * When `effectivePlan` will change by the calendar alone (a canceled Pro
 * reaching the end of its period, a past-due one its grace), or null when
 * only an event (a webhook, an admin) can change it. Caches of what a plan
 * shows (published pages' badge) must not outlive it.
 */
export function planChangesAt(account: PlanAccount, now: Date = new Date()): Date | null {
  if (account.plan !== "pro" || !account.planEndsAt) return null;
  const ends = account.planEndsAt.getTime();
  const at = account.planStatus === "canceled" ? ends : account.planStatus === "past_due" ? ends + PAST_DUE_GRACE_DAYS * DAY_MS : null;
  return at !== null && at > now.getTime() ? new Date(at) : null;
}

export function entitlementsOf(account: PlanAccount, now: Date = new Date(), fallback: Plan = "free"): Entitlements {
  const plan = effectivePlan(account, now, fallback);
  const paid = plan !== "free";
  return {
    plan: account.plan,
    effectivePlan: plan,
    status: account.plan === "pro" ? account.planStatus : null,
    endsAt: account.plan === "pro" ? account.planEndsAt : null,
    paid,
    canDownload: paid,
    canPreviewGuidelines: true,
    canExport: paid,
    canPublish: true,
    watermarked: !paid,
    showsBadge: !paid,
    canUseCustomDomain: plan === "pro",
    fullAnalytics: plan === "pro",
    monthlyRegenerations: REGENERATIONS_INCLUDED + (plan === "pro" ? PRO_EXTRA_REGENERATIONS : 0),
  };
}

/** Free-plan defaults: what a signed-out visitor or an unknown account gets. */
export const FREE_ENTITLEMENTS: Entitlements = entitlementsOf({ plan: "free", planStatus: null, planEndsAt: null });

/**
 * Why an account should not buy `plan` now (it would pay for what it has), or
 * null. Pro includes Starter; a canceled Pro still running is resumed from
 * the customer portal rather than bought twice.
 */
export function purchaseBlock(e: Entitlements, plan: "starter" | "pro"): string | null {
  if (e.effectivePlan === "pro") {
    if (plan === "starter") return "Your Pro plan already includes everything in Starter.";
    if (e.status === "canceled" && e.endsAt) return `Your Pro plan is canceled and runs until ${e.endsAt.toISOString().slice(0, 10)}: resume it from the customer portal on your account page.`;
    return "You are already on Pro.";
  }
  if (e.effectivePlan === "starter" && plan === "starter") return "You already have Starter: every download and the ZIP are yours.";
  return null;
}
