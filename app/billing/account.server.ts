import crypto from "node:crypto";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { planChanges, users, type Plan, type PlanStatus } from "~/db/schema";
import { invalidatePrefix } from "~/utils/page-cache.server";
import type { PlanAccount } from "./entitlements";

/**
 * The plan columns of an account and their changes. Every change of plan,
 * status or end date is logged in plan_changes with its source:
 * "stripe:<event id>" for a webhook, "admin:<admin user id>" for /admin/users.
 */

export type BillingAccount = PlanAccount & {
  id: string;
  email: string;
  name: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The PaymentIntent of a Starter bought through Stripe and not refunded. */
  starterPaymentId: string | null;
};

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  plan: users.plan,
  planStatus: users.planStatus,
  planEndsAt: users.planEndsAt,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  starterPaymentId: users.starterPaymentId,
} as const;

export function billingAccount(userId: string): BillingAccount | undefined {
  return getDb().select(columns).from(users).where(eq(users.id, userId)).get();
}

export function accountByStripeCustomer(customerId: string): BillingAccount | undefined {
  return getDb().select(columns).from(users).where(eq(users.stripeCustomerId, customerId)).get();
}

export function accountBySubscription(subscriptionId: string): BillingAccount | undefined {
  return getDb().select(columns).from(users).where(eq(users.stripeSubscriptionId, subscriptionId)).get();
}

export type PlanUpdate = {
  plan: Plan;
  planStatus: PlanStatus | null;
  planEndsAt: Date | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  /** Set when Starter is bought through Stripe, null when that payment is refunded; undefined leaves it. */
  starterPaymentId?: string | null;
};

function logChange(userId: string, fromPlan: Plan, toPlan: Plan, source: string, note: string | null) {
  getDb()
    .insert(planChanges)
    .values({ id: crypto.randomUUID(), userId, fromPlan, toPlan, source, note: note?.slice(0, 500) ?? null })
    .run();
}

/**
 * Sets an account's plan and logs the change (when plan, status or end date
 * differ). Call it inside a transaction when it goes with other writes.
 * Returns false when the account does not exist.
 *
 * A Starter bought or refunded while the plan stays Pro changes what Pro falls
 * back to: it is logged as the Starter it gives or takes (free → starter,
 * starter → free; the plan column stays pro), which planBeforePro reads.
 */
export function changePlan(userId: string, update: PlanUpdate, source: string, note: string | null): boolean {
  const db = getDb();
  const before = billingAccount(userId);
  if (!before) return false;
  const { stripeCustomerId, stripeSubscriptionId, starterPaymentId, ...plan } = update;
  db.update(users)
    .set({
      ...plan,
      ...(stripeCustomerId !== undefined ? { stripeCustomerId } : {}),
      ...(stripeSubscriptionId !== undefined ? { stripeSubscriptionId } : {}),
      ...(starterPaymentId !== undefined ? { starterPaymentId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .run();
  const changed =
    before.plan !== plan.plan || before.planStatus !== plan.planStatus || (before.planEndsAt?.getTime() ?? null) !== (plan.planEndsAt?.getTime() ?? null);
  const starterChanged = starterPaymentId !== undefined && (before.starterPaymentId === null) !== (starterPaymentId === null);
  if (changed) {
    logChange(userId, before.plan, plan.plan, source, note);
    // Published pages show the badge (or not) by their owner's plan: cached copies must go.
    invalidatePrefix("/p/");
  } else if (starterChanged) {
    logChange(userId, starterPaymentId ? "free" : "starter", starterPaymentId ? "starter" : "free", source, note);
  }
  return true;
}

/**
 * Logs what happened to an account whose plan does not change (a duplicate
 * subscription canceled...): the admins' list shows it with the plan changes.
 */
export function logPlanEvent(userId: string, source: string, note: string): boolean {
  const account = billingAccount(userId);
  if (!account) return false;
  logChange(userId, account.plan, account.plan, source, note);
  return true;
}

/**
 * What a Pro subscription falls back to when it ends: Starter while a Starter
 * bought through Stripe stands (starter_payment_id, even when it was bought
 * during Pro), else the plan the account had before it became Pro (an admin's
 * Starter, or one bought before that column existed), read from the log. A
 * Starter that ended while on Pro (refunded: starter → free) counts as ended.
 */
export function planBeforePro(userId: string): Plan {
  if (billingAccount(userId)?.starterPaymentId) return "starter";
  const row = getDb()
    .select({ fromPlan: planChanges.fromPlan, toPlan: planChanges.toPlan })
    .from(planChanges)
    .where(
      and(
        eq(planChanges.userId, userId),
        or(
          and(eq(planChanges.toPlan, "pro"), ne(planChanges.fromPlan, "pro")),
          eq(planChanges.toPlan, "starter"),
          and(eq(planChanges.fromPlan, "starter"), eq(planChanges.toPlan, "free")),
        ),
      ),
    )
    .orderBy(desc(planChanges.createdAt), sql`${planChanges}.rowid desc`)
    .limit(1)
    .get();
  return row?.toPlan === "starter" || (row?.toPlan === "pro" && row.fromPlan === "starter") ? "starter" : "free";
}

export type PlanChange = { id: string; fromPlan: string; toPlan: string; source: string; note: string | null; createdAt: Date };

export function planHistory(userId: string, limit = 20): PlanChange[] {
  return getDb()
    .select({ id: planChanges.id, fromPlan: planChanges.fromPlan, toPlan: planChanges.toPlan, source: planChanges.source, note: planChanges.note, createdAt: planChanges.createdAt })
    .from(planChanges)
    .where(eq(planChanges.userId, userId))
    .orderBy(desc(planChanges.createdAt), sql`${planChanges}.rowid desc`)
    .limit(limit)
    .all();
}

/** The latest plan changes of every account, for /admin/users, with the user's and the admin's e-mail. */
export function recentPlanChanges(limit = 50) {
  const rows = getDb()
    .select({ id: planChanges.id, userId: planChanges.userId, email: users.email, fromPlan: planChanges.fromPlan, toPlan: planChanges.toPlan, source: planChanges.source, note: planChanges.note, createdAt: planChanges.createdAt })
    .from(planChanges)
    .innerJoin(users, eq(users.id, planChanges.userId))
    .orderBy(desc(planChanges.createdAt), sql`${planChanges}.rowid desc`)
    .limit(limit)
    .all();
  const adminIds = [...new Set(rows.filter((r) => r.source.startsWith("admin:")).map((r) => r.source.slice(6)))];
  const admins = new Map(adminIds.map((id) => [id, getDb().select({ email: users.email }).from(users).where(eq(users.id, id)).get()?.email ?? "a deleted admin"]));
  return rows.map((r) => ({ ...r, by: r.source.startsWith("admin:") ? `admin ${admins.get(r.source.slice(6))}` : `Stripe ${r.source.slice(7)}` }));
}

/**
 * An admin sets a plan by hand (the self-hoster's path, or support): Pro set
 * here is active with no end date. Stripe is not told: a live subscription
 * keeps sending its own updates.
 */
export function adminSetPlan(adminId: string, userId: string, plan: Plan, note?: string): boolean {
  return getDb().transaction(() =>
    changePlan(userId, { plan, planStatus: plan === "pro" ? "active" : null, planEndsAt: null }, `admin:${adminId}`, note ?? "Set by an admin"),
  );
}
