import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { adminSetPlan } from "~/kit/plans/account.server";
import { customDomainOf, dnsRecordFor, domainStateOf, forgetKnownDomains, proveCustomDomain, removeCustomDomain, requestCustomDomain, rewriteCustomDomain, surelyOwnHost } from "~/features/billing/custom-domain.server";
import { DOMAIN_GRACE_MS, recheckDomains, runDailyDomainRecheck } from "~/features/billing/domain-recheck.server";
import { CustomDomainSchema } from "~/features/billing/schemas";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { landingPages, scheduledRuns } from "~/platform/db/schema";
import { createKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { runOncePerPeriod, STALE_RUN_MS } from "~/platform/jobs/schedule.server";
import { startDnsServer } from "../support/dns-server.mjs";
import { call } from "../support/route-call";
import { routeArgs } from "../support/route-args";
import { createConfirmedUser } from "../support/users";

const input: WizardInput = { idea: "A bakery", audience: "Neighbours", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" };
const ORIGIN = "http://launchkit.test";
const DAY = 24 * 60 * 60 * 1000;

// A real DNS server on loopback answers the TXT lookups (DNS_SERVERS points LaunchKit's resolver at it).
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.server;
  resetConfigForTests();
});
afterAll(async () => {
  await dns.close();
  delete process.env.DNS_SERVERS;
  resetConfigForTests();
});
beforeEach(() => {
  dns.clear();
  dns.silent(false);
});

let n = 0;
async function founderWithPage(slug: string, { pro = true, confirmed = true } = {}) {
  const make = confirmed ? createConfirmedUser : createUser;
  const user = await make({ name: "Domain", email: `domain${++n}@plans.test`, password: "Secret123" });
  const kit = await createKit(user.id, input);
  await getDb().insert(landingPages).values({ kitId: kit.id, slug, pageId: `page-${slug}`, published: true, publishedAt: new Date() });
  if (pro) await adminSetPlan(user.id, user.id, "pro");
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  return { user, kit, cookie };
}

/** Creates the TXT record that proves `domain` for the page of `kitId` (what its founder does at their DNS provider). */
async function addProof(domain: string, kitId: string, extra: string[] = []) {
  const { domainToken } = (await domainStateOf(kitId))!;
  dns.set(`_launchkit.${domain}`, [`launchkit-verify=${domainToken}`, ...extra]);
}

const req = (host: string, url: string) => ({ headers: { host }, url }) as unknown as IncomingMessage;
const served = async (host: string, url = "/") => {
  const r = req(host, url);
  return { outcome: await rewriteCustomDomain(r), url: r.url };
};

describe("the custom domain field", () => {
  it.each([
    ["www.acme.com", "www.acme.com"],
    ["  HTTPS://WWW.Acme.COM/ ", "www.acme.com"],
    ["acme.co.uk.", "acme.co.uk"],
  ])("accepts %j as %j", (raw, domain) => {
    expect(CustomDomainSchema.parse({ domain: raw })).toEqual({ domain });
  });

  it.each(["", "acme", "localhost", "shop.localhost", "acme.test", "-acme.com", "acme..com", "acme.com:8080", "acme.com/path", "192.168.1.1", "[::1]", "é.com", `${"a".repeat(64)}.com`])("refuses %j with a message", (raw) => {
    const result = CustomDomainSchema.safeParse({ domain: raw });
    expect(result.success).toBe(false);
  });

  it("shows the DNS record: a CNAME for a subdomain, ALIAS/ANAME territory for a root domain", () => {
    expect(dnsRecordFor("www.acme.com", "launchkit.example.com")).toEqual({ type: "CNAME", name: "www", value: "launchkit.example.com.", apex: false });
    expect(dnsRecordFor("acme.com", "launchkit.example.com")).toEqual({ type: "CNAME", name: "@", value: "launchkit.example.com.", apex: true });
  });
});

