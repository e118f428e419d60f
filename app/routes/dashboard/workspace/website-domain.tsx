import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { unconfirmedMessage } from "~/features/auth/email-confirmation.server";
import { dnsRecordFor, domainStateOf, proveCustomDomain, removeCustomDomain, requestCustomDomain, slugForHost, targetHost } from "~/features/billing/custom-domain.server";
import { txtRecordFor } from "~/features/billing/domain-dns.server";
import { DOMAIN_GRACE_DAYS, DOMAIN_GRACE_MS } from "~/features/billing/domain-recheck.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { CustomDomainSchema } from "~/features/billing/schemas";
import { Field, FormError } from "~/ui/forms";
import { Button, buttonClasses } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { first, getDb } from "~/platform/db/client.server";
import { landingPages } from "~/platform/db/schema";
import { formatDate } from "~/kit/format";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/website-domain";

/**
 * /dashboard/kits/:id/website/domain: Pro's custom domain for the kit's
 * published page. The founder enters a domain, creates the TXT record shown
 * (the proof that the domain is theirs) and the CNAME, and checks; once
 * proved, LaunchKit answers requests whose Host is that domain with the page
 * (app/features/billing/custom-domain.server.ts).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Custom domain · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

async function pageRow(kitId: string) {
  return (await first(getDb().select({ slug: landingPages.slug, published: landingPages.published }).from(landingPages).where(eq(landingPages.kitId, kitId)))) ?? null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const target = targetHost(request);
  const page = await pageRow(kit.id);
  const state = await domainStateOf(kit.id);
  const connected = state?.customDomain ?? null;
  const pending = state?.pendingDomain ?? null;
  // The records shown are for the domain being proved: the pending one, else the connected one.
  const shown = pending ?? connected;
  return {
    allowed: (await entitlementsFor(user.id)).canUseCustomDomain,
    page,
    connected: connected
      ? {
          domain: connected,
          serving: (await slugForHost(connected, { fresh: true })) !== null,
          failingSince: state?.domainFailingSince ? formatDate(state.domainFailingSince) : null,
          releasedAfter: state?.domainFailingSince ? formatDate(state.domainFailingSince.getTime() + DOMAIN_GRACE_MS) : null,
        }
      : null,
    pending,
    shown,
    txt: shown && state?.domainToken ? txtRecordFor(shown, state.domainToken) : null,
    record: shown ? dnsRecordFor(shown, target) : null,
    target,
    graceDays: DOMAIN_GRACE_DAYS,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const back = `/dashboard/kits/${kit.id}/website/domain`;
  const intent = form.get("intent");
  if (intent === "remove") {
    await removeCustomDomain(kit.id);
    return redirect(`${back}?removed=1`, 303);
  }
  // A domain put before the public, like publishing: only with a confirmed address.
  const unconfirmed = unconfirmedMessage(user);
  if (intent === "check") {
    if (unconfirmed) return data({ result: null, message: unconfirmed }, { status: 403 });
    const proved = await proveCustomDomain(user.id, kit.id);
    if (!proved.ok) return data({ result: null, message: proved.message }, { status: proved.status });
    return redirect(`${back}?verified=1`, 303);
  }
  const submission = parseWithZod(form, { schema: CustomDomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  if (unconfirmed) return data({ result: submission.reply({ fieldErrors: { domain: [unconfirmed] } }), message: null }, { status: 403 });
  const result = await requestCustomDomain(user.id, kit.id, submission.value.domain, targetHost(request));
  if (!result.ok) return data({ result: submission.reply({ fieldErrors: { domain: [result.message] } }), message: null }, { status: result.status });
  return redirect(`${back}?saved=1`, 303);
}

export default function WebsiteDomain({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { allowed, page, connected, pending, shown, txt, record, target, graceDays } = loaderData;
  const [params] = useSearchParams();
  const { form, fields, formProps, errorsFor } = useValidatedForm({ id: "custom-domain", schema: CustomDomainSchema, lastResult: actionData?.result, defaultValue: { domain: shown ?? "" } });
  const websiteHref = `/dashboard/kits/${summary.id}/website`;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to={websiteHref} className="font-semibold text-brand-700 hover:text-brand-800">
          ← Landing page
        </Link>
      </p>
      {params.get("saved") ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">Domain saved. Create the two DNS records below, then check: it can take a few minutes (at most a day) to reach everyone.</p> : null}
      {params.get("verified") && connected ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">Verified: {connected.domain} is yours and connected to this page.</p> : null}
      {params.get("removed") ? <p role="status" className="mb-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800">Custom domain removed. Your page stays at its LaunchKit address.</p> : null}
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      <Panel title="Custom domain" id="custom-domain-heading">
        {!allowed ? (
          <div className="space-y-3 text-sm text-slate-700">
            <p>Publish your landing page on your own domain, such as www.yourbusiness.com, with Pro. Every plan can publish at its LaunchKit address.</p>
            {connected ? <p>This page had {connected.domain}; it is not served while the account is not on Pro, and it is released {graceDays} days after Pro ended.</p> : null}
            <Link to={`/upgrade?need=custom-domain&back=${encodeURIComponent(websiteHref)}`} className={buttonClasses("primary", "sm")}>
              Get Pro
            </Link>
          </div>
        ) : !page ? (
          <p className="text-sm text-slate-700">
            Publish your landing page first (in the <Link to={websiteHref} className="font-semibold text-brand-700">landing page section</Link>); then connect your domain here.
          </p>
        ) : (
          <div className="space-y-6">
            {connected ? (
              <div className="space-y-2 text-sm text-slate-800">
                <p data-testid="domain-status">
                  Connected: <strong>{connected.domain}</strong>.{" "}
                  {connected.serving ? `LaunchKit answers ${connected.domain} with your page (/p/${page.slug}).` : "Not served yet: publish the page first."}
                </p>
                {connected.failingSince ? (
                  <p data-testid="domain-failing" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
                    LaunchKit has not been able to confirm the TXT record of {connected.domain} since {connected.failingSince}. Create it (below) and check now: after {connected.releasedAfter} the domain is released.
                  </p>
                ) : null}
              </div>
            ) : null}
            <Form method="post" {...formProps} className="flex flex-wrap items-end gap-3">
              <FormError id={form.errorId} errors={form.errors} />
              <Field
                label="Your domain"
                className="min-w-64 flex-1"
                hint="A domain you own, without http://, for example www.yourbusiness.com."
                inputProps={{ ...getInputProps(fields.domain, { type: "text" }), placeholder: "www.yourbusiness.com", autoComplete: "off", spellCheck: false, maxLength: 253 }}
                errors={errorsFor("domain", fields.domain.errors)}
              />
              <Button type="submit" name="intent" value="save">
                Save domain
              </Button>
            </Form>
            {shown && record ? (
              <div className="space-y-3">
                <h3 className="text-sm font-semibold text-slate-900">DNS records to create at {shown}'s provider</h3>
                {pending ? (
                  <p data-testid="domain-pending" className="text-sm text-slate-800">
                    Waiting for proof that {pending} is yours: LaunchKit serves it only once the TXT record below is found.
                  </p>
                ) : null}
                <div className="overflow-x-auto">
                  <table data-testid="dns-record" className="w-full min-w-[28rem] text-left text-sm">
                    <thead>
                      <tr className="text-xs uppercase tracking-wide text-slate-500">
                        <th scope="col" className="py-2 pr-4">Type</th>
                        <th scope="col" className="py-2 pr-4">Name</th>
                        <th scope="col" className="py-2">Value</th>
                      </tr>
                    </thead>
                    <tbody className="font-mono">
                      {txt ? (
                        <tr data-testid="txt-record">
                          <td className="py-2 pr-4">{txt.type}</td>
                          <td className="break-all py-2 pr-4">{txt.name}</td>
                          <td className="break-all py-2">{txt.value}</td>
                        </tr>
                      ) : null}
                      <tr>
                        <td className="py-2 pr-4">{record.apex ? "ALIAS / ANAME" : record.type}</td>
                        <td className="py-2 pr-4">{record.name}</td>
                        <td className="py-2">{record.value}</td>
                      </tr>
                    </tbody>
                  </table>
                </div>
                <p className="text-xs text-slate-600">
                  The TXT record proves that the domain is yours (some providers want its name without your domain: {txt ? txt.name.slice(0, -shown.length - 1) : "_launchkit"}); keep it: LaunchKit checks it every day.{" "}
                  {record.apex
                    ? `${shown} is a root domain: most providers call the second record ALIAS or ANAME (or flatten a CNAME). Or connect www.${shown} with a CNAME instead.`
                    : `The CNAME points ${shown} to ${target}.`}{" "}
                  Serve it over https with your proxy (Caddy obtains certificates by itself).
                </p>
                <div className="flex flex-wrap gap-3">
                  <Form method="post">
                    <Button type="submit" name="intent" value="check" size="sm">
                      Check now
                    </Button>
                  </Form>
                  <Form method="post">
                    <Button type="submit" name="intent" value="remove" variant="ghost" size="sm">
                      Remove domain
                    </Button>
                  </Form>
                </div>
              </div>
            ) : null}
          </div>
        )}
      </Panel>
    </>
  );
}
