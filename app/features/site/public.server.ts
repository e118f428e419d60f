import { linkOrigin, noOriginLog, siteOrigin } from "~/platform/http/site-origin.server";
import crypto from "node:crypto";
import { entitlementsUntil } from "~/kit/plans/entitlements.server";
import type { LandingPage } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getAsset } from "~/kit/assets/assets.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { getKit } from "~/kit/kits.server";
import { sendMail } from "~/platform/mail/mailer.server";
import { logError } from "~/platform/log.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { escapeHtml } from "~/platform/text/html";
// Serving pages from the page cache needs its invalidation hooks in place.
import "~/kit/assets/landing/page-cache.server";
import { livePageBySlug, pageById, pageOwner, type NewLead } from "~/kit/assets/landing/pages.server";
import type { PublicPage } from "~/kit/assets/landing/public-page";
import { publishedContent, withDownloadLink } from "~/kit/assets/landing/proof";
import { LandingContentSchema } from "~/kit/assets/landing/schema";

/**
 * The public side of published landing pages (/p/<slug>): what a page is
 * made of, its security headers (the page cache and its invalidation are
 * in page-cache.server.ts), the sign-up limits and the founder's optional e-mail per lead.
 */

// ---- what a page is made of -------------------------------------------------------

/** Everything a live page at `slug` shows, or null when there is none to show (404). */
export async function publicPage(slug: string): Promise<PublicPage | null> {
  const page = await livePageBySlug(slug);
  if (!page) return null;
  const kit = await getKit(page.kitId);
  const brand = kit ? await kitBrand(kit.id) : null;
  const content = kit ? await readyContent(kit.id, "landing", LandingContentSchema) : null;
  if (!kit || !brand || !content) return null;
  const plan = await entitlementsUntil(kit.userId);
  return {
    page,
    goal: kit.primaryGoal,
    brand,
    // The public sees no placeholder quotes: the section waits until the founder says they are real.
    // A page without the sign-up form shows its download link itself (the others give it after the sign-up).
    content: withDownloadLink(publishedContent(content), page.downloadUrl),
    logo: await readyContent(kit.id, "logo", LogoContentSchema),
    // The plan changes the logo (watermarked or not): a new version, so the OpenGraph image's URL changes too.
    version: `${await pageVersion(kit.id)}${plan.entitlements.watermarked ? ".w" : ""}`,
    badge: plan.entitlements.showsBadge,
    watermarked: plan.entitlements.watermarked,
    planChangesAt: plan.changesAt,
  };
}

/** The live page behind a stable page id (what lead forms post to), or null. */
export async function publicPageById(pageId: string): Promise<PublicPage | null> {
  const page = await pageById(pageId);
  return page ? publicPage(page.slug) : null;
}

export async function pageVersion(kitId: string): Promise<string> {
  const rows = await Promise.all(["brand", "logo", "landing"].map((k) => getAsset(kitId, k)));
  return rows.map((row) => row?.version ?? 0).join(".");
}

/** Options every page under /p/ renders with: the plan's badge, linking to LaunchKit itself, and its logo (watermarked or not). */
export function badgeOptions(data: PublicPage, request: Request) {
  return { badge: data.badge, badgeUrl: siteOrigin(request), watermarkLogo: data.watermarked };
}

// ---- headers ----------------------------------------------------------------------

function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${crypto.createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`);
}

/**
 * A published page is user content: no script may run (there is no
 * script-src, so default-src 'none' refuses them all), styles only from the
 * page's own <style> (by hash), images only from LaunchKit or inline data
 * (the logo is inline SVG), fonts from LaunchKit, forms only to LaunchKit,
 * and no other site may frame it. `connect-src 'self'` changes nothing for
 * the page (no script runs to connect anywhere) but lets a browser's own
 * tools read LaunchKit's robots.txt in the page's context, as Lighthouse's
 * SEO audit does.
 */
export function publicPageCsp(html: string): string {
  return [
    "default-src 'none'",
    `style-src ${styleHashes(html).join(" ") || "'none'"}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The headers of every HTML response under /p/ (pages, thank-you pages, form errors). No cookie is ever set here. */
export function publicHtmlHeaders(html: string, indexable: boolean): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": publicPageCsp(html),
    ...(indexable ? {} : { "X-Robots-Tag": "noindex, nofollow" }),
  };
}

// ---- sign-ups -----------------------------------------------------------------------

/** Sign-ups per IP address, across pages: a person signs up once or twice, a script floods. */
export const leadRateLimiter = new RateLimiter({ name: "lead", limit: 10, windowMs: 10 * 60 * 1000 });
export const LEAD_RATE_LIMIT_MESSAGE = "Too many sign-ups from your network. Please try again in a few minutes.";

/** The honeypot field of the sign-up form: hidden from people, filled in by bots. */
export const LEAD_HONEYPOT = "website";

/**
 * The founder's e-mail about a new lead, when they turned it on. Sent in the
 * background: the visitor's thank-you page never waits for SMTP, and a mail
 * failure is logged, never shown to the visitor.
 */
/**
 * E-mails the founder about a new lead when they asked for it. Sent by an
 * anonymous visitor's post, so its links never come from that request's
 * Host (`linkOrigin`: APP_URL, the confirmed address, or a loopback one; none
 * known: not sent), and the lead's fields are one line each, so they cannot
 * write paragraphs of their own.
 */
export async function notifyFounder(request: Request, page: LandingPage, brandName: string, lead: NewLead) {
  if (!page.notifyLeads) return;
  const origin = await linkOrigin(request);
  const owner = await pageOwner(page.kitId).catch((error) => {
    logError("lead notification failed", error, { kitId: page.kitId });
    return undefined;
  });
  if (!owner) return;
  if (!origin) return noOriginLog("a new-lead notification", owner.email);
  const link = `${origin}/dashboard/kits/${page.kitId}/website#leads`;
  const lines = [
    `Someone signed up on your ${brandName} page (${origin}/p/${page.slug}).`,
    "",
    `E-mail: ${lead.email}`,
    ...(lead.name ? [`Name: ${lead.name}`] : []),
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(lead.preferredTime ? [`Preferred time: ${lead.preferredTime}`] : []),
    ...(lead.bookingDate ? [`Date: ${lead.bookingDate}`] : []),
    ...(lead.partySize ? [`Places: ${lead.partySize}`] : []),
    "",
    `All your leads: ${link}`,
    "",
    "You get this e-mail because you turned on e-mails for new sign-ups. Turn them off in the landing page section of your kit.",
  ];
  const html = `<p>Someone signed up on your <strong>${escapeHtml(brandName)}</strong> page.</p><ul><li>E-mail: ${escapeHtml(lead.email)}</li>${lead.name ? `<li>Name: ${escapeHtml(lead.name)}</li>` : ""}${lead.phone ? `<li>Phone: ${escapeHtml(lead.phone)}</li>` : ""}${lead.preferredTime ? `<li>Preferred time: ${escapeHtml(lead.preferredTime)}</li>` : ""}${lead.bookingDate ? `<li>Date: ${escapeHtml(lead.bookingDate)}</li>` : ""}${lead.partySize ? `<li>Places: ${lead.partySize}</li>` : ""}</ul><p><a href="${escapeHtml(link)}">See all your leads</a></p><p style="color:#555">You get this e-mail because you turned on e-mails for new sign-ups. Turn them off in the landing page section of your kit.</p>`;
  void sendMail({ to: owner.email, subject: `New sign-up on ${brandName.replace(/[\r\n]+/g, " ")}`, text: lines.join("\n"), html }).catch((error) =>
    logError("lead notification failed", error, { kitId: page.kitId }),
  );
}
