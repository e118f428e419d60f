import Stripe from "stripe";
import { getConfig } from "~/platform/config.server";
import { billingAccount } from "~/kit/plans/account.server";
import type { PaidPlan } from "~/kit/plans/plans";

/**
 * LaunchKit's side of Stripe (the official SDK): the client, Checkout and the
 * customer portal. The secret key and the prices come from the environment
 * (STRIPE_*), never from the browser; plans change only through the signed
 * webhook (webhook.server.ts). STRIPE_API_URL points the SDK at another API
 * server (the tests' fake Stripe).
 */

type Settings = NonNullable<ReturnType<typeof getConfig>["stripe"]>;

let client: { key: string; stripe: Stripe } | undefined;

export function stripeSettings(): Settings | null {
  return getConfig().stripe;
}

/** False without the four STRIPE_* settings: the pricing buttons say payments are not set up here. */
export function paymentsEnabled(): boolean {
  return stripeSettings() !== null;
}

export function stripeClient(): Stripe | null {
  const settings = stripeSettings();
  if (!settings) return null;
  const key = JSON.stringify([settings.secretKey, settings.api]);
  if (client?.key !== key) {
    client = {
      key,
      stripe: new Stripe(settings.secretKey, {
        ...(settings.api ?? {}),
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: "LaunchKit" },
      }),
    };
  }
  return client.stripe;
}

/** Thrown when Stripe cannot be reached or refuses a request: the page says so, the log has the details. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const detail = error instanceof Stripe.errors.StripeError ? `${error.type}${error.code ? ` (${error.code})` : ""}: ${error.message}` : String(error);
    throw new PaymentProviderError(`Stripe ${what} failed: ${detail}`, { cause: error });
  }
}

/**
 * A Checkout session for a plan: Starter as a one-time payment, Pro as a
 * subscription. The user's id rides along (client_reference_id and
 * metadata) so that the webhook finds the account. Returns Stripe's page URL.
 */
export async function createCheckoutSession(user: { id: string; email: string }, plan: PaidPlan, origin: string): Promise<string> {
  const stripe = stripeClient();
  const settings = stripeSettings();
  if (!stripe || !settings) throw new PaymentProviderError("Payments are not set up on this server.");
  const customer = (await billingAccount(user.id))?.stripeCustomerId ?? null;
  const metadata = { userId: user.id, plan };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: plan === "pro" ? "subscription" : "payment",
    line_items: [{ price: settings.prices[plan], quantity: 1 }],
    client_reference_id: user.id,
    metadata,
    success_url: `${origin}/account?checkout=success`,
    cancel_url: `${origin}/pricing?checkout=canceled`,
    ...(customer ? { customer } : { customer_email: user.email }),
    ...(plan === "pro"
      ? { subscription_data: { metadata } }
      : { payment_intent_data: { metadata }, ...(customer ? {} : { customer_creation: "always" as const }) }),
  };
  const session = await call("Checkout", () => stripe.checkout.sessions.create(params));
  if (!session.url) throw new PaymentProviderError("Stripe Checkout returned no URL.");
  return session.url;
}

/** A customer portal session (cancel, change card, invoices); returns its URL. */
export async function createPortalSession(customerId: string, origin: string): Promise<string> {
  const stripe = stripeClient();
  if (!stripe) throw new PaymentProviderError("Payments are not set up on this server.");
  const session = await call("customer portal", () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${origin}/account` }));
  return session.url;
}

export async function retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
  const stripe = stripeClient();
  if (!stripe) return null;
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return null;
    throw new PaymentProviderError(`Stripe subscription lookup failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The subscription a payment paid an invoice of, or null (a one-time payment,
 * or a payment Stripe has no invoice for). Asked of Stripe's invoice payments,
 * since a charge no longer names its invoice.
 */
export async function subscriptionPaidBy(paymentIntentId: string): Promise<string | null> {
  const stripe = stripeClient();
  if (!stripe) return null;
  const payments = await call("invoice payment lookup", () =>
    stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, expand: ["data.invoice"], limit: 1 }),
  );
  const invoice = payments.data[0]?.invoice;
  if (!invoice || typeof invoice === "string" || invoice.deleted) return null;
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === "string" ? subscription : (subscription?.id ?? null);
}

/**
 * Refunds a payment in full (a duplicate Starter). Safe to repeat: a webhook
 * delivered twice refunds once (the idempotency key, and Stripe's "already
 * refunded" answer taken as done).
 */
export async function refundPayment(paymentIntentId: string, reason: string): Promise<void> {
  const stripe = stripeClient();
  if (!stripe) return;
  try {
    await stripe.refunds.create(
      { payment_intent: paymentIntentId, reason: "duplicate", metadata: { launchkit: reason } },
      { idempotencyKey: `launchkit-refund-${paymentIntentId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") return;
    throw new PaymentProviderError(`Stripe refund failed: ${String(error)}`, { cause: error });
  }
}

/** Ends a subscription at once (after a full refund). Already gone is fine. */
export async function cancelSubscription(id: string): Promise<void> {
  const stripe = stripeClient();
  if (!stripe) return;
  try {
    await stripe.subscriptions.cancel(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && (error.code === "resource_missing" || /canceled/i.test(error.message))) return;
    throw new PaymentProviderError(`Stripe subscription cancel failed: ${String(error)}`, { cause: error });
  }
}
