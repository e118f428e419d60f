import { and, count, desc, eq } from "drizzle-orm";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { first, getDb, isUniqueViolation } from "~/platform/db/client.server";
import { contentPieces, type ContentPiece, type ContentPieceKind } from "~/platform/db/schema";
import { readyContent } from "~/kit/content.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { sendingBlocked } from "~/features/site/index.server";
import { createBroadcast, sequenceOf } from "~/features/site/index.server";
import { markdownToText } from "~/features/site/index.server";
import { logError } from "~/platform/log.server";
import { kitFacts, type KitFacts } from "./facts.server";
import { pieceContext, writePiece } from "./piece-writer.server";
import { billingMonth, nextSlot, piecesLeft, PIECES_PER_MONTH, quotaLine, type BillingMonth } from "./pieces";

/**
 * Pro's monthly content pieces (docs/decisions/030-monthly-review-and-pieces.md,
 * "Content pieces"): the account's quota of a billing month, writing a piece
 * for one of its kits from the month's facts, editing, and turning a
 * newsletter issue into a scheduled broadcast.
 *
 * The quota is taken without a lock: content_pieces has a unique
 * (user_id, period, slot) index, a piece takes slot = used + 1 and, when
 * another request took it first, counts again (so two requests at once never
 * make a fifth piece). The row is written only once the piece is: a write
 * that fails leaves no row, and its slot stays free. A deleted kit's pieces
 * stay (kit_id set null): their slots stay used.
 */

export type PiecesAccount = { pro: boolean; month: BillingMonth; used: number; left: number; limit: number; line: string };

/** Whether the founder has the pieces (Pro in effect, or an admin), their billing month and how many are used. */
export async function piecesAccount(user: { id: string; role?: string }, now: Date = new Date()): Promise<PiecesAccount> {
  const e = await entitlementsFor(user.id, now);
  const pro = e.effectivePlan === "pro" || user.role === "admin";
  const month = billingMonth(e.effectivePlan === "pro" ? e.endsAt : null, now);
  const used = await usedIn(user.id, month.period);
  return { pro, month, used, left: piecesLeft(used), limit: PIECES_PER_MONTH, line: quotaLine(used, month.end) };
}

async function usedIn(userId: string, period: string): Promise<number> {
  const row = await first(getDb().select({ n: count() }).from(contentPieces).where(and(eq(contentPieces.userId, userId), eq(contentPieces.period, period))));
  return Number(row?.n ?? 0);
}

export type PieceResult = { ok: true; piece: ContentPiece } | { ok: false; status: number; message: string };

const usedUp = (month: BillingMonth) => `All ${PIECES_PER_MONTH} pieces of this billing month are used. New ones on ${quotaLine(PIECES_PER_MONTH, month.end).split("resets on ")[1]}.`;

/** The facts of the billing month so far (to now, or its end once it is over). */
export function monthFacts(kitId: string, month: BillingMonth, now: Date = new Date()): Promise<KitFacts> {
  const to = new Date(Math.min(month.end.getTime(), now.getTime() + 1));
  return kitFacts(kitId, month.start, to);
}

/**
 * Writes a piece of `kind` for the user's kit and stores it in the next free
 * slot of the billing month; refused (403) without Pro, 409 when the month's
 * are used or the kit has no brand yet, 502 when the writer fails.
 */
export async function createPiece(user: { id: string; role?: string }, kitId: string, kind: ContentPieceKind, now: Date = new Date()): Promise<PieceResult> {
  const account = await piecesAccount(user, now);
  if (!account.pro) return { ok: false, status: 403, message: "Monthly content pieces come with Pro." };
  if (account.left === 0) return { ok: false, status: 409, message: usedUp(account.month) };
  const ctx = await pieceContext(kitId);
  if (!ctx) return { ok: false, status: 409, message: "Pieces are written from your brand: come back once the kit's brand is ready." };
  const facts = await monthFacts(kitId, account.month, now);
  let written;
  try {
    written = await writePiece(kind, ctx, facts);
  } catch (error) {
    logError("monthly piece: the writer failed", error, { kitId, kind });
    return { ok: false, status: 502, message: "The piece could not be written just now. Try again in a minute: it was not counted." };
  }
  for (let attempt = 0; attempt < PIECES_PER_MONTH + 4; attempt++) {
    const slot = nextSlot(await usedIn(user.id, account.month.period));
    if (slot === null) return { ok: false, status: 409, message: usedUp(account.month) };
    const piece = { id: crypto.randomUUID(), userId: user.id, kitId, period: account.month.period, slot, kind, title: written.title, body: written.body, facts, createdAt: now, updatedAt: now };
    try {
      await getDb().insert(contentPieces).values(piece);
      return { ok: true, piece: (await pieceById(piece.id))! };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request took this slot first: count again.
    }
  }
  return { ok: false, status: 409, message: "Several pieces were being written at once: try again." };
}

