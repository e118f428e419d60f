import { contrastRatio, mix } from "~/kit/brand/palette";
import { escapeHtml } from "~/platform/text/html";
import { markdownToHtml, markdownToText, type MarkdownStyle } from "./markdown";

/**
 * One sequence e-mail or broadcast as sent: HTML in the brand's colours and
 * fonts (the founder's text escaped) and its plain-text part, both ending
 * with the footer the bulk-sender rules ask for: who sends it (the business
 * name and its postal address) and the unsubscribe link. Pure.
 */

export type EmailLook = { name: string; primary: string; background: string; text: string; headingFont: string; bodyFont: string };
export type EmailParts = { subject: string; preview: string; body: string };

export const DEFAULT_LOOK: EmailLook = { name: "", primary: "#4F46E5", background: "#FFFFFF", text: "#1E293B", headingFont: "Georgia, serif", bodyFont: "Arial, Helvetica, sans-serif" };

/** A colour darkened (or lightened) toward black or white until it reads on `background` at `ratio` (WCAG). */
function readableOn(colour: string, background: string, ratio: number): string {
  if (contrastRatio(colour, background) >= ratio) return colour;
  const toward = contrastRatio("#000000", background) >= contrastRatio("#FFFFFF", background) ? "#000000" : "#FFFFFF";
  for (let t = 0.1; t < 1; t += 0.1) {
    const c = mix(colour, toward, t);
    if (contrastRatio(c, background) >= ratio) return c;
  }
  return toward;
}

/**
 * The look with its text and accent readable on the e-mail's background: a dark
 * brand's light text colour (made for its dark page) would be grey on white in
 * an inbox. Body text and links at AA (4.5:1).
 */
export function readableLook(look: EmailLook): EmailLook {
  return { ...look, text: readableOn(look.text, look.background, 4.5), primary: readableOn(look.primary, look.background, 4.5) };
}

export function renderEmail(parts: EmailParts, rawLook: EmailLook, footer: { postalAddress: string; unsubscribeUrl: string | null; reason?: string }) {
  const look = readableLook(rawLook);
  const style: MarkdownStyle = { text: look.text, link: look.primary, headingFont: look.headingFont, bodyFont: look.bodyFont };
  const address = footer.postalAddress.trim().replace(/\s*\n\s*/g, ", ");
  const reason = footer.reason ?? `You get this e-mail because you signed up on the ${look.name} page.`;
  const unsubscribeHtml = footer.unsubscribeUrl ? ` <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${look.primary}">Unsubscribe</a>` : "";
  const preheader = parts.preview ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(parts.preview)}</div>` : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:${look.background}">${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${look.background}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 0 16px;border-bottom:3px solid ${look.primary};font-family:${look.headingFont};font-size:20px;font-weight:700;color:${look.primary}">${escapeHtml(look.name)}</td></tr>
<tr><td style="padding:24px 0">
${markdownToHtml(parts.body, style)}
</td></tr>
<tr><td style="padding:16px 0 0;border-top:1px solid ${look.text}33;font-family:${look.bodyFont};font-size:12px;line-height:1.5;color:${look.text}">
${escapeHtml(look.name)} · ${escapeHtml(address)}<br>${escapeHtml(reason)}${unsubscribeHtml}
</td></tr>
</table></td></tr></table></body></html>`;
  const text = [markdownToText(parts.body), "--", `${look.name} · ${address}`, reason, footer.unsubscribeUrl ? `Unsubscribe: ${footer.unsubscribeUrl}` : ""].filter(Boolean).join("\n\n") + "\n";
  return { html, text };
}
