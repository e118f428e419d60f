import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { changes, first, getDb, transaction } from "~/platform/db/client.server";
import { stripeEvents } from "~/platform/db/schema";
import { logError } from "~/platform/log.server";
import { accountByStripeCustomer, accountBySubscription, billingAccount, changePlan, logPlanEvent, planBeforePro, type BillingAccount, type PlanUpdate } from "~/kit/plans/account.server";
import { effectivePlan } from "~/kit/plans/entitlements";
import { cancelSubscription, refundPayment, retrieveSubscription, stripeClient, stripeSettings, subscriptionPaidBy } from "./stripe.server";

/**
 * Stripe's signed webhook: the only way a payment changes a plan.
 *
 * - The signature is checked on the raw bytes with the webhook secret
 *   (stripe.webhooks.constructEvent); unsigned or wrongly signed: 400, nothing changes.
 *   Its timestamp must be within 5 minutes of now both ways: the SDK only
 *   refuses old ones, and a signature dated in the future would stay
 *   replayable for as long as it is ahead.
 * - Each event id is stored in stripe_events in the same transaction as the
 *   plan change it makes: a replayed or re-delivered event changes nothing.
 * - Subscriptions are read back from Stripe before they are applied, so events
 *   arriving out of order still leave the latest state.
 * - A failure to reach Stripe answers 500 without storing the event: Stripe
 *   delivers it again later.
 */

export type WebhookResult = { status: number; body: string };

/** A plan change to make; without `update` the plan stays and only the note is logged. */
type Change = { account: BillingAccount; update?: PlanUpdate; note: string };

const id = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

async function findAccount(userId: unknown, customerId: string | null, subscriptionId: string | null): Promise<BillingAccount | undefined> {
  return (
    (typeof userId === "string" && userId ? await billingAccount(userId) : undefined) ??
    (subscriptionId ? await accountBySubscription(subscriptionId) : undefined) ??
    (customerId ? await accountByStripeCustomer(customerId) : undefined)
  );
}

/** The end of the period paid for: the latest of the subscription items' period ends. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const ends = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === "number");
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "?");

/** A subscription that still bills and gives Pro (one set to cancel at its period end will not bill again). */
const billsOn = (sub: Stripe.Subscription) => ["active", "trialing", "past_due"].includes(sub.status) && !sub.cancel_at_period_end && !sub.cancel_at;

/** A subscription's state as the account's plan; null when it does not change the plan (not paid yet). */
async function subscriptionUpdate(sub: Stripe.Subscription, account: BillingAccount): Promise<{ update: PlanUpdate; note: string } | null> {
  const customer = id(sub.customer);
  const end = periodEnd(sub);
  switch (sub.status) {
    case "active":
    case "trialing": {
      const cancelAt = date(sub.cancel_at) ?? (sub.cancel_at_period_end ? end : null);
      if (cancelAt) {
        return {
          update: { plan: "pro", planStatus: "canceled", planEndsAt: cancelAt, stripeCustomerId: customer, stripeSubscriptionId: sub.id },
          note: `Pro canceled: access until ${fmt(cancelAt)}`,
        };
      }
      return {
        update: { plan: "pro", planStatus: "active", planEndsAt: end, stripeCustomerId: customer, stripeSubscriptionId: sub.id },
        note: `Pro active, paid until ${fmt(end)}`,
      };
    }
    case "past_due":
      return {
        update: { plan: "pro", planStatus: "past_due", planEndsAt: end, stripeCustomerId: customer, stripeSubscriptionId: sub.id },
        note: `Pro payment past due (period ended ${fmt(end)})`,
      };
    case "incomplete":
      return null;
    default: {
      // canceled, unpaid, incomplete_expired, paused: the subscription gives nothing any more.
      const fallback = await planBeforePro(account.id);
      return {
        update: { plan: fallback, planStatus: null, planEndsAt: null, stripeCustomerId: customer, stripeSubscriptionId: null },
        note: `Pro subscription ${sub.status}: back to ${fallback}`,
      };
    }
  }
}

