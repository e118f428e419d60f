import crypto from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "~/platform/config.server";
import { first, getDb, transaction, type Db } from "~/platform/db/client.server";
import { contactMessages, contactReplies, users } from "~/platform/db/schema";
import { addToOutbox, registerOutboxHeaders, type OutboxRow } from "~/platform/mail/outbox.server";
import { startOutbox } from "~/platform/mail/sender.server";
import { formatDate } from "~/kit/format";
import { escapeHtml } from "~/platform/text/html";
import { stripControlCharacters, toOneLine } from "~/platform/text/text";

/**
 * The admin's replies to contact messages (decisions 031 and 037): sent
 * through the mail outbox from MAIL_FROM with a Reply-To that reaches the
 * team (SUPPORT_EMAIL, else MAIL_FROM), kept as the message's thread
 * (contact_replies, oldest first), threaded in the founder's mail client
 * (a stable Message-ID per reply; a later reply's In-Reply-To and
 * References name the earlier ones). A reply is e-mailed only to an address
 * LaunchKit knows belongs to the sender: the confirmed address of the
 * account that sent the message, never what was typed into the form (else
 * anyone could make LaunchKit mail a stranger their own words, quoted).
 */

export const REPLY_MAX = 10_000;

export const ReplySchema = z.object({
  body: z
    .string({ error: "Write a reply before sending it." })
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, "Write a reply before sending it.")
    .max(REPLY_MAX, `A reply can be at most ${REPLY_MAX.toLocaleString("en-US")} characters.`),
});

export type ReplyResult = { ok: true; replyId: string; emailMessageId: string; to: string } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Where a reply to a message may be e-mailed: the sender's account's
 * address once it is confirmed. A visitor (no account) or an account whose
 * address is not confirmed gets no e-mail from LaunchKit: the admin answers
 * from their own mail client, where they see the address they write to.
 */
export type ReplyTarget = { to: string } | { to: null; reason: "visitor" | "unconfirmed" };

export const NO_REPLY_REASONS: Record<"visitor" | "unconfirmed", string> = {
  visitor: "Sent by a visitor who wasn't signed in: nobody has confirmed that this address is theirs, so LaunchKit doesn't e-mail it. Reply from your own mail client.",
  unconfirmed: "The sender's account hasn't confirmed its address, so LaunchKit doesn't e-mail it. Reply from your own mail client.",
};

type Accounts = Map<string, { email: string; emailConfirmedAt: Date | null }>;

function targetOf(message: { userId: string | null }, accounts: Accounts): ReplyTarget {
  if (!message.userId) return { to: null, reason: "visitor" };
  const account = accounts.get(message.userId);
  // An account deleted since leaves user_id null (a visitor's message); one still here answers at its current address.
  if (!account) return { to: null, reason: "visitor" };
  return account.emailConfirmedAt ? { to: account.email } : { to: null, reason: "unconfirmed" };
}

async function accountsOf(userIds: string[], db: Db = getDb()): Promise<Accounts> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The reply target of each message, for the inbox. */
export async function replyTargets(messages: ReadonlyArray<{ id: string; userId: string | null }>): Promise<Map<string, ReplyTarget>> {
  const accounts = await accountsOf([...new Set(messages.flatMap((m) => (m.userId ? [m.userId] : [])))]);
  return new Map(messages.map((m) => [m.id, targetOf(m, accounts)]));
}

/** The Reply-To of every support reply: the team's address (SUPPORT_EMAIL, else MAIL_FROM). */
export function supportReplyTo(): string {
  return getConfig().mail.support;
}

type Original = { name: string; topic: string; message: string; createdAt: Date };

/** "Re: <topic>", one line whatever the topic holds. */
export function replySubject(topic: string) {
  return `Re: ${toOneLine(topic).trim()}`.slice(0, 200);
}

