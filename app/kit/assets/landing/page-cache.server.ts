import { invalidatePage, registerCacheablePages } from "~/platform/render/page-cache.server";
import { onAssetSaved } from "~/kit/assets/assets.server";
import { onBrandChange } from "~/kit/assets/brand/edit.server";
import { landingPageOf, onPageChange } from "./pages.server";

/**
 * A published landing page's cached renderings (the page and its share
 * images), dropped whenever what they show changes. Kept with the page so
 * that whatever changes a page (an SEO edit, an experiment, a waitlist
 * setting) can drop them without reaching into the public site.
 */

// ---- the page cache -------------------------------------------------------------

/**
 * /p/<slug> is the same for every anonymous visitor: the page cache keeps it
 * (app/platform/render/page-cache.server.ts) like the marketing pages. It is dropped at
 * once when anything it shows changes: the copy or the brand or the logo (a
 * new asset version, from an edit or a regeneration), publishing,
 * unpublishing, a new address, a takedown.
 */
export const PUBLIC_PAGE_PATTERN = /^\/p\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
registerCacheablePages(PUBLIC_PAGE_PATTERN);

const ogCache = new Map<string, Buffer>();
const OG_CACHE_SIZE = 64;

export function cachedOgImage(key: string, render: () => Buffer): Buffer {
  let png = ogCache.get(key);
  if (!png) {
    png = render();
    if (ogCache.size >= OG_CACHE_SIZE) ogCache.delete(ogCache.keys().next().value!);
    ogCache.set(key, png);
  }
  return png;
}

function forgetSlug(slug: string) {
  invalidatePage(`/p/${slug}`);
  for (const key of ogCache.keys()) if (key.startsWith(`${slug}:`)) ogCache.delete(key);
}

/** Drops every cached rendering of a kit's public page. */
export async function invalidateKitPage(kitId: string) {
  const page = await landingPageOf(kitId);
  if (page) forgetSlug(page.slug);
}

onPageChange(({ slugs }) => slugs.forEach(forgetSlug));
onBrandChange(invalidateKitPage);
onAssetSaved(async (kitId, kind) => {
  if (kind === "brand" || kind === "logo" || kind === "landing") await invalidateKitPage(kitId);
});
