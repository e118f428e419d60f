import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { addressOf } from "~/features/analytics/index.server";
import { getConfig } from "~/platform/config.server";
import { first, getDb, transaction } from "~/platform/db/client.server";
import { pressMessages } from "~/platform/db/schema";
import { startOutbox } from "~/platform/mail/sender.server";
import { addToOutbox, registerOutboxHeaders, type OutboxRow } from "~/platform/mail/outbox.server";
import { escapeHtml } from "~/platform/text/html";
import { logError } from "~/platform/log.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { linkOrigin } from "~/platform/http/site-origin.server";
import { toOneLine } from "~/platform/text/text";
import { pageOwner } from "~/kit/assets/landing/pages.server";
import { pressAddress } from "~/kit/assets/landing/press";
import { PRESS_LIMITS, renderPressHtml, type PressFormState, type PressPage } from "./press.server";
import { LEAD_HONEYPOT, publicHtmlHeaders } from "./public.server";

/**
 * The press kit's contact form: a journalist writes to the founder without
 * ever seeing the founder's address. The message goes through the mail
 * outbox to the page owner's account address (never an address the form
 * could name), with Reply-To the journalist's address, so the founder's
 * answer reaches them directly. A public endpoint like the sign-up form:
 * per-IP and per-page limits, a honeypot, server-side validation; links in
 * the e-mail never come from the request's Host.
 */

/** Messages per IP address across press kits: a journalist writes once or twice, a script floods. */
export const pressIpLimiter = new RateLimiter({ name: "press-ip", limit: 5, windowMs: 60 * 60 * 1000 });
/** Messages per page a day: the founder's inbox is not a mailing list, whoever sends. */
export const pressPageLimiter = new RateLimiter({ name: "press-page", limit: 20, windowMs: 24 * 60 * 60 * 1000 });
export const PRESS_RATE_LIMIT_MESSAGE = "Too many messages from your network. Please try again later.";
const PAGE_LIMIT_MESSAGE = "This press kit has received many messages today. Please try again tomorrow.";

const oneLine = (max: number, message: string) => z.string().overwrite(toOneLine).trim().max(max, message);

export const PressContactSchema = z.object({
  name: oneLine(PRESS_LIMITS.name, `Keep your name under ${PRESS_LIMITS.name} characters.`).min(1, "Enter your name."),
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(PRESS_LIMITS.email, "That e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com.")),
  outlet: oneLine(PRESS_LIMITS.outlet, `Keep the publication's name under ${PRESS_LIMITS.outlet} characters.`).optional(),
  message: z
    .string()
    .trim()
    .min(1, "Write your message.")
    .max(PRESS_LIMITS.message, `Keep the message under ${PRESS_LIMITS.message} characters.`),
});

/** The Reply-To of a press message's e-mail: the address the journalist gave (checked by PressContactSchema). */
export async function pressReplyHeaders(row: Pick<OutboxRow, "messageId">) {
  const found = await first(getDb().select({ replyTo: pressMessages.replyTo }).from(pressMessages).where(eq(pressMessages.emailMessageId, row.messageId)));
  return found ? { replyTo: found.replyTo } : null;
}
registerOutboxHeaders(pressReplyHeaders);

