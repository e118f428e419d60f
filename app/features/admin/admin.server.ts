import { asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { reserveSlugOfKit } from "~/kit/assets/landing/pages.server";
import { waitInfo } from "~/features/support/index.server";
import { threadsOf } from "~/features/support/index.server";
import { changes, first, getDb, lockInTransaction, transaction } from "~/platform/db/client.server";
import { contactMessages, KIT_STATUSES, launchKits, newsletterSubscribers, users, type KitStatus, type Role } from "~/platform/db/schema";

export const ADMIN_PAGE_SIZE = 50;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function parseStatusFilter(raw: string | null): KitStatus | null {
  return raw && (KIT_STATUSES as readonly string[]).includes(raw) ? (raw as KitStatus) : null;
}

/** All six stat cards in one SQL query. "This week" = created in the last 7 days. */
export async function adminStats(now = Date.now()) {
  const since = new Date(now - WEEK_MS);
  // How many rows match: a sum of 0/1 (PostgreSQL's sum is a bigint, read as text: mapped to a number).
  const matching = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);
  const row = (await first(
    getDb()
      .select({
        total: count(),
        draft: matching(eq(launchKits.status, "draft")),
        generating: matching(eq(launchKits.status, "generating")),
        completed: matching(eq(launchKits.status, "completed")),
        exported: matching(eq(launchKits.status, "exported")),
        thisWeek: matching(gte(launchKits.createdAt, since)),
      })
      .from(launchKits),
  ))!;
  return {
    total: row.total,
    draft: Number(row.draft),
    generating: Number(row.generating),
    completed: Number(row.completed),
    exported: Number(row.exported),
    thisWeek: Number(row.thisWeek),
  };
}

/** One page of all kits, newest first, with each kit's real user. */
export async function listKits(status: KitStatus | null, page: number, pageSize = ADMIN_PAGE_SIZE) {
  const db = getDb();
  const where = status ? eq(launchKits.status, status) : undefined;
  const rows = await db
    .select({
      id: launchKits.id,
      businessIdea: launchKits.businessIdea,
      targetAudience: launchKits.targetAudience,
      tone: launchKits.tone,
      primaryGoal: launchKits.primaryGoal,
      brandVibe: launchKits.brandVibe,
      status: launchKits.status,
      generationProgress: launchKits.generationProgress,
      createdAt: launchKits.createdAt,
      updatedAt: launchKits.updatedAt,
      userEmail: users.email,
      userName: users.name,
    })
    .from(launchKits)
    .leftJoin(users, eq(users.id, launchKits.userId))
    .where(where)
    .orderBy(desc(launchKits.createdAt), desc(launchKits.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = (await first(db.select({ n: count() }).from(launchKits).where(where)))!.n;
  return { rows, total };
}

export async function adminSetKitStatus(kitId: string, status: KitStatus) {
  return changes(await getDb().update(launchKits).set({ status, updatedAt: new Date() }).where(eq(launchKits.id, kitId))) > 0;
}

export async function adminDeleteKit(kitId: string) {
  await reserveSlugOfKit(kitId);
  return changes(await getDb().delete(launchKits).where(eq(launchKits.id, kitId))) > 0;
}

export async function listUsers() {
  return getDb()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      plan: users.plan,
      planStatus: users.planStatus,
      planEndsAt: users.planEndsAt,
      createdAt: users.createdAt,
      // Spelled out: inside a subquery drizzle leaves columns unqualified, and a bare "id" meant launch_kits.id (every count was 0).
      kits: sql<number>`(select count(*) from launch_kits k where k.user_id = users.id)`.mapWith(Number),
    })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(500);
}

export class LastAdminError extends Error {}

/** Changes a role; never removes the last admin. */
export async function changeRole(userId: string, role: Role) {
  return transaction(async (tx) => {
    if (role === "user") {
      // Demotions take turns (SQLite's transactions already do): two at once cannot both see another admin.
      await lockInTransaction(tx, "admin-roles");
      const admins = (await first(tx.select({ n: count() }).from(users).where(eq(users.role, "admin"))))!.n;
      const target = await first(tx.select({ role: users.role }).from(users).where(eq(users.id, userId)));
      if (target?.role === "admin" && admins <= 1) throw new LastAdminError();
    }
    return changes(await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId))) > 0;
  });
}

/**
 * The inbox (priority support, decision 031): open Pro messages first, then
 * open others, then handled ones; newest first within each. Each with its
 * thread of replies (oldest first) and how long it waited against its
 * response target.
 */
export async function listMessages(limit = 200, now = new Date()) {
  const openPro = sql<number>`case when ${contactMessages.handled} then 0 when ${contactMessages.pro} then 1 else 0 end`;
  const rows = await getDb()
    .select()
    .from(contactMessages)
    .orderBy(asc(contactMessages.handled), desc(openPro), desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  const threads = await threadsOf(rows.map((m) => m.id));
  return rows.map((m) => {
    const thread = threads.get(m.id) ?? [];
    return { ...m, thread, wait: waitInfo({ ...m, firstReplyAt: thread[0]?.createdAt ?? null }, now) };
  });
}

export async function setMessageHandled(id: string, handled: boolean) {
  return changes(await getDb().update(contactMessages).set({ handled }).where(eq(contactMessages.id, id))) > 0;
}

export async function newsletterCount() {
  return (await first(getDb().select({ n: count() }).from(newsletterSubscribers)))!.n;
}
