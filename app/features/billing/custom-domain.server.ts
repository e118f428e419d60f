import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getConfig } from "~/platform/config.server";
import { first, getDb, isUniqueViolation, transaction } from "~/platform/db/client.server";
import { landingPages, launchKits } from "~/platform/db/schema";
import { checkDomainProof, provesToken, type LookupOptions } from "./domain-dns.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";

/**
 * Pro's custom domain for a published landing page. The founder asks for a
 * domain (landing_pages.pending_domain: claims nothing, serves nothing), and
 * proves it with a TXT record carrying the page's token
 * (app/features/billing/domain-dns.server.ts); then it is the page's
 * landing_pages.custom_domain (unique) and served by Host header: a request
 * whose Host is that domain is answered as /p/<slug> (rewriteCustomDomain,
 * called before routing). A daily re-check (domain-recheck.server.ts)
 * releases claims that stop being proved or paid for.
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

const PRO_ONLY = "Custom domains come with Pro.";

/** LaunchKit's own host (the request's, and APP_URL's) or one of its subdomains. */
function isOwnHost(domain: string, ownHost: string): boolean {
  const own = [ownHost, new URL(getConfig().appUrl ?? "http://x").hostname].map((h) => h.toLowerCase().replace(/\.$/, ""));
  return own.some((h) => h !== "x" && (domain === h || domain.endsWith(`.${h}`)));
}

const pageDomain = {
  kitId: landingPages.kitId,
  customDomain: landingPages.customDomain,
  pendingDomain: landingPages.pendingDomain,
  domainToken: landingPages.domainToken,
  domainVerifiedAt: landingPages.domainVerifiedAt,
  domainCheckedAt: landingPages.domainCheckedAt,
  domainFailingSince: landingPages.domainFailingSince,
};

/** The domain columns of a kit's page (undefined: never published). */
export async function domainStateOf(kitId: string) {
  return first(getDb().select(pageDomain).from(landingPages).where(eq(landingPages.kitId, kitId)));
}

/** The page's TXT token, made the first time it is needed (random, one per page, kept for good). */
async function ensureDomainToken(kitId: string): Promise<string> {
  await getDb().update(landingPages).set({ domainToken: crypto.randomBytes(16).toString("hex") }).where(and(eq(landingPages.kitId, kitId), isNull(landingPages.domainToken)));
  return (await domainStateOf(kitId))!.domainToken!;
}

/**
 * A founder asks for `domain` for a kit's page: it waits, as the page's
 * pending domain, for its TXT record (proveCustomDomain). Pro only; the page
 * must exist (published once); never LaunchKit's own host or its
 * subdomains. Asking for the domain the page already has just keeps it.
 */
export async function requestCustomDomain(userId: string, kitId: string, domain: string, ownHost: string): Promise<DomainResult> {
  if (!(await entitlementsFor(userId)).canUseCustomDomain) return { ok: false, status: 403, message: PRO_ONLY };
  const page = await domainStateOf(kitId);
  if (!page) return { ok: false, status: 409, message: "Publish your landing page first; then point your domain at it." };
  if (isOwnHost(domain, ownHost)) return { ok: false, status: 400, message: "That is LaunchKit's own address: use a domain you own." };
  await ensureDomainToken(kitId);
  const pendingDomain = page.customDomain === domain ? null : domain;
  await getDb().update(landingPages).set({ pendingDomain, updatedAt: new Date() }).where(eq(landingPages.kitId, kitId));
  return { ok: true };
}

/** Removes a page's domains, connected and pending (any plan may). */
export async function removeCustomDomain(kitId: string): Promise<void> {
  await getDb()
    .update(landingPages)
    .set({ customDomain: null, pendingDomain: null, domainVerifiedAt: null, domainCheckedAt: null, domainFailingSince: null, updatedAt: new Date() })
    .where(eq(landingPages.kitId, kitId));
  forgetKnownDomains();
}

export type ProofResult = { ok: true; domain: string; tookOver: boolean } | { ok: false; status: number; message: string };

/**
 * "Check now": looks up the TXT record of the page's pending domain (or, with
 * none, of its connected one) and, when it carries the page's token, connects
 * the domain: custom_domain = domain, a unique claim. A domain another page
 * holds goes to the prover when the record does not carry the holder's token
 * (only the domain's owner sets the record: the holder can no longer prove
 * it); the holder's claim is released in the same transaction and the domain
 * goes back to its pending domain, for its founder to see.
 */
export async function proveCustomDomain(userId: string, kitId: string, options: { now?: Date } & LookupOptions = {}): Promise<ProofResult> {
  const now = options.now ?? new Date();
  if (!(await entitlementsFor(userId, now)).canUseCustomDomain) return { ok: false, status: 403, message: PRO_ONLY };
  const page = await domainStateOf(kitId);
  const domain = page?.pendingDomain ?? page?.customDomain;
  if (!page || !domain) return { ok: false, status: 409, message: "Enter your domain first." };
  const token = page.domainToken ?? (await ensureDomainToken(kitId));
  const proof = await checkDomainProof(domain, token, options);
  if (!proof.ok) {
    // A connected domain's failure is the re-check's business: a founder's click changes nothing.
    return { ok: false, status: 400, message: proof.message };
  }
  const holder = await first(getDb().select(pageDomain).from(landingPages).where(eq(landingPages.customDomain, domain)));
  if (holder && holder.kitId !== kitId && provesToken(proof.values, domain, holder.domainToken)) {
    return { ok: false, status: 409, message: `The TXT record at _launchkit.${domain} also proves another page's claim to ${domain}: remove that value, keep yours, and check again.` };
  }
  try {
    await transaction(async (tx) => {
      if (holder && holder.kitId !== kitId) {
        await tx
          .update(landingPages)
          .set({ customDomain: null, pendingDomain: holder.pendingDomain ?? domain, domainVerifiedAt: null, domainFailingSince: null, updatedAt: now })
          .where(and(eq(landingPages.kitId, holder.kitId), eq(landingPages.customDomain, domain)));
      }
      await tx
        .update(landingPages)
        .set({ customDomain: domain, pendingDomain: null, domainVerifiedAt: now, domainCheckedAt: now, domainFailingSince: null, updatedAt: now })
        .where(eq(landingPages.kitId, kitId));
    });
  } catch (error) {
    // Another page proved it at the same moment: its claim stands until checked again.
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: "That domain was just connected to another page. Check again in a minute." };
    throw error;
  }
  forgetKnownDomains();
  return { ok: true, domain, tookOver: !!holder && holder.kitId !== kitId };
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