describe("a domain is claimed only once its TXT record proves it", () => {
  it("example.com without a TXT record waits as pending: refused when checked, never served, claims nothing", async () => {
    const { user, kit } = await founderWithPage("unproved-bakery", { pro: false });
    expect(await requestCustomDomain(user.id, kit.id, "example.com", "launchkit.test")).toEqual({ ok: false, status: 403, message: "Custom domains come with Pro." });
    await adminSetPlan(user.id, user.id, "pro");
    // LaunchKit's own host and its subdomains are never anyone's.
    for (const own of ["launchkit.test", "www.launchkit.test", "a.b.launchkit.test"]) {
      expect(await requestCustomDomain(user.id, kit.id, own, "launchkit.test"), own).toMatchObject({ ok: false, status: 400, message: "That is LaunchKit's own address: use a domain you own." });
    }
    expect(await requestCustomDomain(user.id, kit.id, "example.com", "launchkit.test")).toEqual({ ok: true });
    const state = (await domainStateOf(kit.id))!;
    expect(state).toMatchObject({ customDomain: null, pendingDomain: "example.com", domainVerifiedAt: null });
    expect(state.domainToken).toMatch(/^[0-9a-f]{32}$/);
    expect(await served("example.com")).toEqual({ outcome: "passthrough", url: "/" });

    const refused = await proveCustomDomain(user.id, kit.id);
    expect(refused).toEqual({ ok: false, status: 400, message: "No TXT record found at _launchkit.example.com. If you just created it, wait a few minutes and check again." });
    expect(dns.queries).toContain("_launchkit.example.com");
    expect(await customDomainOf(kit.id)).toBeNull();
    expect(await served("example.com")).toEqual({ outcome: "passthrough", url: "/" });

    // Pending claims nothing: another page may ask for it too.
    const other = await founderWithPage("unproved-other");
    expect(await requestCustomDomain(other.user.id, other.kit.id, "example.com", "launchkit.test")).toEqual({ ok: true });
    // The token is the page's for good: asking again keeps it.
    expect(await requestCustomDomain(user.id, kit.id, "www.example.com", "launchkit.test")).toEqual({ ok: true });
    expect((await domainStateOf(kit.id))!.domainToken).toBe(state.domainToken);
  });

  it("with the right TXT record the domain is proved, claimed and served; a wrong token is refused", async () => {
    const { user, kit } = await founderWithPage("acme-bakery");
    expect(await requestCustomDomain(user.id, kit.id, "www.acme.com", "launchkit.test")).toEqual({ ok: true });
    dns.set("_launchkit.www.acme.com", ["v=spf1 -all", "launchkit-verify=0123456789abcdef0123456789abcdef"]);
    const wrong = await proveCustomDomain(user.id, kit.id);
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    expect(!wrong.ok && wrong.message).toMatch(/^The TXT record at _launchkit\.www\.acme\.com has the wrong value: set it to launchkit-verify=[0-9a-f]{32}\.$/);
    expect(await customDomainOf(kit.id)).toBeNull();

    await addProof("www.acme.com", kit.id, ["v=spf1 -all"]);
    const now = new Date("2026-03-01T10:00:00Z");
    expect(await proveCustomDomain(user.id, kit.id, { now })).toEqual({ ok: true, domain: "www.acme.com", tookOver: false });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.acme.com", pendingDomain: null, domainVerifiedAt: now, domainCheckedAt: now, domainFailingSince: null });

    // Served by Host header: the page, its lead form (at the page's stable id) and thank-you page; other paths (fonts) pass through.
    for (const [url, rewritten] of [["/", "/p/acme-bakery"], ["/?utm=x", "/p/acme-bakery?utm=x"], ["/lead", "/p/acme-bakery/lead"], ["/thanks", "/p/acme-bakery/thanks"], ["/og.png?v=1", "/p/acme-bakery/og.png?v=1"]] as const) {
      expect(await served("WWW.ACME.com:443", url)).toEqual({ outcome: "rewritten", url: rewritten });
    }
    for (const [host, url] of [["www.acme.com", "/fonts/inter-400.woff2"], ["www.acme.com", "/p/acme-bakery/lead"], ["www.acme.com", "/p/acme-bakery?from=thanks"], ["www.acme.com", "/f/page-acme-bakery"], ["launchkit.test", "/"], ["www.unknown.com", "/"]] as const) {
      expect(await served(host, url), `${host}${url}`).toEqual({ outcome: "passthrough", url });
    }
    for (const url of ["/signin", "/dashboard", "/p/other-bakery", "/f/page-other-bakery", "/f/", "/admin"]) {
      expect((await served("www.acme.com", url)).outcome, url).toBe("not-found");
    }

    // Without waiting (the page cache's hit path): LaunchKit's own host is known to be no founder's from
    // the list just read; a founder's domain, in any spelling, or an unknown list goes the long way.
    expect(surelyOwnHost("launchkit.test")).toBe(true);
    expect(surelyOwnHost("www.unknown.com:8080")).toBe(true);
    for (const host of ["www.acme.com", "WWW.ACME.com:443", "www.acme.com.", undefined]) expect(surelyOwnHost(host), String(host)).toBe(false);
    forgetKnownDomains();
    expect(surelyOwnHost("launchkit.test")).toBe(false);
    await served("launchkit.test");
    expect(surelyOwnHost("launchkit.test")).toBe(true);

    // Not on Pro any more: nothing is served on the domain at once, LaunchKit's own pages included.
    await adminSetPlan(user.id, user.id, "starter");
    for (const url of ["/", "/signin"]) expect((await served("www.acme.com", url)).outcome, url).toBe("not-found");
    // Removing it is allowed on any plan, and frees the domain.
    await removeCustomDomain(kit.id);
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: null, pendingDomain: null });
    expect((await served("www.acme.com")).outcome).toBe("passthrough");
  });

  it("a domain another page holds goes to the page that proves it; a record that still proves the holder's claim takes nothing", async () => {
    const first = await founderWithPage("first-holder");
    await requestCustomDomain(first.user.id, first.kit.id, "shop.shared.com", "launchkit.test");
    await addProof("shop.shared.com", first.kit.id);
    expect(await proveCustomDomain(first.user.id, first.kit.id)).toMatchObject({ ok: true });

    // Someone else asks for it: pending, and the holder's record proves nothing for them.
    const second = await founderWithPage("second-prover");
    expect(await requestCustomDomain(second.user.id, second.kit.id, "shop.shared.com", "launchkit.test")).toEqual({ ok: true });
    expect(await proveCustomDomain(second.user.id, second.kit.id)).toMatchObject({ ok: false, status: 400 });
    // Both values at once: the holder still proves it, so nothing moves.
    const secondToken = (await domainStateOf(second.kit.id))!.domainToken!;
    await addProof("shop.shared.com", first.kit.id, [`launchkit-verify=${secondToken}`]);
    expect(await proveCustomDomain(second.user.id, second.kit.id)).toMatchObject({ ok: false, status: 409 });
    expect(await customDomainOf(first.kit.id)).toBe("shop.shared.com");
    expect((await served("shop.shared.com")).url).toBe("/p/first-holder");

    // The domain's owner (now the second founder) replaces the record: the claim moves, in one go.
    await addProof("shop.shared.com", second.kit.id);
    expect(await proveCustomDomain(second.user.id, second.kit.id)).toEqual({ ok: true, domain: "shop.shared.com", tookOver: true });
    expect(await domainStateOf(second.kit.id)).toMatchObject({ customDomain: "shop.shared.com", pendingDomain: null });
    expect(await domainStateOf(first.kit.id)).toMatchObject({ customDomain: null, pendingDomain: "shop.shared.com", domainVerifiedAt: null });
    expect(await served("shop.shared.com")).toEqual({ outcome: "rewritten", url: "/p/second-prover" });
    // And the first founder cannot take it back without the record.
    expect(await proveCustomDomain(first.user.id, first.kit.id)).toMatchObject({ ok: false, status: 400 });
  });

  it("a DNS server that does not answer ends the check with a clear message within the timeout", async () => {
    const { user, kit } = await founderWithPage("silent-dns");
    await requestCustomDomain(user.id, kit.id, "www.silent.com", "launchkit.test");
    await addProof("www.silent.com", kit.id);
    dns.silent(true);
    const started = Date.now();
    const result = await proveCustomDomain(user.id, kit.id, { timeoutMs: 600 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result).toEqual({ ok: false, status: 400, message: "DNS did not answer in time (600 ms) for _launchkit.www.silent.com. Try again in a few minutes." });
    expect(await customDomainOf(kit.id)).toBeNull();
    expect(dns.queries).toContain("_launchkit.www.silent.com");
  });
});

