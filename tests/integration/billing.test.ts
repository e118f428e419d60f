import { createConfirmedUser } from "../support/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { adminSetPlan, billingAccount } from "~/kit/plans/account.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { createCheckoutSession } from "~/features/billing/stripe.server";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { planChanges, stripeEvents, users } from "~/platform/db/schema";
import { setRole } from "~/features/users/users.server";
import { FAKE_PRICES, startFakeStripe } from "../support/fake-stripe.mjs";
import { routeArgs } from "../support/route-args";

/**
 * Plans and payments against a fake Stripe API on loopback (the SDK pointed
 * at it with STRIPE_API_URL → host/port/protocol), with webhook events signed
 * by the SDK's webhooks.generateTestHeaderString. The routes are called as
 * React Router calls them: a Request in, a Response (or data) out.
 */

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const ORIGIN = "http://launchkit.test";

function useStripe() {
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_STARTER: "price_fake_starter",
    STRIPE_PRICE_PRO: "price_fake_pro",
    STRIPE_API_URL: fake.url,
  });
  resetConfigForTests();
}

function noStripe() {
  for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO", "STRIPE_API_URL"]) delete process.env[k];
  resetConfigForTests();
}

let n = 0;
async function founder() {
  const user = await createConfirmedUser({ name: "Ada Founder", email: `founder${++n}@billing.test`, password: "Secret123" });
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  return { user, cookie };
}

type Result = Response | { data: unknown; init: { status?: number } | null };
const statusOf = (r: Result) => (r instanceof Response ? r.status : (r.init?.status ?? 200));
const dataOf = (r: Result) => (r instanceof Response ? null : (r.data as { message?: string }));

async function postCheckout(plan: string, cookie?: string): Promise<Result> {
  const { action } = await import("~/routes/billing/checkout");
  const request = new Request(`${ORIGIN}/checkout?plan=${plan}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ plan }),
  });
  return (await action(routeArgs(request, {}, {}))) as Result;
}

/** Posts raw bytes to the webhook route, as Stripe does (JSON, a Stripe-Signature header, no Origin, no cookie). */
async function postWebhook(payload: string, signature: string | null) {
  const { action } = await import("~/routes/billing/stripe-webhook");
  const request = new Request(`${ORIGIN}/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8", ...(signature ? { "Stripe-Signature": signature } : {}) },
    body: payload,
  });
  const res = (await action(routeArgs(request, {}, {}))) as Response;
  return { status: res.status, text: await res.text() };
}

async function send(event: ReturnType<typeof fake.makeEvent>) {
  const { payload, header } = fake.sign(event);
  return postWebhook(payload, header);
}

/** Checkout through the fake, paid: what Stripe does when the founder pays. */
async function pay(user: { id: string; email: string }, plan: "starter" | "pro") {
  const url = await createCheckoutSession(user, plan, ORIGIN);
  const sessionId = url.split("/").pop()!;
  const session = fake.completeCheckout(sessionId);
  const event = fake.makeEvent("checkout.session.completed", session);
  return { session, event, response: await send(event) };
}

const changesOf = (userId: string) => getDb().select().from(planChanges).where(eq(planChanges.userId, userId));

/** Stripe's charge.refunded after a full refund of one payment's charge. */
function refundPayment(paymentIntent: string) {
  return fake.makeEvent("charge.refunded", fake.refundPaymentIntent(paymentIntent));
}

/** The Pro subscription's charge: the customer's charge that is not the Starter payment. */
function proPayment(customer: string, starterPayment: string) {
  return [...fake.state.charges.values()].find((c) => c.customer === customer && c.payment_intent !== starterPayment)!.payment_intent as string;
}

/** A Pro that ended, then Pro bought again: the first subscription's charge and the live subscription. */
async function proEndedThenBoughtAgain(beforeBuyingAgain?: (oldCharge: { payment_intent: unknown; created: number }) => void) {
  const { user } = await founder();
  const first = await pay(user, "pro");
  const customer = first.session.customer as string;
  await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(first.session.subscription as string)));
  const oldCharge = [...fake.state.charges.values()].find((c) => c.customer === customer)!;
  beforeBuyingAgain?.(oldCharge);
  const again = await pay(user, "pro");
  return { user, first, customer, oldCharge, liveId: again.session.subscription as string };
}

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  noStripe();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  useStripe();
});

