// A fake Stripe API server for tests: a real HTTP server on loopback that the
// official SDK talks to (through its host/port/protocol options, set from
// STRIPE_API_URL). It implements what LaunchKit calls:
//   POST /v1/checkout/sessions          → a session whose url is this server's /checkout/<id> page
//   POST /v1/billing_portal/sessions    → a session whose url is this server's /portal/<id> page
//   GET  /v1/subscriptions/:id          → the subscription (404 resource_missing when unknown)
//   POST /v1/subscriptions/:id          → update (cancel_at_period_end)
//   DELETE /v1/subscriptions/:id        → cancel at once
// and plays Stripe's part for a person: the checkout page's "Pay" completes the
// session, creates the customer, charge or subscription, sends the signed
// webhook (stripe.webhooks.generateTestHeaderString) to `webhookUrl` and
// redirects to the success URL, like Stripe does. The portal page can cancel
// the subscription at the end of its period (and sends the webhook).
// Scripted in-process (tests) or over HTTP at /__control/* (e2e).
import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

/** The prices a fake account has: Starter one-time, Pro monthly (ids as in the e2e settings). */
export const FAKE_PRICES = {
  price_fake_starter: { unit_amount: 3900, currency: "usd", recurring: null, product: "prod_fake_starter" },
  price_fake_pro: { unit_amount: 1900, currency: "usd", recurring: { interval: "month", interval_count: 1 }, product: "prod_fake_pro" },
};
export const FAKE_SECRET_KEY = "sk_test_fakestripe";
export const FAKE_WEBHOOK_SECRET = "whsec_fakestripe";

