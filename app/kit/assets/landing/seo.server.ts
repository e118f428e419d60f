import { eq } from "drizzle-orm";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { first, getDb } from "~/platform/db/client.server";
import { landingPages, launchKits, users, type LandingPage } from "~/platform/db/schema";
import type { Brand } from "~/kit/brand/brand";
import { linkOrigin } from "~/platform/http/site-origin.server";
import { ensurePage, landingPageOf } from "./pages.server";
import { invalidateKitPage } from "./page-cache.server";
import type { LandingContent } from "./schema";
import { pageJsonLd, pageSeo, type JsonLd, type PageSeo, type SeoEdit } from "./seo";

/**
 * Pro's SEO editor (docs/decisions/032-seo-editor.md): the page's
 * own <title> and meta description, stored on landing_pages.seo_title /
 * seo_description, and what every page's head carries (the founder's text
 * while the owner has Pro, else the defaults made from the page, and the
 * JSON-LD on every plan). Used alike by the published page, the workspace
 * preview and the downloaded index.html.
 */

/** Writing the page's own title and description: Pro (and admins, who get every Pro feature). */
export async function seoEditable(user: { id: string; role?: string | null }): Promise<boolean> {
  if (user.role === "admin") return true;
  return (await entitlementsFor(user.id)).effectivePlan === "pro";
}

async function ownerOf(kitId: string) {
  return first(getDb().select({ id: users.id, role: users.role }).from(launchKits).innerJoin(users, eq(users.id, launchKits.userId)).where(eq(launchKits.id, kitId)));
}

/** What the founder saved (null: made from the page). */
export async function savedSeo(kitId: string): Promise<{ title: string | null; description: string | null }> {
  const page = await landingPageOf(kitId);
  return { title: page?.seoTitle ?? null, description: page?.seoDescription ?? null };
}

/**
 * Saves the page's title and description (null: back to the defaults), and
 * drops the published page from the page cache so visitors get the new head
 * at once. The page row exists once the landing page was written; a kit from
 * before stable page ids gets it here.
 */
export async function saveSeo(kitId: string, brandName: string, edit: SeoEdit): Promise<boolean> {
  const page = (await landingPageOf(kitId)) ?? (await ensurePage(kitId, brandName));
  if (!page) return false;
  await getDb().update(landingPages).set({ seoTitle: edit.seoTitle, seoDescription: edit.seoDescription, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId));
  await invalidateKitPage(kitId);
  return true;
}

/**
 * The page's public address, for what other people and search engines read
 * (JSON-LD): its verified custom domain while the owner's plan serves it,
 * else LaunchKit's trusted address (APP_URL or the one an admin confirmed;
 * a loopback request's own in development), never a request's Host. Null
 * when the page is not live or no address can be trusted.
 */
export async function publicAddress(page: Pick<LandingPage, "slug" | "published" | "takenDownAt" | "customDomain" | "domainVerifiedAt">, ownerId: string | null, request?: Request): Promise<{ url: string; ogImage: string } | null> {
  if (!page.published || page.takenDownAt) return null;
  if (page.customDomain && page.domainVerifiedAt && ownerId && (await entitlementsFor(ownerId)).canUseCustomDomain) {
    return { url: `https://${page.customDomain}/`, ogImage: `https://${page.customDomain}/og.png` };
  }
  const origin = await linkOrigin(request);
  if (!origin) return null;
  return { url: `${origin}/p/${page.slug}`, ogImage: `${origin}/p/${page.slug}/og.png` };
}

/**
 * The published page's canonical address (publicAddress: its verified custom
 * domain, else LaunchKit's trusted address), the same for every visitor and
 * never a request's Host; null when the page is not live or no address can be
 * trusted (then the page has no canonical link rather than a guessed one).
 */
export async function canonicalAddress(kitId: string, request?: Request): Promise<string | null> {
  const page = await landingPageOf(kitId);
  if (!page) return null;
  const owner = await ownerOf(kitId);
  return (await publicAddress(page, owner?.id ?? null, request))?.url ?? null;
}

export type SeoHead = { seo: PageSeo; jsonLd: JsonLd[] };

/**
 * Everything SEO in a page's head: the title and description (the founder's
 * while the owner has Pro, else the defaults) and the JSON-LD blocks. The
 * same for every visitor (the page cache keeps one copy): nothing here comes
 * from the request but a loopback origin when no address is configured.
 */
export async function seoHead(kitId: string, brand: Brand, content: LandingContent, request?: Request): Promise<SeoHead> {
  const page = await landingPageOf(kitId);
  const owner = await ownerOf(kitId);
  const own = page && owner && (page.seoTitle || page.seoDescription) && (await seoEditable(owner)) ? { title: page.seoTitle, description: page.seoDescription } : null;
  const seo = pageSeo(brand, content, own);
  const address = page ? await publicAddress(page, owner?.id ?? null, request) : null;
  return { seo, jsonLd: pageJsonLd(brand, content, seo, { url: address?.url ?? null, logo: address?.ogImage ?? null }) };
}