describe("checkout", () => {
  it("sends a signed-out visitor to sign in first, coming back to the plan's checkout page", async () => {
    const res = (await postCheckout("starter")) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent("/checkout?plan=starter")}`);
    expect(fake.requests).toHaveLength(0);
  });

  it("Starter: a one-time payment session for the user, answered with a 303 to Stripe's page", async () => {
    const { user, cookie } = await founder();
    const res = (await postCheckout("starter", cookie)) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_\\w+$`));
    const call = fake.requests.at(-1)!;
    expect(call).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", authorization: `Bearer ${fake.secretKey}` });
    expect(call.body).toMatchObject({
      mode: "payment",
      line_items: [{ price: "price_fake_starter", quantity: "1" }],
      client_reference_id: user.id,
      metadata: { userId: user.id, plan: "starter" },
      customer_email: user.email,
      customer_creation: "always",
      payment_intent_data: { metadata: { userId: user.id, plan: "starter" } },
      success_url: `${ORIGIN}/account?checkout=success`,
      cancel_url: `${ORIGIN}/pricing?checkout=canceled`,
    });
    // Nothing changes before Stripe's signed webhook says the payment went through.
    expect((await billingAccount(user.id))!.plan).toBe("free");
  });

  it("Pro: a subscription session with the user's id on the subscription too", async () => {
    const { user, cookie } = await founder();
    const res = (await postCheckout("pro", cookie)) as Response;
    expect(res.status).toBe(303);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      mode: "subscription",
      line_items: [{ price: "price_fake_pro", quantity: "1" }],
      client_reference_id: user.id,
      subscription_data: { metadata: { userId: user.id, plan: "pro" } },
    });
    expect(fake.requests.at(-1)!.body.customer_creation).toBeUndefined();
  });

  it("refuses an unknown plan (400), a plan the account has (409), and says so when Stripe is down (502)", async () => {
    const { user, cookie } = await founder();
    expect(statusOf(await postCheckout("enterprise", cookie))).toBe(400);
    await pay(user, "starter");
    const again = await postCheckout("starter", cookie);
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again)!.message).toMatch(/already have Starter/);

    process.env.STRIPE_API_URL = "http://127.0.0.1:9";
    resetConfigForTests();
    const down = await postCheckout("pro", cookie);
    expect(statusOf(down)).toBe(502);
    expect(dataOf(down)!.message).toMatch(/could not reach the payment provider/);
  });

  it("without Stripe settings the app runs: buttons say payments are not set up, checkout answers 503", async () => {
    noStripe();
    const { cookie } = await founder();
    const res = await postCheckout("starter", cookie);
    expect(statusOf(res)).toBe(503);
    expect(dataOf(res)!.message).toMatch(/Payments are not set up on this server/);
    const { loader } = await import("~/routes/marketing/pricing");
    expect(await loader(routeArgs(new Request(`${ORIGIN}/pricing`), {}, {}))).toEqual({ paymentsEnabled: false, currentPlan: null });
    const webhook = await postWebhook("{}", "t=1,v1=x");
    expect(webhook.status).toBe(404);
  });
});

