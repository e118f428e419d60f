import { indexablePages } from "~/kit/assets/landing/pages.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { PUBLIC_PAGES } from "~/features/marketing/site";
import type { Route } from "./+types/sitemap[.]xml";
import { refusePost } from "~/platform/http/responses.server";

function escapeXml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url>\n    <loc>${escapeXml(origin + p.path)}</loc>\n    <changefreq>${p.changefreq}</changefreq>\n    <priority>${p.priority}</priority>\n  </url>`,
  );
  // Founders' published landing pages, when they ticked "let search engines index it".
  for (const page of await indexablePages()) {
    urls.push(`  <url>\n    <loc>${escapeXml(`${origin}/p/${page.slug}`)}</loc>\n    <lastmod>${page.updatedAt.toISOString().slice(0, 10)}</lastmod>\n  </url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = refusePost;