describe("the daily re-check", () => {
  /** A Pro founder whose page has proved `domain` (the TXT record stays in the DNS server). */
  async function provedDomain(slug: string, domain: string) {
    const founder = await founderWithPage(slug);
    await requestCustomDomain(founder.user.id, founder.kit.id, domain, "launchkit.test");
    await addProof(domain, founder.kit.id);
    expect(await proveCustomDomain(founder.user.id, founder.kit.id)).toMatchObject({ ok: true });
    return founder;
  }

  it("runs once per UTC day across callers: two at once make one run; the next day runs again", async () => {
    await provedDomain("daily-once", "www.daily-once.com");
    const lookups = () => dns.queries.filter((q) => q === "_launchkit.www.daily-once.com").length;
    const before = lookups();
    const day = new Date("2030-01-10T08:00:00Z");
    const outcomes = await Promise.all([runDailyDomainRecheck({ now: day }), runDailyDomainRecheck({ now: new Date("2030-01-10T08:00:05Z") })]);
    expect(outcomes.sort()).toEqual(["ran", "skipped"]);
    expect(lookups()).toBe(before + 1);
    const runs = await getDb().select().from(scheduledRuns).where(eq(scheduledRuns.name, "domain-recheck"));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ period: "2030-01-10" });
    expect(runs[0]!.doneAt).toBeInstanceOf(Date);
    expect(await runDailyDomainRecheck({ now: new Date("2030-01-10T23:59:59Z") })).toBe("skipped");
    expect(await runDailyDomainRecheck({ now: new Date("2030-01-11T00:00:01Z") })).toBe("ran");
    expect(lookups()).toBe(before + 2);
  });

  it("a run that fails hands its claim back, and a claim left unfinished by a dead instance is taken over", async () => {
    let runs = 0;
    await expect(runOncePerPeriod("test-failing", "p1", async () => { runs++; throw new Error("boom"); })).rejects.toThrow("boom");
    expect(await runOncePerPeriod("test-failing", "p1", async () => { runs++; })).toBe("ran");
    expect(runs).toBe(2);
    const t0 = new Date("2030-02-01T00:00:00Z");
    await getDb().insert(scheduledRuns).values({ name: "test-dead", period: "p1", createdAt: t0 });
    expect(await runOncePerPeriod("test-dead", "p1", async () => { runs++; }, { now: new Date(t0.getTime() + STALE_RUN_MS / 2) })).toBe("skipped");
    expect(await runOncePerPeriod("test-dead", "p1", async () => { runs++; }, { now: new Date(t0.getTime() + STALE_RUN_MS + 1) })).toBe("ran");
    expect(runs).toBe(3);
  });

  it("a domain whose record disappears is failing but kept (and served) for the grace period, then released back to pending", async () => {
    const { kit } = await provedDomain("grace-bakery", "www.grace.com");
    const t0 = new Date("2031-05-01T03:00:00Z");
    expect(await recheckDomains({ now: t0 })).toMatchObject({ proved: 1 });
    dns.remove("_launchkit.www.grace.com");

    const t1 = new Date(t0.getTime() + DAY);
    await recheckDomains({ now: t1 });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.grace.com", domainFailingSince: t1, domainCheckedAt: t1 });
    // A DNS hiccup does not take a Pro page down, and the domain stays claimed.
    expect(await served("www.grace.com")).toEqual({ outcome: "rewritten", url: "/p/grace-bakery" });
    await recheckDomains({ now: new Date(t1.getTime() + DOMAIN_GRACE_MS - 60_000) });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.grace.com", domainFailingSince: t1 });

    // The record comes back: fine again.
    await addProof("www.grace.com", kit.id);
    await recheckDomains({ now: new Date(t1.getTime() + 2 * DAY) });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.grace.com", domainFailingSince: null });

    // Gone for good: released after the grace period, back to pending for its founder to see.
    dns.remove("_launchkit.www.grace.com");
    const t2 = new Date(t1.getTime() + 3 * DAY);
    await recheckDomains({ now: t2 });
    expect(await recheckDomains({ now: new Date(t2.getTime() + DOMAIN_GRACE_MS) })).toMatchObject({ released: 1 });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: null, pendingDomain: "www.grace.com", domainFailingSince: null, domainVerifiedAt: null });
    expect((await served("www.grace.com")).outcome).toBe("passthrough");
  });

  it("an account that lost Pro stops being served at once and loses the claim after the grace period; nobody takes it meanwhile without proof", async () => {
    const { user, kit } = await provedDomain("lapsed-bakery", "www.lapsed.com");
    await adminSetPlan(user.id, user.id, "free");
    expect((await served("www.lapsed.com")).outcome).toBe("not-found");
    const t0 = new Date("2032-07-01T03:00:00Z");
    dns.clear();
    await recheckDomains({ now: t0 });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.lapsed.com", domainFailingSince: t0 });
    // No DNS question for an account that is not entitled anyway.
    expect(dns.queries).toEqual([]);

    // Still claimed: another page's request waits as pending and cannot prove it with the lapsed owner's record.
    await addProof("www.lapsed.com", kit.id);
    const other = await founderWithPage("lapsed-other");
    await requestCustomDomain(other.user.id, other.kit.id, "www.lapsed.com", "launchkit.test");
    expect(await proveCustomDomain(other.user.id, other.kit.id)).toMatchObject({ ok: false, status: 400 });

    await recheckDomains({ now: new Date(t0.getTime() + DOMAIN_GRACE_MS) });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: null, pendingDomain: "www.lapsed.com" });
    expect(await getDb().select({ kitId: landingPages.kitId }).from(landingPages).where(eq(landingPages.customDomain, "www.lapsed.com"))).toEqual([]);
  });

  it("a DNS server that does not answer marks the domain failing, never released within the grace period", async () => {
    const { kit } = await provedDomain("timeout-recheck", "www.timeout-recheck.com");
    dns.silent(true);
    const t0 = new Date("2033-01-01T03:00:00Z");
    expect(await recheckDomains({ now: t0, timeoutMs: 400 })).toMatchObject({ failing: 1, released: 0 });
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.timeout-recheck.com", domainFailingSince: t0 });
    expect((await served("www.timeout-recheck.com")).outcome).toBe("rewritten");
  });
});