/** Drops this copy's list of domains (after a change made through it). */
export function forgetKnownDomains() {
  known = undefined;
}

async function knownDomains(): Promise<Set<string>> {
  const now = Date.now();
  if (!known || known.until <= now) {
    try {
      const rows = await getDb().select({ d: landingPages.customDomain }).from(landingPages).where(isNotNull(landingPages.customDomain));
      known = { domains: new Set(rows.map((r) => r.d).filter((d): d is string => !!d)), until: now + KNOWN_TTL_MS };
    } catch {
      // The database is away (restarting): the last list stands until it answers again. Every request
      // passes through here, /healthz too, which must answer 503 (the database is down), not fail.
      return known?.domains ?? new Set();
    }
  }
  return known.domains;
}

const domainOfHost = (host: string) => host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");

let lastHost = "";
let lastDomain = "";

/**
 * True when `host` is, as this copy's fresh list of domains says, no
 * founder's domain: the request goes on at once, with no promise to wait for
 * (the page cache's hit path runs right after). False when the list is stale
 * or the host may be a founder's: ask rewriteCustomDomain.
 */
export function surelyOwnHost(host: string | undefined): boolean {
  if (!host || !known || known.until <= Date.now()) return false;
  if (host !== lastHost) {
    lastDomain = domainOfHost(host);
    lastHost = host;
  }
  return !known.domains.has(lastDomain);
}

/** The page served at `host`: a published, not taken-down page whose owner's plan includes custom domains. */
async function pageForHost(host: string, fresh = false): Promise<{ slug: string; pageId: string | null } | null> {
  const domain = domainOfHost(host);
  if (!fresh && !(await knownDomains()).has(domain)) return null;
  const row = await first(
    getDb()
      .select({ slug: landingPages.slug, pageId: landingPages.pageId, userId: launchKits.userId })
      .from(landingPages)
      .innerJoin(launchKits, eq(launchKits.id, landingPages.kitId))
      .where(and(eq(landingPages.customDomain, domain), eq(landingPages.published, true), isNull(landingPages.takenDownAt))),
  );
  // Losing Pro stops the serving at once, whatever the re-check says later.
  if (!row || !(await entitlementsFor(row.userId)).canUseCustomDomain) return null;
  return { slug: row.slug, pageId: row.pageId };
}

/** The slug served at `host`, or null; `fresh`: as the database says now, not as this copy's list of domains said a few seconds ago. */
export async function slugForHost(host: string, { fresh = false } = {}): Promise<string | null> {
  return (await pageForHost(host, fresh))?.slug ?? null;
}

/** The page's own paths, as served on its domain: / is the page (its /p/<slug>/... addresses and fonts pass through). */
const PAGE_PATHS: Record<string, string> = { "/": "", "/lead": "/lead", "/thanks": "/thanks", "/og.png": "/og.png", "/llms.txt": "/llms.txt", "/press": "/press" };

/**
 * Rewrites a request made to a custom domain to the page's own URL, before
 * anything else looks at it (the page cache included): https://acme.com/ is
 * answered as /p/acme. Returns "rewritten", "passthrough" (not a custom
 * domain, or what the page itself links and loads: /p/<slug> and its
 * /p/<slug>/... addresses, its lead form's /f/<page id>, LaunchKit's fonts)
 * or "not-found": a known domain
 * whose page is not served, and the rest of LaunchKit (sign-in, the
 * dashboard...) is never served on a domain the founder controls, where a
 * proxy of theirs could read passwords and cookies.
 */
export async function rewriteCustomDomain(req: IncomingMessage): Promise<"rewritten" | "passthrough" | "not-found"> {
  const host = req.headers.host;
  if (!host || !(await knownDomains()).has(domainOfHost(host))) return "passthrough";
  // A founder's domain whose page is not served (unpublished, taken down, no longer on Pro) serves nothing.
  const page = await pageForHost(host);
  if (!page) return "not-found";
  const { slug, pageId } = page;
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const path = q === -1 ? raw : raw.slice(0, q);
  const rest = PAGE_PATHS[path];
  if (rest === undefined) {
    // The page's own links (back to the page, its thank-you and error pages) use /p/<slug>; its lead form posts to /f/<page id>.
    const own = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
    return own(`/p/${slug}`) || (pageId !== null && own(`/f/${pageId}`)) || /^\/fonts\/[a-z0-9-]+\.woff2?$/.test(path) ? "passthrough" : "not-found";
  }
  req.url = `/p/${slug}${rest}${q === -1 ? "" : raw.slice(q)}`;
  return "rewritten";
}
