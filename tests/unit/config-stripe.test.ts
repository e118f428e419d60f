import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/platform/config.server";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123", STRIPE_PRICE_STARTER: "price_starter1", STRIPE_PRICE_PRO: "price_pro1" };

describe("Stripe settings", () => {
  it("are off without any of them: the app runs without payments", () => {
    expect(parseConfig({}).stripe).toBeNull();
  });

  it("are on with all four, talking to Stripe itself unless STRIPE_API_URL says otherwise", () => {
    expect(parseConfig(STRIPE).stripe).toEqual({ secretKey: "sk_test_abc123", webhookSecret: "whsec_abc123", prices: { starter: "price_starter1", pro: "price_pro1" }, api: null });
    expect(parseConfig({ ...STRIPE, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe!.api).toEqual({ protocol: "http", host: "127.0.0.1", port: 12111 });
    expect(parseConfig({ ...STRIPE, STRIPE_API_URL: "https://stripe-mock.internal" }).stripe!.api).toEqual({ protocol: "https", host: "stripe-mock.internal", port: 443 });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "sk_test_abc123" }, "Payments need all four of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO (missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO)"],
    [{ ...STRIPE, STRIPE_SECRET_KEY: "pk_test_abc" }, "STRIPE_SECRET_KEY must be a Stripe secret key"],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: "secret" }, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)"],
    [{ ...STRIPE, STRIPE_PRICE_PRO: "prod_123" }, "STRIPE_PRICE_PRO must be a Stripe price id (price_...)"],
    [{ ...STRIPE, STRIPE_API_URL: "ftp://x" }, "STRIPE_API_URL must be an http:// or https:// URL"],
  ])("rejects %o with a clear message", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe("the pages' CSP with payments", () => {
  it("lets the pricing and account forms redirect to Stripe Checkout and the portal (and to STRIPE_API_URL's server), only when payments are on", async () => {
    const { resetConfigForTests } = await import("~/platform/config.server");
    const { contentSecurityPolicy } = await import("~/platform/http/csp.server");
    resetConfigForTests();
    expect(contentSecurityPolicy([])).toContain("form-action 'self';");
    Object.assign(process.env, STRIPE, { STRIPE_API_URL: "http://127.0.0.1:12111" });
    resetConfigForTests();
    try {
      expect(contentSecurityPolicy([])).toContain("form-action 'self' https://checkout.stripe.com https://billing.stripe.com http://127.0.0.1:12111;");
    } finally {
      for (const k of [...Object.keys(STRIPE), "STRIPE_API_URL"]) delete process.env[k];
      resetConfigForTests();
    }
  });
});
