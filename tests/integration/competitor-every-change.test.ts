import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCompetitor } from "~/features/competitors/competitors.server";
import { DIGEST_QUOTES, digestMessage } from "~/features/competitors/digest.server";
import { pageShowsPrices } from "~/features/competitors/summarize.server";
import { checkPage } from "~/features/competitors/watch.server";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { competitorChanges, users, type CompetitorQuote } from "~/platform/db/schema";
import { readyContent } from "~/kit/content.server";
import { saveAssetContent } from "~/kit/assets/assets.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { createRequestContext } from "~/platform/http/request-context";
import { useBuiltinProvider, clearFakeOpenAIEnv } from "../support/ai-env";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * The competitor watch lists every change: a week in which a veg-box rival
 * raised two prices, dropped "Up to 6 housemates", added six lines and moved
 * onto the founder's own selling point ("Delivery every week by cargo bike")
 * is stored with every changed line, shown whole in the Competitors section,
 * quoted in the digest's first lines with "and N more", told with the
 * selling point first and the removed limit, and advised without a word
 * about the founder's pricing while their page shows no prices.
 */

const dir = path.resolve(import.meta.dirname, "../fixtures/competitors");
const fixture = (name: string) => fs.readFileSync(path.join(dir, `${name}.html`), "utf8");

let site: http.Server;
let origin = "";
let served = fixture("vegbox-pricing-before");

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  process.env.APP_URL = "http://127.0.0.1:5998";
  process.env.WATCH_ALLOW_LOOPBACK = "1";
  resetConfigForTests();
  site = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(served);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  for (const key of ["APP_URL", "WATCH_ALLOW_LOOPBACK"]) delete process.env[key];
  resetConfigForTests();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});

async function section(cookie: string, kitId: string) {
  const route = await import("~/routes/dashboard/workspace/competitors");
  return call(() => route.loader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kitId}/competitors`, { headers: { Cookie: cookie } }), { id: kitId }, createRequestContext("10.40.0.1"))));
}

/** A Pro founder's veg-box kit watching the rival's boxes page; `prices`: whether the founder's page shows a price. */
async function watchedWeek(prices: boolean) {
  const owner = await founder("every-change");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, owner.user.id));
  const kit = await kitFor(owner.user.id, "waitlist", "Weekly veg boxes for shared houses in Bristol, delivered by cargo bike");
  const landing = (await readyContent(kit.id, "landing", LandingContentSchema))!;
  const category = { ...landing.category };
  if (prices) category.prices = { heading: "Prices", body: "One box for the whole house.", items: [{ name: "House box", price: "£24 a week" }] };
  else delete category.prices;
  await saveAssetContent(kit.id, "landing", { ...landing, category });
  expect(pageShowsPrices((await readyContent(kit.id, "landing", LandingContentSchema))!)).toBe(prices);

  served = fixture("vegbox-pricing-before");
  const added = await addCompetitor(kit.id, "Leafline", { url: `${origin}/boxes`, label: "Boxes" });
  if (!added.ok) throw new Error(added.message);
  // The first read is the baseline (the section does it when the page is added), the next one finds the week's changes.
  expect((await checkPage(added.pageId!)).state).toBe("ok");
  served = fixture("vegbox-pricing-after");
  const checked = await checkPage(added.pageId!);
  expect(checked.state).toBe("ok");
  const [change] = await getDb().select().from(competitorChanges).where(eq(competitorChanges.kitId, kit.id));
  expect(change).toBeDefined();
  return { owner, kit, change: change! };
}

const EVERY_LINE: CompetitorQuote[] = [
  { kind: "removed", text: "£18 a week" },
  { kind: "removed", text: "£26 a week" },
  { kind: "removed", text: "Up to 6 housemates" },
  { kind: "added", text: "£19 a week" },
  { kind: "added", text: "Recipe cards for every box" },
  { kind: "added", text: "£28 a week" },
  { kind: "added", text: "Split the bill between housemates in the app" },
  { kind: "added", text: "Every box" },
  { kind: "added", text: "Skip or swap any week in the app" },
  { kind: "added", text: "Plastic-free packaging" },
  { kind: "added", text: "Delivery every week by cargo bike" },
];
const byText = (a: CompetitorQuote, b: CompetitorQuote) => `${a.kind}${a.text}`.localeCompare(`${b.kind}${b.text}`);

describe("a week with many changes on a rival's page", () => {
  it("stores and lists every changed line, tells the selling point first and the removed limit, and gives no pricing advice to a page without prices", async () => {
    const { owner, kit, change } = await watchedWeek(false);
    // Every changed line, none left out; the telling ones first.
    expect([...change.quotes].sort(byText)).toEqual([...EVERY_LINE].sort(byText));
    expect(change.quotes.slice(0, 5).map((q) => q.text)).toContain("Delivery every week by cargo bike");
    expect(change.importance).toBe("high");
    // The rival moving onto the founder's selling point is told first; the dropped limit is told too.
    expect(change.summary).toMatch(/^Leafline now says what .+ leads with: "Delivery every week by cargo bike" on its boxes page\./);
    expect(change.summary).toContain('no longer mentions "Up to 6 housemates"');
    expect(change.summary).toContain("raised Small house from £18 to £19 a week");
    // The founder's page shows no prices: no advice about its pricing.
    expect(change.summary).not.toMatch(/pricing/i);

    // The Competitors section lists every one of them.
    const page = await section(owner.cookie, kit.id);
    const watched = page.data!.watched as Array<{ changes: Array<{ quotes: CompetitorQuote[] }> }>;
    expect(watched[0]!.changes[0]!.quotes).toHaveLength(EVERY_LINE.length);

    // The digest quotes the first ones and counts the rest.
    const row = { ...change, userId: owner.user.id, email: owner.user.email, role: "user", idea: kit.businessIdea, competitor: "Leafline", page: "Boxes", url: `${origin}/boxes` };
    const mail = digestMessage([row], new Map([[kit.id, "Crate & Cog"]]), "https://launchkit.test");
    const more = EVERY_LINE.length - DIGEST_QUOTES;
    expect(mail.text.match(/^ {2}[+-] (added|removed): /gm)).toHaveLength(DIGEST_QUOTES);
    expect(mail.text).toContain(`…and ${more} more changed lines, all listed in the Competitors section.`);
    expect(mail.html).toContain(`…and ${more} more changed lines, all listed in the Competitors section.`);
    for (const q of change.quotes.slice(0, DIGEST_QUOTES)) expect(mail.text).toContain(`"${q.text}"`);
  }, 60_000);

  it("advises on pricing when the founder's page shows prices", async () => {
    const { change } = await watchedWeek(true);
    expect(change.summary).toMatch(/say so on your pricing section|pricing/);
    expect(change.quotes).toHaveLength(EVERY_LINE.length);
  }, 60_000);
});
