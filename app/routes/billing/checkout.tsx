import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { requireUser } from "~/features/auth/guards.server";
import { purchaseBlock } from "~/kit/plans/entitlements";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { MONEY_BACK_DAYS, PLAN_NAMES, PLAN_PRICES, type PaidPlan } from "~/kit/plans/plans";
import { CheckoutSchema } from "~/features/billing/schemas";
import { createCheckoutSession, paymentsEnabled, PaymentProviderError } from "~/features/billing/stripe.server";
import { CheckoutForm, PAYMENTS_OFF_NOTE } from "~/ui/billing/checkout-form";
import { Icon } from "~/ui/marketing/icons";
import { PLANS } from "~/features/marketing/plans";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { unconfirmedMessage } from "~/features/auth/email-confirmation.server";
import { logError } from "~/platform/log.server";
import type { Route } from "./+types/checkout";

/**
 * /checkout: the pricing buttons post here. Signed in, the answer is a 303 to
 * Stripe Checkout; signed out, to sign-in, which comes back to this page
 * (GET ?plan=...) with one "Continue to payment" button.
 */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.plan ? PLAN_NAMES[data.plan] : "Checkout"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

function planParam(value: string | null): PaidPlan | null {
  const parsed = CheckoutSchema.safeParse({ plan: value });
  return parsed.success ? parsed.data.plan : null;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const plan = planParam(url.searchParams.get("plan"));
  if (!plan) throw redirect("/pricing");
  const block = unconfirmedMessage(user) ?? purchaseBlock(await entitlementsFor(user.id), plan);
  return { plan, paymentsEnabled: paymentsEnabled(), block };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: CheckoutSchema });
  if (submission.status !== "success") return data({ message: "Choose Starter or Pro on the pricing page." }, { status: 400 });
  const { plan } = submission.value;
  const user = await getUser(request);
  if (!user) return redirect(`/signin?redirectTo=${encodeURIComponent(`/checkout?plan=${plan}`)}`, 303);
  if (!paymentsEnabled()) return data({ message: PAYMENTS_OFF_NOTE }, { status: 503 });
  // A payment ties a plan to this address: it must be the payer's own.
  const unconfirmed = unconfirmedMessage(user);
  if (unconfirmed) return data({ message: unconfirmed }, { status: 403 });
  const block = purchaseBlock(await entitlementsFor(user.id), plan);
  if (block) return data({ message: block }, { status: 409 });
  try {
    const url = await createCheckoutSession(user, plan, siteOrigin(request));
    return redirect(url, 303);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logError("checkout failed", error, { userId: user.id, plan });
    return data({ message: "We could not reach the payment provider. Nothing was charged; please try again in a minute." }, { status: 502 });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, paymentsEnabled, block } = loaderData;
  const card = PLANS.find((p) => p.id === plan)!;
  const price = PLAN_PRICES[plan];
  const message = actionData?.message ?? block;
  return (
    <main className="container-page pt-28 pb-16">
      <div className="mx-auto max-w-xl rounded-3xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Checkout</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{PLAN_NAMES[plan]}</h1>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-extrabold text-slate-900">{price.amount}</span>
          <span className="text-sm font-medium text-slate-600">{price.period}</span>
        </p>
        <p className="mt-3 text-sm text-slate-700">{card.description}</p>
        <ul className="mt-5 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
          {card.features.slice(0, 6).map((f) => (
            <li key={f} className="flex gap-2">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {f}
            </li>
          ))}
        </ul>
        {message ? (
          <p role="alert" className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {message}{" "}
            {block ? (
              <Link to="/account" className="font-semibold underline">
                Your account
              </Link>
            ) : null}
          </p>
        ) : null}
        {block ? null : (
          <div className="mt-6">
            <CheckoutForm plan={plan} label={paymentsEnabled ? "Continue to secure payment" : `Get ${PLAN_NAMES[plan]}`} paymentsEnabled={paymentsEnabled} className="w-full" />
          </div>
        )}
        <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
          <Icon name="shield" className="h-4 w-4 shrink-0 text-emerald-700" />
          <span>
            Payment is handled by Stripe; LaunchKit never sees your card. {MONEY_BACK_DAYS}-day money-back guarantee
            {plan === "pro" ? "; cancel any time from your account." : "."}
          </span>
        </p>
        <p className="mt-6 text-sm">
          <Link to="/pricing" className="font-semibold text-brand-700 hover:text-brand-800">
            ← Compare plans
          </Link>
        </p>
      </div>
    </main>
  );
}