async function checkoutChange(session: Stripe.Checkout.Session): Promise<Change | null> {
  const customer = id(session.customer);
  const account = await findAccount(session.metadata?.userId ?? session.client_reference_id, customer, null);
  if (!account) return null;
  if (session.mode === "payment") {
    // Delayed payment methods complete unpaid; checkout.session.async_payment_succeeded follows.
    if (session.payment_status !== "paid") return null;
    // The payment is what a refund names; a paid session always has one (the session id keeps the column set otherwise).
    const payment = id(session.payment_intent);
    const stripeCustomerId = customer ?? account.stripeCustomerId;
    if (payment && account.starterPaymentId && account.starterPaymentId !== payment) {
      // A second Starter (two tabs, both paid): the founder owns it already. Refunded at once, like a
      // duplicate Pro is canceled; its charge.refunded then names a payment that is not the Starter's.
      await refundPayment(payment, `duplicate of ${account.starterPaymentId}`);
      return { account, note: `Duplicate Starter payment refunded: the first one stands (payment ${payment}, Checkout ${session.id}, kept ${account.starterPaymentId})` };
    }
    if (effectivePlan(account) === "pro") {
      // Bought while on Pro (a stale tab): Pro includes Starter, so the plan stays Pro,
      // but the Starter is the founder's for good: it is what Pro falls back to when it ends.
      return {
        account,
        update: { plan: account.plan, planStatus: account.planStatus, planEndsAt: account.planEndsAt, stripeCustomerId, starterPaymentId: payment ?? session.id },
        note: `Starter bought while on Pro: kept when Pro ends (Checkout ${session.id}, payment ${payment ?? "?"})`,
      };
    }
    return {
      account,
      update: { plan: "starter", planStatus: null, planEndsAt: null, stripeCustomerId, starterPaymentId: payment ?? session.id },
      note: `Starter bought (Checkout ${session.id}, payment ${payment ?? "?"})`,
    };
  }
  if (session.mode === "subscription") {
    const subscriptionId = id(session.subscription);
    if (!subscriptionId) return null;
    const current = account.stripeSubscriptionId;
    if (current && current !== subscriptionId) {
      // A second subscription (a stale tab) while the first still bills: storing the new id would
      // leave the first one billing with its events ignored. The first is kept, the new one canceled.
      const first = await retrieveSubscription(current);
      if (first && billsOn(first)) {
        await cancelSubscription(subscriptionId);
        return { account, note: `Duplicate Pro subscription canceled: the first one stays (${subscriptionId}, Checkout ${session.id}, kept ${current})` };
      }
    }
    const sub = await retrieveSubscription(subscriptionId);
    if (!sub) return null;
    const change = await subscriptionUpdate(sub, account);
    return change ? { account, ...change, note: `${change.note} (Checkout ${session.id})` } : null;
  }
  return null;
}

async function subscriptionChange(event: Stripe.Event, payload: Stripe.Subscription): Promise<Change | null> {
  const account = await findAccount(payload.metadata?.userId, id(payload.customer), payload.id);
  if (!account) return null;
  // An event about an older subscription must not touch the current one.
  if (account.stripeSubscriptionId && account.stripeSubscriptionId !== payload.id) return null;
  // The latest state, not the event's snapshot (events may arrive out of order).
  const sub = event.type === "customer.subscription.deleted" ? payload : ((await retrieveSubscription(payload.id)) ?? payload);
  // A subscription the account does not know yet counts only while it is live (an ended one must not downgrade an admin's Pro).
  if (!account.stripeSubscriptionId && !["active", "trialing", "past_due"].includes(sub.status)) return null;
  const change = await subscriptionUpdate(sub, account);
  return change ? { account, ...change } : null;
}