/** The e-mail of a reply: the admin's words, then the founder's message quoted. User content escaped in the HTML part. */
export function composeReply(original: Original, body: string, adminName: string) {
  const name = toOneLine(original.name).trim();
  const signer = toOneLine(adminName).trim() || "The LaunchKit team";
  const intro = `On ${formatDate(original.createdAt)}, ${name} wrote:`;
  const quoted = original.message
    .split("\n")
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");
  const text = `${body}\n\n— ${signer}, LaunchKit\n\n${intro}\n${quoted}\n`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const html =
    `${paragraphs}<p>— ${escapeHtml(signer)}, LaunchKit</p>` +
    `<p style="color:#64748b">${escapeHtml(intro)}</p>` +
    `<blockquote style="margin:0 0 0 .8ex;border-left:2px solid #cbd5e1;padding-left:1ex;color:#475569">${escapeHtml(original.message).replace(/\n/g, "<br>")}</blockquote>`;
  return { subject: replySubject(original.topic), text, html };
}

/**
 * Sends `rawBody` as `admin`'s reply to the contact message `messageId`:
 * one transaction writes the e-mail to the outbox, the reply row (with the
 * e-mail's Message-ID) and the message's replied_at, and marks it handled.
 */
export async function sendReply(messageId: string, admin: { id: string; name: string }, rawBody: unknown): Promise<ReplyResult> {
  const parsed = ReplySchema.safeParse({ body: typeof rawBody === "string" ? rawBody : undefined });
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Write a reply before sending it." };
  const body = parsed.data.body;
  const result = await transaction(async (tx) => {
    const original = await first(tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)));
    if (!original) return null;
    const target = targetOf(original, await accountsOf(original.userId ? [original.userId] : [], tx));
    if (target.to === null) return { refused: NO_REPLY_REASONS[target.reason] };
    const mail = composeReply(original, body, admin.name);
    const row = await addToOutbox({ from: getConfig().mail.from, to: target.to, ...mail }, tx);
    const id = crypto.randomUUID();
    const now = new Date();
    await tx.insert(contactReplies).values({ id, messageId, adminId: admin.id, body, emailMessageId: row.messageId, createdAt: now });
    await tx.update(contactMessages).set({ repliedAt: now, handled: true }).where(eq(contactMessages.id, messageId));
    return { replyId: id, emailMessageId: row.messageId, to: target.to };
  });
  if (!result) return { ok: false, status: 404, message: "That message no longer exists." };
  if (result.refused !== undefined) return { ok: false, status: 409, message: result.refused };
  startOutbox();
  return { ok: true, replyId: result.replyId, emailMessageId: result.emailMessageId, to: result.to };
}

export type ThreadReply = { id: string; body: string; createdAt: Date; adminName: string | null; emailMessageId: string };

/** The replies of each message, oldest first, with the replying admin's name (null once that account is gone). */
export async function threadsOf(messageIds: string[]): Promise<Map<string, ThreadReply[]>> {
  const threads = new Map<string, ThreadReply[]>();
  if (messageIds.length === 0) return threads;
  const rows = await getDb()
    .select({
      id: contactReplies.id,
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      emailMessageId: contactReplies.emailMessageId,
      adminName: users.name,
    })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.adminId))
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  for (const { messageId, ...reply } of rows) threads.set(messageId, [...(threads.get(messageId) ?? []), reply]);
  return threads;
}

/**
 * The headers of a reply's e-mail: Reply-To the team (supportReplyTo), and
 * the threading headers from the thread itself: the earlier replies'
 * Message-IDs (In-Reply-To the latest, References all). Other outbox
 * messages are not replies: no headers.
 */
export async function replyHeaders(row: Pick<OutboxRow, "messageId">) {
  const reply = await first(
    getDb()
      .select({ messageId: contactReplies.messageId, createdAt: contactReplies.createdAt, id: contactReplies.id })
      .from(contactReplies)
      .where(eq(contactReplies.emailMessageId, row.messageId)),
  );
  if (!reply) return null;
  const replyTo = supportReplyTo();
  const earlier = (
    await getDb()
      .select({ id: contactReplies.id, createdAt: contactReplies.createdAt, emailMessageId: contactReplies.emailMessageId })
      .from(contactReplies)
      .where(and(eq(contactReplies.messageId, reply.messageId)))
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
  ).filter((r) => r.createdAt.getTime() < reply.createdAt.getTime() || (r.createdAt.getTime() === reply.createdAt.getTime() && r.id < reply.id));
  if (earlier.length === 0) return { replyTo };
  return { replyTo, inReplyTo: earlier[earlier.length - 1]!.emailMessageId, references: earlier.map((r) => r.emailMessageId) };
}

registerOutboxHeaders(replyHeaders);