async function answer(press: PressPage, request: Request, status: number, state: PressFormState, headers: Record<string, string> = {}) {
  const html = renderPressHtml(press, state, { badgeUrl: (await linkOrigin(request)) ?? undefined });
  return new Response(html, { status, headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", ...headers } });
}

/** A message posted to a press kit's form: 303 to the press kit with ?sent=1, or the form again with the reason. */
export async function postPressMessage(request: Request, clientIp: string, press: PressPage): Promise<Response> {
  const sentUrl = `${press.base}?sent=1#contact`;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(press, request, 400, { error: "Please fill in the form and try again." });
  }
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const values = { name: value("name")?.slice(0, PRESS_LIMITS.name), email: value("email")?.slice(0, PRESS_LIMITS.email), outlet: value("outlet")?.slice(0, PRESS_LIMITS.outlet), message: value("message")?.slice(0, PRESS_LIMITS.message) };
  // Keyed by the address analytics caps by: an IPv6 home holds a whole /64.
  const network = addressOf(clientIp);
  const limited = () => answer(press, request, 429, { error: PRESS_RATE_LIMIT_MESSAGE, values }, { "Retry-After": "3600" });
  if (await pressIpLimiter.isLimited(network)) return limited();
  // A filled-in honeypot means a bot: answer like a success, send nothing (it counts, as a message would).
  if (value(LEAD_HONEYPOT)?.trim()) {
    await pressIpLimiter.hit(network);
    return redirect(sentUrl, 303);
  }
  // A refused message sends nothing, so it uses up none of the network's messages: a journalist may mistype their address.
  const parsed = PressContactSchema.safeParse({ name: value("name") ?? "", email: value("email") ?? "", outlet: value("outlet") || undefined, message: value("message") ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return answer(press, request, 400, { error: issue.message, field: issue.path[0] as PressFormState["field"], values });
  }
  if (!(await pressIpLimiter.hit(network))) return limited();
  if (!(await pressPageLimiter.hit(press.data.page.kitId))) return answer(press, request, 429, { error: PAGE_LIMIT_MESSAGE, values }, { "Retry-After": "3600" });
  const owner = await pageOwner(press.data.page.kitId);
  if (!owner) return answer(press, request, 404, { error: "This press kit no longer takes messages.", values });
  await queuePressMail(request, press, owner.email, parsed.data);
  return redirect(sentUrl, 303);
}

/** The founder's e-mail: the message as the journalist wrote it (escaped in the HTML part), in the outbox with its Reply-To row. */
async function queuePressMail(request: Request, press: PressPage, to: string, msg: z.infer<typeof PressContactSchema>) {
  const name = press.kit.name;
  const origin = await linkOrigin(request).catch(() => null);
  // A link back only to LaunchKit's own trusted address (or the page's verified domain), never the Host the form was posted with.
  const pressUrl = press.pageUrl ? pressAddress(press.pageUrl) : origin ? `${origin}${press.base}` : null;
  const from = msg.outlet ? `${msg.name} (${msg.outlet})` : msg.name;
  const text = [
    `${from} wrote to you through the press kit of ${name}${pressUrl ? ` (${pressUrl})` : ""}.`,
    "",
    `Name: ${msg.name}`,
    `E-mail: ${msg.email}`,
    ...(msg.outlet ? [`Publication: ${msg.outlet}`] : []),
    "",
    msg.message,
    "",
    "Reply to this e-mail to answer them: your reply goes to the address they gave. Your own address was not shown to them.",
  ].join("\n");
  const html = `<p><strong>${escapeHtml(from)}</strong> wrote to you through the press kit of <strong>${escapeHtml(name)}</strong>.</p><ul><li>Name: ${escapeHtml(msg.name)}</li><li>E-mail: ${escapeHtml(msg.email)}</li>${msg.outlet ? `<li>Publication: ${escapeHtml(msg.outlet)}</li>` : ""}</ul><p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p><p style="color:#555">Reply to this e-mail to answer them: your reply goes to the address they gave. Your own address was not shown to them.</p>`;
  const subject = toOneLine(`Press enquiry about ${name} from ${from}`).slice(0, 200);
  try {
    await transaction(async (tx) => {
      const row = await addToOutbox({ from: getConfig().mail.from, to, subject, text, html }, tx);
      await tx.insert(pressMessages).values({ id: crypto.randomUUID(), kitId: press.data.page.kitId, emailMessageId: row.messageId, replyTo: msg.email });
    });
    startOutbox();
  } catch (error) {
    logError("press message not queued", error, { kitId: press.data.page.kitId });
    throw error;
  }
}
