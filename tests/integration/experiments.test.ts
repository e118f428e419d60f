import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsCollector } from "~/features/analytics/count.server";
import { VISITORS_PER_ADDRESS } from "~/features/analytics/shared";
import { getDb } from "~/platform/db/client.server";
import { experiments, leads, users } from "~/platform/db/schema";
import { getAsset } from "~/kit/assets/assets.server";
import { readyContent } from "~/kit/content.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { experimentCounts, experimentOfKit } from "~/features/analytics/experiments/experiments.server";
import { configurePageCache, invalidateAllPages, pageCacheSize, pageCacheTicket, servePageFromCache, storePage } from "~/platform/render/page-cache.server";
import { createRequestContext } from "~/platform/http/request-context";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { founder, kitFor, ORIGIN, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call, type Answer } from "../support/route-call";

/**
 * Experiments, through the route modules as the server calls them,
 * on SQLite and PostgreSQL: a Pro founder starts an experiment on the
 * headline of a published page; each visitor (an address and a browser)
 * gets one version all day, from the loader and from the page cache alike,
 * and the cache keeps one copy per version; a sign-up carries its version;
 * the results count both; applying the winner edits the copy as the
 * landing page section would, drops the cached copies and keeps the
 * experiment readable. Another user's kit and experiments are 404s, Free
 * plans get 403, bad input 400.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

async function experimentsRoute(cookie: string | null, kitId: string, fields?: Record<string, string>): Promise<Answer> {
  const route = await import("~/routes/dashboard/workspace/experiments");
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const url = `${ORIGIN}/dashboard/kits/${kitId}/experiments`;
  const args = (request: Request) => routeArgs(request, { id: kitId }, createRequestContext("10.0.0.1"));
  if (!fields) return call(() => route.loader(args(new Request(url, { headers }))));
  const init = form(fields);
  return call(() => route.action(args(new Request(url, { ...init, headers: { ...init.headers, ...headers } }))));
}

/** The published page as a visitor at `ip` with `ua` gets it from the loader. */
async function visit(slug: string, ip: string, ua = CHROME): Promise<Answer> {
  const route = await import("~/routes/public/page");
  return call(() => route.loader(routeArgs(new Request(`${ORIGIN}/p/${slug}`, { headers: { "User-Agent": ua, Host: "launchkit.test" } }), { slug }, createRequestContext(ip))));
}

async function postLead(slug: string, pageId: string, ip: string, fields: Record<string, string>): Promise<Answer> {
  const route = await import("~/routes/public/page-lead");
  const init = form(fields);
  return call(() =>
    route.action(routeArgs(new Request(`${ORIGIN}/f/${pageId}`, { ...init, headers: { ...init.headers, "User-Agent": CHROME, Referer: `${ORIGIN}/p/${slug}` } }), { pageId }, createRequestContext(ip))),
  );
}

const headlineOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!.replace(/<[^>]+>/g, "").trim();
const variantOf = (html: string) => /<input type="hidden" name="variant" value="([a-d])">/.exec(html)?.[1] ?? null;

let owner: Awaited<ReturnType<typeof founder>>;
let other: Awaited<ReturnType<typeof founder>>;
let kitId = "";
let otherKitId = "";
let slug = "";
let pageId = "";
let control = "";

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  configurePageCache({ ttlSeconds: 60, trustProxy: false });
  owner = await founder("experimenter");
  other = await founder("stranger");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id, "waitlist")).id;
  otherKitId = (await kitFor(other.user.id, "waitlist")).id;
  slug = `groom-${Date.now().toString(36)}`;
  expect((await workspace(owner.cookie, kitId, { intent: "publish", slug })).status).toBe(303);
  const { landingPageOf } = await import("~/kit/assets/landing/pages.server");
  pageId = (await landingPageOf(kitId))!.pageId!;
  control = (await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline;
}, 120_000);

afterAll(() => clearFakeOpenAIEnv());

