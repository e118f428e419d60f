import type { IncomingMessage } from "node:http";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { first, getDb, isUniqueViolation } from "~/db/client.server";
import { landingPages, launchKits } from "~/db/schema";
import { entitlementsFor } from "./entitlements.server";

/**
 * Pro's custom domain for a published landing page: stored on the page's row
 * (landing_pages.custom_domain), shown with the DNS record to create, and
 * served by Host header: a request whose Host is a page's custom domain is
 * answered as /p/<slug> (rewriteCustomDomain, called before routing).
 */

export type DnsRecord = { type: "CNAME"; name: string; value: string; apex: boolean };

/** The host founders point their domain at: APP_URL's, else the host the request came to. */
export function targetHost(request: Request): string {
  return new URL(getConfig().appUrl ?? request.url).hostname;
}

/**
 * The DNS record to create. A subdomain (www.acme.com) gets a CNAME; an apex
 * domain (acme.com) cannot have one at most providers, which offer ALIAS or
 * ANAME (or CNAME flattening) to the same target instead.
 */
export function dnsRecordFor(domain: string, target: string): DnsRecord {
  const apex = domain.split(".").length === 2;
  return { type: "CNAME", name: apex ? "@" : domain.split(".").slice(0, -2).join("."), value: `${target}.`, apex };
}

export type DomainResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Sets (or with null, removes) the custom domain of a kit's page. Pro only;
 * the page must exist (published once); a domain belongs to one page; the
 * LaunchKit's own host is refused.
 */
export async function setCustomDomain(userId: string, kitId: string, domain: string | null, ownHost: string): Promise<DomainResult> {
  if (domain !== null && !(await entitlementsFor(userId)).canUseCustomDomain) return { ok: false, status: 403, message: "Custom domains come with Pro." };
  const db = getDb();
  const page = await first(db.select({ kitId: landingPages.kitId }).from(landingPages).where(eq(landingPages.kitId, kitId)));
  if (!page) return { ok: false, status: 409, message: "Publish your landing page first; then point your domain at it." };
  if (domain !== null && (domain === ownHost.toLowerCase() || domain === new URL(getConfig().appUrl ?? "http://x").hostname)) {
    return { ok: false, status: 400, message: "That is LaunchKit's own address: use a domain you own." };
  }
  try {
    await db.update(landingPages).set({ customDomain: domain, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId));
  } catch (error) {
    // The only unique column this update sets is custom_domain.
    if (isUniqueViolation(error)) {
      return { ok: false, status: 409, message: "That domain is already connected to another page." };
    }
    throw error;
  }
  known = undefined;
  return { ok: true };
}

export async function customDomainOf(kitId: string): Promise<string | null> {
  return (await first(getDb().select({ d: landingPages.customDomain }).from(landingPages).where(eq(landingPages.kitId, kitId))))?.d ?? null;
}

// Every custom domain, in memory for a few seconds: a request to LaunchKit's
// own host costs a Set lookup, not a query. A short life rather than
// invalidation: the server's request pipeline and the route modules are two
// bundles, each with its own copy of this module (a new domain is served
// within KNOWN_TTL_MS).
let known: { domains: Set<string>; until: number } | undefined;
const KNOWN_TTL_MS = 5_000;
async function knownDomains(): Promise<Set<string>> {
  const now = Date.now();
  if (!known || known.until <= now) {
    const rows = await getDb().select({ d: landingPages.customDomain }).from(landingPages).where(isNotNull(landingPages.customDomain));
    known = { domains: new Set(rows.map((r) => r.d).filter((d): d is string => !!d)), until: now + KNOWN_TTL_MS };
  }
  return known.domains;
}

const domainOfHost = (host: string) => host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");

/** The slug served at `host`: a published, not taken-down page whose owner's plan includes custom domains. */
export async function slugForHost(host: string): Promise<string | null> {
  const domain = domainOfHost(host);
  if (!(await knownDomains()).has(domain)) return null;
  const row = await first(
    getDb()
      .select({ slug: landingPages.slug, userId: launchKits.userId })
      .from(landingPages)
      .innerJoin(launchKits, eq(launchKits.id, landingPages.kitId))
      .where(and(eq(landingPages.customDomain, domain), eq(landingPages.published, true), isNull(landingPages.takenDownAt))),
  );
  if (!row || !(await entitlementsFor(row.userId)).canUseCustomDomain) return null;
  return row.slug;
}

/** The page's own paths, as served on its domain: / is the page (its /p/<slug>/... addresses and fonts pass through). */
const PAGE_PATHS: Record<string, string> = { "/": "", "/lead": "/lead", "/thanks": "/thanks", "/og.png": "/og.png" };

/**
 * Rewrites a request made to a custom domain to the page's own URL, before
 * anything else looks at it (the page cache included): https://acme.com/ is
 * answered as /p/acme. Returns "rewritten", "passthrough" (not a custom
 * domain, or what the page itself links and loads: /p/<slug> and its
 * /p/<slug>/... addresses, LaunchKit's fonts) or "not-found": a known domain
 * whose page is not served, and the rest of LaunchKit (sign-in, the
 * dashboard...) is never served on a domain the founder controls, where a
 * proxy of theirs could read passwords and cookies.
 */
export async function rewriteCustomDomain(req: IncomingMessage): Promise<"rewritten" | "passthrough" | "not-found"> {
  const host = req.headers.host;
  if (!host || !(await knownDomains()).has(domainOfHost(host))) return "passthrough";
  // A founder's domain whose page is not served (unpublished, taken down, no longer on Pro) serves nothing.
  const slug = await slugForHost(host);
  if (!slug) return "not-found";
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const path = q === -1 ? raw : raw.slice(0, q);
  const rest = PAGE_PATHS[path];
  if (rest === undefined) {
    // The page's own links (back to the page, its thank-you and error pages) use /p/<slug>.
    return path === `/p/${slug}` || path.startsWith(`/p/${slug}/`) || /^\/fonts\/[a-z0-9-]+\.woff2?$/.test(path) ? "passthrough" : "not-found";
  }
  req.url = `/p/${slug}${rest}${q === -1 ? "" : raw.slice(q)}`;
  return "rewritten";
}
