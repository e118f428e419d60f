import { getConfig } from "~/platform/config.server";

/**
 * Where the pricing and account forms may end up: their POST answers with a
 * redirect to Stripe, and browsers apply the page's CSP form-action to that
 * redirect (app/platform/http/csp.server.ts). Stripe Checkout and the customer
 * portal, plus the STRIPE_API_URL server when set (the tests' fake Stripe
 * serves both pages itself). None without payments.
 */
export function paymentFormOrigins(): string[] {
  const settings = getConfig().stripe;
  if (!settings) return [];
  const origins = ["https://checkout.stripe.com", "https://billing.stripe.com"];
  if (settings.api) {
    const host = settings.api.host.includes(":") ? `[${settings.api.host}]` : settings.api.host;
    origins.push(`${settings.api.protocol}://${host}:${settings.api.port}`);
  }
  return origins;
}