const DAY = 24 * 60 * 60;
const rid = (prefix) => `${prefix}_test_${crypto.randomBytes(9).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; numeric keys become arrays. */
export function parseStripeForm(body) {
  const root = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (v) => {
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v);
    const out = keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => a - b).map((k) => v[k]) : v;
    for (const k of Object.keys(out)) out[k] = arrays(out[k]);
    return out;
  };
  return arrays(root);
}

function stripeError(res, status, message, code, param) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) } }));
}

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;max-width:420px;width:90%}h1{font-size:20px}
button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;width:100%;cursor:pointer}a{color:#635bff}.muted{color:#697386;font-size:13px}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * @param {{ port?: number, webhookUrl?: string, webhookSecret?: string, secretKey?: string }} [options]
 */
export async function startFakeStripe(options = {}) {
  const secretKey = options.secretKey ?? FAKE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  let webhookUrl = options.webhookUrl ?? null;
  const signer = new Stripe(secretKey);

  const state = {
    /** @type {Map<string, any>} */ sessions: new Map(),
    /** @type {Map<string, any>} */ portalSessions: new Map(),
    /** @type {Map<string, any>} */ customers: new Map(),
    /** @type {Map<string, any>} */ subscriptions: new Map(),
    /** @type {Map<string, any>} */ charges: new Map(),
    /** A subscription's invoices, by the PaymentIntent that paid them (GET /v1/invoice_payments). @type {Map<string, any>} */ invoicesByPayment: new Map(),
    /** @type {Array<{ method: string, path: string, body: any, authorization?: string }>} */ requests: [],
    /** @type {Array<{ event: any, status: number | null, body: string }>} */ deliveries: [],
  };

  function customerFor(session) {
    if (session.customer) return session.customer;
    const id = rid("cus");
    state.customers.set(id, { id, object: "customer", email: session.customer_email ?? null });
    return id;
  }

  function makeEvent(type, object) {
    return {
      id: rid("evt"),
      object: "event",
      api_version: Stripe.API_VERSION ?? "2026-10-28.endive",
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  /**
   * The raw body and the Stripe-Signature header of an event, signed with the
   * webhook secret (or another secret), dated now (or `timestamp`, in seconds).
   * @param {object} event @param {string} [secret] @param {number} [timestamp]
   */
  function sign(event, secret = webhookSecret, timestamp) {
    const payload = JSON.stringify(event);
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
  }

  /** Sends an event to the webhook URL, signed, as Stripe would. */
  async function deliver(event, { secret, url } = {}) {
    const target = url ?? webhookUrl;
    if (!target) throw new Error("fake Stripe: no webhookUrl to deliver to");
    const { payload, header } = sign(event, secret);
    try {
      const res = await fetch(target, { method: "POST", headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": header, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" }, body: payload });
      const record = { event, status: res.status, body: await res.text() };
      state.deliveries.push(record);
      return record;
    } catch (error) {
      const record = { event, status: null, body: String(error) };
      state.deliveries.push(record);
      return record;
    }
  }

  /** What Stripe does when the customer pays: the session completes, with a customer and a charge or a subscription. */
  function completeCheckout(sessionId) {
    const session = state.sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status === "complete") return session;
    const customer = customerFor(session);
    const price = FAKE_PRICES[session._price];
    session.customer = customer;
    session.status = "complete";
    session.payment_status = "paid";
    session.amount_total = price.unit_amount;
    if (session.mode === "payment") {
      const pi = rid("pi");
      session.payment_intent = pi;
      const charge = { id: rid("ch"), object: "charge", amount: price.unit_amount, amount_refunded: 0, currency: price.currency, customer, payment_intent: pi, metadata: { ...(session._paymentMetadata ?? {}) }, paid: true, refunded: false, created: now() };
      state.charges.set(charge.id, charge);
    } else {
      const start = now();
      const sub = {
        id: rid("sub"),
        object: "subscription",
        status: "active",
        customer,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        metadata: { ...(session._subscriptionMetadata ?? {}) },
        items: { object: "list", data: [{ id: rid("si"), object: "subscription_item", current_period_start: start, current_period_end: start + 30 * DAY, price: { id: session._price, ...price }, quantity: 1 }] },
      };
      state.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      const charge = { id: rid("ch"), object: "charge", amount: price.unit_amount, amount_refunded: 0, currency: price.currency, customer, payment_intent: rid("pi"), metadata: {}, paid: true, refunded: false, created: start };
      state.charges.set(charge.id, charge);
      // The subscription's first invoice, paid by that charge's PaymentIntent.
      state.invoicesByPayment.set(charge.payment_intent, {
        id: rid("in"),
        object: "invoice",
        customer,
        status: "paid",
        amount_paid: price.unit_amount,
        currency: price.currency,
        created: start,
        parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: sub.id, metadata: {} } },
      });
    }
    return publicSession(session);
  }

  const publicSession = (s) => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith("_")));

  function subscriptionsOf(customer) {
    return [...state.subscriptions.values()].filter((s) => s.customer === customer);
  }

  function cancelAtPeriodEnd(subId) {
    const sub = state.subscriptions.get(subId);
    sub.cancel_at_period_end = true;
    sub.cancel_at = sub.items.data[0].current_period_end;
    sub.canceled_at = now();
    return sub;
  }

  function endSubscription(subId, status = "canceled") {
    const sub = state.subscriptions.get(subId);
    sub.status = status;
    sub.ended_at = now();
    sub.canceled_at ??= now();
    return sub;
  }

  function setStatus(subId, status) {
    const sub = state.subscriptions.get(subId);
    sub.status = status;
    return sub;
  }

  function refundCharge(charge) {
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    return charge;
  }

  /** A full refund of a customer's latest charge (what the dashboard's "Refund" does). */
  function refundLatest(customer) {
    const charge = [...state.charges.values()].filter((c) => c.customer === customer).sort((a, b) => b.created - a.created)[0];
    if (!charge) throw new Error(`fake Stripe: no charge for ${customer}`);
    return refundCharge(charge);
  }

  /** The charge of one PaymentIntent, or undefined. */
  function chargeOf(paymentIntent) {
    return [...state.charges.values()].find((c) => c.payment_intent === paymentIntent);
  }

  /** A full refund of the charge of one PaymentIntent (refundLatest cannot tell two charges of the same second apart). */
  function refundPaymentIntent(paymentIntent) {
    const charge = chargeOf(paymentIntent);
    if (!charge) throw new Error(`fake Stripe: no charge for ${paymentIntent}`);
    return refundCharge(charge);
  }

  async function readBody(req) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function api(req, res, url, raw) {
    const auth = req.headers.authorization;
    const body = parseStripeForm(raw);
    state.requests.push({ method: req.method, path: url.pathname, body, authorization: auth });
    if (auth !== `Bearer ${secretKey}`) return stripeError(res, 401, "Invalid API Key provided.", "api_key_invalid");
    const origin = `http://${req.headers.host}`;

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const item = body.line_items?.[0];
      const price = FAKE_PRICES[item?.price];
      if (!price) return stripeError(res, 400, `No such price: '${item?.price}'`, "resource_missing", "line_items[0][price]");
      if (body.mode === "payment" && price.recurring) return stripeError(res, 400, "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.", "checkout_session_recurring_price_in_payment_mode");
      if (body.mode === "subscription" && !price.recurring) return stripeError(res, 400, "You must provide at least one recurring price in `subscription` mode when using prices.");
      for (const k of ["success_url", "cancel_url"]) if (!/^https?:\/\//.test(body[k] ?? "")) return stripeError(res, 400, `Invalid URL: ${k}`, "url_invalid", k);
      if (body.customer && body.customer_email) return stripeError(res, 400, "You may only specify one of these parameters: customer, customer_email.");
      if (body.customer_creation && body.mode !== "payment") return stripeError(res, 400, "customer_creation can only be used in payment mode.");
      const id = rid("cs");
      const session = {
        id,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `${origin}/checkout/${id}`,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        payment_intent: null,
        amount_total: price.unit_amount,
        currency: price.currency,
        _price: item.price,
        _paymentMetadata: body.payment_intent_data?.metadata,
        _subscriptionMetadata: body.subscription_data?.metadata,
      };
      state.sessions.set(id, session);
      return json(res, 200, publicSession(session));
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      if (!body.customer || !state.customers.has(body.customer)) return stripeError(res, 400, `No such customer: '${body.customer}'`, "resource_missing", "customer");
      const id = rid("bps");
      const session = { id, object: "billing_portal.session", customer: body.customer, return_url: body.return_url ?? null, url: `${origin}/portal/${id}` };
      state.portalSessions.set(id, session);
      return json(res, 200, session);
    }
    if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
      const query = parseStripeForm(url.search.slice(1));
      if (query.payment?.type !== "payment_intent" || !query.payment.payment_intent) return stripeError(res, 400, "This fake answers payment[type]=payment_intent queries only.");
      const invoice = state.invoicesByPayment.get(query.payment.payment_intent);
      const expand = [query.expand ?? []].flat();
      const data = invoice
        ? [{ id: rid("inpay"), object: "invoice_payment", invoice: expand.includes("data.invoice") ? invoice : invoice.id, is_default: true, status: "paid", amount_paid: invoice.amount_paid, amount_requested: invoice.amount_paid, currency: invoice.currency, created: invoice.created, livemode: false, payment: { type: "payment_intent", payment_intent: query.payment.payment_intent }, status_transitions: { canceled_at: null, paid_at: invoice.created } }]
        : [];
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      // A full refund of the charge of a PaymentIntent; Stripe then sends charge.refunded (delivered
      // here when a webhook URL is set; tests without one send the event themselves).
      const charge = chargeOf(body.payment_intent);
      if (!charge) return stripeError(res, 400, `No such payment_intent: '${body.payment_intent}'`, "resource_missing", "payment_intent");
      if (charge.refunded) return stripeError(res, 400, `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
      refundCharge(charge);
      const refund = { id: rid("re"), object: "refund", amount: charge.amount, charge: charge.id, currency: charge.currency, payment_intent: charge.payment_intent, status: "succeeded", metadata: body.metadata ?? {}, created: now() };
      if (webhookUrl) setImmediate(() => void deliver(makeEvent("charge.refunded", charge)));
      return json(res, 200, refund);
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (sub) {
      const found = state.subscriptions.get(sub[1]);
      if (!found) return stripeError(res, 404, `No such subscription: '${sub[1]}'`, "resource_missing", "id");
      if (req.method === "GET") return json(res, 200, found);
      if (req.method === "DELETE") {
        if (found.status === "canceled") return stripeError(res, 400, "This subscription has already been canceled.");
        return json(res, 200, endSubscription(found.id));
      }
      if (req.method === "POST") {
        if (body.cancel_at_period_end === "true") cancelAtPeriodEnd(found.id);
        if (body.cancel_at_period_end === "false") Object.assign(found, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
        return json(res, 200, found);
      }
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  /** The pages a person sees on Stripe: checkout and the customer portal. */
  async function pages(req, res, url) {
    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = state.sessions.get(checkout[1]);
      if (!session) return json(res, 404, { error: "no such session" });
      if (req.method === "POST" && checkout[2]) {
        completeCheckout(session.id);
        await deliver(makeEvent("checkout.session.completed", publicSession(session)));
        res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
        return res.end();
      }
      const price = FAKE_PRICES[session._price];
      const amount = `$${(price.unit_amount / 100).toFixed(2)}${price.recurring ? " per month" : ""}`;
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        page(
          "Fake Stripe Checkout",
          `<p class="muted">Fake Stripe Checkout (test mode)</p><h1>Pay LaunchKit</h1><p data-testid="amount">${escapeHtml(amount)}</p>
<p class="muted">${escapeHtml(session.customer_email ?? session.customer ?? "")}</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
        ),
      );
    }
    const portal = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    if (portal) {
      const session = state.portalSessions.get(portal[1]);
      if (!session) return json(res, 404, { error: "no such portal session" });
      const live = subscriptionsOf(session.customer).filter((s) => s.status !== "canceled");
      if (req.method === "POST" && portal[2]) {
        for (const s of live) await deliver(makeEvent("customer.subscription.updated", cancelAtPeriodEnd(s.id)));
        res.writeHead(303, { Location: session.return_url });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        page(
          "Fake Stripe customer portal",
          `<p class="muted">Fake Stripe customer portal (test mode)</p><h1>Your subscription</h1>
<p>${live.map((s) => `${escapeHtml(s.id)}: ${escapeHtml(s.status)}${s.cancel_at_period_end ? " (cancels at period end)" : ""}`).join("<br>") || "No subscription"}</p>
${live.length ? `<form method="post" action="/portal/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel plan</button></form>` : ""}
<p><a href="${escapeHtml(session.return_url)}">Return to LaunchKit</a></p>`,
        ),
      );
    }
    return json(res, 404, { error: "not found" });
  }

  /** Scripting over HTTP, for the e2e tests (which run in another process). */
  async function control(req, res, url, raw) {
    const body = raw ? JSON.parse(raw) : {};
    const action = url.pathname.slice("/__control/".length);
    if (action === "state") {
      return json(res, 200, {
        sessions: [...state.sessions.values()].map(publicSession),
        subscriptions: [...state.subscriptions.values()],
        charges: [...state.charges.values()],
        customers: [...state.customers.values()],
        deliveries: state.deliveries.map((d) => ({ id: d.event.id, type: d.event.type, object: d.event.data.object.id, status: d.status, body: d.body })),
        requests: state.requests.map((r) => ({ method: r.method, path: r.path, body: r.body })),
      });
    }
    if (action === "refund") return json(res, 200, await deliver(makeEvent("charge.refunded", refundLatest(body.customer))));
    if (action === "end-subscription") return json(res, 200, await deliver(makeEvent("customer.subscription.deleted", endSubscription(body.subscription))));
    if (action === "redeliver") {
      const previous = state.deliveries.find((d) => d.event.id === body.event);
      if (!previous) return json(res, 404, { error: "no such event" });
      return json(res, 200, await deliver(previous.event));
    }
    return json(res, 404, { error: `unknown control action ${action}` });
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake");
      const raw = await readBody(req);
      if (url.pathname.startsWith("/v1/")) return await api(req, res, url, raw);
      if (url.pathname.startsWith("/__control/")) return await control(req, res, url, raw);
      return await pages(req, res, url);
    } catch (error) {
      if (!res.headersSent) json(res, 500, { error: { type: "api_error", message: String(error) } });
      else res.end();
    }
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    state,
    get requests() {
      return state.requests;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    makeEvent,
    sign,
    deliver,
    completeCheckout,
    cancelAtPeriodEnd,
    endSubscription,
    setStatus,
    refundLatest,
    chargeOf,
    refundPaymentIntent,
    reset() {
      for (const m of [state.sessions, state.portalSessions, state.customers, state.subscriptions, state.charges, state.invoicesByPayment]) m.clear();
      state.requests.length = 0;
      state.deliveries.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
