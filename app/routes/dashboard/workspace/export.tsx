import { parseWithZod } from "@conform-to/zod/v4";
import { requireExport } from "~/kit/plans/entitlements.server";
import { data, Form, redirect, useSearchParams } from "react-router";
import { Button } from "~/ui/ui/button";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { kitBrand } from "~/kit/content.server";
import { activeLinks, LINK_TTL_MS, revokeLink } from "~/kit/export/links.server";
import { emailKitLink } from "~/features/workspace/export-mail.server";
import { EmailKitSchema, RevokeLinkSchema } from "~/kit/export/schema";
import { leftOutAssets, zipEntries, zipFileName } from "~/kit/export/zip.server";
import { fileContext, kitFiles } from "~/kit/files.server";
import { businessName, formatDate } from "~/kit/format";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import { logError } from "~/platform/log.server";
import type { Route } from "./+types/export";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Export · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows, user } = await requireKitSection(request, params.id);
  const ctx = await fileContext(kit);
  const files = zipEntries(await kitFiles(ctx)).map((f) => ({ path: f.path, describe: f.describe ?? null }));
  const versions = rows.map((r) => `${r.kind}${r.version}`).join(".");
  return {
    email: user.email,
    generating: kit.status === "generating",
    zipName: zipFileName(ctx.brand?.name ?? businessName(kit.businessIdea)),
    files,
    versions,
    leftOut: leftOutAssets(rows, !!ctx.brand),
    hasGuidelines: files.some((f) => f.path === "brand/guidelines.pdf"),
    links: (await activeLinks(kit.id)).map((l) => ({ id: l.id, createdAt: l.createdAt.toISOString(), expiresAt: l.expiresAt.toISOString() })),
    ttlDays: LINK_TTL_MS / 86_400_000,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "email") {
    if (parseWithZod(formData, { schema: EmailKitSchema }).status !== "success") return data({ message: "Unknown action." }, { status: 400 });
    await requireExport(user.id, `/dashboard/kits/${kit.id}/export`);
    if (kit.status === "generating") return data({ message: "This launch kit is still being generated. E-mail it when it is ready." }, { status: 409 });
    const name = (await kitBrand(kit.id))?.name ?? businessName(kit.businessIdea);
    try {
      const sent = await emailKitLink(request, user, kit, name);
      if (!sent.ok) return data({ message: sent.message }, { status: sent.status });
    } catch (error) {
      logError("kit link mail failed", error, { kitId: kit.id });
      return data({ message: "We couldn't send the e-mail just now. Please try again in a minute, or download the ZIP here." }, { status: 502 });
    }
    return redirect(`/dashboard/kits/${kit.id}/export?sent=1`, 303);
  }
  if (intent === "revoke") {
    const parsed = parseWithZod(formData, { schema: RevokeLinkSchema });
    if (parsed.status !== "success") return data({ message: "Choose a link to turn off." }, { status: 400 });
    if (!(await revokeLink(kit.id, parsed.value.link))) return data({ message: "That link is already off or does not exist." }, { status: 404 });
    return redirect(`/dashboard/kits/${kit.id}/export?revoked=1`, 303);
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

const FOLDER_LABELS: Record<string, string> = {
  "README.txt": "Read me",
  "": "For AI coding agents",
  brand: "Brand",
  logo: "Logo",
  website: "Website",
  social: "Social",
  research: "Research",
  deck: "Pitch deck",
};

function dateTime(iso: string) {
  return `${formatDate(iso)}, ${iso.slice(11, 16)} UTC`;
}

export default function ExportSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { files, leftOut, links, email, generating, zipName, versions, hasGuidelines, ttlDays } = loaderData;
  const plan = summary.plan;
  const [params] = useSearchParams();
  const base = `/dashboard/kits/${summary.id}`;
  const fileUrl = (path: string) => `${base}/files/${path}?v=${versions}&download=1`;
  const folders = new Map<string, typeof files>();
  for (const f of files) {
    // Files at the root (DESIGN.md, AGENTS.md, CLAUDE.md) under one heading of their own.
    const folder = f.path.includes("/") ? f.path.split("/")[0]! : "";
    folders.set(folder, [...(folders.get(folder) ?? []), f]);
  }
  return (
    <>
      {actionData?.message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{actionData.message}</p> : null}
      {params.get("sent") ? (
        <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Sent to <strong>{email}</strong>. The link works for {ttlDays} days without signing in.
        </p>
      ) : null}
      {params.get("revoked") ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">The link is off: it no longer downloads your kit.</p> : null}
      {/* One grid: on a phone the short panels come first and the long list of files last. */}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="lg:col-start-1 lg:row-start-1">
            <Panel title="Download your launch kit" id="export-zip">
              <p className="text-sm text-slate-700">
                One ZIP with everything that is ready: {files.length + 1} files in folders, a README that says what each one is, and your brand in one page.
              </p>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                {generating ? (
                  <p className="text-sm text-amber-900">Your kit is still being generated. The download opens when it is ready.</p>
                ) : (
                  <a href={`${base}/kit.zip`} download={plan.canExport ? zipName : undefined} data-testid="download-zip" className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor"><path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" /></svg>
                    Download kit (.zip)
                  </a>
                )}
                <span className="font-mono text-xs text-slate-500">{zipName}</span>
              </div>
              {!plan.canExport ? (
                <p role="note" data-testid="export-plan-note" className="mt-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">
                  You are on the {plan.name} plan: you can review everything here, and the ZIP, the e-mailed link and single downloads come with a paid plan.{" "}
                  <a href="/pricing" className="font-semibold underline">See the plans</a>
                </p>
              ) : null}
              {leftOut.length ? (
                <div role="note" data-testid="left-out" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  <p className="font-semibold">Not in the ZIP yet (the README lists them too):</p>
                  <ul className="mt-1 list-disc pl-5">{leftOut.map((l) => <li key={l.kind}>{l.label}: {l.reason}</li>)}</ul>
                </div>
              ) : null}
            </Panel>
        </div>
        <div className="lg:col-start-2 lg:row-start-1">
            <Panel title="E-mail me my kit" id="export-email">
              <p className="text-sm text-slate-700">
                We send <strong className="break-all">{email}</strong> a link to the ZIP. It works for {ttlDays} days without signing in: handy on another computer, or to pass to a co-founder.
              </p>
              <Form method="post" className="mt-4">
                <Button type="submit" name="intent" value="email" variant="secondary" disabled={generating}>E-mail me my kit</Button>
              </Form>
            </Panel>
        </div>
        <div className="order-last lg:order-none lg:col-start-1 lg:row-span-3 lg:row-start-2">
            <Panel title="What is inside" id="export-contents">
              <div className="space-y-5">
                <div>
                  <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{FOLDER_LABELS["README.txt"]}</h3>
                  <p className="mt-1 font-mono text-sm text-slate-800">README.txt</p>
                </div>
                {[...folders.entries()].map(([folder, list]) => (
                  <div key={folder}>
                    <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{FOLDER_LABELS[folder] ?? folder} {folder ? <span className="font-mono normal-case text-slate-500">{folder}/</span> : null}</h3>
                    <ul className="mt-1 divide-y divide-slate-100">
                      {list.map((f) => (
                        <li key={f.path} className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                          <a href={fileUrl(f.path)} download={plan.canDownload ? f.path.split("/").pop() : undefined} className="font-mono text-sm font-semibold break-all text-brand-700 hover:text-brand-800 sm:shrink-0 sm:break-normal sm:whitespace-nowrap">{folder ? f.path.slice(folder.length + 1) : f.path}</a>
                          {f.describe ? <span className="text-xs text-slate-600 sm:min-w-0 sm:text-right">{f.describe}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </Panel>
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
            <Panel title="Active download links" id="export-links">
              {links.length === 0 ? (
                <p className="text-sm text-slate-600">No active links. Links you e-mail yourself show here until they expire.</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="active-links">
                  {links.map((l) => (
                    <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                      <span className="text-sm text-slate-700">
                        Sent {dateTime(l.createdAt)}
                        <span className="block text-xs text-slate-500">Works until {dateTime(l.expiresAt)}</span>
                      </span>
                      <Form method="post">
                        <input type="hidden" name="link" value={l.id} />
                        <Button type="submit" name="intent" value="revoke" size="sm" variant="secondary" className="text-red-700" aria-label={`Revoke the link sent ${dateTime(l.createdAt)}`}>Revoke</Button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
        </div>
        <div className="lg:col-start-2 lg:row-start-3">
            <Panel title="Brand guidelines" id="export-guidelines">
              <p className="text-sm text-slate-700">An 8-page PDF for anyone who works on your brand: logo use and misuse, colours with HEX, RGB and CMYK, accessible colour pairs, typography and voice. It follows every brand edit.</p>
              {hasGuidelines && !plan.canDownload && plan.canPreviewGuidelines ? (
                <>
                  <a href={fileUrl("brand/guidelines.pdf")} target="_blank" rel="noreferrer" data-testid="preview-guidelines" className="mt-4 inline-flex items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                    Preview guidelines (PDF)<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  <p className="mt-2 text-xs text-slate-600">A watermarked preview on the {plan.name} plan: the file without the watermark comes with Starter or Pro.</p>
                </>
              ) : hasGuidelines ? (
                <a href={fileUrl("brand/guidelines.pdf")} download={plan.canDownload ? "guidelines.pdf" : undefined} data-testid="download-guidelines" className="mt-4 inline-flex items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                  Download guidelines (PDF)
                </a>
              ) : (
                <p className="mt-3 text-sm text-slate-600">Available once the brand is ready.</p>
              )}
            </Panel>
        </div>
      </div>
    </>
  );
}
