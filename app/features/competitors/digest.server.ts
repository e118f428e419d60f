import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { getDb, transaction } from "~/platform/db/client.server";
import { competitorChanges, competitorPages, competitors, launchKits, users, type CompetitorQuote } from "~/platform/db/schema";
import { kitBrand } from "~/kit/content.server";
import { businessName } from "~/kit/format";
import { addToOutbox } from "~/platform/mail/outbox.server";
import { startOutbox } from "~/platform/mail/sender.server";
import { escapeHtml } from "~/platform/text/html";
import { logError } from "~/platform/log.server";
import { linkOrigin, noOriginLog } from "~/platform/http/site-origin.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";

/**
 * The weekly digest: one e-mail per founder carrying every change
 * of their watched pages that no digest carried yet, only when there is
 * one; none otherwise. The changes are claimed (digested_at set, where it
 * was still null) and the message written to the durable outbox in one
 * transaction: a change is e-mailed once even if two runs met, and a
 * failure leaves both undone for the next run. Links come from
 * linkOrigin() (APP_URL or the admin-confirmed address), never a request.
 */

export type DigestOutcome = { sent: number; founders: string[] };

type Row = {
  id: string;
  kitId: string;
  userId: string;
  email: string;
  role: string;
  idea: string;
  competitor: string;
  page: string;
  url: string;
  summary: string;
  importance: string;
  quotes: CompetitorQuote[];
  createdAt: Date;
};

async function pendingChanges(): Promise<Row[]> {
  return getDb()
    .select({
      id: competitorChanges.id,
      kitId: competitorChanges.kitId,
      userId: launchKits.userId,
      email: users.email,
      role: users.role,
      idea: launchKits.businessIdea,
      competitor: competitors.name,
      page: competitorPages.label,
      url: competitorPages.url,
      summary: competitorChanges.summary,
      importance: competitorChanges.importance,
      quotes: competitorChanges.quotes,
      createdAt: competitorChanges.createdAt,
    })
    .from(competitorChanges)
    .innerJoin(competitorPages, eq(competitorPages.id, competitorChanges.pageId))
    .innerJoin(competitors, eq(competitors.id, competitorChanges.competitorId))
    .innerJoin(launchKits, eq(launchKits.id, competitorChanges.kitId))
    .innerJoin(users, eq(users.id, launchKits.userId))
    .where(isNull(competitorChanges.digestedAt))
    .orderBy(asc(competitorChanges.createdAt));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Changed lines quoted per change in the e-mail; the rest are counted ("and 6 more"), and listed in the Competitors section. */
export const DIGEST_QUOTES = 5;

/** The digest of one founder: subject, text and HTML (every stored text escaped). */
export function digestMessage(rows: Row[], kitNames: Map<string, string>, origin: string) {
  const kits = [...new Set(rows.map((r) => r.kitId))];
  const subject = `Competitor watch: ${plural(rows.length, "change", "changes")} this week`;
  const text: string[] = ["What your competitors changed since the last digest:", ""];
  const html: string[] = [
    `<div style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a;max-width:640px">`,
    `<p style="font-size:15px">What your competitors changed since the last digest:</p>`,
  ];
  for (const kitId of kits) {
    const link = `${origin}/dashboard/kits/${kitId}/competitors`;
    const name = kitNames.get(kitId) ?? "Your kit";
    text.push(`== ${name} ==`);
    html.push(`<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(name)}</h2>`);
    for (const r of rows.filter((x) => x.kitId === kitId)) {
      const where = `${r.competitor} · ${r.page}`;
      const shown = r.quotes.slice(0, DIGEST_QUOTES);
      const more = r.quotes.length - shown.length;
      const moreText = more > 0 ? `and ${plural(more, "more changed line", "more changed lines")}, all listed in the Competitors section` : "";
      text.push(`${where} (${r.url})`, r.summary);
      for (const q of shown) text.push(`  ${q.kind === "added" ? "+ added:" : "- removed:"} "${q.text}"`);
      if (moreText) text.push(`  …${moreText}.`);
      text.push("");
      html.push(
        `<div style="border:1px solid #e2e8f0;border-radius:12px;padding:12px 16px;margin:8px 0">`,
        `<p style="margin:0;font-weight:600">${escapeHtml(where)}${r.importance === "high" ? ` <span style="color:#b45309">· important</span>` : ""}</p>`,
        `<p style="margin:6px 0">${escapeHtml(r.summary)}</p>`,
        ...shown.map(
          (q) =>
            `<p style="margin:4px 0;padding:4px 8px;border-left:3px solid ${q.kind === "added" ? "#059669" : "#dc2626"};background:${q.kind === "added" ? "#ecfdf5" : "#fef2f2"}">` +
            `<strong>${q.kind === "added" ? "Added" : "Removed"}:</strong> ${escapeHtml(q.text)}</p>`,
        ),
        ...(moreText ? [`<p style="margin:6px 0 0;color:#475569">…${moreText}.</p>`] : []),
        `</div>`,
      );
    }
    text.push(`See the timeline: ${link}`, "");
    html.push(`<p><a href="${escapeHtml(link)}" style="color:#4f46e5;font-weight:600">See the timeline →</a></p>`);
  }
  text.push("You get this e-mail from LaunchKit's competitor watch (Pro) only in the weeks something changed.");
  html.push(`<p style="font-size:12px;color:#64748b">You get this e-mail from LaunchKit's competitor watch (Pro) only in the weeks something changed.</p></div>`);
  return { subject, text: text.join("\n"), html: html.join("\n") };
}

/** One digest per founder with undigested changes (Pro or admin owners only); nothing when nothing changed. */
export async function sendDigests({ now = new Date() }: { now?: Date } = {}): Promise<DigestOutcome> {
  const rows = await pendingChanges();
  if (!rows.length) return { sent: 0, founders: [] };
  const origin = await linkOrigin();
  const byUser = new Map<string, Row[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const outcome: DigestOutcome = { sent: 0, founders: [] };
  for (const [userId, list] of byUser) {
    const first = list[0]!;
    if (first.role !== "admin" && (await entitlementsFor(userId)).effectivePlan !== "pro") continue;
    if (!origin) {
      noOriginLog("the competitor digest", first.email, `/dashboard/kits/${first.kitId}/competitors`);
      continue;
    }
    const kitNames = new Map<string, string>();
    for (const kitId of new Set(list.map((r) => r.kitId))) {
      const brand = await kitBrand(kitId);
      kitNames.set(kitId, brand?.name ?? businessName(list.find((r) => r.kitId === kitId)!.idea));
    }
    // The claim and the message in one transaction: both or neither.
    const queued = await transaction(async (tx) => {
      const claimed = await tx
        .update(competitorChanges)
        .set({ digestedAt: now })
        .where(and(inArray(competitorChanges.id, list.map((r) => r.id)), isNull(competitorChanges.digestedAt)))
        .returning({ id: competitorChanges.id });
      const mine = list.filter((r) => claimed.some((c) => c.id === r.id));
      if (!mine.length) return false;
      await addToOutbox({ from: getConfig().mail.from, to: first.email, ...digestMessage(mine, kitNames, origin) }, tx);
      return true;
    }).catch((error) => {
      logError("competitor digest not queued (it goes with the next run)", error, { userId });
      return false;
    });
    if (queued) {
      outcome.sent++;
      outcome.founders.push(first.email);
    }
  }
  if (outcome.sent) startOutbox();
  return outcome;
}
