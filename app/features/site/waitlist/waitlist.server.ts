import crypto from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { visitorHash } from "~/features/analytics/index.server";
import { saltFor } from "~/features/analytics/index.server";
import { addressOf } from "~/features/analytics/index.server";
import { changes, first, getDb, lockInTransaction, transaction } from "~/platform/db/client.server";
import { emailEnrolments, emailSends, launchKits, leads, waitlistEntries, waitlists, type WaitlistEntry, type WaitlistReward } from "~/platform/db/schema";
import { messageIdFor } from "~/features/site/sequences/headers";
import { loadMailKey } from "~/features/site/sequences/mail-key.server";
import { senderDomain } from "~/features/site/sequences/mail-config.server";
import { utcDay } from "~/platform/jobs/schedule.server";
import { isDisposable, mailboxOf } from "./mailbox";
import { DEFAULT_PLACES_PER_REFERRAL, DEFAULT_REFERRALS_PER_ADDRESS, REASON_LABELS, type NotCountedReason, type WaitlistSettings } from "./shared";

/**
 * A published page's referral waitlist (docs/decisions/040-referral-waitlist.md).
 * A lead's place is never stored: it is computed from facts that only ever
 * get written once (when the lead confirmed, whether each referral counted),
 * in one deterministic order, so every instance gives every lead the same
 * place and the places are 1..n without gaps or repeats. Whether a referral
 * counts is decided once, when the referred lead confirms, under a lock per
 * page (the per-address limit counts what was decided before).
 */

type Tx = ReturnType<typeof getDb>;

// ---- settings ------------------------------------------------------------------------------------

/** `db`: the transaction's own connection when called inside one (a second pooled connection could deadlock it). */
export async function waitlistSettings(kitId: string, db: Tx = getDb()): Promise<WaitlistSettings> {
  const row = await first(db.select().from(waitlists).where(eq(waitlists.kitId, kitId)));
  if (row) return { enabled: row.enabled, placesPerReferral: row.placesPerReferral, referralsPerAddress: row.referralsPerAddress, rewards: row.rewards ?? [] };
  const kit = await first(db.select({ goal: launchKits.primaryGoal }).from(launchKits).where(eq(launchKits.id, kitId)));
  return { enabled: kit?.goal === "waitlist", placesPerReferral: DEFAULT_PLACES_PER_REFERRAL, referralsPerAddress: DEFAULT_REFERRALS_PER_ADDRESS, rewards: [] };
}

export async function waitlistOn(kitId: string): Promise<boolean> {
  return (await waitlistSettings(kitId)).enabled;
}

export async function saveWaitlistSettings(kitId: string, s: WaitlistSettings, now = new Date()) {
  const rewards = [...s.rewards].sort((a, b) => a.referrals - b.referrals);
  const values = { enabled: s.enabled, placesPerReferral: s.placesPerReferral, referralsPerAddress: s.referralsPerAddress, rewards, updatedAt: now };
  await getDb().insert(waitlists).values({ kitId, ...values }).onConflictDoUpdate({ target: waitlists.kitId, set: values });
}

// ---- joining -------------------------------------------------------------------------------------

/** Ten characters of a 32-letter alphabet, from random bytes: nothing of the address, nothing to guess. */
const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const CODE_PATTERN = /^[a-km-np-z2-9]{10}$/;
function newCode() {
  return Array.from(crypto.randomBytes(10), (b) => CODE_ALPHABET[b & 31]).join("");
}

/** The keyed hash of a sign-up's network address (an IPv6 /64) and day: sign-ups per address without storing it. */
async function addressKeyOf(ip: string, day: string) {
  return crypto.createHmac("sha256", await loadMailKey()).update(`waitlist-address:${day}:${addressOf(ip)}`).digest("base64url").slice(0, 32);
}

