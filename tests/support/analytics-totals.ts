import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { analyticsHourly } from "~/platform/db/schema";

/** A page's counted views, visitors and leads, summed over its hourly rows (those matching `where`). */
export async function countedTotals(pageId: string, where: SQL = sql`1 = 1`) {
  const [row] = await getDb()
    .select({
      views: sql<number>`coalesce(sum(${analyticsHourly.views}), 0)`,
      visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`,
      leads: sql<number>`coalesce(sum(${analyticsHourly.leads}), 0)`,
    })
    .from(analyticsHourly)
    .where(and(eq(analyticsHourly.pageId, pageId), where));
  return { views: Number(row!.views), visitors: Number(row!.visitors), leads: Number(row!.leads) };
}