async function pieceById(id: string) {
  return first(getDb().select().from(contentPieces).where(eq(contentPieces.id, id)));
}

/** The kit's pieces, newest first (the owner's: the caller checked the kit). */
export async function piecesOfKit(userId: string, kitId: string): Promise<ContentPiece[]> {
  return getDb()
    .select()
    .from(contentPieces)
    .where(and(eq(contentPieces.userId, userId), eq(contentPieces.kitId, kitId)))
    .orderBy(desc(contentPieces.createdAt), desc(contentPieces.slot));
}

/** One piece of the user's kit, or undefined (another user's, another kit's, or none). */
export async function pieceOfKit(userId: string, kitId: string, pieceId: string): Promise<ContentPiece | undefined> {
  return first(getDb().select().from(contentPieces).where(and(eq(contentPieces.id, pieceId), eq(contentPieces.userId, userId), eq(contentPieces.kitId, kitId))));
}

/** Saves the founder's edit (already validated by PieceEditSchema); false when the piece is not theirs. */
export async function updatePiece(userId: string, kitId: string, pieceId: string, edit: { title: string; body: string }, now: Date = new Date()): Promise<boolean> {
  const piece = await pieceOfKit(userId, kitId, pieceId);
  if (!piece) return false;
  await getDb().update(contentPieces).set({ title: edit.title, body: edit.body, updatedAt: now }).where(eq(contentPieces.id, piece.id));
  return true;
}

/** The broadcast a newsletter piece was scheduled as (kept in its facts), if any. */
export function broadcastOf(piece: Pick<ContentPiece, "facts">): { id: string; sendAt: string } | null {
  const b = (piece.facts as { broadcast?: { id?: unknown; sendAt?: unknown } } | null)?.broadcast;
  return b && typeof b.id === "string" && typeof b.sendAt === "string" ? { id: b.id, sendAt: b.sendAt } : null;
}

/** The preview line of an e-mail from its body: the first words, under 150 characters. */
export function previewOf(body: string): string {
  const t = markdownToText(body).replace(/\s+/g, " ").trim();
  if (t.length <= 150) return t;
  const cut = t.slice(0, 149);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 100)).replace(/[\s,;:.]+$/, "")}…`;
}

export type BroadcastResult = { ok: true; broadcastId: string } | { ok: false; status: number; message: string; field?: "sendAt" };

/**
 * A newsletter piece as a broadcast of the kit's e-mail section, scheduled at
 * `sendAt` (in the future: it is never sent on the spot; the founder can
 * cancel it there until then). Its title is the subject, its body the e-mail.
 */
export async function scheduleNewsletter(userId: string, kitId: string, pieceId: string, sendAt: Date | null, now: Date = new Date()): Promise<BroadcastResult> {
  const piece = await pieceOfKit(userId, kitId, pieceId);
  if (!piece) return { ok: false, status: 404, message: "That piece does not exist." };
  if (piece.kind !== "newsletter") return { ok: false, status: 400, message: "Only a newsletter issue can become a broadcast." };
  if (!sendAt || sendAt.getTime() < now.getTime() + 5 * 60_000) return { ok: false, status: 400, field: "sendAt", message: "Choose a date and time at least a few minutes ahead (UTC)." };
  if (piece.title.length > 120) return { ok: false, status: 400, message: "Shorten the title to 120 characters: it becomes the e-mail's subject." };
  if (piece.body.length > 8000) return { ok: false, status: 400, message: "Shorten the newsletter to 8,000 characters to send it as an e-mail." };
  const blocked = await sendingBlocked(userId);
  if (blocked) return { ok: false, status: 403, message: blocked };
  const sequence = await sequenceOf(kitId);
  if (!sequence?.postalAddress.trim()) return { ok: false, status: 409, message: "Open the E-mail section and enter your postal address first: every e-mail names where it comes from." };
  const id = await createBroadcast(kitId, { subject: piece.title, preview: previewOf(piece.body), body: piece.body, sendAt });
  const facts = (piece.facts && typeof piece.facts === "object" ? piece.facts : {}) as Record<string, unknown>;
  await getDb()
    .update(contentPieces)
    .set({ facts: { ...facts, broadcast: { id, sendAt: sendAt.toISOString() } } })
    .where(eq(contentPieces.id, piece.id));
  return { ok: true, broadcastId: id };
}

/** The landing page's hero as it is now (for the refresh's side by side), or null before the copy is ready. */
export async function currentHero(kitId: string): Promise<{ headline: string; subheadline: string; button: string } | null> {
  const landing = await readyContent(kitId, "landing", LandingContentSchema);
  return landing ? { ...landing.hero } : null;
}
