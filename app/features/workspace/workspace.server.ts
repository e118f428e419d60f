import { and, eq, sql } from "drizzle-orm";
import { requireUser } from "~/features/auth/index.server";
import { workspacePlan } from "~/features/workspace/workspace-plan.server";
import { first, getDb, prepared } from "~/platform/db/client.server";
import { kitAssets, kitFacts, launchKits, type KitAsset, type LaunchKit } from "~/platform/db/schema";
import { assetsOfKit } from "~/kit/assets/assets.server";
import { BrandSchema, type Brand } from "~/kit/brand/brand";
import { businessName } from "~/kit/format";
import { kitAnswerColumns, kitForUser } from "~/kit/kits.server";
import { KIT_PLAN } from "~/kit/plan";
import { notFound } from "~/platform/http/responses.server";

/**
 * The kit of the signed-in user (another user's kit is a 404), for a
 * section's own loader or action. The shell's summary is the workspace
 * layout route's (routes/dashboard/workspace/layout.tsx); React Router runs
 * that loader beside the section's, not before it, so every section that
 * reads or writes the kit checks its owner here itself.
 */
export async function requireOwnKit(request: Request, kitId: string | undefined) {
  const user = await requireUser(request);
  const kit = kitId ? await kitForUser(kitId, user.id) : undefined;
  if (!kit) throw notFound();
  return { user, kit };
}

/** The owner's kit and its asset rows: what a section showing assets reads. */
export async function requireKitSection(request: Request, kitId: string | undefined) {
  const { user, kit } = await requireOwnKit(request, kitId);
  return { user, kit, rows: await assetsOfKit(kit.id) };
}

/**
 * The kit, its asset rows and the summary the shell draws: what the
 * sections read before the workspace had a layout route (the summary must
 * stay the same as the overview's, which tests compare).
 */
export async function requireKitWorkspace(request: Request, kitId: string | undefined) {
  const { user, kit, rows } = await requireKitSection(request, kitId);
  return { user, kit, rows, summary: await workspaceSummary(kit, rows) };
}

/**
 * The kit page (the workspace's overview) needs no asset's content, only
 * each asset's state and the brand's name: the whole contents (the landing
 * page's copy, the deck, the research, the posts...) are neither read nor
 * parsed here. Two statements prepared once (the kit without its logo
 * prompt; the asset states with the brand's content alone), then the same
 * summary as every section's.
 */
export async function requireKitOverview(request: Request, kitId: string | undefined) {
  const user = await requireUser(request);
  const kit = kitId ? await first(overviewKitQuery().execute({ kitId, userId: user.id })) : undefined;
  if (!kit) throw notFound();
  const rows = await assetStatesQuery().execute({ kitId: kit.id });
  const brandRow = rows.find((r) => r.kind === "brand");
  return { user, kit, summary: await summaryOf(kit, rows, readyBrand(brandRow && { ...brandRow, content: brandRow.brandContent })) };
}

/** The kit of its owner, every column the kit page shows (not the logo prompt). */
const overviewKitQuery = () =>
  prepared("kit_overview", () =>
    getDb()
      .select({
        id: launchKits.id,
        userId: launchKits.userId,
        status: launchKits.status,
        ...kitAnswerColumns,
        understanding: kitFacts.facts,
        generationProgress: launchKits.generationProgress,
        generationMetadata: launchKits.generationMetadata,
        generatedPrompt: launchKits.generatedPrompt,
        generatedLogoUrl: launchKits.generatedLogoUrl,
        createdAt: launchKits.createdAt,
        updatedAt: launchKits.updatedAt,
      })
      .from(launchKits)
      .leftJoin(kitFacts, eq(kitFacts.kitId, launchKits.id))
      .where(and(eq(launchKits.id, sql.placeholder("kitId")), eq(launchKits.userId, sql.placeholder("userId")))),
  );

/** Every asset's state; of the contents only the brand's (its name and whether it is readable). */
const assetStatesQuery = () =>
  prepared("kit_asset_states", () =>
    getDb()
      .select({
        kind: kitAssets.kind,
        status: kitAssets.status,
        version: kitAssets.version,
        error: kitAssets.error,
        brandContent: sql<unknown>`case when ${kitAssets.kind} = 'brand' then ${kitAssets.content} end`.mapWith(kitAssets.content),
      })
      .from(kitAssets)
      .where(eq(kitAssets.kitId, sql.placeholder("kitId"))),
  );

/**
 * The kit's brand when it is ready and readable: what `kitBrand()` of the
 * generation module returns, read from the row already at hand instead of
 * querying and parsing it again.
 */
function readyBrand(row: Pick<KitAsset, "version" | "content"> | undefined): Brand | null {
  if (!row || row.version === 0 || row.content == null) return null;
  const parsed = BrandSchema.safeParse(row.content);
  return parsed.success ? parsed.data : null;
}

export type WorkspaceSummary = Awaited<ReturnType<typeof workspaceSummary>>;

export async function workspaceSummary(kit: LaunchKit, rows: KitAsset[]) {
  return summaryOf(kit, rows, readyBrand(rows.find((r) => r.kind === "brand")));
}

type AssetState = Pick<KitAsset, "kind" | "status" | "version" | "error">;

async function summaryOf(kit: Pick<LaunchKit, "id" | "userId" | "status" | "businessIdea">, rows: AssetState[], brand: Brand | null) {
  const byKind = new Map(rows.map((r) => [r.kind, r]));
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
    /** The owner's plan and regenerations left (app/features/billing): the shell's plan bar. */
    plan: await workspacePlan(kit.userId),
    /** Changes whenever a rendered file may change: the brand or the logo got a new version. */
    filesVersion: filesVersionOf(rows),
  };
}

/** Changes whenever a rendered file may change: the brand or the logo got a new version. */
export function filesVersionOf(rows: Pick<KitAsset, "kind" | "version">[]) {
  const version = (kind: string) => rows.find((r) => r.kind === kind)?.version ?? 0;
  return `${version("brand")}.${version("logo")}`;
}

export { logoFileUrl } from "./workspace";
