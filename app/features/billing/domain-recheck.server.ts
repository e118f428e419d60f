import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { landingPages, launchKits } from "~/platform/db/schema";
import { runOncePerPeriod, utcDay } from "~/platform/jobs/schedule.server";
import { forgetKnownDomains } from "./custom-domain.server";
import { checkDomainProof, type LookupOptions } from "./domain-dns.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";

/**
 * The daily re-check of connected custom domains ("domain-recheck", once a
 * UTC day across every instance). A domain whose TXT record still carries
 * its page's token, on an account still entitled to custom domains, is
 * fine. Otherwise it is failing since the first failed check; within
 * DOMAIN_GRACE_DAYS it stays claimed (nobody else takes it without proving
 * it) and, while the owner keeps Pro, served (a DNS hiccup does not take a
 * page down; without Pro it is not served at all, see slugForHost). After
 * the grace period the claim is released: the domain goes back to the page's
 * pending domain, for its founder to see and prove again.
 */

export const DOMAIN_GRACE_DAYS = 7;
export const DOMAIN_GRACE_MS = DOMAIN_GRACE_DAYS * 24 * 60 * 60 * 1000;

export type RecheckSummary = { proved: number; failing: number; released: number };

/** Re-checks every connected domain now (`now` is the clock of the whole run). */
export async function recheckDomains({ now = new Date(), signal, timeoutMs }: { now?: Date; signal?: AbortSignal } & LookupOptions = {}): Promise<RecheckSummary> {
  const db = getDb();
  const rows = await db
    .select({
      kitId: landingPages.kitId,
      domain: landingPages.customDomain,
      pendingDomain: landingPages.pendingDomain,
      token: landingPages.domainToken,
      failingSince: landingPages.domainFailingSince,
      userId: launchKits.userId,
    })
    .from(landingPages)
    .innerJoin(launchKits, eq(launchKits.id, landingPages.kitId))
    .where(isNotNull(landingPages.customDomain));
  const summary: RecheckSummary = { proved: 0, failing: 0, released: 0 };
  for (const row of rows) {
    signal?.throwIfAborted();
    const domain = row.domain!;
    const entitled = (await entitlementsFor(row.userId, now)).canUseCustomDomain;
    const proved = entitled && !!row.token && (await checkDomainProof(domain, row.token, { signal, timeoutMs })).ok;
    signal?.throwIfAborted();
    // Each write is for the claim as it was read: a page that proved the domain meanwhile keeps it.
    const same = and(eq(landingPages.kitId, row.kitId), eq(landingPages.customDomain, domain));
    if (proved) {
      await db.update(landingPages).set({ domainCheckedAt: now, domainFailingSince: null }).where(same);
      summary.proved++;
      continue;
    }
    const failingSince = row.failingSince ?? now;
    if (now.getTime() - failingSince.getTime() >= DOMAIN_GRACE_MS) {
      await db
        .update(landingPages)
        .set({ customDomain: null, pendingDomain: row.pendingDomain ?? domain, domainVerifiedAt: null, domainCheckedAt: now, domainFailingSince: null, updatedAt: now })
        .where(same);
      summary.released++;
    } else {
      await db.update(landingPages).set({ domainCheckedAt: now, domainFailingSince: failingSince }).where(same);
      summary.failing++;
    }
  }
  if (summary.released) forgetKnownDomains();
  if (rows.length) console.log(`Custom domains re-checked: ${summary.proved} proved, ${summary.failing} failing (kept for now), ${summary.released} released after ${DOMAIN_GRACE_DAYS} days.`);
  return summary;
}

/** The day's re-check, unless an instance ran (or is running) it already today (UTC). */
export function runDailyDomainRecheck({ now = new Date(), signal, timeoutMs }: { now?: Date; signal?: AbortSignal } & LookupOptions = {}) {
  return runOncePerPeriod("domain-recheck", utcDay(now), () => recheckDomains({ now, signal, timeoutMs }), { now });
}
