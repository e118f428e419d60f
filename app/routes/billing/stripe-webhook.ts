import { handleStripeWebhook } from "~/features/billing/webhook.server";
import { textResponse } from "~/platform/http/responses.server";
import type { Route } from "./+types/stripe-webhook";

/**
 * POST /stripe/webhook: Stripe's signed events (app/features/billing/webhook.server.ts).
 * The raw bytes are read here, untouched, for the signature check. Stripe
 * posts JSON with no Origin header; the global guards let exactly this path
 * and type through (app/platform/http/request-guards.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const raw = new Uint8Array(await request.arrayBuffer());
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  return textResponse(result.body, result.status);
}

export function loader() {
  return textResponse("Method Not Allowed: Stripe posts its events here.", 405, { Allow: "POST" });
}