/** The lead a referral code names on this page, or null (unknown, malformed, another page's). */
export async function referrerOf(kitId: string, code: string | null | undefined): Promise<string | null> {
  if (!code || !CODE_PATTERN.test(code)) return null;
  const row = await first(getDb().select({ leadId: waitlistEntries.leadId }).from(waitlistEntries).where(and(eq(waitlistEntries.kitId, kitId), eq(waitlistEntries.code, code))));
  return row?.leadId ?? null;
}

export type JoinInput = { kitId: string; pageId: string | null; email: string; referralCode?: string | null; ip: string; userAgent: string };

/**
 * A sign-up on a page with its waitlist on: the lead's entry, with the facts
 * its referral is judged on once it confirms. A lead who signs up again keeps
 * the entry (and referrer) it had: a later link never takes a referral over.
 */
export async function joinWaitlist(input: JoinInput, now = new Date()): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const lead = await first(getDb().select({ id: leads.id }).from(leads).where(and(eq(leads.kitId, input.kitId), eq(leads.email, email))));
  if (!lead) return;
  if (await first(getDb().select({ id: waitlistEntries.leadId }).from(waitlistEntries).where(eq(waitlistEntries.leadId, lead.id)))) return;
  const day = utcDay(now);
  let hash: string | null = null;
  if (input.pageId) hash = visitorHash(await saltFor(day), input.ip, input.userAgent, input.pageId);
  const referredBy = await referrerOf(input.kitId, input.referralCode);
  const confirmed = await first(getDb().select({ at: emailEnrolments.confirmedAt }).from(emailEnrolments).where(eq(emailEnrolments.leadId, lead.id)));
  const values = {
    leadId: lead.id,
    kitId: input.kitId,
    referredBy,
    mailbox: mailboxOf(email),
    visitorHash: hash,
    addressKey: await addressKeyOf(input.ip, day),
    disposable: isDisposable(email),
    createdAt: now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await getDb().insert(waitlistEntries).values({ ...values, code: newCode() }).onConflictDoNothing({ target: waitlistEntries.leadId });
      break;
    } catch (error) {
      // A code taken already (one in 32^10): another is drawn.
      if (attempt === 2) throw error;
    }
  }
  // Confirmed before the waitlist was on: in line from now, judged as any confirmation.
  if (confirmed?.at) await transaction((tx) => waitlistConfirmed(tx, lead.id, now));
}

/**
 * Leads of the page without an entry (they signed up while the waitlist was
 * off, or before it existed) get one, and those who had confirmed take
 * their place by when they confirmed. They were referred by nobody: a link
 * followed before the waitlist existed carried no code.
 */
export async function backfillWaitlist(kitId: string): Promise<number> {
  const missing = await getDb()
    .select({ id: leads.id, email: leads.email, createdAt: leads.createdAt, confirmedAt: emailEnrolments.confirmedAt })
    .from(leads)
    .leftJoin(waitlistEntries, eq(waitlistEntries.leadId, leads.id))
    .leftJoin(emailEnrolments, eq(emailEnrolments.leadId, leads.id))
    .where(and(eq(leads.kitId, kitId), isNull(waitlistEntries.leadId)));
  for (const l of missing) {
    await getDb()
      .insert(waitlistEntries)
      .values({ leadId: l.id, kitId, code: newCode(), mailbox: mailboxOf(l.email), disposable: isDisposable(l.email), confirmedAt: l.confirmedAt ?? null, createdAt: l.createdAt })
      .onConflictDoNothing({ target: waitlistEntries.leadId });
  }
  return missing.length;
}

/**
 * The lead just confirmed its address (called inside confirmLead's
 * transaction): it joins the line now, and its referral is judged once.
 */
