import { Link, useSearchParams } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { PRO_EXTRA_REGENERATIONS, REGENERATIONS_INCLUDED } from "~/kit/plans/plans";
import { paymentsEnabled } from "~/features/billing/stripe.server";
import { CheckoutForm } from "~/ui/billing/checkout-form";
import { FaqList } from "~/ui/marketing/faq-list";
import { Icon } from "~/ui/marketing/icons";
import { CtaBand, PageHero, SectionHeading } from "~/ui/marketing/section";
import { buttonClasses } from "~/ui/ui/button";
import { PRICING_FAQ } from "~/features/marketing/faq";
import { CANCEL_NOTE, MONEY_BACK_NOTE, PLANS, type Plan } from "~/features/marketing/plans";
import { seo } from "~/features/marketing/seo";
import { WIZARD_PATH } from "~/features/marketing/site";
import type { Route } from "./+types/pricing";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Pricing: free preview, Starter $39 one-time, Pro $19/month",
    description:
      "Preview your launch kit free forever, export everything with Starter for $39 one-time, or grow with Pro at $19 per month. 14-day money-back guarantee.",
  });

/** Payments on or off (the same for every visitor: the page stays cacheable), and a signed-in user's plan. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return { paymentsEnabled: paymentsEnabled(), currentPlan: user ? (await entitlementsFor(user.id)).effectivePlan : null };
}

function PlanCard({ plan, paymentsEnabled, currentPlan }: { plan: Plan; paymentsEnabled: boolean; currentPlan: Plan["id"] | null }) {
  const headingId = `plan-${plan.id}`;
  const isFree = plan.price === "$0";
  const isCurrent = currentPlan === plan.id;
  // Pro includes Starter: a Pro account is not offered Starter.
  const covered = currentPlan === "pro" && plan.id === "starter";
  return (
    <li
      className={`relative flex flex-col rounded-3xl p-8 ${
        plan.popular
          ? "bg-slate-900 text-white shadow-2xl shadow-brand-900/30 ring-2 ring-brand-500 lg:-my-4 lg:py-12"
          : "border border-slate-200 bg-white shadow-sm"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-linear-to-r from-brand-600 to-fuchsia-600 px-4 py-1 text-xs font-bold uppercase tracking-wider text-white shadow">
          Most popular
        </p>
      ) : null}
      <h3 id={headingId} className={`text-lg font-semibold ${plan.popular ? "text-white" : "text-slate-900"}`}>
        {plan.name}
      </h3>
      <p className={`mt-2 text-sm leading-6 ${plan.popular ? "text-slate-300" : "text-slate-600"}`}>{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className={`text-5xl font-extrabold tracking-tight ${plan.popular ? "text-white" : "text-slate-900"}`}>
          {plan.price}
        </span>
        <span className={`text-sm font-medium ${plan.popular ? "text-slate-300" : "text-slate-600"}`}>{plan.period}</span>
      </p>
      {isCurrent || covered ? (
        <p className="mt-8">
          <Link to="/account" className={buttonClasses("secondary", "md", "w-full")} data-current-plan={plan.id}>
            {isCurrent ? "Your plan · manage" : "Included in your Pro plan"}
          </Link>
        </p>
      ) : isFree ? (
        <Link to={WIZARD_PATH} data-wizard-trigger className={buttonClasses("secondary", "md", "mt-8 w-full")}>
          {plan.cta}
        </Link>
      ) : (
        <div className="mt-8">
          <CheckoutForm
            plan={plan.id as "starter" | "pro"}
            label={plan.cta}
            paymentsEnabled={paymentsEnabled}
            variant={plan.popular ? "primary" : "secondary"}
            className="w-full"
            noteClassName={plan.popular ? "text-slate-300" : "text-slate-600"}
          />
        </div>
      )}
      <p className={`mt-8 text-sm font-semibold ${plan.popular ? "text-white" : "text-slate-900"}`}>{plan.id === "pro" ? "Everything in Starter, plus" : "What's included"}</p>
      <ul className={`mt-3 space-y-3 text-sm ${plan.popular ? "text-slate-200" : "text-slate-700"}`}>
        {plan.features.map((f) => (
          <li key={f} className="flex gap-3">
            <Icon name="check" className={`mt-0.5 h-4 w-4 shrink-0 ${plan.popular ? "text-brand-300" : "text-brand-600"}`} />
            {plan.links?.[f] ? (
              <a href={plan.links[f]} className={`underline decoration-1 underline-offset-2 ${plan.popular ? "decoration-slate-500 hover:text-white" : "decoration-slate-300 hover:text-brand-700"}`}>
                {f}
              </a>
            ) : (
              f
            )}
          </li>
        ))}
      </ul>
      {plan.limitations.length ? (
        <>
          <p className={`mt-6 text-sm font-semibold ${plan.popular ? "text-white" : "text-slate-900"}`}>Limitations</p>
          <ul className={`mt-3 space-y-3 text-sm ${plan.popular ? "text-slate-300" : "text-slate-600"}`}>
            {plan.limitations.map((l) => (
              <li key={l} className="flex gap-3">
                <Icon name="x" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                {l}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

export const action = refusePost;

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { paymentsEnabled, currentPlan } = loaderData;
  const [params] = useSearchParams();
  return (
    <main>
      <PageHero
        eyebrow="Pricing"
        icon="tag"
        title="Simple pricing. Pay once, or grow monthly."
        lead="Preview your whole launch kit for free. Upgrade when you're ready to export, deploy and grow."
      />

      <section aria-labelledby="plans-heading" className="container-page">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        {params.get("checkout") === "canceled" ? (
          <p role="status" className="mx-auto mb-8 max-w-3xl rounded-xl bg-slate-100 px-4 py-3 text-center text-sm text-slate-800">
            Checkout canceled: nothing was charged. Your free preview is still here whenever you are ready.
          </p>
        ) : null}
        <ul className="mx-auto grid max-w-6xl items-start gap-8 lg:grid-cols-3 lg:items-center">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} paymentsEnabled={paymentsEnabled} currentPlan={currentPlan} />
          ))}
        </ul>
        <p id="regenerations" className="mx-auto mt-12 max-w-3xl text-center text-sm leading-6 text-slate-700">
          <strong className="font-semibold text-slate-900">Regenerations.</strong> Every plan, free included, can regenerate any part of a kit
          (brand, logo, landing page, posts, deck…) {REGENERATIONS_INCLUDED} times a month; Pro adds {PRO_EXTRA_REGENERATIONS} more every month.
          The first generation of each asset and your own edits never count.
        </p>
        <div className="mx-auto mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
          <p className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
            <Icon name="shield" className="h-5 w-5 shrink-0 text-emerald-700" />
            <span>
              <strong className="font-semibold">Risk-free.</strong> {MONEY_BACK_NOTE}
            </span>
          </p>
          <p className="flex items-start gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
            <Icon name="calendar" className="h-5 w-5 shrink-0 text-sky-700" />
            <span>
              <strong className="font-semibold">No lock-in.</strong> {CANCEL_NOTE} No questions, no fees.
            </span>
          </p>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          Prices in US dollars. Payments are handled securely by our card payment provider, Stripe; LaunchKit never sees your card.
        </p>
      </section>

      <section aria-labelledby="pricing-faq-heading" id="faq" className="container-page scroll-mt-24 pt-24">
        <SectionHeading
          id="pricing-faq-heading"
          eyebrow="FAQ"
          title="Pricing questions, answered"
          lead="Can't find what you need? Our team replies within 24-48 hours."
        />
        <FaqList items={PRICING_FAQ} />
      </section>

      <CtaBand
        headingId="pricing-cta-heading"
        title="Try it before you buy it"
        body="Generate a complete launch kit with the free preview. Upgrade only when you love it."
        cta="Start free preview"
        secondary={{ label: "Talk to sales", to: "/contact" }}
      />
    </main>
  );
}