describe("starting an experiment", () => {
  it("refuses bad input with a clear message and a 4xx, and other people's kits with a 404", async () => {
    const bad = async (fields: Record<string, string>) => experimentsRoute(owner.cookie, kitId, { intent: "start", ...fields });
    const none = await bad({ field: "headline", "variants[0].text": "  " });
    expect(none.status).toBe(400);
    expect((none.data as { errors: Record<string, string[]> }).errors.variants![0]).toMatch(/at least one variant/);
    const same = await bad({ field: "headline", "variants[0].text": control });
    expect(same.status).toBe(400);
    expect((same.data as { errors: Record<string, string[]> }).errors["variants[0].text"]![0]).toMatch(/current text/);
    const long = await bad({ field: "cta", "variants[0].text": "A button label far longer than forty chars" });
    expect((long.data as { errors: Record<string, string[]> }).errors["variants[0].text"]![0]).toBe("The variant: at most 40 characters.");
    const field = await bad({ field: "footer", "variants[0].text": "Hello" });
    expect(field.status).toBe(400);
    expect((field.data as { message: string }).message).toMatch(/Choose what to test/);
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "explode" })).status).toBe(400);
    // Another user's kit: 404 for the page and every action, nothing started.
    expect((await experimentsRoute(other.cookie, kitId)).status).toBe(404);
    expect((await experimentsRoute(other.cookie, kitId, { intent: "start", field: "headline", "variants[0].text": "Mine now" })).status).toBe(404);
    expect(await getDb().select().from(experiments).where(eq(experiments.kitId, kitId))).toEqual([]);
  });

  it("is a Pro feature: a Free founder gets the upgrade note and a 403", async () => {
    const page = await experimentsRoute(other.cookie, otherKitId);
    expect((page.data as { allowed: boolean }).allowed).toBe(false);
    const refused = await experimentsRoute(other.cookie, otherKitId, { intent: "suggest", field: "headline" });
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toMatch(/Pro/);
  });

  it("suggests variants offline, written for the business, within the limits", async () => {
    const answer = await experimentsRoute(owner.cookie, kitId, { intent: "suggest", field: "cta" });
    expect(answer.status).toBe(200);
    const { variants, source } = answer.data as { variants: Array<{ text: string; reason: string }>; source: string };
    expect(source).toBe("builtin");
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) {
      expect(v.text.length).toBeLessThanOrEqual(40);
      expect(v.reason).toMatch(/tests/i);
    }
  });

  it("suggests variants with the model, through the provider, cleaned up like the landing copy", async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const answer = await experimentsRoute(owner.cookie, kitId, { intent: "suggest", field: "headline" });
      expect(answer.status).toBe(200);
      const { variants, source } = answer.data as { variants: Array<{ text: string; reason: string }>; source: string };
      expect(source).toBe("model");
      expect(variants.map((v) => v.text)).toContain("Dog grooming in your driveway");
      // Sentence case from the clean-up.
      expect(variants[0]!.reason).toBe("Tests naming the place the van comes to.");
      const call = fake.requests.find((r) => JSON.stringify(r.body).includes("landing_variants"));
      expect(JSON.stringify(call!.body)).toContain(control);
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  });
});

