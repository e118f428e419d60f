import { useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator, useSearchParams } from "react-router";
import { requireUser } from "~/features/auth/guards.server";
import { billingAccount, planHistory } from "~/kit/plans/account.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { MONEY_BACK_DAYS, PLAN_NAMES, PLAN_PRICES, PRO_EXTRA_REGENERATIONS } from "~/kit/plans/plans";
import { PRO_FEATURES } from "~/features/marketing/pro-features";
import { regenerationAllowance } from "~/kit/plans/regenerations.server";
import { createPortalSession, paymentsEnabled, PaymentProviderError } from "~/features/billing/stripe.server";
import { CheckoutForm } from "~/ui/billing/checkout-form";
import { Icon } from "~/ui/marketing/icons";
import { Button, buttonClasses } from "~/ui/ui/button";
import { formatDate } from "~/kit/format";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { logError } from "~/platform/log.server";
import { createToken, MAX_TOKENS, revokeToken, TokenFormSchema, tokensOf } from "~/features/agents/tokens.server";
import { AccessTokens, type TokenActionData } from "~/ui/account/access-tokens";
import type { Route } from "./+types/account";

/**
 * /account: the plan (status, end date), this month's regenerations, plan
 * history, upgrade buttons, and for a Stripe subscription the customer
 * portal (a POST that answers with a 303 to Stripe).
 */

