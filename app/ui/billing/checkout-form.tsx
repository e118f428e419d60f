import { Form } from "react-router";
import { buttonClasses } from "~/ui/ui/button";
import type { PaidPlan } from "~/kit/plans/plans";

export const PAYMENTS_OFF_NOTE = "Payments are not set up on this server. Ask its administrator to set your plan.";

/**
 * A pricing button: a plain POST form to /checkout, which answers with a 303
 * to Stripe Checkout (or to sign-in first). `reloadDocument`: the browser
 * follows the redirect to Stripe itself, with or without JavaScript.
 */
export function CheckoutForm({
  plan,
  label,
  paymentsEnabled,
  variant = "primary",
  className = "",
  noteClassName = "text-slate-600",
}: {
  plan: PaidPlan;
  label: string;
  paymentsEnabled: boolean;
  variant?: "primary" | "secondary";
  className?: string;
  noteClassName?: string;
}) {
  if (!paymentsEnabled) {
    return (
      <>
        <button type="button" disabled aria-describedby={`${plan}-checkout-note`} className={buttonClasses(variant, "md", className)}>
          {label}
        </button>
        <p id={`${plan}-checkout-note`} className={`mt-2 text-center text-xs ${noteClassName}`}>
          {PAYMENTS_OFF_NOTE}
        </p>
      </>
    );
  }
  return (
    // The plan is in the URL too: a refusal renders the /checkout page of that plan.
    <Form method="post" action={`/checkout?plan=${plan}`} reloadDocument>
      <input type="hidden" name="plan" value={plan} />
      <button type="submit" className={buttonClasses(variant, "md", className)} data-checkout={plan}>
        {label}
      </button>
    </Form>
  );
}