export async function waitlistConfirmed(tx: Tx, leadId: string, now: Date): Promise<void> {
  const entry = await first(tx.select().from(waitlistEntries).where(eq(waitlistEntries.leadId, leadId)));
  if (!entry || entry.confirmedAt) return;
  // One judge at a time per page: the per-address limit counts the referrals decided before this one.
  await lockInTransaction(tx, `waitlist:${entry.kitId}`);
  const fresh = await first(tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.leadId, leadId), isNull(waitlistEntries.confirmedAt))));
  if (!fresh) return;
  const reason = fresh.referredBy ? await judge(tx, fresh) : null;
  const counted = Boolean(fresh.referredBy) && reason === null;
  // Joined strictly after the one before (under the page's lock): two confirmations in the same
  // millisecond keep the order they happened in, not the order of their random ids.
  const last = await first(
    tx.select({ at: waitlistEntries.confirmedAt }).from(waitlistEntries).where(and(eq(waitlistEntries.kitId, entry.kitId), isNotNull(waitlistEntries.confirmedAt))).orderBy(desc(waitlistEntries.confirmedAt)).limit(1),
  );
  const lastMs = last?.at ? last.at.getTime() : 0;
  const at = lastMs >= now.getTime() ? new Date(lastMs + 1) : now;
  await tx.update(waitlistEntries).set({ confirmedAt: at, counted, reason }).where(eq(waitlistEntries.leadId, leadId));
  if (counted) await queueRewards(tx, fresh.kitId, fresh.referredBy!, now);
}

/** Why the referral of a lead that just confirmed does not count, or null when it does. */
async function judge(tx: Tx, entry: WaitlistEntry): Promise<NotCountedReason | null> {
  const referrer = await first(tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.leadId, entry.referredBy!), eq(waitlistEntries.kitId, entry.kitId))));
  if (!referrer) return "unknown-referrer";
  if (referrer.mailbox === entry.mailbox) return "own-address";
  if (entry.disposable) return "disposable";
  if (entry.visitorHash && entry.visitorHash === referrer.visitorHash) return "same-visitor";
  const twin = await first(
    tx
      .select({ id: waitlistEntries.leadId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.kitId, entry.kitId), eq(waitlistEntries.mailbox, entry.mailbox), isNotNull(waitlistEntries.confirmedAt), sql`${waitlistEntries.leadId} <> ${entry.leadId}`)),
  );
  if (twin) return "same-mailbox";
  if (entry.addressKey) {
    const settings = await waitlistSettings(entry.kitId, tx);
    const fromAddress = await first(
      tx
        .select({ n: count() })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.kitId, entry.kitId), eq(waitlistEntries.addressKey, entry.addressKey), eq(waitlistEntries.counted, true))),
    );
    if ((fromAddress?.n ?? 0) >= settings.referralsPerAddress) return "address-limit";
  }
  return null;
}

/** Confirmed referrals that count for each referrer of a page (a disqualified referred lead no longer counts). */
async function referralCounts(kitId: string, db: Tx = getDb()): Promise<Map<string, number>> {
  const rows = await db
    .select({ referrer: waitlistEntries.referredBy, n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.kitId, kitId), eq(waitlistEntries.counted, true), isNull(waitlistEntries.disqualifiedAt)))
    .groupBy(waitlistEntries.referredBy);
  return new Map(rows.filter((r) => r.referrer).map((r) => [r.referrer!, Number(r.n)]));
}

/**
 * Each reward the referrer has reached gets one e-mail, once: a row in the
 * sends table under `waitlist-reward:<referrals>` (unique per lead and key),
 * written in the same transaction as the referral that reached it. The
 * sequence sender delivers it (rate limit, suppression, List-Unsubscribe).
 */
async function queueRewards(tx: Tx, kitId: string, referrerId: string, now: Date) {
  const referrer = await first(tx.select().from(waitlistEntries).where(eq(waitlistEntries.leadId, referrerId)));
  if (!referrer?.confirmedAt || referrer.disqualifiedAt) return;
  const settings = await waitlistSettings(kitId, tx);
  const reached = (await referralCounts(kitId, tx)).get(referrerId) ?? 0;
  for (const reward of settings.rewards) {
    if (reward.referrals > reached) continue;
    const key = `waitlist-reward:${reward.referrals}`;
    await tx
      .insert(emailSends)
      .values({ id: crypto.randomUUID(), leadId: referrerId, kitId, key, messageId: messageIdFor(referrerId, key, senderDomain()), nextAttemptAt: now, createdAt: now })
      .onConflictDoNothing();
  }
}

