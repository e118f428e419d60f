import { z } from "zod";
import { CONTENT_PIECE_KINDS, type ContentPieceKind } from "~/platform/db/schema.sqlite"; // client-safe: ~/platform/db/schema picks the dialect from the server's configuration

/**
 * Pro's monthly content pieces: the menu, the quota of a billing
 * month and its arithmetic, the edit form's schema, the download's file name
 * and the landing refresh's proposal read back from its Markdown. Pure and
 * client-safe: the "This month" view and the server modules share it
 * (app/features/monthly/pieces.server.ts stores the pieces, piece-writer.server.ts
 * writes them).
 */

export { CONTENT_PIECE_KINDS, type ContentPieceKind };

/** New pieces a Pro account gets each billing month (for the kits it chooses: the count is per account). */
export const PIECES_PER_MONTH = 4;

export const PIECE_KINDS: Record<ContentPieceKind, { label: string; description: string }> = {
  blog: { label: "Blog article draft", description: "800–1,200 words with headings, about your business and what happened this month." },
  newsletter: { label: "Newsletter issue", description: "Ready to send to your leads as a broadcast: you choose when, and can cancel it until then." },
  social_pair: { label: "Two social posts", description: "A pair of posts: this month's progress, and one thing your customers should know." },
  landing_refresh: { label: "Landing page refresh", description: "A new headline, subheadline and button next to your current copy, with why, and section ideas." },
};

export const BLOG_MIN_WORDS = 800;
export const BLOG_MAX_WORDS = 1200;

export function isPieceKind(value: unknown): value is ContentPieceKind {
  return typeof value === "string" && (CONTENT_PIECE_KINDS as readonly string[]).includes(value);
}

// ---- the billing month --------------------------------------------------------------------------

export type BillingMonth = {
  /** The first instant of the month (inclusive). */
  start: Date;
  /** Its end (exclusive): when the count resets. */
  end: Date;
  /** The key the pieces count against: the month's first day, "2026-11-03". */
  period: string;
  /** True when there is no billing period (an admin, or Pro granted by hand): the calendar month (UTC). */
  calendar: boolean;
};

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `anchor` moved by `months` whole months, its day kept or, when the month is
 * shorter, the month's last day (Mar 31 − 1 month → Feb 28; Jan 31 + 1 → Feb 28),
 * its time of day kept.
 */
export function shiftMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysIn(year, month));
  return new Date(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/**
 * The billing month `now` falls in. A Pro subscription's runs from one month
 * before the current period's end (users.plan_ends_at) to it; past that end
 * (a renewal not yet recorded, the grace of a past-due card) the months go on
 * from the same anchor. Without a period end: the calendar month (UTC).
 */
export function billingMonth(planEndsAt: Date | null, now: Date = new Date()): BillingMonth {
  if (!planEndsAt) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { start, end, period: start.toISOString().slice(0, 10), calendar: true };
  }
  let k = now.getUTCFullYear() * 12 + now.getUTCMonth() - (planEndsAt.getUTCFullYear() * 12 + planEndsAt.getUTCMonth());
  while (shiftMonths(planEndsAt, k).getTime() > now.getTime()) k--;
  while (shiftMonths(planEndsAt, k + 1).getTime() <= now.getTime()) k++;
  const start = shiftMonths(planEndsAt, k);
  return { start, end: shiftMonths(planEndsAt, k + 1), period: start.toISOString().slice(0, 10), calendar: false };
}

/** How many of the month's pieces are left after `used` (never below 0). */
export function piecesLeft(used: number, limit = PIECES_PER_MONTH): number {
  return Math.max(0, limit - Math.max(0, used));
}

/** The slot the next piece takes, or null when the month's are all used: slots are 1..limit. */
export function nextSlot(used: number, limit = PIECES_PER_MONTH): number | null {
  return used < limit ? used + 1 : null;
}

/** "25 December 2026" (UTC): the day the count resets. */
export function resetDay(end: Date): string {
  return end.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** "3 of 4 left this billing month, resets on 25 December 2026". */
export function quotaLine(used: number, end: Date, limit = PIECES_PER_MONTH): string {
  return `${piecesLeft(used, limit)} of ${limit} left this billing month, resets on ${resetDay(end)}`;
}

// ---- editing ------------------------------------------------------------------------------------

export const TITLE_MAX = 140;
export const BODY_MAX = 20_000;

export const PieceEditSchema = z.object({
  title: z
    .string({ error: "Enter a title." })
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "Enter a title.").max(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters.`)),
  body: z
    .string({ error: "Write the piece." })
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, "Write the piece: it can't be empty.").max(BODY_MAX, "Keep the piece under 20,000 characters.")),
});

/** Words of a Markdown text (heading marks, list marks and emphasis are not words). */
export function wordCount(markdown: string): number {
  return (
    markdown
      .replace(/[#*_>`[\]()-]+/g, " ")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’.,%]*/gu)?.length ?? 0
  );
}

/** A download's file name: the title's ASCII words, "-" between, .md ("may-at-groomwell.md"). */
export function pieceFilename(title: string, kind: ContentPieceKind): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `${slug || kind.replace("_", "-")}.md`;
}

/** The Markdown file to download: the title as a heading, then the body. */
export function pieceMarkdown(piece: { title: string; body: string }): string {
  return `# ${piece.title}\n\n${piece.body.trim()}\n`;
}

// ---- the landing refresh's proposal -------------------------------------------------------------

export const REFRESH_FIELDS = ["headline", "subheadline", "button"] as const;
export type RefreshField = (typeof REFRESH_FIELDS)[number];
export const REFRESH_LABELS: Record<RefreshField, string> = { headline: "Headline", subheadline: "Subheadline", button: "Button" };

/**
 * The proposed texts of a landing refresh, read from its Markdown (so the
 * founder's edits show): under "## Headline" (and Subheadline, Button) the
 * line "Proposed: …" and, optionally, "Why: …".
 */
export function parseRefresh(body: string): Partial<Record<RefreshField, { proposed: string; why: string }>> {
  const out: Partial<Record<RefreshField, { proposed: string; why: string }>> = {};
  let field: RefreshField | null = null;
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^#{1,3}\s+(.*)$/.exec(line);
    if (heading) {
      const name = heading[1]!.trim().toLowerCase();
      field = (REFRESH_FIELDS as readonly string[]).includes(name) ? (name as RefreshField) : null;
      continue;
    }
    if (!field) continue;
    const proposed = /^\**proposed:?\**:?\s*(.*)$/i.exec(line);
    const why = /^\**why:?\**:?\s*(.*)$/i.exec(line);
    if (proposed && proposed[1]) out[field] = { proposed: proposed[1].trim(), why: out[field]?.why ?? "" };
    else if (why && out[field]) out[field] = { ...out[field]!, why: why[1]!.trim() };
  }
  return out;
}
