import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVALID_JSON_MESSAGE } from "~/ai/errors";
import { settleGenerations } from "~/kit/runner/job.server";
import { regenerateAsset, startGeneration } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { getAsset } from "~/kit/assets/assets.server";
import { AdsContentSchema } from "~/kit/assets/ads/schema";
import { CalendarContentSchema } from "~/kit/assets/calendar/schema";
import { todayPlus } from "~/kit/assets/calendar/dates";
import { ResearchContentSchema, UNVERIFIED_LABEL } from "~/kit/assets/research/schema";
import { researchMarkdown } from "~/kit/assets/research/markdown";
import { countWith } from "~/kit/assets/social/count";
import { composePost, POST_LIMITS, SocialContentSchema } from "~/kit/assets/social/schema";
import { regeneratePost } from "~/kit/assets/social/actions.server";
import { fileContext, kitFiles } from "~/kit/files.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { regenerate, regenerationsUsed } from "~/kit/plans/regenerations.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_SOCIAL, MADE_UP_URL } from "../support/fake-launch.mjs";

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;

const input: WizardInput = {
  idea: "Mobile dog grooming van for busy pet owners",
  audience: "Busy professionals, new parents",
  geography: "Austin, Texas",
  tone: "friendly",
  competitors: "Rover, Wag!",
  goal: "book calls",
  vibe: "cozy",
};

const useOpenAI = (extra: Record<string, string> = {}) => useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: undefined, ...extra });
const useBuiltin = () => useBuiltinProvider("AI_WEB_SEARCH");

const named = (name: string) => (r: { body?: any }) =>
  r.body?.response_format?.json_schema?.name === name || (r.body?.response_format && JSON.stringify(r.body.messages).includes(`(content: ${name})`));
const requestsFor = (name: string) => fake.requests.filter(named(name));
const webSearches = () => fake.requests.filter((r) => r.path === "/v1/responses");

async function generate(overrides: Partial<WizardInput> = {}) {
  const kit = await createKit(userId, { ...input, ...overrides });
  await startGeneration(kit);
  await settleGenerations();
  return (await getKit(kit.id))!;
}

const social = async (kitId: string) => (await readyContent(kitId, "social", SocialContentSchema))!;
const research = async (kitId: string) => (await readyContent(kitId, "research", ResearchContentSchema))!;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Launch", email: "launch-assets@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});
beforeEach(() => {
  fake.reset();
  useOpenAI();
});

describe("the builtin provider", () => {
  it("produces the social, calendar, ads and research assets with no network, each valid and within every limit", async () => {
    useBuiltin();
    const kit = await generate();
    expect(fake.requests).toHaveLength(0);
    for (const kind of ["social", "calendar", "ads", "research"]) expect(await getAsset(kit.id, kind)).toMatchObject({ status: "ready", version: 1 });
    const s = await social(kit.id);
    expect(s.posts).toHaveLength(10);
    for (const p of s.posts) expect(countWith(POST_LIMITS[p.platform].counter, composePost(p))).toBeLessThanOrEqual(POST_LIMITS[p.platform].limit);
    expect(new Set(s.posts.map((p) => p.platform))).toEqual(new Set(["x", "linkedin", "instagram"]));
    expect(await readyContent(kit.id, "calendar", CalendarContentSchema)).toEqual({ launchDate: todayPlus(14) });
    expect((await readyContent(kit.id, "ads", AdsContentSchema))!.variants).toHaveLength(3);

    const r = await research(kit.id);
    expect(r).toMatchObject({ webAccess: false, offlineReason: "builtin", sources: [], marketClaims: [] });
    // The founder's competitors first, then categories; no URL anywhere.
    expect(r.competitors.map((c) => c.name).slice(0, 2)).toEqual(["Rover", "Wag!"]);
    expect(r.competitors.every((c) => !c.verified && c.website === null && c.sources.length === 0)).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/https?:\/\//);
    const md = researchMarkdown(r, "Groomwell");
    expect(md).toContain("Generated without web access");
    expect(md.match(new RegExp(UNVERIFIED_LABEL, "g"))).toHaveLength(5);
  });

  it("lists the assets' files in the kit's ZIP layout", async () => {
    useBuiltin();
    const kit = await generate();
    const paths = (await kitFiles(await fileContext(kit))).map((f) => f.path);
    for (const p of ["social/bios.txt", "social/posts.csv", "social/ads.csv", "social/calendar.ics", "social/profile.png", "social/x-header.png", "social/linkedin-banner.png", "social/launch-post.png", "research/research.md"]) {
      expect(paths).toContain(p);
    }
  });
});