// ---- the line ----------------------------------------------------------------------------------

export type Place = { leadId: string; place: number; referrals: number; confirmedAt: Date; invitedAt: Date | null };

/**
 * Every confirmed, not disqualified lead of the page with its place. The
 * order: by when each confirmed (then lead id, so two at the same
 * millisecond are ordered the same everywhere), each lead's own index moved
 * forward by placesPerReferral per referral. Sorted by index − N × referrals
 * (a tie goes to the one with more referrals, then to the earlier), nobody
 * passes a lead who confirmed earlier with more referrals: that lead's key
 * is smaller on both counts.
 */
export async function lineOf(kitId: string, db: Tx = getDb()): Promise<Place[]> {
  const settings = await waitlistSettings(kitId, db);
  const rows = await db
    .select({ leadId: waitlistEntries.leadId, confirmedAt: waitlistEntries.confirmedAt, invitedAt: waitlistEntries.invitedAt })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.kitId, kitId), isNotNull(waitlistEntries.confirmedAt), isNull(waitlistEntries.disqualifiedAt)))
    .orderBy(asc(waitlistEntries.confirmedAt), asc(waitlistEntries.leadId));
  const counts = await referralCounts(kitId, db);
  return rows
    .map((r, index) => ({ r, index, referrals: counts.get(r.leadId) ?? 0 }))
    .map((x) => ({ ...x, key: x.index - settings.placesPerReferral * x.referrals }))
    .sort((a, b) => a.key - b.key || b.referrals - a.referrals || a.index - b.index)
    .map((x, i) => ({ leadId: x.r.leadId, place: i + 1, referrals: x.referrals, confirmedAt: x.r.confirmedAt!, invitedAt: x.r.invitedAt }));
}

export async function placeOf(kitId: string, leadId: string): Promise<{ place: number; of: number; referrals: number } | null> {
  const line = await lineOf(kitId);
  const mine = line.find((p) => p.leadId === leadId);
  return mine ? { place: mine.place, of: line.length, referrals: mine.referrals } : null;
}

/** The first reward not reached yet, or null. */
export function nextReward(rewards: WaitlistReward[], referrals: number): WaitlistReward | null {
  return rewards.find((r) => r.referrals > referrals) ?? null;
}

// ---- a lead's own links ---------------------------------------------------------------------------

// Signed with the key of the links in lead e-mails (not SESSION_SECRET): a delivered status link outlives a rotated session secret.
const statusSignature = async (code: string) => crypto.createHmac("sha256", await loadMailKey()).update(`waitlist-status:${code}`).digest("base64url").slice(0, 32);

/** The status page's token: the referral code and a signature only the server makes, so a code alone opens nothing. */
export async function statusToken(code: string) {
  return `${code}.${await statusSignature(code)}`;
}

async function codeOfStatusToken(token: string): Promise<string | null> {
  const [code, signature, ...rest] = token.split(".");
  if (rest.length || !code || !signature || !CODE_PATTERN.test(code)) return null;
  const expected = await statusSignature(code);
  return signature.length === expected.length && crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? code : null;
}

export function referralLink(pageAddress: string, code: string) {
  return `${pageAddress}${pageAddress.includes("?") ? "&" : "?"}r=${code}`;
}

export type LeadStatus = {
  kitId: string;
  leadId: string;
  code: string;
  confirmed: boolean;
  disqualified: boolean;
  place: number | null;
  of: number;
  referrals: number;
  rewards: WaitlistReward[];
  next: WaitlistReward | null;
};

