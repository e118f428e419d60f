import { count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { contactMessages, KIT_STATUSES, launchKits, newsletterSubscribers, users, type KitStatus, type Role } from "~/db/schema";

export const ADMIN_PAGE_SIZE = 50;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function parseStatusFilter(raw: string | null): KitStatus | null {
  return raw && (KIT_STATUSES as readonly string[]).includes(raw) ? (raw as KitStatus) : null;
}

/** All six stat cards in one SQL query. "This week" = created in the last 7 days. */
export function adminStats(now = Date.now()) {
  const since = now - WEEK_MS;
  const row = getDb()
    .select({
      total: count(),
      draft: sql<number>`coalesce(sum(${launchKits.status} = 'draft'), 0)`,
      generating: sql<number>`coalesce(sum(${launchKits.status} = 'generating'), 0)`,
      completed: sql<number>`coalesce(sum(${launchKits.status} = 'completed'), 0)`,
      exported: sql<number>`coalesce(sum(${launchKits.status} = 'exported'), 0)`,
      thisWeek: sql<number>`coalesce(sum(${launchKits.createdAt} >= ${since}), 0)`,
    })
    .from(launchKits)
    .get()!;
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
export function listKits(status: KitStatus | null, page: number, pageSize = ADMIN_PAGE_SIZE) {
  const db = getDb();
  const where = status ? eq(launchKits.status, status) : undefined;
  const rows = db
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
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(launchKits).where(where).get()!.n;
  return { rows, total };
}

export function adminSetKitStatus(kitId: string, status: KitStatus) {
  return getDb().update(launchKits).set({ status, updatedAt: new Date() }).where(eq(launchKits.id, kitId)).run().changes > 0;
}

export function adminDeleteKit(kitId: string) {
  return getDb().delete(launchKits).where(eq(launchKits.id, kitId)).run().changes > 0;
}

export function listUsers() {
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
      kits: sql<number>`(select count(*) from ${launchKits} where ${launchKits.userId} = ${users.id})`,
    })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(500)
    .all();
}

export class LastAdminError extends Error {}

/** Changes a role; never removes the last admin. */
export function changeRole(userId: string, role: Role) {
  const db = getDb();
  return db.transaction((tx) => {
    if (role === "user") {
      const admins = tx.select({ n: count() }).from(users).where(eq(users.role, "admin")).get()!.n;
      const target = tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
      if (target?.role === "admin" && admins <= 1) throw new LastAdminError();
    }
    return tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).run().changes > 0;
  });
}

export function listMessages(limit = 200) {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit).all();
}

export function setMessageHandled(id: string, handled: boolean) {
  return getDb().update(contactMessages).set({ handled }).where(eq(contactMessages.id, id)).run().changes > 0;
}

export function newsletterCount() {
  return getDb().select({ n: count() }).from(newsletterSubscribers).get()!.n;
}