describe("with the OpenAI provider (fake server)", () => {
  it("research with web search: cited URLs are kept, the made-up one is dropped everywhere", async () => {
    const kit = await generate();
    expect(webSearches()).toHaveLength(1);
    const search = webSearches()[0]!.body;
    expect(search.tools).toEqual([{ type: "web_search" }]);
    expect(search.include).toContain("web_search_call.action.sources");
    // The structured request gets the numbered sources, not the made-up URL as a source.
    expect(JSON.stringify(requestsFor("research")[0]!.body.messages)).toContain("https://www.rover.com/dog-grooming/");

    const r = await research(kit.id);
    expect(r.webAccess).toBe(true);
    expect(r.offlineReason).toBeNull();
    expect(JSON.stringify(r)).not.toContain("made-up");
    expect(r.sources.map((s) => s.url)).toEqual(expect.arrayContaining(["https://www.rover.com/dog-grooming/", "https://wagwalking.com/grooming", "https://www.thesprucepets.com/mobile-dog-grooming-pros-and-cons"]));
    // utm_source=openai is stripped.
    expect(r.sources.every((s) => !s.url.includes("utm_"))).toBe(true);
    // Named competitors first, in the founder's order.
    expect(r.competitors.map((c) => c.name).slice(0, 2)).toEqual(["Rover", "Wag!"]);
    const rover = r.competitors[0]!;
    expect(rover).toMatchObject({ namedByFounder: true, verified: true, website: "https://www.rover.com/", sources: ["https://www.rover.com/dog-grooming/"] });
    // The invented competitor keeps its text but loses its URL and is unverified.
    const invented = r.competitors.find((c) => c.name.startsWith("Made-Up"))!;
    expect(invented).toMatchObject({ verified: false, website: null, sources: [] });
    // A market claim whose only source is made up is dropped; the cited one stays.
    expect(r.marketClaims).toEqual([{ claim: expect.stringContaining("growing services market"), sources: ["https://www.ibisworld.com/united-states/industry/pet-grooming-boarding/"] }]);
    const md = researchMarkdown(r, "Groomwell");
    expect(md).not.toContain(MADE_UP_URL);
    expect(md).not.toContain("without web access");
  });

  it("a server without the web search tool: the snapshot says so and every competitor is unverified, with no link", async () => {
    fake.queue("responses", { unsupportedTool: true });
    const kit = await generate();
    const r = await research(kit.id);
    expect(r).toMatchObject({ webAccess: false, offlineReason: "unavailable", sources: [], marketClaims: [] });
    expect(r.competitors.every((c) => !c.verified && c.website === null && c.sources.length === 0)).toBe(true);
    expect(JSON.stringify(requestsFor("research")[0]!.body.messages)).toContain("no web access");
  });

  it("AI_WEB_SEARCH=off never calls the search", async () => {
    useOpenAI({ AI_WEB_SEARCH: "off" });
    const kit = await generate();
    expect(webSearches()).toHaveLength(0);
    expect(await research(kit.id)).toMatchObject({ webAccess: false, offlineReason: "off" });
  });

  it("a search without citations counts as no web access", async () => {
    fake.queue("responses", { noSources: true });
    const kit = await generate();
    expect(await research(kit.id)).toMatchObject({ webAccess: false, offlineReason: "no-results" });
  });

  it("an over-limit post is asked again once with the issue, then trimmed at a word boundary and flagged", async () => {
    const long = `${"Groomwell brings the grooming salon to your driveway, so busy owners get their Saturdays back. ".repeat(4)}Book a call.`;
    const answer = { ...FAKE_SOCIAL, posts: FAKE_SOCIAL.posts.map((p, i) => (i === 0 ? { ...p, text: long } : p)) };
    fake.queue("chat", { structured: true, match: "(content: social)", content: JSON.stringify(answer), times: 2 });
    const kit = await generate();
    const asks = requestsFor("social");
    expect(asks).toHaveLength(2);
    expect(JSON.stringify(asks[1]!.body.messages)).toMatch(/posts\.0\.text: .*at most 280 characters as X counts it/);
    const first = (await social(kit.id)).posts[0]!;
    expect(first.trimmed).toBe(true);
    expect(first.text.endsWith("…")).toBe(true);
    expect(countWith("x", composePost(first))).toBeLessThanOrEqual(280);
    expect(long.startsWith(first.text.slice(0, -1))).toBe(true);
    expect(long[first.text.length - 1]).toMatch(/[\s,.]/);
    // The other posts are the model's, untouched.
    expect((await social(kit.id)).posts[1]).toEqual(FAKE_SOCIAL.posts[1]);
  });

  it("an over-limit answer fixed on the second ask is not flagged", async () => {
    const answer = { ...FAKE_SOCIAL, bios: { ...FAKE_SOCIAL.bios, tiktok: { text: "x".repeat(81) } } };
    fake.queue("chat", { structured: true, match: "(content: social)", content: JSON.stringify(answer) });
    const kit = await generate();
    expect(requestsFor("social")).toHaveLength(2);
    expect((await social(kit.id)).bios.tiktok).toEqual(FAKE_SOCIAL.bios.tiktok);
  });

  it("invalid JSON twice fails only the social asset (and the calendar that needs it), with the catalogue's message", async () => {
    fake.queue("chat", { structured: true, match: "(content: social)", content: "Here are your posts!", times: 2 });
    const kit = await generate();
    expect(kit.status).toBe("completed");
    expect(await getAsset(kit.id, "social")).toMatchObject({ status: "failed", error: INVALID_JSON_MESSAGE, version: 0 });
    expect(await getAsset(kit.id, "calendar")).toMatchObject({ status: "failed", version: 0 });
    expect(await getAsset(kit.id, "ads")).toMatchObject({ status: "ready" });
    expect(await getAsset(kit.id, "research")).toMatchObject({ status: "ready" });
  });

  it("over-limit ads are trimmed and flagged; Google headlines lose '!' and emoji", async () => {
    const { FAKE_ADS } = await import("../support/fake-launch.mjs");
    const bad = structuredClone(FAKE_ADS);
    bad.variants[1]!.google.headlines[0] = "Calm dogs! 🐶 Clean homes, zero stress";
    bad.variants[1]!.meta.description = "Calm grooms at home, every single time";
    fake.queue("chat", { structured: true, match: "(content: ads)", content: JSON.stringify(bad), times: 2 });
    const kit = await generate();
    const ads = (await readyContent(kit.id, "ads", AdsContentSchema))!;
    expect(ads.variants[1]!.trimmed).toBe(true);
    expect(ads.variants[0]!.trimmed).toBeUndefined();
    const h = ads.variants[1]!.google.headlines[0]!;
    expect(h).not.toMatch(/!|🐶/);
    expect(h.length).toBeLessThanOrEqual(30);
    expect(ads.variants[1]!.meta.description.length).toBeLessThanOrEqual(30);
  });

  it("regenerates one post with a structured request for that post only; the others stay as they were", async () => {
    const kit = await generate();
    const before = await social(kit.id);
    fake.reset();
    expect(await regeneratePost((await getKit(kit.id))!, 4)).toBeNull();
    await settleGenerations();
    expect(requestsFor("social_post")).toHaveLength(1);
    expect(requestsFor("social")).toHaveLength(0);
    const after = await social(kit.id);
    expect(after.posts[4]!.text).toMatch(/^Rewritten by the model/);
    expect(after.posts[4]!.dayOffset).toBe(before.posts[4]!.dayOffset);
    expect(after.posts.filter((_, i) => i !== 4)).toEqual(before.posts.filter((_, i) => i !== 4));
    expect(await regenerateAsset((await getKit(kit.id))!, "social")).toBeNull();
    await settleGenerations();
    expect(requestsFor("social")).toHaveLength(1);
  });

  it("a one-post regeneration counts as one of the month's regenerations", async () => {
    const kit = await generate();
    const used = await regenerationsUsed(userId);
    const current = (await getKit(kit.id))!;
    expect(await regenerate(userId, current, "social", new Date(), () => regeneratePost(current, 2))).toBeNull();
    await settleGenerations();
    expect(await regenerationsUsed(userId)).toBe(used + 1);
    expect((await social(kit.id)).posts[2]!.text).toMatch(/^Rewritten by the model/);
  });
});