/** A lead's own waitlist status by its entry. */
export async function statusOfEntry(entry: WaitlistEntry): Promise<LeadStatus> {
  const settings = await waitlistSettings(entry.kitId);
  const place = entry.confirmedAt && !entry.disqualifiedAt ? await placeOf(entry.kitId, entry.leadId) : null;
  const referrals = place?.referrals ?? 0;
  return {
    kitId: entry.kitId,
    leadId: entry.leadId,
    code: entry.code,
    confirmed: Boolean(entry.confirmedAt),
    disqualified: Boolean(entry.disqualifiedAt),
    place: place?.place ?? null,
    of: place?.of ?? 0,
    referrals,
    rewards: settings.rewards,
    next: nextReward(settings.rewards, referrals),
  };
}

/** The status behind a status-page token, or null (not ours, or the lead is gone). */
export async function statusByToken(token: string): Promise<LeadStatus | null> {
  const code = await codeOfStatusToken(token);
  if (!code) return null;
  const entry = await first(getDb().select().from(waitlistEntries).where(eq(waitlistEntries.code, code)));
  return entry ? statusOfEntry(entry) : null;
}

export async function entryOfLead(leadId: string): Promise<WaitlistEntry | undefined> {
  return first(getDb().select().from(waitlistEntries).where(eq(waitlistEntries.leadId, leadId)));
}

// ---- the founder's ---------------------------------------------------------------------------------

/** Takes a lead out of the line (and its referrals out of its referrer's count). False: not a lead of this page. */
export async function disqualify(kitId: string, leadId: string, now = new Date()): Promise<boolean> {
  const result = await getDb().update(waitlistEntries).set({ disqualifiedAt: now }).where(and(eq(waitlistEntries.kitId, kitId), eq(waitlistEntries.leadId, leadId), isNull(waitlistEntries.disqualifiedAt)));
  return changes(result) === 1;
}

export async function requalify(kitId: string, leadId: string): Promise<boolean> {
  const result = await getDb().update(waitlistEntries).set({ disqualifiedAt: null }).where(and(eq(waitlistEntries.kitId, kitId), eq(waitlistEntries.leadId, leadId), isNotNull(waitlistEntries.disqualifiedAt)));
  return changes(result) === 1;
}

/**
 * "Invite the next N": the first N of the line not invited yet get one
 * invitation e-mail each (a send keyed `waitlist-invite`, so a repeated click
 * or a second instance never sends two) and are marked invited.
 */
export async function inviteNext(kitId: string, n: number, now = new Date()): Promise<number> {
  return transaction(async (tx) => {
    await lockInTransaction(tx, `waitlist:${kitId}`);
    const next = (await lineOf(kitId, tx)).filter((p) => !p.invitedAt).slice(0, n);
    if (next.length === 0) return 0;
    const ids = next.map((p) => p.leadId);
    await tx.update(waitlistEntries).set({ invitedAt: now }).where(and(eq(waitlistEntries.kitId, kitId), inArray(waitlistEntries.leadId, ids), isNull(waitlistEntries.invitedAt)));
    const key = "waitlist-invite";
    await tx
      .insert(emailSends)
      .values(next.map((p) => ({ id: crypto.randomUUID(), leadId: p.leadId, kitId, key, messageId: messageIdFor(p.leadId, key, senderDomain()), nextAttemptAt: now, createdAt: now })))
      .onConflictDoNothing();
    return next.length;
  });
}

export type LineRow = Place & { email: string; name: string | null; joinedAt: Date };
export type EntryRow = { leadId: string; email: string; confirmed: boolean; disqualified: boolean; invited: boolean; referrer: string | null; reason: string | null };

/** The line, with addresses (the founder's view): searched by address, one page at a time. */
export async function lineRows(kitId: string, { q = "", offset = 0, limit = 25 }: { q?: string; offset?: number; limit?: number } = {}): Promise<{ rows: LineRow[]; total: number }> {
  const line = await lineOf(kitId);
  const people = new Map(
    (await getDb().select({ id: leads.id, email: leads.email, name: leads.name, createdAt: leads.createdAt }).from(leads).where(eq(leads.kitId, kitId))).map((l) => [l.id, l]),
  );
  const needle = q.trim().toLowerCase();
  const all = line
    .map((p) => ({ ...p, email: people.get(p.leadId)?.email ?? "", name: people.get(p.leadId)?.name ?? null, joinedAt: people.get(p.leadId)?.createdAt ?? p.confirmedAt }))
    .filter((r) => !needle || r.email.includes(needle) || (r.name ?? "").toLowerCase().includes(needle));
  return { rows: all.slice(offset, offset + limit), total: all.length };
}

