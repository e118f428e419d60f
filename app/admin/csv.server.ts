import { getDb } from "~/db/client.server";
import type { KitStatus } from "~/db/schema";

export const CSV_COLUMNS = [
  "ID", "User Email", "Business Idea", "Target Audience", "Geography", "Tone", "Competitors",
  "Primary Goal", "Brand Vibe", "Status", "Created At", "Updated At",
] as const;

/**
 * One CSV cell: always quoted, inner quotes doubled. A cell that a spreadsheet
 * would read as a formula (= + - @, tab or carriage return first) gets a
 * leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: Array<string | number | null | undefined>) {
  return cells.map(csvCell).join(",") + "\r\n";
}

export function csvFileName(now = new Date()) {
  return `launch-kits-${now.toISOString().slice(0, 10)}.csv`;
}

const BATCH = 500;

const SELECT = `select k.id, u.email, k.business_idea, k.target_audience, k.geography, k.tone, k.competitors,
  k.primary_goal, k.brand_vibe, k.status, k.created_at, k.updated_at
  from launch_kits k left join users u on u.id = k.user_id`;
const ORDER = `order by k.created_at desc, k.id desc limit ${BATCH}`;
const AFTER = "(k.created_at < @createdAt or (k.created_at = @createdAt and k.id < @id))";

type Row = [string, string | null, string, string, string | null, string, string | null, string, string, string, number, number];

/**
 * Streams the kits as CSV, newest first, in keyset-paged batches: memory stays
 * flat however many rows there are, and no query stays open between batches
 * (other requests keep using the connection). Raw prepared statements, reused
 * for every batch, keep allocations low.
 *
 * The header and the first batch are read at once, before anything is sent: a
 * database that cannot be read throws here, while the caller can still answer
 * with an error page instead of a truncated file.
 */
export function exportKitsCsv(status: KitStatus | null): ReadableStream<Uint8Array> {
  const sqlite = getDb().$client;
  const where = (parts: string[]) => (parts.length ? ` where ${parts.join(" and ")}` : "");
  const statusPart = status ? ["k.status = @status"] : [];
  const first = sqlite.prepare(`${SELECT}${where(statusPart)} ${ORDER}`).raw(true);
  const next = sqlite.prepare(`${SELECT}${where([...statusPart, AFTER])} ${ORDER}`).raw(true);
  const params: Record<string, unknown> = status ? { status } : {};
  const encoder = new TextEncoder();
  let cursor: { createdAt: number; id: string } | null = null;

  /** The next batch as CSV text, or null when every row has been read. */
  const batch = (): string | null => {
    const rows = (cursor ? next.all({ ...params, ...cursor }) : first.all(params)) as Row[];
    if (rows.length === 0) return null;
    let chunk = "";
    for (const r of rows) {
      chunk += csvRow([
        r[0], r[1] ?? "Unknown", r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9],
        new Date(r[10]).toISOString(), new Date(r[11]).toISOString(),
      ]);
    }
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last[10], id: last[0] };
    return chunk;
  };

  // A BOM so spreadsheet apps read UTF-8 correctly.
  let pending: string | null = "\uFEFF" + CSV_COLUMNS.join(",") + "\r\n" + (batch() ?? "");
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = pending ?? (cursor ? batch() : null);
      pending = null;
      if (chunk === null) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}