export const meta: Route.MetaFunction = () => [{ title: "Account | LaunchKit" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const account = (await billingAccount(user.id))!;
  const e = await entitlementsFor(user.id);
  return {
    user: { name: user.name, email: user.email, createdAt: user.createdAt },
    plan: {
      stored: e.plan,
      effective: e.effectivePlan,
      status: e.status,
      endsAt: e.endsAt,
      canDownload: e.canDownload,
      canExport: e.canExport,
      watermarked: e.watermarked,
      canUseCustomDomain: e.canUseCustomDomain,
    },
    regenerations: await regenerationAllowance(user.id),
    portal: paymentsEnabled() && !!account.stripeCustomerId && !!account.stripeSubscriptionId,
    tokens: await tokensOf(user.id),
    // Shown to the founder themselves (siteOrigin: APP_URL, else the address they are using).
    mcpUrl: `${siteOrigin(request)}/mcp`,
    paymentsEnabled: paymentsEnabled(),
    history: (await planHistory(user.id, 10)).map((h) => ({
      id: h.id,
      from: h.fromPlan,
      to: h.toPlan,
      // Stripe ids in parentheses are for admins and support, not for this page.
      note: h.source.startsWith("admin:") ? null : (h.note?.replace(/\s*\([^)]*\b(cs|pi|ch|sub|evt)_\w+[^)]*\)/g, "") ?? null),
      at: h.createdAt,
      by: h.source.startsWith("admin:") ? "An admin" : "Stripe",
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create-token") {
    const parsed = TokenFormSchema.safeParse({ name: form.get("name") ?? undefined, scope: form.get("scope") ?? undefined, leads: form.get("leads") ?? undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === "scope" ? "scope" : issue.path[0] === "name" ? "name" : "form";
      return data<TokenActionData>({ tokenError: { field, message: issue.message } }, { status: 400 });
    }
    const created = await createToken(user.id, parsed.data);
    if (!created) return data<TokenActionData>({ tokenError: { field: "form", message: `An account can have ${MAX_TOKENS} tokens. Revoke one you no longer use first.` } }, { status: 409 });
    // Shown in this answer only (no redirect): the secret is never stored, in a cookie or anywhere else.
    return data<TokenActionData>({ created: { token: created.token, name: created.view.name } }, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "revoke-token") {
    const id = String(form.get("token") ?? "");
    const name = (await tokensOf(user.id)).find((t) => t.id === id)?.name;
    if (!name || !(await revokeToken(user.id, id))) return data<TokenActionData>({ tokenError: { field: "form", message: "That token is already revoked or does not exist." } }, { status: 404 });
    return data<TokenActionData>({ revoked: name });
  }
  if (intent !== "portal") return data({ message: "Unknown action." }, { status: 400 });
  const account = await billingAccount(user.id);
  if (!paymentsEnabled() || !account?.stripeCustomerId) return data({ message: "There is no Stripe subscription to manage on this account." }, { status: 409 });
  try {
    return redirect(await createPortalSession(account.stripeCustomerId, siteOrigin(request)), 303);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logError("customer portal failed", error, { userId: user.id });
    return data({ message: "We could not reach the payment provider. Please try again in a minute." }, { status: 502 });
  }
}

const STATUS_TEXT = { active: "Active", past_due: "Payment past due", canceled: "Canceled" } as const;

/** After Checkout, the webhook may land a moment after the browser: look again a few times. */
function useWaitForPlan(waiting: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > 10) clearInterval(timer);
      else void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, plan, regenerations, portal, paymentsEnabled, history, tokens, mcpUrl } = loaderData;
  const [params] = useSearchParams();
  const justPaid = params.get("checkout") === "success";
  const waiting = justPaid && plan.effective === "free";
  useWaitForPlan(waiting);
  const wait = Number(params.get("wait") ?? 0);
  const endsAt = plan.endsAt ? formatDate(plan.endsAt) : null;
  const usedPct = Math.min(100, Math.round((regenerations.used / Math.max(1, regenerations.limit)) * 100));

  return (
    <main className="container-page pt-28 pb-16">
      {waiting && wait < 10 ? (
        <noscript>
          <meta httpEquiv="refresh" content={`2;url=/account?checkout=success&wait=${wait + 1}`} />
        </noscript>
      ) : null}
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Account</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{user.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {user.email} · member since {formatDate(user.createdAt)}
          </p>
        </div>

        {justPaid ? (
          <p role="status" className={`rounded-xl px-4 py-3 text-sm ${waiting ? "bg-sky-50 text-sky-900" : "bg-emerald-50 text-emerald-900"}`}>
            {waiting ? "Thank you! Your payment went through; we are waiting for Stripe's confirmation. This page updates by itself." : `Thank you! ${PLAN_NAMES[plan.effective]} is active on your account.`}
          </p>
        ) : null}
        {actionData && "message" in actionData && actionData.message ? (
          <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {actionData.message}
          </p>
        ) : null}

        <section aria-labelledby="plan-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h2 id="plan-heading" className="text-sm font-semibold text-slate-600">
                Your plan
              </h2>
              <p data-testid="account-plan" className="mt-1 text-2xl font-bold text-slate-900">
                {PLAN_NAMES[plan.effective]}
              </p>
              {plan.stored === "pro" && plan.status ? (
                <p data-testid="plan-status" className="mt-1 text-sm text-slate-700">
                  {STATUS_TEXT[plan.status]}
                  {plan.status === "active" && endsAt ? ` · renews on ${endsAt}` : null}
                  {plan.status === "canceled" && endsAt ? (plan.effective === "pro" ? ` · Pro until ${endsAt}` : ` · ended on ${endsAt}`) : null}
                  {plan.status === "past_due" ? " · Stripe is retrying your card; update it in the portal to keep Pro." : null}
                </p>
              ) : plan.effective === "starter" ? (
                <p className="mt-1 text-sm text-slate-700">Paid once, yours for good.</p>
              ) : plan.effective === "free" ? (
                <p className="mt-1 text-sm text-slate-700">Every asset is generated and viewable; previews carry a watermark.</p>
              ) : null}
            </div>
            {portal ? (
              <Form method="post">
                <Button type="submit" name="intent" value="portal" variant="secondary">
                  Manage subscription
                </Button>
              </Form>
            ) : null}
          </div>
          <ul className="mt-5 grid gap-2 text-sm sm:grid-cols-2">
            {[
              { ok: plan.canDownload, label: "Downloads of every file" },
              { ok: plan.canExport, label: "ZIP export and e-mail delivery" },
              { ok: !plan.watermarked, label: "No watermark, no badge" },
              { ok: plan.canUseCustomDomain, label: "Custom domain for your page" },
            ].map((f) => (
              <li key={f.label} className={`flex items-center gap-2 ${f.ok ? "text-slate-800" : "text-slate-500"}`}>
                <Icon name={f.ok ? "check" : "x"} className={`h-4 w-4 shrink-0 ${f.ok ? "text-emerald-600" : "text-slate-400"}`} />
                {f.label}
                <span className="sr-only">{f.ok ? "(included)" : "(not included)"}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 border-t border-slate-100 pt-5">
            <h3 className="text-sm font-semibold text-slate-900">{plan.effective === "pro" ? "Your Pro, and where to find it" : "What Pro adds"}</h3>
            <ul data-testid="pro-features" className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              {/* (The custom domain is in the list above; this page is the regenerations' own.) */}
              {PRO_FEATURES.filter((f) => f.href && f.href !== "/account" && f.label !== "Custom domain").map((f) => (
                <li key={f.label} className={`flex items-start gap-2 ${plan.effective === "pro" ? "text-slate-800" : "text-slate-600"}`}>
                  <Icon name={plan.effective === "pro" ? "check" : "lock"} className={`mt-0.5 h-4 w-4 shrink-0 ${plan.effective === "pro" ? "text-emerald-600" : "text-slate-400"}`} />
                  <a href={f.href!} className="underline decoration-slate-300 underline-offset-2 hover:text-brand-700">
                    {f.label}
                  </a>
                  <span className="sr-only">{plan.effective === "pro" ? "(included)" : "(with Pro)"}</span>
                </li>
              ))}
            </ul>
          </div>
          {plan.effective !== "pro" ? (
            <div className="mt-6 grid gap-3 border-t border-slate-100 pt-5 sm:grid-cols-2">
              {plan.effective === "free" ? (
                <div>
                  <CheckoutForm plan="starter" label={`Get Starter · ${PLAN_PRICES.starter.amount} once`} paymentsEnabled={paymentsEnabled} className="w-full" />
                </div>
              ) : null}
              <div>
                <CheckoutForm plan="pro" label={`Go Pro · ${PLAN_PRICES.pro.amount} a month`} paymentsEnabled={paymentsEnabled} variant={plan.effective === "free" ? "secondary" : "primary"} className="w-full" />
              </div>
              <p className="text-xs text-slate-600 sm:col-span-2">
                {MONEY_BACK_DAYS}-day money-back guarantee. <Link to="/pricing" className="font-semibold text-brand-700">Compare plans</Link>
              </p>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="regen-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="regen-heading" className="text-sm font-semibold text-slate-600">
            Regenerations this month
          </h2>
          <p data-testid="regenerations" className="mt-1 text-2xl font-bold text-slate-900">
            {regenerations.used} of {regenerations.limit} used
          </p>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${usedPct}%` }} />
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Each "Regenerate" of a brand, logo or other asset counts one; the first generation and hand edits are free. The count starts again on{" "}
            {formatDate(regenerations.resetsOn)}.{regenerations.isPro ? ` Pro adds ${PRO_EXTRA_REGENERATIONS} a month.` : ` Pro adds ${PRO_EXTRA_REGENERATIONS} more a month.`}
          </p>
        </section>

        {history.length ? (
          <section aria-labelledby="history-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="history-heading" className="text-sm font-semibold text-slate-600">
              Plan history
            </h2>
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {history.map((h) => (
                <li key={h.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="text-slate-800">
                    {h.from === h.to ? PLAN_NAMES[h.to as keyof typeof PLAN_NAMES] ?? h.to : `${PLAN_NAMES[h.from as keyof typeof PLAN_NAMES] ?? h.from} → ${PLAN_NAMES[h.to as keyof typeof PLAN_NAMES] ?? h.to}`}
                    {h.note ? <span className="text-slate-500"> · {h.note}</span> : null}
                  </span>
                  <span className="text-slate-500">
                    {h.by}, {formatDate(h.at)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <AccessTokens tokens={tokens} mcpUrl={mcpUrl} result={actionData && !("message" in actionData) ? (actionData as TokenActionData) : undefined} />

        <p>
          <Link to="/dashboard" className={buttonClasses("ghost", "sm")}>
            ← Back to dashboard
          </Link>
        </p>
      </div>
    </main>
  );
}
