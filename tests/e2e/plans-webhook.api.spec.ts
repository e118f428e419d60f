import { expect, fakeStripe, query, signUp, test } from "./fixtures";

/**
 * The Stripe webhook through the whole HTTP stack (the global guards, React
 * Router, the route): Stripe posts JSON without Origin or cookie; only a
 * correctly signed event changes anything, and only once.
 */

test("the webhook takes Stripe's JSON, refuses unsigned or badly signed events (400) and processes a redelivered event once", async ({ page, request }) => {
  const unsigned = await request.post("/stripe/webhook", { data: { id: "evt_x", type: "checkout.session.completed" } });
  expect(unsigned.status()).toBe(400);
  expect(await unsigned.text()).toBe("Missing Stripe-Signature header.");
  const forged = await request.post("/stripe/webhook", { data: { id: "evt_y", type: "charge.refunded" }, headers: { "Stripe-Signature": "t=1700000000,v1=0123456789abcdef" } });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toBe("Invalid signature.");
  expect(query("select id from stripe_events where id in ('evt_x', 'evt_y')")).toHaveLength(0);
  // Only JSON, only this path: a form posted here is refused before it reaches the route.
  const form = await request.post("/stripe/webhook", { form: { a: "b" } });
  expect(form.status()).toBe(415);
  expect((await request.get("/stripe/webhook")).status()).toBe(405);

  // A real payment through the fake's checkout page, then Stripe delivers the same event again.
  const email = await signUp(page);
  const checkout = await page.request.post("/checkout?plan=starter", { form: { plan: "starter" }, maxRedirects: 0 });
  expect(checkout.status()).toBe(303);
  const stripeUrl = checkout.headers()["location"]!;
  const paid = await page.request.post(`${stripeUrl}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const state = await fakeStripe("state");
  // This checkout's delivery: the other worker's tests share the fake Stripe.
  const sessionId = new URL(stripeUrl).pathname.split("/").pop();
  const delivery = state.deliveries.find((d: { object: string }) => d.object === sessionId);
  expect(delivery).toMatchObject({ type: "checkout.session.completed", status: 200, body: "ok" });
  expect(query<{ plan: string }>("select plan from users where email = ?", email)[0]!.plan).toBe("starter");
  const changes = () => query("select id from plan_changes where user_id = (select id from users where email = ?)", email).length;
  expect(changes()).toBe(1);
  const again = await fakeStripe("redeliver", { event: delivery.id });
  expect(again).toMatchObject({ status: 200, body: "Already processed." });
  expect(changes()).toBe(1);

  // The refund (the 14-day money-back guarantee) takes the account back to free.
  const customer = query<{ stripe_customer_id: string }>("select stripe_customer_id from users where email = ?", email)[0]!.stripe_customer_id;
  expect(await fakeStripe("refund", { customer })).toMatchObject({ status: 200, body: "ok" });
  expect(query<{ plan: string }>("select plan from users where email = ?", email)[0]!.plan).toBe("free");
});