describe("the section's form", () => {
  const post = async (kitId: string, form: Record<string, string>, cookie: string) => {
    const { action } = await import("~/routes/dashboard/workspace/website-domain");
    const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/website/domain`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
    return call(() => action(routeArgs(request, { id: kitId }, {})));
  };
  const load = async (kitId: string, cookie: string) => {
    const { loader } = await import("~/routes/dashboard/workspace/website-domain");
    const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/website/domain`, { headers: { Cookie: cookie } });
    return loader(routeArgs(request, { id: kitId }, {}));
  };

  it("saves a pending domain and shows its TXT record; Check now answers 400 with the reason, then 303 once the record is there; 404 for another user's kit", async () => {
    const { kit, cookie } = await founderWithPage("form-bakery");
    const bad = await post(kit.id, { intent: "save", domain: "not a domain" }, cookie);
    expect(bad.status).toBe(400);
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error.domain?.[0]).toMatch(/Enter a domain such as www\.example\.com/);

    const saved = await post(kit.id, { intent: "save", domain: "shop.formbakery.com" }, cookie);
    expect([saved.status, saved.location]).toEqual([303, `/dashboard/kits/${kit.id}/website/domain?saved=1`]);
    expect(await customDomainOf(kit.id)).toBeNull();
    const { domainToken } = (await domainStateOf(kit.id))!;
    const view = await load(kit.id, cookie);
    expect(view).toMatchObject({ pending: "shop.formbakery.com", connected: null, txt: { type: "TXT", name: "_launchkit.shop.formbakery.com", value: `launchkit-verify=${domainToken}` }, record: { type: "CNAME", name: "shop" } });

    const missing = await post(kit.id, { intent: "check" }, cookie);
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({ result: null, message: "No TXT record found at _launchkit.shop.formbakery.com. If you just created it, wait a few minutes and check again." });

    const stranger = await founderWithPage("stranger-bakery");
    expect((await post(kit.id, { intent: "check" }, stranger.cookie)).status).toBe(404);

    dns.set("_launchkit.shop.formbakery.com", [`launchkit-verify=${domainToken}`]);
    const checked = await post(kit.id, { intent: "check" }, cookie);
    expect([checked.status, checked.location]).toEqual([303, `/dashboard/kits/${kit.id}/website/domain?verified=1`]);
    expect(await load(kit.id, cookie)).toMatchObject({ pending: null, connected: { domain: "shop.formbakery.com", serving: true, failingSince: null } });
    expect((await post(kit.id, { intent: "remove" }, stranger.cookie)).status).toBe(404);
    expect(await customDomainOf(kit.id)).toBe("shop.formbakery.com");
  });

  it("a domain connected before proofs existed (as the migration leaves it) is served while its founder adds the TXT record shown", async () => {
    const { kit, cookie } = await founderWithPage("legacy-bakery");
    const since = new Date("2026-11-25T12:00:00Z");
    await getDb().update(landingPages).set({ customDomain: "www.legacy.com", domainToken: "feedfacefeedfacefeedfacefeedface", domainFailingSince: since }).where(eq(landingPages.kitId, kit.id));
    const view = await load(kit.id, cookie);
    expect(view).toMatchObject({
      pending: null,
      connected: { domain: "www.legacy.com", serving: true, failingSince: "Nov 25, 2026", releasedAfter: "Dec 2, 2026" },
      txt: { name: "_launchkit.www.legacy.com", value: "launchkit-verify=feedfacefeedfacefeedfacefeedface" },
    });
    dns.set("_launchkit.www.legacy.com", ["launchkit-verify=feedfacefeedfacefeedfacefeedface"]);
    const checked = await post(kit.id, { intent: "check" }, cookie);
    expect(checked.status).toBe(303);
    expect(await domainStateOf(kit.id)).toMatchObject({ customDomain: "www.legacy.com", domainFailingSince: null });
    expect(await served("www.legacy.com")).toEqual({ outcome: "rewritten", url: "/p/legacy-bakery" });
  });

  it("needs a confirmed e-mail address to save or check a domain", async () => {
    const { kit, cookie } = await founderWithPage("unconfirmed-bakery", { confirmed: false });
    const saved = await post(kit.id, { intent: "save", domain: "www.unconfirmed.com" }, cookie);
    expect(saved.status).toBe(403);
    expect((await domainStateOf(kit.id))!.pendingDomain).toBeNull();
    expect((await post(kit.id, { intent: "check" }, cookie)).status).toBe(403);
  });
});