/** Every referral of the page and whether it counted, with the reason when not (newest first). */
export async function referralRows(kitId: string, limit = 50): Promise<Array<{ leadId: string; email: string; referrerEmail: string; status: string; at: Date }>> {
  const referred = await getDb()
    .select({ e: waitlistEntries, email: leads.email })
    .from(waitlistEntries)
    .innerJoin(leads, eq(leads.id, waitlistEntries.leadId))
    .where(and(eq(waitlistEntries.kitId, kitId), isNotNull(waitlistEntries.referredBy)))
    .orderBy(desc(waitlistEntries.createdAt))
    .limit(limit);
  const referrerIds = [...new Set(referred.map((r) => r.e.referredBy!))];
  const emails = new Map(referrerIds.length ? (await getDb().select({ id: leads.id, email: leads.email }).from(leads).where(inArray(leads.id, referrerIds))).map((l) => [l.id, l.email]) : []);
  return referred.map((r) => ({ leadId: r.e.leadId, email: r.email, referrerEmail: emails.get(r.e.referredBy!) ?? "", status: referralStatus(r.e), at: r.e.createdAt }));
}

/** What the founder is told about one referral. */
export function referralStatus(e: Pick<WaitlistEntry, "confirmedAt" | "counted" | "reason" | "disqualifiedAt">): string {
  if (e.disqualifiedAt) return "Does not count: you disqualified this lead.";
  if (!e.confirmedAt) return "Not counted yet: this lead has not confirmed their address.";
  if (e.counted) return "Counts.";
  return `Does not count: ${REASON_LABELS[(e.reason ?? "unknown-referrer") as NotCountedReason] ?? e.reason}`;
}

/** Counted referrals per UTC day of the last `days` days (oldest first, days without any included). */
export async function referralsByDay(kitId: string, days = 30, now = new Date()): Promise<Array<{ day: string; referrals: number }>> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await getDb()
    .select({ at: waitlistEntries.confirmedAt })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.kitId, kitId), eq(waitlistEntries.counted, true), isNull(waitlistEntries.disqualifiedAt), gte(waitlistEntries.confirmedAt, since)));
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(utcDay(r.at!), (byDay.get(utcDay(r.at!)) ?? 0) + 1);
  return Array.from({ length: days }, (_, i) => utcDay(new Date(since.getTime() + (i + 1) * 86_400_000))).map((day) => ({ day, referrals: byDay.get(day) ?? 0 }));
}

/** Sign-ups of the page and those the analytics attributed to the source "referral". */
export async function referralShare(kitId: string): Promise<{ leads: number; referral: number }> {
  const rows = await getDb()
    .select({ n: count(), referral: sql<number>`sum(case when ${leads.source} = 'referral' then 1 else 0 end)` })
    .from(leads)
    .where(eq(leads.kitId, kitId));
  return { leads: Number(rows[0]?.n ?? 0), referral: Number(rows[0]?.referral ?? 0) };
}

/** Every entry of the page, for the founder's counts. */
export async function entryTotals(kitId: string) {
  const rows = await getDb()
    .select({ confirmed: waitlistEntries.confirmedAt, disqualified: waitlistEntries.disqualifiedAt, invited: waitlistEntries.invitedAt })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.kitId, kitId));
  return {
    all: rows.length,
    confirmed: rows.filter((r) => r.confirmed && !r.disqualified).length,
    waiting: rows.filter((r) => !r.confirmed).length,
    disqualified: rows.filter((r) => r.disqualified).length,
    invited: rows.filter((r) => r.invited).length,
  };
}

