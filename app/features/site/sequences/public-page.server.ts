import { escapeHtml } from "~/platform/text/html";
import { publicHtmlHeaders } from "~/features/site/public.server";

/**
 * The small pages a lead reaches from an e-mail (unsubscribe, confirm):
 * plain HTML with one form, no script and no cookie, so they work in any
 * mail client's browser and without JavaScript.
 */
export function leadPage(status: number, title: string, paragraphs: string[], form?: { action: string; button: string; hidden?: Record<string, string> }) {
  const hidden = Object.entries(form?.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px}main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}h1{font-size:1.5rem;margin:0 0 12px}p{line-height:1.6}button{font:inherit;font-weight:600;background:#4338ca;color:#fff;border:0;border-radius:8px;padding:10px 18px;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${form ? `<form method="post" action="${escapeHtml(form.action)}">${hidden}<button type="submit">${escapeHtml(form.button)}</button></form>` : ""}</main></body></html>`;
  return new Response(html, { status, headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