describe("the webhook", () => {
  it("upgrades to Starter on checkout.session.completed, stores the customer and logs the change", async () => {
    const { user } = await founder();
    expect(await entitlementsFor(user.id)).toMatchObject({ canDownload: false, watermarked: true });
    const { session, event, response } = await pay(user, "starter");
    expect(response).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", planStatus: null, stripeCustomerId: session.customer });
    expect(await entitlementsFor(user.id)).toMatchObject({ canDownload: true, canExport: true, watermarked: false, showsBadge: false, canUseCustomDomain: false });
    expect(await changesOf(user.id)).toEqual([expect.objectContaining({ fromPlan: "free", toPlan: "starter", source: `stripe:${event.id}` })]);
  });

  it("processes a replayed event once: the second delivery changes nothing", async () => {
    const { user } = await founder();
    const { event } = await pay(user, "starter");
    // An admin takes the plan away; a replay of the old event must not give it back.
    await getDb().update(users).set({ plan: "free" }).where(eq(users.id, user.id));
    expect(await send(event)).toEqual({ status: 200, text: "Already processed." });
    expect((await billingAccount(user.id))!.plan).toBe("free");
    expect(await changesOf(user.id)).toHaveLength(1);
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
  });

  it("answers 400 to an unsigned, wrongly signed or tampered event and changes nothing", async () => {
    const { user } = await founder();
    const url = await createCheckoutSession(user, "starter", ORIGIN);
    const session = fake.completeCheckout(url.split("/").pop()!);
    const event = fake.makeEvent("checkout.session.completed", session);
    const { payload, header } = fake.sign(event);

    expect(await postWebhook(payload, null)).toEqual({ status: 400, text: "Missing Stripe-Signature header." });
    expect(await postWebhook(payload, fake.sign(event, "whsec_someoneelse").header)).toEqual({ status: 400, text: "Invalid signature." });
    expect(await postWebhook(payload.replace('"paid"', '"paid" '), header)).toEqual({ status: 400, text: "Invalid signature." });
    expect(await postWebhook(payload, "t=1700000000,v1=deadbeef")).toEqual({ status: 400, text: "Invalid signature." });
    expect((await billingAccount(user.id))!.plan).toBe("free");
    expect(await changesOf(user.id)).toHaveLength(0);
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    // The genuine delivery still works afterwards.
    expect((await postWebhook(payload, header)).status).toBe(200);
    expect((await billingAccount(user.id))!.plan).toBe("starter");
  });

  it("answers 400 to a signature dated more than 5 minutes ahead, as to one 5 minutes old; a few seconds ahead passes", async () => {
    const { user } = await founder();
    const url = await createCheckoutSession(user, "starter", ORIGIN);
    const event = fake.makeEvent("checkout.session.completed", fake.completeCheckout(url.split("/").pop()!));
    const now = Math.floor(Date.now() / 1000);
    for (const t of [now + 3600, now + 301, now - 301]) {
      const { payload, header } = fake.sign(event, fake.webhookSecret, t);
      expect(await postWebhook(payload, header)).toEqual({ status: 400, text: "Invalid signature." });
    }
    // A signed timestamp repeated later in the header is the one that counts (the SDK reads the last).
    const ahead = fake.sign(event, fake.webhookSecret, now + 3600);
    expect(await postWebhook(ahead.payload, `t=${now},${ahead.header}`)).toEqual({ status: 400, text: "Invalid signature." });
    expect((await billingAccount(user.id))!.plan).toBe("free");
    expect(await changesOf(user.id)).toHaveLength(0);
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);

    const { payload, header } = fake.sign(event, fake.webhookSecret, now + 10);
    expect(await postWebhook(payload, header)).toEqual({ status: 200, text: "ok" });
    expect((await billingAccount(user.id))!.plan).toBe("starter");
  });

  it("Pro: active with the end of the paid period and the subscription id", async () => {
    const { user } = await founder();
    const { session } = await pay(user, "pro");
    const sub = fake.state.subscriptions.get(session.subscription as string)!;
    const account = (await billingAccount(user.id))!;
    expect(account).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: sub.id, stripeCustomerId: session.customer });
    expect(account.planEndsAt!.getTime()).toBe(sub.items.data[0].current_period_end * 1000);
    expect(await entitlementsFor(user.id)).toMatchObject({ canUseCustomDomain: true, monthlyRegenerations: 9 });
    // The SDK read the subscription back from the API.
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/subscriptions/${sub.id}`)).toBe(true);
  });

  it("a canceled subscription keeps Pro until its period ends, then the account goes back to its previous plan", async () => {
    const { user } = await founder();
    await pay(user, "starter");
    const { session } = await pay(user, "pro");
    const subId = session.subscription as string;
    const sub = fake.cancelAtPeriodEnd(subId);
    expect((await send(fake.makeEvent("customer.subscription.updated", sub))).status).toBe(200);
    const end = new Date(sub.items.data[0].current_period_end * 1000);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "canceled", planEndsAt: end });
    expect((await entitlementsFor(user.id)).effectivePlan).toBe("pro");
    // After the end date, even before Stripe's "deleted" arrives: the Starter bought earlier.
    expect((await entitlementsFor(user.id, new Date(end.getTime() + 1000))).effectivePlan).toBe("starter");

    expect((await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(subId)))).status).toBe(200);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", planStatus: null, planEndsAt: null, stripeSubscriptionId: null });
    expect((await changesOf(user.id)).map((c) => `${c.fromPlan}→${c.toPlan}`).sort()).toEqual(["free→starter", "pro→pro", "pro→starter", "starter→pro"].sort());
  });

  it("reads the subscription's latest state: an old 'active' snapshot arriving late does not undo a cancel", async () => {
    const { user } = await founder();
    const { session } = await pay(user, "pro");
    const subId = session.subscription as string;
    const stale = structuredClone(fake.state.subscriptions.get(subId));
    await send(fake.makeEvent("customer.subscription.updated", fake.cancelAtPeriodEnd(subId)));
    expect((await send(fake.makeEvent("customer.subscription.updated", stale))).status).toBe(200);
    expect((await billingAccount(user.id))!.planStatus).toBe("canceled");
  });

  it("past due: Pro while Stripe retries the card", async () => {
    const { user } = await founder();
    const { session } = await pay(user, "pro");
    await send(fake.makeEvent("customer.subscription.updated", fake.setStatus(session.subscription as string, "past_due")));
    expect((await billingAccount(user.id))!.planStatus).toBe("past_due");
    expect((await entitlementsFor(user.id)).effectivePlan).toBe("pro");
  });

  it("a full refund goes back to free (and ends a Pro subscription); a partial refund keeps the plan", async () => {
    const { user } = await founder();
    const { session } = await pay(user, "starter");
    const customer = session.customer as string;
    const partial = { ...fake.refundLatest(customer), refunded: false, amount_refunded: 1000 };
    expect((await send(fake.makeEvent("charge.refunded", partial))).status).toBe(200);
    expect((await billingAccount(user.id))!.plan).toBe("starter");
    const refund = fake.makeEvent("charge.refunded", fake.refundLatest(customer));
    expect((await send(refund)).status).toBe(200);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", planStatus: null });
    expect((await changesOf(user.id)).at(-1) ?? null).toBeTruthy();
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({ fromPlan: "starter", toPlan: "free" });

    const pro = await founder();
    const paid = await pay(pro.user, "pro");
    await send(fake.makeEvent("charge.refunded", fake.refundLatest(paid.session.customer as string)));
    expect(await billingAccount(pro.user.id)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
    expect(fake.state.subscriptions.get(paid.session.subscription as string)!.status).toBe("canceled");
  });

  it("stores events it has no use for, and answers 500 (nothing stored) when Stripe cannot be reached, so Stripe retries", async () => {
    const other = fake.makeEvent("invoice.created", { id: "in_1", object: "invoice" });
    expect(await send(other)).toEqual({ status: 200, text: "ok" });
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, other.id))).toHaveLength(1);

    const { user } = await founder();
    const url = await createCheckoutSession(user, "pro", ORIGIN);
    const session = fake.completeCheckout(url.split("/").pop()!);
    const event = fake.makeEvent("checkout.session.completed", session);
    process.env.STRIPE_API_URL = "http://127.0.0.1:9";
    resetConfigForTests();
    expect((await send(event)).status).toBe(500);
    expect((await billingAccount(user.id))!.plan).toBe("free");
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    useStripe();
    expect((await send(event)).status).toBe(200);
    expect((await billingAccount(user.id))!.plan).toBe("pro");
  });

  it("the fake's checkout page pays and delivers the signed webhook itself, then returns to the success URL", async () => {
    const { user } = await founder();
    const url = await createCheckoutSession(user, "starter", ORIGIN);
    const page = await fetch(url);
    expect(await page.text()).toContain(`Pay $${(FAKE_PRICES.price_fake_starter.unit_amount / 100).toFixed(2)}`);
    // Here the webhook target is the route module itself, through a tiny HTTP bridge.
    const http = await import("node:http");
    const bridge = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const r = await postWebhook(Buffer.concat(chunks).toString("utf8"), String(req.headers["stripe-signature"] ?? ""));
      res.writeHead(r.status).end(r.text);
    });
    await new Promise<void>((resolve) => bridge.listen(0, "127.0.0.1", resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${(bridge.address() as { port: number }).port}/stripe/webhook`);
    try {
      const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`${ORIGIN}/account?checkout=success`);
      expect(fake.state.deliveries.at(-1)).toMatchObject({ status: 200, body: "ok" });
      expect((await billingAccount(user.id))!.plan).toBe("starter");
    } finally {
      fake.setWebhookUrl(null);
      await new Promise((resolve) => bridge.close(resolve));
    }
  });
});

