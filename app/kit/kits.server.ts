import crypto from "node:crypto";
import { reserveSlugOfKit } from "./assets/landing/pages.server";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { changes, dialect, first, getDb, prepared, transaction, type Db } from "~/platform/db/client.server";
import { alias } from "drizzle-orm/sqlite-core";
import { kitAssets, kitFacts, launchKits, type KitStatus, type LaunchKit } from "~/platform/db/schema";
import type { WizardInput } from "./schema";
import type { FounderFacts } from "./understanding/form";

export const DASHBOARD_PAGE_SIZE = 24;

/** A kit's seven wizard answers as columns to select (spread into a `select({...})`), in the wizard's order. */
export const kitAnswerColumns = {
  businessIdea: launchKits.businessIdea,
  targetAudience: launchKits.targetAudience,
  geography: launchKits.geography,
  tone: launchKits.tone,
  competitors: launchKits.competitors,
  primaryGoal: launchKits.primaryGoal,
  brandVibe: launchKits.brandVibe,
} as const;

/**
 * Creates a kit as a draft with the seven business fields and, when the
 * wizard's last step was posted, the founder's facts (without them the kit
 * goes by the automatic reading).
 */
export async function createKit(userId: string, input: WizardInput, understanding: FounderFacts | null = null): Promise<LaunchKit> {
  // The kit and its facts together, or neither (never a kit that lost what the founder confirmed).
  return transaction(async (tx) => {
    const [kit] = await tx
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
    .returning();
    if (understanding) await saveFounderFacts(kit!.id, understanding, tx);
    return kit!;
  });
}

/** The founder's facts of a kit (the wizard's last step or a later edit), or null: the kit goes by the automatic reading. */
export async function founderFactsOf(kitId: string): Promise<Record<string, unknown> | null> {
  const row = await first(getDb().select({ facts: kitFacts.facts }).from(kitFacts).where(eq(kitFacts.kitId, kitId)));
  return row?.facts ?? null;
}

/** Saves (or replaces) the founder's facts of a kit. */
export async function saveFounderFacts(kitId: string, facts: FounderFacts, db: Db = getDb()): Promise<void> {
  const value = facts as unknown as Record<string, unknown>;
  await db
    .insert(kitFacts)
    .values({ kitId, facts: value })
    .onConflictDoUpdate({ target: kitFacts.kitId, set: { facts: value, updatedAt: new Date() } });
}

/** A kit only when it belongs to this user: another user's kit does not exist for them. */
export async function kitForUser(kitId: string, userId: string): Promise<LaunchKit | undefined> {
  return first(
    getDb()
      .select()
      .from(launchKits)
      .where(and(eq(launchKits.id, kitId), eq(launchKits.userId, userId))),
  );
}

export async function getKit(kitId: string): Promise<LaunchKit | undefined> {
  return first(getDb().select().from(launchKits).where(eq(launchKits.id, kitId)));
}

const brandRow = alias(kitAssets, "brand_row");
const logoRow = alias(kitAssets, "logo_row");

/** The brand's `name` field out of the JSON content (json on SQLite, jsonb on PostgreSQL). */
function brandNameColumn() {
  return dialect() === "postgres"
    ? sql<string | null>`(${brandRow.content} ->> 'name')`
    : sql<string | null>`json_extract(${brandRow.content}, '$.name')`;
}

const listColumns = () => ({
  id: launchKits.id,
  status: launchKits.status,
  // A card shows one line of the idea (and its first words as a name): the page and its hydration data carry 200 characters, not the whole answer.
  businessIdea: sql<string>`substr(${launchKits.businessIdea}, 1, 200)`,
  targetAudience: launchKits.targetAudience,
  generationProgress: launchKits.generationProgress,
  // The list shows a two-line preview: no need to ship whole prompts.
  generatedPrompt: sql<string | null>`substr(${launchKits.generatedPrompt}, 1, 280)`,
  generatedLogoUrl: launchKits.generatedLogoUrl,
  createdAt: launchKits.createdAt,
  // (Not updatedAt: no card shows it, and every column here is also in the page's hydration data.)
  /** The brand's chosen name, when the kit has a brand. */
  brandName: brandNameColumn(),
  brandVersion: brandRow.version,
  logoVersion: logoRow.version,
  /** Sign-ups of the kit's landing page while it is published (null otherwise): leads_kit_created_idx counts them. */
  leadCount: sql<number | null>`(select case when lp.published = true and lp.taken_down_at is null then (select count(*) from leads where leads.kit_id = lp.kit_id) end from landing_pages lp where lp.kit_id = ${launchKits.id})`.mapWith(
    Number,
  ),
});

/** The id of a user's newest kit, or null without one (launch_kits_user_created_idx). */
export async function newestKitOf(userId: string): Promise<string | null> {
  const rows = await getDb()
    .select({ id: launchKits.id })
    .from(launchKits)
    .where(eq(launchKits.userId, userId))
    .orderBy(desc(launchKits.createdAt), desc(launchKits.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** A user's kits, newest first, one page at a time (uses launch_kits_user_created_idx). */
export async function kitsForUser(userId: string, page = 1, pageSize = DASHBOARD_PAGE_SIZE) {
  // Prepared once: the dashboard runs it on every load.
  const list = prepared("kits_for_user", () =>
    getDb()
      .select(listColumns())
      .from(launchKits)
      // The kinds are literals in the SQL, not bound parameters: SQLite ran the list ~40% faster so.
      .leftJoin(brandRow, and(eq(brandRow.kitId, launchKits.id), sql`${brandRow.kind} = 'brand'`))
      .leftJoin(logoRow, and(eq(logoRow.kitId, launchKits.id), sql`${logoRow.kind} = 'logo'`))
      .where(eq(launchKits.userId, sql.placeholder("userId")))
      // Ties (same millisecond) broken by id: the order is stable from page to page.
      .orderBy(desc(launchKits.createdAt), desc(launchKits.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  );
  return list.execute({ userId, limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize });
}

/** Dashboard stat cards, counted in SQL for this user only. */
export async function statsForUser(userId: string) {
  const stats = prepared("stats_for_user", () =>
    getDb()
      .select({
        total: count(),
        exported: sql<number>`coalesce(sum(case when ${launchKits.status} = 'exported' then 1 else 0 end), 0)`.mapWith(Number),
        generating: sql<number>`coalesce(sum(case when ${launchKits.status} = 'generating' then 1 else 0 end), 0)`.mapWith(Number),
      })
      .from(launchKits)
      .where(eq(launchKits.userId, sql.placeholder("userId"))),
  );
  const row = await first(stats.execute({ userId }));
  return { total: Number(row?.total ?? 0), exported: Number(row?.exported ?? 0), generating: Number(row?.generating ?? 0) };
}

export async function updateKit(kitId: string, values: Partial<Omit<LaunchKit, "id" | "userId" | "createdAt">>) {
  await getDb()
    .update(launchKits)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(launchKits.id, kitId));
}

export async function setKitStatus(kitId: string, status: KitStatus) {
  await updateKit(kitId, { status });
}

/** Deletes a kit of this user (its logo goes with it through the foreign key). */
export async function deleteKitForUser(kitId: string, userId: string): Promise<boolean> {
  if (!(await kitForUser(kitId, userId))) return false;
  // Its page's address stays this founder's: nobody else receives its visitors and leads.
  await reserveSlugOfKit(kitId);
  const result = await getDb()
    .delete(launchKits)
    .where(and(eq(launchKits.id, kitId), eq(launchKits.userId, userId)));
  return changes(result) > 0;
}
