import { requireUser } from "~/auth/guards.server";
import { workspacePlan } from "~/billing/workspace-plan.server";
import type { KitAsset, LaunchKit } from "~/db/schema";
import { kitBrand } from "~/generation/job.server";
import { assetsOfKit } from "~/kits/assets/assets.server";
import { businessName } from "~/kits/format";
import { kitForUser } from "~/kits/kits.server";
import { KIT_PLAN } from "~/kits/plan";
import { notFound } from "~/utils/responses.server";

/**
 * What every section of a kit's workspace needs: the kit (owner only: another
 * user's kit is a 404), its asset rows, and the summary drawn by the shell.
 */
export async function requireKitWorkspace(request: Request, kitId: string | undefined) {
  const user = await requireUser(request);
  const kit = kitId ? await kitForUser(kitId, user.id) : undefined;
  if (!kit) throw notFound();
  const rows = await assetsOfKit(kit.id);
  return { user, kit, rows, summary: await workspaceSummary(kit, rows) };
}

export type WorkspaceSummary = Awaited<ReturnType<typeof workspaceSummary>>;

export async function workspaceSummary(kit: LaunchKit, rows: KitAsset[]) {
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const brand = await kitBrand(kit.id);
  const sections = KIT_PLAN.filter((e) => e.section && byKind.has(e.kind)).map((e) => {
    const row = byKind.get(e.kind)!;
    return { kind: e.kind, path: e.path ?? e.kind, label: e.label, status: row.status, version: row.version, error: row.error };
  });
  const assets = KIT_PLAN.filter((e) => byKind.has(e.kind)).map((e) => {
    const row = byKind.get(e.kind)!;
    return { kind: e.kind, path: e.path ?? e.kind, label: e.label, status: row.status, version: row.version, error: row.error, regenerable: e.regenerable };
  });
  return {
    id: kit.id,
    name: brand?.name ?? businessName(kit.businessIdea),
    status: kit.status,
    sections,
    assets,
    hasBrand: !!brand,
    /** Any asset waiting or running: the page follows it live (JS) or refreshes itself (no JS). */
    pending: kit.status === "generating" || rows.some((r) => r.status === "queued" || r.status === "generating"),
    /** The owner's plan and regenerations left (app/billing): the shell's plan bar. */
    plan: await workspacePlan(kit.userId),
    /** Changes whenever a rendered file may change: the brand or the logo got a new version. */
    filesVersion: `${byKind.get("brand")?.version ?? 0}.${byKind.get("logo")?.version ?? 0}`,
  };
}

export { logoFileUrl } from "./workspace";
