import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { customDomainOf, dnsRecordFor, setCustomDomain, slugForHost, targetHost } from "~/billing/custom-domain.server";
import { entitlementsFor } from "~/billing/entitlements.server";
import { CustomDomainSchema } from "~/billing/schemas";
import { Field, FormError } from "~/components/forms";
import { Button, buttonClasses } from "~/components/ui/button";
import { useValidatedForm } from "~/components/use-validated-form";
import { Panel, WorkspaceShell } from "~/components/workspace/shell";
import { first, getDb } from "~/db/client.server";
import { landingPages } from "~/db/schema";
import { requireKitWorkspace } from "~/kits/workspace.server";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/website-domain";

/**
 * /dashboard/kits/:id/website/domain: Pro's custom domain for the kit's
 * published page, with the DNS record to create. LaunchKit answers requests
 * whose Host is that domain with the page (app/billing/custom-domain.server.ts).
 */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Custom domain · ${data?.summary.name ?? "Launch kit"} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

async function pageRow(kitId: string) {
  return (await first(getDb().select({ slug: landingPages.slug, published: landingPages.published }).from(landingPages).where(eq(landingPages.kitId, kitId)))) ?? null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user, summary } = await requireKitWorkspace(request, params.id);
  const domain = await customDomainOf(kit.id);
  const target = targetHost(request);
  const page = await pageRow(kit.id);
  return {
    summary,
    allowed: (await entitlementsFor(user.id)).canUseCustomDomain,
    page,
    domain,
    record: domain ? dnsRecordFor(domain, target) : null,
    serving: domain ? (await slugForHost(domain)) !== null : false,
    target,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireKitWorkspace(request, params.id);
  const form = await request.formData();
  const back = `/dashboard/kits/${kit.id}/website/domain`;
  if (form.get("intent") === "remove") {
    const removed = await setCustomDomain(user.id, kit.id, null, targetHost(request));
    if (!removed.ok) return data({ result: null, message: removed.message }, { status: removed.status });
    return redirect(`${back}?removed=1`, 303);
  }
  const submission = parseWithZod(form, { schema: CustomDomainSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  const result = await setCustomDomain(user.id, kit.id, submission.value.domain, targetHost(request));
  if (!result.ok) return data({ result: submission.reply({ fieldErrors: { domain: [result.message] } }), message: null }, { status: result.status });
  return redirect(`${back}?saved=1`, 303);
}

export default function WebsiteDomain({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, allowed, page, domain, record, serving, target } = loaderData;
  const [params] = useSearchParams();
  const { form, fields, formProps, errorsFor } = useValidatedForm({ id: "custom-domain", schema: CustomDomainSchema, lastResult: actionData?.result, defaultValue: { domain: domain ?? "" } });
  const websiteHref = `/dashboard/kits/${summary.id}/website`;
  return (
    <WorkspaceShell summary={summary}>
      <p className="mb-4 text-sm">
        <Link to={websiteHref} className="font-semibold text-brand-700 hover:text-brand-800">
          ← Landing page
        </Link>
      </p>
      {params.get("saved") ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">Domain saved. Create the DNS record below; it can take up to a day to reach everyone.</p> : null}
      {params.get("removed") ? <p role="status" className="mb-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800">Custom domain removed. Your page stays at its LaunchKit address.</p> : null}
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      <Panel title="Custom domain" id="custom-domain-heading">
        {!allowed ? (
          <div className="space-y-3 text-sm text-slate-700">
            <p>Publish your landing page on your own domain, such as www.yourbusiness.com, with Pro. Every plan can publish at its LaunchKit address.</p>
            {domain ? <p>This page had {domain}; it is not served while the account is not on Pro.</p> : null}
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
            {domain && record ? (
              <div className="space-y-3">
                <h3 className="text-sm font-semibold text-slate-900">DNS record to create at your domain's provider</h3>
                <div className="overflow-x-auto">
                  <table data-testid="dns-record" className="w-full min-w-[28rem] text-left text-sm">
                    <thead>
                      <tr className="text-xs uppercase tracking-wide text-slate-500">
                        <th scope="col" className="py-2 pr-4">Type</th>
                        <th scope="col" className="py-2 pr-4">Name</th>
                        <th scope="col" className="py-2">Value</th>
                      </tr>
                    </thead>
                    <tbody>
                      <tr className="font-mono">
                        <td className="py-2 pr-4">{record.apex ? "ALIAS / ANAME" : record.type}</td>
                        <td className="py-2 pr-4">{record.name}</td>
                        <td className="py-2">{record.value}</td>
                      </tr>
                    </tbody>
                  </table>
                </div>
                <p className="text-xs text-slate-600">
                  {record.apex
                    ? `${domain} is a root domain: most providers call this record ALIAS or ANAME (or flatten a CNAME). Or connect www.${domain} with a CNAME instead.`
                    : `A CNAME from ${domain} to ${target}.`}{" "}
                  Once it resolves, {domain} shows your page{page.published ? "" : " (publish it first)"}; serve it over https with your proxy (Caddy obtains certificates by itself).
                </p>
                <p data-testid="domain-status" className="text-sm text-slate-800">
                  {serving ? `LaunchKit answers ${domain} with your page (/p/${page.slug}).` : "Not served yet: publish the page first."}
                </p>
                <Form method="post">
                  <Button type="submit" name="intent" value="remove" variant="ghost" size="sm">
                    Remove domain
                  </Button>
                </Form>
              </div>
            ) : null}
          </div>
        )}
      </Panel>
    </WorkspaceShell>
  );
}
