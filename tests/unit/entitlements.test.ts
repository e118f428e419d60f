import { describe, expect, it } from "vitest";
import { effectivePlan, entitlementsOf, FREE_ENTITLEMENTS, planChangesAt, purchaseBlock, type PlanAccount } from "~/kit/plans/entitlements";
import { PAST_DUE_GRACE_DAYS, PRO_EXTRA_REGENERATIONS, REGENERATIONS_INCLUDED } from "~/kit/plans/plans";

const DAY = 86_400_000;
const now = new Date("2026-11-15T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);
const account = (over: Partial<PlanAccount>): PlanAccount => ({ plan: "free", planStatus: null, planEndsAt: null, ...over });

describe("what each plan may do", () => {
  it("free: everything viewable, previews watermarked, no downloads or ZIP, publishing with the badge", () => {
    const e = entitlementsOf(account({}), now);
    expect(e).toMatchObject({ effectivePlan: "free", paid: false, canDownload: false, canExport: false, canPublish: true, watermarked: true, showsBadge: true, canUseCustomDomain: false });
    expect(e.monthlyRegenerations).toBe(REGENERATIONS_INCLUDED);
    expect(FREE_ENTITLEMENTS).toEqual(entitlementsOf(account({}), now));
  });

  it("starter: every download and the ZIP, no watermark, no badge, no custom domain", () => {
    const e = entitlementsOf(account({ plan: "starter" }), now);
    expect(e).toMatchObject({ effectivePlan: "starter", paid: true, canDownload: true, canExport: true, canPublish: true, watermarked: false, showsBadge: false, canUseCustomDomain: false });
    expect(e.monthlyRegenerations).toBe(REGENERATIONS_INCLUDED);
  });

  it("pro: Starter plus a custom domain and 4 more regenerations a month", () => {
    const e = entitlementsOf(account({ plan: "pro", planStatus: "active", planEndsAt: at(20) }), now);
    expect(e).toMatchObject({ effectivePlan: "pro", canDownload: true, canExport: true, watermarked: false, showsBadge: false, canUseCustomDomain: true });
    expect(e.monthlyRegenerations).toBe(REGENERATIONS_INCLUDED + PRO_EXTRA_REGENERATIONS);
  });
});

describe("a Pro subscription over time", () => {
  it("active stays Pro even past its period end (Stripe says when it ends)", () => {
    expect(effectivePlan(account({ plan: "pro", planStatus: "active", planEndsAt: at(-3) }), now)).toBe("pro");
    expect(effectivePlan(account({ plan: "pro", planStatus: null, planEndsAt: null }), now)).toBe("pro");
  });

  it("canceled keeps Pro until the end of the paid period, then falls back", () => {
    const canceled = account({ plan: "pro", planStatus: "canceled", planEndsAt: at(10) });
    expect(effectivePlan(canceled, now)).toBe("pro");
    expect(effectivePlan(canceled, at(10))).toBe("free");
    expect(effectivePlan(canceled, at(11), "starter")).toBe("starter");
    expect(entitlementsOf(canceled, at(11)).watermarked).toBe(true);
    expect(effectivePlan(account({ plan: "pro", planStatus: "canceled", planEndsAt: null }), now)).toBe("free");
  });

  it(`past due keeps Pro while Stripe retries the card, at most ${PAST_DUE_GRACE_DAYS} days after the period`, () => {
    const pastDue = account({ plan: "pro", planStatus: "past_due", planEndsAt: at(-2) });
    expect(effectivePlan(pastDue, now)).toBe("pro");
    expect(effectivePlan(pastDue, at(PAST_DUE_GRACE_DAYS - 3))).toBe("pro");
    expect(effectivePlan(pastDue, at(PAST_DUE_GRACE_DAYS))).toBe("free");
  });
});

describe("when a plan changes by the calendar alone", () => {
  it("a canceled Pro at the end of its period, a past-due one at the end of its grace; nothing else", () => {
    expect(planChangesAt(account({ plan: "pro", planStatus: "canceled", planEndsAt: at(10) }), now)).toEqual(at(10));
    expect(planChangesAt(account({ plan: "pro", planStatus: "past_due", planEndsAt: at(-2) }), now)).toEqual(at(PAST_DUE_GRACE_DAYS - 2));
    // Already past: it has changed, nothing more is coming by date.
    expect(planChangesAt(account({ plan: "pro", planStatus: "canceled", planEndsAt: at(-1) }), now)).toBeNull();
    // Active Pro renews (Stripe says when it ends), and free or Starter never end.
    expect(planChangesAt(account({ plan: "pro", planStatus: "active", planEndsAt: at(20) }), now)).toBeNull();
    expect(planChangesAt(account({ plan: "starter" }), now)).toBeNull();
    expect(planChangesAt(account({}), now)).toBeNull();
  });
});

describe("what not to sell", () => {
  it("refuses to sell what the account has", () => {
    const free = entitlementsOf(account({}), now);
    const starter = entitlementsOf(account({ plan: "starter" }), now);
    const pro = entitlementsOf(account({ plan: "pro", planStatus: "active", planEndsAt: at(20) }), now);
    const canceled = entitlementsOf(account({ plan: "pro", planStatus: "canceled", planEndsAt: at(20) }), now);
    expect(purchaseBlock(free, "starter")).toBeNull();
    expect(purchaseBlock(free, "pro")).toBeNull();
    expect(purchaseBlock(starter, "starter")).toMatch(/already have Starter/);
    expect(purchaseBlock(starter, "pro")).toBeNull();
    expect(purchaseBlock(pro, "starter")).toMatch(/includes everything in Starter/);
    expect(purchaseBlock(pro, "pro")).toMatch(/already on Pro/);
    expect(purchaseBlock(canceled, "pro")).toMatch(/resume it from the customer portal/);
  });
});
