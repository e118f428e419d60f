import { data, Link } from "react-router";
import { getUser } from "~/features/auth/session.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { MONEY_BACK_DAYS, PLAN_NAMES, PLAN_PRICES, PRO_EXTRA_REGENERATIONS } from "~/kit/plans/plans";
import { PRO_FEATURES } from "~/features/marketing/pro-features";
import { paymentsEnabled } from "~/features/billing/stripe.server";
import { CheckoutForm } from "~/ui/billing/checkout-form";
import { Icon } from "~/ui/marketing/icons";
import { buttonClasses } from "~/ui/ui/button";
import type { Route } from "./+types/upgrade";
import { refusePost } from "~/platform/http/responses.server";
import { safeRedirect } from "~/platform/http/safe-redirect";

/**
 * /upgrade?need=download&back=/dashboard/kits/…: where a refused download,
 * export or Pro feature lands (app/kit/plans/entitlements.server.ts `refusal`).
 * Answered with status 403: the request was refused; the page says why and
 * how to get it.
 */

const NEEDS = {
  download: {
    title: "Downloads come with a paid plan",
    body: "Your free preview shows every part of your kit, watermarked. Starter or Pro unlocks the files themselves: logos in SVG and PNG, the landing page, the deck and the guidelines, without watermarks.",
    plans: ["starter", "pro"],
  },
  export: {
    title: "The ZIP export comes with a paid plan",
    body: "Download your whole kit as one ZIP (or have it e-mailed to you) with Starter or Pro. Everything in it is yours to keep, without watermarks.",
    plans: ["starter", "pro"],
  },
  "custom-domain": {
    title: "Custom domains come with Pro",
    body: "Publish your landing page on your own domain with Pro. Every plan can publish at its LaunchKit address.",
    plans: ["pro"],
  },
  analytics: {
    title: "Full analytics come with Pro",
    body: "Every plan sees its page's visitors and leads. Pro adds views and conversion, the daily chart and table, sources, campaigns and devices, the CSV, and A/B experiments on your headline.",
    plans: ["pro"],
  },
  pro: {
    title: "This comes with Pro",
    body: "Pro is for growing from your published page: everything in Starter, and each month the work that brings and keeps customers. Each item below opens where it lives.",
    plans: ["pro"],
  },
  regenerations: {
    title: "You have used this month's regenerations",
    body: `Pro adds ${PRO_EXTRA_REGENERATIONS} regenerations of any asset every month. Editing your brand, copy and slides by hand is always free.`,
    plans: ["pro"],
  },
} as const;

type Need = keyof typeof NEEDS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? NEEDS[data.need].title : "Upgrade"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const raw = url.searchParams.get("need");
  // A bare /upgrade (a Pro section's "see what Pro adds") is about Pro; refused downloads always name their need.
  const need: Need = raw && Object.hasOwn(NEEDS, raw) ? (raw as Need) : "pro";
  const back = safeRedirect(url.searchParams.get("back"), "/dashboard");
  const user = await getUser(request);
  const plan = user ? (await entitlementsFor(user.id)).effectivePlan : null;
  return data({ need, back, signedIn: !!user, plan, paymentsEnabled: paymentsEnabled() }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

export const action = refusePost;

export default function Upgrade({ loaderData }: Route.ComponentProps) {
  const { need, back, plan, signedIn, paymentsEnabled } = loaderData;
  const copy = NEEDS[need];
  return (
    <main className="container-page pt-28 pb-16">
      <div className="mx-auto max-w-2xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
          <Icon name="lock" className="h-3.5 w-3.5" />
          {plan ? `Your plan: ${PLAN_NAMES[plan]}` : "Not available on the free preview"}
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{plan === "pro" && need === "pro" ? "You have Pro" : copy.title}</h1>
        <p className="mt-3 text-base leading-7 text-slate-700">{plan === "pro" && need === "pro" ? "Everything below is yours: each item opens where it lives." : copy.body}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {copy.plans.map((p) => (
            <li key={p} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">{PLAN_NAMES[p]}</h2>
              <p className="mt-1 flex items-baseline gap-2">
                <span className="text-3xl font-extrabold text-slate-900">{PLAN_PRICES[p].amount}</span>
                <span className="text-sm text-slate-600">{PLAN_PRICES[p].period}</span>
              </p>
              {p === "starter" ? (
                <p className="mt-2 flex-1 text-sm text-slate-600">Every file and the ZIP, no watermarks. Pay once.</p>
              ) : (
                <ul data-testid="pro-features" className="mt-3 flex-1 space-y-1.5 text-sm text-slate-700">
                  <li className="font-semibold text-slate-900">Everything in Starter, plus:</li>
                  {PRO_FEATURES.map((f) => (
                    <li key={f.label} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                      {f.href ? (
                        <a href={f.href} className="underline decoration-slate-300 underline-offset-2 hover:text-brand-700">
                          {f.label}
                        </a>
                      ) : (
                        f.label
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-5">
                {plan === "pro" ? (
                  // A Pro founder is shown where each part lives, not sold Pro again.
                  <Link to="/account" className={buttonClasses("secondary", "md", "w-full")} data-current-plan="pro">
                    Your plan · manage
                  </Link>
                ) : (
                  <CheckoutForm plan={p} label={`Get ${PLAN_NAMES[p]}`} paymentsEnabled={paymentsEnabled} variant={p === "starter" || copy.plans.length === 1 ? "primary" : "secondary"} className="w-full" />
                )}
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">{MONEY_BACK_DAYS}-day money-back guarantee on every paid plan.</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/pricing" className={buttonClasses("secondary", "md")}>
            Compare plans
          </Link>
          {signedIn ? (
            <Link to={back} className={buttonClasses("ghost", "md")}>
              ← Back to your kit
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