describe("a running experiment", () => {
  const variantText = "Dog grooming in your driveway";

  beforeAll(async () => {
    const started = await experimentsRoute(owner.cookie, kitId, {
      intent: "start",
      field: "headline",
      "variants[0].text": variantText,
      "variants[0].reason": "Tests naming the place.",
    });
    expect(started.status).toBe(303);
    expect(started.location).toBe(`/dashboard/kits/${kitId}/experiments?saved=started`);
  });

  it("one running at a time", async () => {
    const again = await experimentsRoute(owner.cookie, kitId, { intent: "start", field: "cta", "variants[0].text": "Count me in" });
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toMatch(/already running/);
  });

  it("a visitor keeps the same version all day, the version's text in place of the headline, carried by the form", async () => {
    const seen = new Map<string, string>();
    for (let i = 1; i <= 40; i++) {
      const ip = `10.9.0.${i}`;
      const first = await visit(slug, ip);
      expect(first.status).toBe(200);
      const variant = variantOf(first.body)!;
      expect(["a", "b"]).toContain(variant);
      expect(headlineOf(first.body)).toBe(variant === "b" ? variantText : control);
      for (let k = 0; k < 2; k++) expect(variantOf((await visit(slug, ip)).body)).toBe(variant);
      seen.set(ip, variant);
    }
    // Both versions are shown, to about as many people each.
    const b = [...seen.values()].filter((v) => v === "b").length;
    expect(b).toBeGreaterThan(8);
    expect(b).toBeLessThan(32);
    // Another browser at the same address is another visitor (and may get the other version).
    const browsers = new Set<string>();
    for (let i = 0; i < 20; i++) browsers.add(variantOf((await visit(slug, "10.9.0.1", `${CHROME} Build/${i}`)).body)!);
    expect(browsers).toEqual(new Set(["a", "b"]));
  });

  it("the page cache keeps one copy per version and hands each visitor theirs", async () => {
    invalidateAllPages();
    // A real server: the cache in front (as server/app.ts), the page's loader behind (as the request handler).
    const server = http.createServer(async (req, res) => {
      if (servePageFromCache(req, res)) return;
      const ticket = pageCacheTicket(req);
      const answer = await visit(slug, req.socket.remoteAddress!, req.headers["user-agent"]);
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      if (ticket) await storePage(ticket, { status: 200, headers, body: Buffer.from(answer.body) });
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "X-Page-Cache": "miss" }).end(answer.body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const get = (from: string) =>
      new Promise<{ cache: string; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: `/p/${slug}`, localAddress: from, headers: { "User-Agent": CHROME, Host: "launchkit.test" } }, (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ cache: String(res.headers["x-page-cache"]), body }));
          })
          .on("error", reject);
      });
    try {
      const addresses = Array.from({ length: 12 }, (_, i) => `127.0.0.${i + 2}`);
      const own = new Map<string, string>();
      // What the loader gives each address, straight (no cache).
      for (const a of addresses) own.set(a, variantOf((await visit(slug, a)).body)!);
      expect(new Set(own.values())).toEqual(new Set(["a", "b"]));
      for (let round = 0; round < 3; round++) {
        for (const a of addresses) {
          const res = await get(a);
          expect(variantOf(res.body)).toBe(own.get(a));
          expect(headlineOf(res.body)).toBe(own.get(a) === "b" ? variantText : control);
        }
      }
      const last = await Promise.all(addresses.map(get));
      expect(last.every((r) => r.cache === "hit")).toBe(true);
      // Two copies: one per version.
      expect(pageCacheSize()).toBe(2);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("a sign-up carries the version its visitor saw, and the results count both", async () => {
    const ips = Array.from({ length: 6 }, (_, i) => `10.8.0.${i + 1}`);
    const shown = new Map<string, string>();
    for (const ip of ips) shown.set(ip, variantOf((await visit(slug, ip)).body)!);
    for (const [i, ip] of ips.entries()) {
      const posted = await postLead(slug, pageId, ip, { email: `visitor${i}@example.com`, variant: shown.get(ip)! });
      expect(posted.status).toBe(303);
    }
    const rows = await getDb().select({ email: leads.email, variant: leads.variant }).from(leads).where(eq(leads.kitId, kitId));
    for (const [i, ip] of ips.entries()) expect(rows.find((r) => r.email === `visitor${i}@example.com`)!.variant).toBe(shown.get(ip));
    await analyticsCollector().flush();
    const experiment = (await getDb().select().from(experiments).where(and(eq(experiments.kitId, kitId), eq(experiments.status, "running"))))[0]!;
    const counts = await experimentCounts(experiment);
    const expectedLeads = (key: string) => [...shown.values()].filter((v) => v === key).length;
    expect(counts.map((c) => c.key)).toEqual(["a", "b"]);
    for (const c of counts) expect(c.conversions).toBe(expectedLeads(c.key));
    // Every distinct visitor of the day counted once, in the version they saw; the 21 browsers of 10.9.0.1 are at most VISITORS_PER_ADDRESS visitors.
    expect(counts.reduce((s, c) => s + c.visitors, 0)).toBe(40 - 1 + VISITORS_PER_ADDRESS + 12 + 6);
    // The panel shows them, and so does the Analytics section's Experiments panel.
    const panel = await experimentsRoute(owner.cookie, kitId);
    const running = (panel.data as { running: { reading: { arms: Array<{ key: string; conversions: number }> } } }).running;
    expect(running.reading.arms.map((a) => a.conversions)).toEqual(counts.map((c) => c.conversions));
    const analytics = await import("~/routes/dashboard/workspace/analytics");
    const section = await call(() =>
      analytics.loader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kitId}/analytics`, { headers: { Cookie: owner.cookie } }), { id: kitId }, createRequestContext("10.0.0.1"))),
    );
    const glance = (section.data as { experiment: { id: string; reading: { arms: Array<{ visitors: number }> } } | null }).experiment!;
    expect(glance.id).toBe(experiment.id);
    expect(glance.reading.arms.map((a) => a.visitors)).toEqual(counts.map((c) => c.visitors));
  });

  it("another user cannot stop or apply it; an unknown experiment is a 404", async () => {
    const experiment = (await getDb().select().from(experiments).where(eq(experiments.kitId, kitId)))[0]!;
    expect((await experimentsRoute(other.cookie, kitId, { intent: "stop", experimentId: experiment.id, apply: "b" })).status).toBe(404);
    // Their own kit, this kit's experiment: 404 too.
    await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, other.user.id));
    try {
      expect((await experimentsRoute(other.cookie, otherKitId, { intent: "stop", experimentId: experiment.id, apply: "b" })).status).toBe(404);
    } finally {
      await getDb().update(users).set({ plan: "free", planStatus: null }).where(eq(users.id, other.user.id));
    }
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: "nope", apply: "b" })).status).toBe(404);
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: experiment.id, apply: "z" })).status).toBe(400);
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: experiment.id, apply: "c" })).status).toBe(400);
    expect((await getDb().select().from(experiments).where(eq(experiments.id, experiment.id)))[0]!.status).toBe("running");
  });

  it("applying the winner edits the copy as by hand, drops the cached copies, and keeps the experiment readable", async () => {
    const experiment = (await getDb().select().from(experiments).where(eq(experiments.kitId, kitId)))[0]!;
    const before = (await getAsset(kitId, "landing"))!.version;
    await visit(slug, "127.0.0.2");
    expect(pageCacheSize()).toBeGreaterThan(0);
    const applied = await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: experiment.id, apply: "b" });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe(`/dashboard/kits/${kitId}/experiments?saved=applied-b`);
    // A new version of the landing copy, as a save in the landing page section makes.
    const content = (await readyContent(kitId, "landing", LandingContentSchema))!;
    expect(content.hero.headline).toBe(variantText);
    expect((await getAsset(kitId, "landing"))!.version).toBe(before + 1);
    // Every cached copy of the page is gone; everyone now sees the new headline, with no version in the form.
    expect(pageCacheSize()).toBe(0);
    for (const ip of ["10.9.0.1", "10.9.0.2", "10.9.0.3"]) {
      const page = await visit(slug, ip);
      expect(headlineOf(page.body)).toBe(variantText);
      expect(variantOf(page.body)).toBeNull();
    }
    // The history keeps its texts and counts.
    const stored = (await experimentOfKit(kitId, experiment.id))!;
    expect(stored).toMatchObject({ status: "stopped", appliedKey: "b", control });
    expect(stored.stoppedAt).toBeInstanceOf(Date);
    const panel = (await experimentsRoute(owner.cookie, kitId)).data as { running: unknown; history: Array<{ id: string; texts: Array<{ text: string }>; reading: { arms: Array<{ visitors: number }> } }> };
    expect(panel.running).toBeNull();
    expect(panel.history[0]!.id).toBe(experiment.id);
    expect(panel.history[0]!.texts.map((t) => t.text)).toEqual([control, variantText]);
    expect(panel.history[0]!.reading.arms[0]!.visitors).toBeGreaterThan(0);
    // Stopping twice is refused.
    expect((await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: experiment.id, apply: "a" })).status).toBe(409);
  });

  it("a new experiment after it reads none of its counts", async () => {
    const started = await experimentsRoute(owner.cookie, kitId, { intent: "start", field: "cta", "variants[0].text": "Save my spot", "variants[1].text": "Get early access" });
    expect(started.status).toBe(303);
    const running = (await getDb().select().from(experiments).where(and(eq(experiments.kitId, kitId), eq(experiments.status, "running"))))[0]!;
    expect(running.variants.map((v) => v.key)).toEqual(["b", "c"]);
    // Started within the hour the last one stopped: that hour belongs to neither.
    expect((await experimentCounts(running)).every((c) => c.visitors === 0 && c.conversions === 0)).toBe(true);
    const stopped = await experimentsRoute(owner.cookie, kitId, { intent: "stop", experimentId: running.id, apply: "a" });
    expect(stopped.location).toBe(`/dashboard/kits/${kitId}/experiments?saved=stopped`);
    // Keeping the original changes nothing in the copy.
    expect((await readyContent(kitId, "landing", LandingContentSchema))!.hero.button).not.toBe("Save my spot");
  });
});