async function refundChange(charge: Stripe.Charge): Promise<Change | null> {
  const account = await findAccount(charge.metadata?.userId, id(charge.customer), null);
  if (!account) return null;
  const amount = (charge.amount_refunded / 100).toFixed(2);
  if (!charge.refunded) {
    // A partial refund keeps the plan; the log says it happened.
    console.log(`Stripe partial refund of ${charge.id} (${amount}): plan of ${account.id} kept`);
    return null;
  }
  const refunded = `Refunded ${amount} ${charge.currency.toUpperCase()}`;
  const payment = id(charge.payment_intent);
  if (payment && payment === account.starterPaymentId) {
    // The Starter payment: Starter goes, nothing else. A Pro stays Pro (its subscription is paid
    // for separately) and falls back to free when it ends.
    if (account.plan === "pro") {
      return {
        account,
        update: { plan: "pro", planStatus: account.planStatus, planEndsAt: account.planEndsAt, starterPaymentId: null },
        note: `${refunded} for Starter: Pro stays, then free (charge ${charge.id})`,
      };
    }
    return {
      account,
      update: { plan: "free", planStatus: null, planEndsAt: null, starterPaymentId: null },
      note: `${refunded} for Starter: back to free (charge ${charge.id})`,
    };
  }
  if (account.plan !== "pro") {
    // Not the Starter payment we know (an old Pro charge, say): a Starter bought through Stripe stands.
    if (account.starterPaymentId) {
      console.log(`Stripe refund of ${charge.id} (${amount}), not the Starter payment: plan of ${account.id} kept`);
      return null;
    }
    // No payment on record (a Starter from before starter_payment_id): as before, back to free.
    if (account.stripeSubscriptionId) await cancelSubscription(account.stripeSubscriptionId);
    return {
      account,
      update: { plan: "free", planStatus: null, planEndsAt: null, stripeSubscriptionId: null },
      note: `${refunded}: back to free (charge ${charge.id})`,
    };
  }
  // A charge of another subscription (an earlier Pro, ended and bought again, or a duplicate from a
  // stale tab, canceled) refunds that one: the Pro being paid for now stays.
  if (account.stripeSubscriptionId) {
    const paidFor = payment ? await subscriptionPaidBy(payment) : null;
    if (paidFor && paidFor !== account.stripeSubscriptionId) {
      return { account, note: `${refunded} for an earlier subscription: Pro kept (charge ${charge.id}, subscription ${paidFor}, live ${account.stripeSubscriptionId})` };
    }
    // No invoice to tell by: a charge from before the live subscription began is not its own.
    if (!paidFor) {
      const current = await retrieveSubscription(account.stripeSubscriptionId);
      if (current && charge.created < current.created) {
        return { account, note: `${refunded} of a charge from before this subscription: Pro kept (charge ${charge.id}, live ${current.id})` };
      }
    }
  }
  // A Pro charge (or one we cannot tell): the money-back guarantee ends Pro, its subscription stops
  // billing, and the account falls back to a Starter it bought and kept (else free).
  if (account.stripeSubscriptionId) await cancelSubscription(account.stripeSubscriptionId);
  const fallback = await planBeforePro(account.id);
  return {
    account,
    update: { plan: fallback, planStatus: null, planEndsAt: null, stripeSubscriptionId: null },
    note: `${refunded}: Pro ended, back to ${fallback} (charge ${charge.id})`,
  };
}

async function changeFor(event: Stripe.Event): Promise<Change | null> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutChange(event.data.object);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChange(event, event.data.object);
    case "charge.refunded":
      return refundChange(event.data.object);
    default:
      return null;
  }
}

async function alreadyProcessed(eventId: string) {
  return !!(await first(getDb().select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId))));
}

/** Stripe's default tolerance, which constructEvent applies to the past only. */
const SIGNATURE_TOLERANCE_S = 300;

/** The signed `t=` of a Stripe-Signature header, read as the SDK reads it (the last one wins). */
function signedAt(header: string): number {
  let t = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") t = Number.parseInt(value ?? "", 10);
  }
  return t;
}

export async function handleStripeWebhook(rawBody: Uint8Array, signature: string | null): Promise<WebhookResult> {
  const settings = stripeSettings();
  const stripe = stripeClient();
  if (!settings || !stripe) return { status: 404, body: "Payments are not set up on this server." };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header." };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, settings.webhookSecret, SIGNATURE_TOLERANCE_S);
    if (!(signedAt(signature) <= Date.now() / 1000 + SIGNATURE_TOLERANCE_S)) throw new Error("signed in the future");
  } catch {
    return { status: 400, body: "Invalid signature." };
  }
  if (await alreadyProcessed(event.id)) return { status: 200, body: "Already processed." };

  let change: Change | null;
  try {
    change = await changeFor(event);
  } catch (error) {
    logError("stripe webhook failed", error, { event: event.id, type: event.type });
    return { status: 500, body: "Could not process the event; Stripe will retry." };
  }

  const applied = await transaction(async (tx) => {
    // Inserted first: of two deliveries racing, only one gets past this line.
    const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    if (changes(inserted) === 0) return false;
    // Both join this transaction (they run on its tx).
    if (change?.update) await changePlan(change.account.id, change.update, `stripe:${event.id}`, change.note);
    else if (change) await logPlanEvent(change.account.id, `stripe:${event.id}`, change.note);
    return true;
  });
  return { status: 200, body: applied ? "ok" : "Already processed." };
}
