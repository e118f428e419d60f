import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { alias } from "drizzle-orm/sqlite-core";
import { kitAssets, launchKits, type KitStatus, type LaunchKit } from "~/db/schema";
import type { WizardInput } from "./schema";

export const DASHBOARD_PAGE_SIZE = 24;

/** Creates a kit as a draft with the seven business fields. */
export function createKit(userId: string, input: WizardInput): LaunchKit {
  const [kit] = getDb()
    .insert(launchKits)
    .values({
      id: crypto.randomUUID(),
      userId,
      status: "draft",
      businessIdea: input.idea,
      targetAudience: input.audience,
      geography: input.geography || null,
      tone: input.tone,
      competitors: input.competitors || null,
      primaryGoal: input.goal,
      brandVibe: input.vibe,
    })
    .returning()
    .all();
  return kit!;
}

/** A kit only when it belongs to this user: another user's kit does not exist for them. */
export function kitForUser(kitId: string, userId: string): LaunchKit | undefined {
  return getDb()
    .select()
    .from(launchKits)
    .where(and(eq(launchKits.id, kitId), eq(launchKits.userId, userId)))
    .get();
}

export function getKit(kitId: string): LaunchKit | undefined {
  return getDb().select().from(launchKits).where(eq(launchKits.id, kitId)).get();
}

const brandRow = alias(kitAssets, "brand_row");
const logoRow = alias(kitAssets, "logo_row");

const listColumns = {
  id: launchKits.id,
  status: launchKits.status,
  businessIdea: launchKits.businessIdea,
  targetAudience: launchKits.targetAudience,
  generationProgress: launchKits.generationProgress,
  // The list shows a two-line preview: no need to ship whole prompts.
  generatedPrompt: sql<string | null>`substr(${launchKits.generatedPrompt}, 1, 280)`,
  generatedLogoUrl: launchKits.generatedLogoUrl,
  createdAt: launchKits.createdAt,
  updatedAt: launchKits.updatedAt,
  /** The brand's chosen name, when the kit has a brand. */
  brandName: sql<string | null>`json_extract(${brandRow.content}, '$.name')`,
  brandVersion: brandRow.version,
  logoVersion: logoRow.version,
  /** Sign-ups of the kit's landing page while it is published (null otherwise): leads_kit_created_idx counts them. */
  leadCount: sql<number | null>`(select case when lp.published = 1 and lp.taken_down_at is null then (select count(*) from leads where leads.kit_id = lp.kit_id) end from landing_pages lp where lp.kit_id = ${launchKits.id})`,
};

// The dashboard's two queries are prepared once: building and compiling them
// on every load was ~8% of the page's CPU (docs/performance.md).
let listStatement: ReturnType<typeof prepareList> | undefined;
function prepareList() {
  return getDb()
    .select(listColumns)
    .from(launchKits)
    .leftJoin(brandRow, and(eq(brandRow.kitId, launchKits.id), eq(brandRow.kind, "brand")))
    .leftJoin(logoRow, and(eq(logoRow.kitId, launchKits.id), eq(logoRow.kind, "logo")))
    .where(eq(launchKits.userId, sql.placeholder("userId")))
    // Ties broken by rowid (insertion order), which launch_kits_user_created_idx holds: SQLite
    // then reads only the page's rows in index order instead of sorting all the user's kits.
    .orderBy(desc(launchKits.createdAt), desc(sql`"launch_kits"."rowid"`))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();
}

/** A user's kits, newest first, one page at a time (uses launch_kits_user_created_idx). */
export function kitsForUser(userId: string, page = 1, pageSize = DASHBOARD_PAGE_SIZE) {
  listStatement ??= prepareList();
  return listStatement.all({ userId, limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize });
}

let statsStatement: ReturnType<typeof prepareStats> | undefined;
function prepareStats() {
  return getDb()
    .select({
      total: count(),
      exported: sql<number>`coalesce(sum(case when ${launchKits.status} = 'exported' then 1 else 0 end), 0)`,
      generating: sql<number>`coalesce(sum(case when ${launchKits.status} = 'generating' then 1 else 0 end), 0)`,
    })
    .from(launchKits)
    .where(eq(launchKits.userId, sql.placeholder("userId")))
    .prepare();
}

/** Dashboard stat cards, counted in SQL for this user only. */
export function statsForUser(userId: string) {
  statsStatement ??= prepareStats();
  const row = statsStatement.get({ userId });
  return { total: row?.total ?? 0, exported: Number(row?.exported ?? 0), generating: Number(row?.generating ?? 0) };
}

export function updateKit(kitId: string, values: Partial<Omit<LaunchKit, "id" | "userId" | "createdAt">>) {
  getDb()
    .update(launchKits)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(launchKits.id, kitId))
    .run();
}

export function setKitStatus(kitId: string, status: KitStatus) {
  updateKit(kitId, { status });
}

/** Deletes a kit of this user (its logo goes with it through the foreign key). */
export function deleteKitForUser(kitId: string, userId: string) {
  return getDb()
    .delete(launchKits)
    .where(and(eq(launchKits.id, kitId), eq(launchKits.userId, userId)))
    .run().changes > 0;
}
