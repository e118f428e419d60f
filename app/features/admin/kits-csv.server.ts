import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { launchKits, users, type KitStatus } from "~/platform/db/schema";
import { csvRow } from "~/platform/text/csv.server";
import { kitAnswerColumns } from "~/kit/kits.server";

/** The admin's export of launch kits (the spec's columns), streamed in batches. */

export const CSV_COLUMNS = [
  "ID", "User Email", "Business Idea", "Target Audience", "Geography", "Tone", "Competitors",
  "Primary Goal", "Brand Vibe", "Status", "Created At", "Updated At",
] as const;

export function csvFileName(now = new Date()) {
  return `launch-kits-${now.toISOString().slice(0, 10)}.csv`;
}

const BATCH = 500;

const columns = {
  id: launchKits.id,
  email: users.email,
  ...kitAnswerColumns,
  status: launchKits.status,
  createdAt: launchKits.createdAt,
  updatedAt: launchKits.updatedAt,
  /**
   * created_at as the database has it, for the cursor: a Date would lose
   * PostgreSQL's microseconds, and the next batch would skip rows of the same
   * millisecond. A text parameter compares as the column's type on both
   * (SQLite applies the integer column's affinity, PostgreSQL infers timestamptz).
   */
  at: sql<string>`cast(${launchKits.createdAt} as text)`,
} as const;

type Cursor = { at: string; id: string };

/** One batch of kits, newest first, after the cursor (the last row of the previous batch). */
function readBatch(status: KitStatus | null, cursor: Cursor | null) {
  // Keyset paging on (created_at, id), descending: rows older than the cursor's, or as old with a smaller id.
  const after = cursor
    ? or(sql`${launchKits.createdAt} < ${cursor.at}`, and(sql`${launchKits.createdAt} = ${cursor.at}`, lt(launchKits.id, cursor.id)))
    : undefined;
  return getDb()
    .select(columns)
    .from(launchKits)
    .leftJoin(users, eq(users.id, launchKits.userId))
    .where(and(status ? eq(launchKits.status, status) : undefined, after))
    .orderBy(desc(launchKits.createdAt), desc(launchKits.id))
    .limit(BATCH);
}

/**
 * Streams the kits as CSV, newest first, in keyset-paged batches of 500:
 * memory stays flat however many rows there are, and no query stays open
 * between batches (other requests keep using the database). The next batch
 * is read only when the stream is pulled.
 *
 * The header and the first batch are read at once, before anything is sent: a
 * database that cannot be read throws here, while the caller can still answer
 * with an error page instead of a truncated file.
 */
export async function exportKitsCsv(status: KitStatus | null): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let done = false;

  /** The next batch as CSV text, or null when every row has been read. */
  const batch = async (): Promise<string | null> => {
    const rows = await readBatch(status, cursor);
    if (rows.length < BATCH) done = true;
    if (rows.length === 0) return null;
    let chunk = "";
    for (const r of rows) {
      chunk += csvRow([
        r.id, r.email ?? "Unknown", r.businessIdea, r.targetAudience, r.geography, r.tone, r.competitors, r.primaryGoal, r.brandVibe, r.status,
        r.createdAt.toISOString(), r.updatedAt.toISOString(),
      ]);
    }
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.id };
    return chunk;
  };

  // A BOM so spreadsheet apps read UTF-8 correctly.
  let pending: string | null = "\uFEFF" + CSV_COLUMNS.join(",") + "\r\n" + ((await batch()) ?? "");
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = pending ?? (done ? null : await batch());
      pending = null;
      if (chunk === null) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}
