import crypto from "node:crypto";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { dialect, first, getDb, prepared, transaction, type Db } from "~/platform/db/client.server";
import { planChanges, users, type Plan, type PlanStatus } from "~/platform/db/schema";
import { invalidatePrefix } from "~/platform/render/page-cache.server";
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

export async function billingAccount(userId: string, db?: Db): Promise<BillingAccount | undefined> {
  // Inside a transaction, through it; otherwise a statement prepared once (every workspace section reads the plan).
  if (db) return first(db.select(columns).from(users).where(eq(users.id, userId)));
  return first(prepared("billing_account", () => getDb().select(columns).from(users).where(eq(users.id, sql.placeholder("userId")))).execute({ userId }));
}

export async function accountByStripeCustomer(customerId: string): Promise<BillingAccount | undefined> {
  return first(getDb().select(columns).from(users).where(eq(users.stripeCustomerId, customerId)));
}

export async function accountBySubscription(subscriptionId: string): Promise<BillingAccount | undefined> {
  return first(getDb().select(columns).from(users).where(eq(users.stripeSubscriptionId, subscriptionId)));
}

/**
 * Newest plan change first. Two changes can share a created_at millisecond on
 * SQLite, where the row order breaks the tie; on PostgreSQL created_at is
 * clock_timestamp() (microseconds, increasing), and the id only makes it total.
 */
function newestFirst() {
  return [desc(planChanges.createdAt), dialect() === "sqlite" ? sql`${planChanges}.rowid desc` : desc(planChanges.id)];
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

async function logChange(db: Db, userId: string, fromPlan: Plan, toPlan: Plan, source: string, note: string | null) {
  await db
    .insert(planChanges)
    .values({ id: crypto.randomUUID(), userId, fromPlan, toPlan, source, note: note?.slice(0, 500) ?? null });
}

/**
 * Sets an account's plan and logs the change (when plan, status or end date
 * differ), in a transaction of its own or in the caller's (`transaction()` joins it).
 * Returns false when the account does not exist.
 *
 * A Starter bought or refunded while the plan stays Pro changes what Pro falls
 * back to: it is logged as the Starter it gives or takes (free → starter,
 * starter → free; the plan column stays pro), which planBeforePro reads.
 */
export async function changePlan(userId: string, update: PlanUpdate, source: string, note: string | null): Promise<boolean> {
  // Joins the caller's transaction, if any; else the update and its log line go together.
  return transaction((tx) => applyPlanChange(tx, userId, update, source, note));
}

async function applyPlanChange(db: Db, userId: string, update: PlanUpdate, source: string, note: string | null): Promise<boolean> {
  const before = await billingAccount(userId, db);
  if (!before) return false;
  const { stripeCustomerId, stripeSubscriptionId, starterPaymentId, ...plan } = update;
  await db
    .update(users)
    .set({
      ...plan,
      ...(stripeCustomerId !== undefined ? { stripeCustomerId } : {}),
      ...(stripeSubscriptionId !== undefined ? { stripeSubscriptionId } : {}),
      ...(starterPaymentId !== undefined ? { starterPaymentId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  const changed =
    before.plan !== plan.plan || before.planStatus !== plan.planStatus || (before.planEndsAt?.getTime() ?? null) !== (plan.planEndsAt?.getTime() ?? null);
  const starterChanged = starterPaymentId !== undefined && (before.starterPaymentId === null) !== (starterPaymentId === null);
  if (changed) {
    await logChange(db, userId, before.plan, plan.plan, source, note);
    // Published pages show the badge (or not) by their owner's plan: cached copies must go.
    invalidatePrefix("/p/");
  } else if (starterChanged) {
    await logChange(db, userId, starterPaymentId ? "free" : "starter", starterPaymentId ? "starter" : "free", source, note);
  }
  return true;
}

/**
 * Logs what happened to an account whose plan does not change (a duplicate
 * subscription canceled...): the admins' list shows it with the plan changes.
 */
export async function logPlanEvent(userId: string, source: string, note: string): Promise<boolean> {
  return transaction(async (tx) => {
    const account = await billingAccount(userId, tx);
    if (!account) return false;
    await logChange(tx, userId, account.plan, account.plan, source, note);
    return true;
  });
}

/**
 * What a Pro subscription falls back to when it ends: Starter while a Starter
 * bought through Stripe stands (starter_payment_id, even when it was bought
 * during Pro), else the plan the account had before it became Pro (an admin's
 * Starter, or one bought before that column existed), read from the log. A
 * Starter that ended while on Pro (refunded: starter → free) counts as ended.
 */
export async function planBeforePro(userId: string): Promise<Plan> {
  if ((await billingAccount(userId))?.starterPaymentId) return "starter";
  const row = await first(
    getDb()
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
      .orderBy(...newestFirst())
      .limit(1),
  );
  return row?.toPlan === "starter" || (row?.toPlan === "pro" && row.fromPlan === "starter") ? "starter" : "free";
}

export type PlanChange = { id: string; fromPlan: string; toPlan: string; source: string; note: string | null; createdAt: Date };

export async function planHistory(userId: string, limit = 20): Promise<PlanChange[]> {
  return getDb()
    .select({ id: planChanges.id, fromPlan: planChanges.fromPlan, toPlan: planChanges.toPlan, source: planChanges.source, note: planChanges.note, createdAt: planChanges.createdAt })
    .from(planChanges)
    .where(eq(planChanges.userId, userId))
    .orderBy(...newestFirst())
    .limit(limit);
}

/** The latest plan changes of every account, for /admin/users, with the user's and the admin's e-mail. */
export async function recentPlanChanges(limit = 50) {
  const rows = await getDb()
    .select({ id: planChanges.id, userId: planChanges.userId, email: users.email, fromPlan: planChanges.fromPlan, toPlan: planChanges.toPlan, source: planChanges.source, note: planChanges.note, createdAt: planChanges.createdAt })
    .from(planChanges)
    .innerJoin(users, eq(users.id, planChanges.userId))
    .orderBy(...newestFirst())
    .limit(limit);
  const adminIds = [...new Set(rows.filter((r) => r.source.startsWith("admin:")).map((r) => r.source.slice(6)))];
  const admins = new Map<string, string>();
  for (const id of adminIds) {
    admins.set(id, (await first(getDb().select({ email: users.email }).from(users).where(eq(users.id, id))))?.email ?? "a deleted admin");
  }
  return rows.map((r) => ({ ...r, by: r.source.startsWith("admin:") ? `admin ${admins.get(r.source.slice(6))}` : `Stripe ${r.source.slice(7)}` }));
}

/**
 * An admin sets a plan by hand (the self-hoster's path, or support): Pro set
 * here is active with no end date. Stripe is not told: a live subscription
 * keeps sending its own updates. Free set here also takes away a Starter
 * bought through Stripe (refunded by hand, say): a Pro bought later falls
 * back to free, not to that Starter.
 */
export async function adminSetPlan(adminId: string, userId: string, plan: Plan, note?: string): Promise<boolean> {
  return transaction(() =>
    changePlan(
      userId,
      { plan, planStatus: plan === "pro" ? "active" : null, planEndsAt: null, ...(plan === "free" ? { starterPaymentId: null } : {}) },
      `admin:${adminId}`,
      note ?? "Set by an admin",
    ),
  );
}