describe("Starter and Pro on one account", () => {
  it("a Starter bought while on Pro is recorded: the plan stays Pro, and when Pro ends the account falls back to Starter", async () => {
    const { user } = await founder();
    const pro = await pay(user, "pro");
    const subId = pro.session.subscription as string;
    // A stale pricing tab: Stripe takes the Starter payment although the account is on Pro.
    const starter = await pay(user, "starter");
    expect(starter.response).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: subId, starterPaymentId: starter.session.payment_intent });
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${starter.event.id}`)).toMatchObject({ fromPlan: "free", toPlan: "starter", note: expect.stringMatching(/^Starter bought while on Pro/) });

    // Canceled, past its end date but before Stripe's "deleted": Starter, not free.
    const sub = fake.cancelAtPeriodEnd(subId);
    await send(fake.makeEvent("customer.subscription.updated", sub));
    const end = new Date(sub.items.data[0].current_period_end * 1000);
    expect((await entitlementsFor(user.id, new Date(end.getTime() + 1000))).effectivePlan).toBe("starter");

    const deleted = fake.makeEvent("customer.subscription.deleted", fake.endSubscription(subId));
    await send(deleted);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", planStatus: null, stripeSubscriptionId: null });
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${deleted.id}`)).toMatchObject({ fromPlan: "pro", toPlan: "starter", note: "Pro subscription canceled: back to starter" });
  });

  it("a Starter bought while on Pro is also what an unpaid subscription falls back to", async () => {
    const { user } = await founder();
    const pro = await pay(user, "pro");
    await pay(user, "starter");
    await send(fake.makeEvent("customer.subscription.updated", fake.setStatus(pro.session.subscription as string, "unpaid")));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", planStatus: null, stripeSubscriptionId: null });
  });

  it("refunding the Starter payment of a Pro account removes Starter only: Pro stays, and ends to free", async () => {
    const { user } = await founder();
    const starter = await pay(user, "starter");
    const pro = await pay(user, "pro");
    const subId = pro.session.subscription as string;
    const refund = refundPayment(starter.session.payment_intent as string);
    expect(await send(refund)).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: subId, starterPaymentId: null });
    expect(fake.state.subscriptions.get(subId)!.status).toBe("active");
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(false);
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({ fromPlan: "starter", toPlan: "free", note: expect.stringMatching(/for Starter: Pro stays, then free/) });

    // The log still says "starter → pro": the refund is what counts.
    await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(subId)));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
  });

  it("refunding the Pro charge cancels the subscription and falls back to a Starter bought and kept", async () => {
    const { user } = await founder();
    const starter = await pay(user, "starter");
    const pro = await pay(user, "pro");
    const customer = pro.session.customer as string;
    const refund = refundPayment(proPayment(customer, starter.session.payment_intent as string));
    expect(await send(refund)).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", planStatus: null, stripeSubscriptionId: null, starterPaymentId: starter.session.payment_intent });
    expect(fake.state.subscriptions.get(pro.session.subscription as string)!.status).toBe("canceled");
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({ fromPlan: "pro", toPlan: "starter", note: expect.stringMatching(/Pro ended, back to starter/) });

    // The Starter payment refunded afterwards: free.
    await send(refundPayment(starter.session.payment_intent as string));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", starterPaymentId: null });
  });

  it("refunding both payments, Starter first, leaves free; a refund of an old Pro charge keeps a Starter bought later", async () => {
    const { user } = await founder();
    const starter = await pay(user, "starter");
    const pro = await pay(user, "pro");
    const proCharge = proPayment(pro.session.customer as string, starter.session.payment_intent as string);
    await send(refundPayment(starter.session.payment_intent as string));
    await send(refundPayment(proCharge));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
    expect(fake.state.subscriptions.get(pro.session.subscription as string)!.status).toBe("canceled");

    // Pro ended by Stripe, then Starter bought; a late refund of the old Pro charge does not take Starter.
    const other = await founder();
    const otherPro = await pay(other.user, "pro");
    await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(otherPro.session.subscription as string)));
    const otherStarter = await pay(other.user, "starter");
    expect((await billingAccount(other.user.id))!.plan).toBe("starter");
    await send(refundPayment(proPayment(otherPro.session.customer as string, otherStarter.session.payment_intent as string)));
    expect(await billingAccount(other.user.id)).toMatchObject({ plan: "starter", starterPaymentId: otherStarter.session.payment_intent });
  });

  it("refunding a charge of an earlier, ended Pro keeps the Pro bought again since", async () => {
    const { user, first, customer, oldCharge, liveId } = await proEndedThenBoughtAgain();
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", stripeSubscriptionId: liveId });

    const refund = refundPayment(oldCharge.payment_intent as string);
    expect(await send(refund)).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: liveId });
    expect(fake.state.subscriptions.get(liveId)!.status).toBe("active");
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(false);
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({
      note: expect.stringMatching(new RegExp(`for an earlier subscription: Pro kept \\(charge ch_\\w+, subscription ${first.session.subscription}, live ${liveId}\\)$`)),
    });

    // A refund of the live subscription's own charge still ends it (the money-back guarantee).
    const liveCharge = [...fake.state.charges.values()].find((c) => c.customer === customer && c.id !== oldCharge.id)!;
    await send(refundPayment(liveCharge.payment_intent as string));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
    expect(fake.state.subscriptions.get(liveId)!.status).toBe("canceled");
  });

  it("a refunded charge Stripe has no invoice for, older than the live subscription, keeps Pro too", async () => {
    const { user, liveId, oldCharge } = await proEndedThenBoughtAgain((charge) => {
      fake.state.invoicesByPayment.delete(charge.payment_intent as string);
      charge.created -= 40 * 24 * 3600; // weeks before the Pro bought again
    });
    const refund = refundPayment(oldCharge.payment_intent as string);
    await send(refund);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", stripeSubscriptionId: liveId });
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({
      note: expect.stringMatching(new RegExp(`of a charge from before this subscription: Pro kept \\(charge ch_\\w+, live ${liveId}\\)$`)),
    });
  });

  it("refunding the first charge of a duplicate subscription (canceled at Stripe) keeps the account's own Pro", async () => {
    const { user } = await founder();
    const first = await pay(user, "pro");
    const firstId = first.session.subscription as string;
    const second = await pay(user, "pro");
    const secondId = second.session.subscription as string;
    expect(fake.state.subscriptions.get(secondId)!.status).toBe("canceled");
    const duplicateCharge = [...fake.state.invoicesByPayment].find(([, inv]) => inv.parent.subscription_details.subscription === secondId)![0];
    const refund = refundPayment(duplicateCharge);
    expect(await send(refund)).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: firstId });
    expect(fake.state.subscriptions.get(firstId)!.status).toBe("active");
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${refund.id}`)).toMatchObject({
      note: expect.stringMatching(new RegExp(`for an earlier subscription: Pro kept \\(charge ch_\\w+, subscription ${secondId}, live ${firstId}\\)$`)),
    });
  });

  it("an admin's Starter is still what Pro falls back to (no Stripe payment on record)", async () => {
    const admin = await founder();
    const { user } = await founder();
    await adminSetPlan(admin.user.id, user.id, "starter");
    const pro = await pay(user, "pro");
    await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(pro.session.subscription as string)));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", starterPaymentId: null });
  });

  it("a Starter an admin took away (set to free) is not what a later Pro falls back to", async () => {
    const admin = await founder();
    const { user } = await founder();
    const starter = await pay(user, "starter");
    expect((await billingAccount(user.id))!.starterPaymentId).toBe(starter.session.payment_intent);
    await adminSetPlan(admin.user.id, user.id, "free", "Refunded by hand");
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", starterPaymentId: null });
    const pro = await pay(user, "pro");
    await send(fake.makeEvent("customer.subscription.deleted", fake.endSubscription(pro.session.subscription as string)));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
  });

  it("a second subscription from a stale tab is canceled at Stripe; the account keeps the first and follows its events", async () => {
    const { user } = await founder();
    const first = await pay(user, "pro");
    const firstId = first.session.subscription as string;
    const second = await pay(user, "pro");
    const secondId = second.session.subscription as string;
    expect(second.response).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: firstId });
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${secondId}`)).toBe(true);
    expect(fake.state.subscriptions.get(secondId)!.status).toBe("canceled");
    expect(fake.state.subscriptions.get(firstId)!.status).toBe("active");
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${second.event.id}`)).toMatchObject({
      fromPlan: "pro",
      toPlan: "pro",
      note: `Duplicate Pro subscription canceled: the first one stays (${secondId}, Checkout ${second.session.id}, kept ${firstId})`,
    });
    // The canceled duplicate's own "deleted" changes nothing; the first one's events still apply.
    await send(fake.makeEvent("customer.subscription.deleted", fake.state.subscriptions.get(secondId)));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: firstId });
    await send(fake.makeEvent("customer.subscription.updated", fake.cancelAtPeriodEnd(firstId)));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "canceled", stripeSubscriptionId: firstId });
  });

  it("a second Starter paid in another tab is refunded at Stripe, once; the account keeps the first payment", async () => {
    const { user, cookie } = await founder();
    // Both tabs opened Checkout before either was paid.
    const tabs = [await createCheckoutSession(user, "starter", ORIGIN), await createCheckoutSession(user, "starter", ORIGIN)];
    const first = fake.completeCheckout(tabs[0]!.split("/").pop()!);
    expect(await send(fake.makeEvent("checkout.session.completed", first))).toEqual({ status: 200, text: "ok" });
    const second = fake.completeCheckout(tabs[1]!.split("/").pop()!);
    const secondEvent = fake.makeEvent("checkout.session.completed", second);
    expect(await send(secondEvent)).toEqual({ status: 200, text: "ok" });

    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", starterPaymentId: first.payment_intent });
    const charge = (pi: unknown) => fake.chargeOf(pi)!;
    expect(charge(second.payment_intent)).toMatchObject({ refunded: true, amount_refunded: charge(second.payment_intent).amount });
    expect(charge(first.payment_intent)).toMatchObject({ refunded: false, amount_refunded: 0 });
    const refunds = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refunds()).toEqual([expect.objectContaining({ body: expect.objectContaining({ payment_intent: second.payment_intent, reason: "duplicate" }) })]);
    expect((await changesOf(user.id)).find((c) => c.source === `stripe:${secondEvent.id}`)).toMatchObject({
      fromPlan: "starter",
      toPlan: "starter",
      note: `Duplicate Starter payment refunded: the first one stands (payment ${second.payment_intent}, Checkout ${second.id}, kept ${first.payment_intent})`,
    });

    // The founder's plan history says what happened, without Stripe's ids.
    const { loader } = await import("~/routes/account");
    const page = (await loader(routeArgs(new Request(`${ORIGIN}/account`, { headers: { Cookie: cookie } }), {}, {}))) as { history: Array<{ note: string | null }> };
    expect(page.history.map((h) => h.note)).toEqual(["Duplicate Starter payment refunded: the first one stands", "Starter bought"]);

    // Delivered again: a stored event changes nothing. Delivered again after a failure stored nothing:
    // Stripe says the charge is refunded already, and that counts as done.
    expect(await send(secondEvent)).toEqual({ status: 200, text: "Already processed." });
    expect(refunds()).toHaveLength(1);
    await getDb().delete(stripeEvents).where(eq(stripeEvents.id, secondEvent.id));
    expect(await send(secondEvent)).toEqual({ status: 200, text: "ok" });
    expect(refunds()).toHaveLength(2);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", starterPaymentId: first.payment_intent });

    // Stripe's charge.refunded for the duplicate names a payment that is not the Starter's: Starter stays.
    expect(await send(fake.makeEvent("charge.refunded", charge(second.payment_intent)))).toEqual({ status: 200, text: "ok" });
    expect(await billingAccount(user.id)).toMatchObject({ plan: "starter", starterPaymentId: first.payment_intent });
    // Refunding the one that counts still ends Starter.
    await send(refundPayment(first.payment_intent as string));
    expect(await billingAccount(user.id)).toMatchObject({ plan: "free", starterPaymentId: null });
  });

  it("a new subscription replaces a stored one that no longer bills (ended at Stripe, its 'deleted' not here yet)", async () => {
    const { user } = await founder();
    const first = await pay(user, "pro");
    fake.endSubscription(first.session.subscription as string);
    const second = await pay(user, "pro");
    const secondId = second.session.subscription as string;
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", stripeSubscriptionId: secondId });
    expect(fake.state.subscriptions.get(secondId)!.status).toBe("active");
    expect(fake.requests.some((r) => r.method === "DELETE")).toBe(false);
  });
});

describe("an admin's override (the self-hoster's path)", () => {
  async function adminPost(cookie: string, form: Record<string, string>) {
    const { action } = await import("~/routes/admin/users");
    const request = new Request(`${ORIGIN}/admin/users`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
    try {
      return (await action(routeArgs(request, {}, {}))) as Result;
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("sets any user's plan without Stripe, logged with the admin and shown in /admin/users", async () => {
    noStripe();
    const admin = await founder();
    await setRole(admin.user.id, "admin");
    const { user } = await founder();
    const set = await adminPost(admin.cookie, { intent: "plan", userId: user.id, plan: "pro", note: "Conference giveaway" });
    expect(statusOf(set)).toBe(200);
    expect(await billingAccount(user.id)).toMatchObject({ plan: "pro", planStatus: "active", planEndsAt: null });
    expect(await entitlementsFor(user.id)).toMatchObject({ effectivePlan: "pro", canUseCustomDomain: true });
    expect(await changesOf(user.id)).toEqual([expect.objectContaining({ fromPlan: "free", toPlan: "pro", source: `admin:${admin.user.id}`, note: "Conference giveaway" })]);

    const { loader } = await import("~/routes/admin/users");
    const page = (await loader(routeArgs(new Request(`${ORIGIN}/admin/users`, { headers: { Cookie: admin.cookie } }), {}, {}))) as {
      users: Array<{ id: string; plan: string }>;
      planChanges: Array<{ email: string; by: string; note: string | null }>;
    };
    expect(page.users.find((u) => u.id === user.id)!.plan).toBe("pro");
    expect(page.planChanges[0]).toMatchObject({ email: user.email, by: `admin ${admin.user.email}`, note: "Conference giveaway" });

    expect(statusOf(await adminPost(admin.cookie, { intent: "plan", userId: user.id, plan: "platinum" }))).toBe(400);
    expect(statusOf(await adminPost(admin.cookie, { intent: "plan", userId: "nobody", plan: "free" }))).toBe(404);
    // A user who is not an admin gets a 403 and changes nothing.
    const other = await founder();
    expect(statusOf(await adminPost(other.cookie, { intent: "plan", userId: other.user.id, plan: "pro" }))).toBe(403);
    expect((await billingAccount(other.user.id))!.plan).toBe("free");
  });
});
