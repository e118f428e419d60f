import { canonicalAddress } from "~/kit/assets/landing/seo.server";
import { publicHtmlHeaders } from "~/features/site/public.server";
import { kitBrand } from "~/kit/content.server";
import { escapeHtml as h } from "~/platform/text/html";
import { rewardText, shareLinks } from "./shared";
import { referralLink, statusToken, type LeadStatus } from "./waitlist.server";

/**
 * A lead's waitlist pages (the status page, and the block the confirmation
 * page shows): plain HTML, no script, no cookie, nothing from another site;
 * the share buttons are links the lead follows if they choose to.
 */

const STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px}main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}h1{font-size:1.5rem;margin:0 0 12px}h2{font-size:1.1rem;margin:24px 0 8px}p,li{line-height:1.6}.place{font-size:2.5rem;font-weight:700;margin:8px 0;color:#3730a3}.link{display:block;overflow-wrap:anywhere;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:8px;padding:10px 12px;font-family:ui-monospace,monospace;font-size:.9rem}.share{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}.share a{display:inline-block;border:1px solid #4338ca;color:#3730a3;border-radius:8px;padding:8px 12px;text-decoration:none;font-weight:600}.share a:hover,.share a:focus{background:#eef2ff}.reached{color:#166534;font-weight:600}.of{font-size:1rem;font-weight:400;color:#475569}button{font:inherit;font-weight:600;background:#4338ca;color:#fff;border:0;border-radius:8px;padding:10px 18px;cursor:pointer}@media (max-width:480px){body{padding:16px 8px}main{padding:20px}}`;

function documentHtml(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${h(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function htmlResponse(status: number, html: string) {
  return new Response(html, { status, headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

/** The place, the personal link with its share links, and the rewards: what a confirmed lead in line reads. */
export async function placeSection(status: LeadStatus, origin: string): Promise<string> {
  const name = (await kitBrand(status.kitId))?.name ?? "this";
  if (status.disqualified) return `<p>This sign-up is not in the line any more.</p>`;
  if (!status.confirmed || status.place === null) return `<p>Confirm your address with the link we e-mailed you: your place in line is given once you do.</p>`;
  const page = await canonicalAddress(status.kitId);
  const link = page ? referralLink(page, status.code) : null;
  const parts = [
    `<p>Your place in line</p><p class="place" data-testid="waitlist-place">${status.place} <span class="of">of ${status.of}</span></p>`,
    `<p>Confirmed referrals: <strong data-testid="waitlist-referrals">${status.referrals}</strong></p>`,
  ];
  if (link) {
    parts.push(
      `<h2>Move up: share your link</h2><p>Each friend who signs up with your link and confirms their address moves you up the line.</p><p class="link" data-testid="waitlist-link">${h(link)}</p>`,
      `<ul class="share">${shareLinks(link, name)
        .map((l) => `<li><a href="${h(l.href)}" rel="noopener noreferrer" target="_blank">${h(l.label)}</a></li>`)
        .join("")}</ul>`,
    );
  }
  if (status.rewards.length) {
    parts.push(
      `<h2>Rewards</h2>${status.next ? `<p>Next reward: <strong>${h(rewardText(status.next))}</strong></p>` : `<p class="reached">You have reached every reward.</p>`}<ul>${status.rewards
        .map((r) => `<li>${h(rewardText(r))}${r.referrals <= status.referrals ? ` <span class="reached">(reached)</span>` : ""}</li>`)
        .join("")}</ul>`,
    );
  }
  parts.push(`<p><a href="${h(`${origin}/w/${await statusToken(status.code)}`)}">Your status page</a> shows your place at any time: keep this link to yourself.</p>`);
  return parts.join("");
}

export async function statusPage(status: LeadStatus, origin: string) {
  const name = (await kitBrand(status.kitId))?.name ?? "Waitlist";
  return htmlResponse(200, documentHtml(`Your place on the ${name} waitlist`, `<h1>The ${h(name)} waitlist</h1>${await placeSection(status, origin)}`));
}

export function notFoundPage() {
  return htmlResponse(404, documentHtml("Link not found", `<h1>Link not found</h1><p>This waitlist link is not valid.</p>`));
}

/** The confirmation page of a lead in line: the usual words, then their place and link. */
export async function confirmedPage(status: LeadStatus, origin: string) {
  const name = (await kitBrand(status.kitId))?.name ?? "the";
  return htmlResponse(200, documentHtml("You are confirmed", `<h1>You are confirmed</h1><p>Thank you: you are on the ${h(name)} waitlist, and your first e-mail is on its way.</p>${await placeSection(status, origin)}`));
}
