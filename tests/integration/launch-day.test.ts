import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { regenerateAsset, startGeneration } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { LAUNCH_LIMITS, countField } from "~/kit/assets/launch/limits";
import { LaunchContentSchema, type LaunchCopy } from "~/kit/assets/launch/schema";
import { COMMUNITIES } from "~/kit/assets/launch/subreddits";
import { fileContext, kitFiles } from "~/kit/files.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { STRUCTURED_DEFAULTS } from "../support/fake-structured.mjs";
import { maximal } from "../support/launch-day";

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
const FAKE = (STRUCTURED_DEFAULTS as Record<string, unknown>).launch as LaunchCopy;

async function generate() {
  const kit = await createKit(userId, input);
  await startGeneration(kit);
  await settleGenerations();
  return (await getKit(kit.id))!;
}
const launchOf = async (kitId: string) => (await readyContent(kitId, "launch", LaunchContentSchema))!;

function expectWithinLimits(c: Omit<LaunchCopy, "showHn">) {
  const texts: Array<[keyof typeof LAUNCH_LIMITS, string]> = [
    ["phName", c.productHunt.name], ["phTagline", c.productHunt.tagline], ["phDescription", c.productHunt.description],
    ...c.reddit.flatMap((p): Array<[keyof typeof LAUNCH_LIMITS, string]> => [["redditTitle", p.title], ["redditBody", p.body]]),
    ["ihTitle", c.indieHackers.title], ["ihBody", c.indieHackers.body], ["x", c.x], ["x", c.teaser], ["linkedin", c.linkedin],
    ["emailSubject", c.email.subject], ["emailPreview", c.email.preview], ["emailBody", c.email.body],
  ];
  for (const [field, text] of texts) expect(countField(field, text), field).toBeLessThanOrEqual(LAUNCH_LIMITS[field].limit);
  for (const p of c.reddit) expect(COMMUNITIES.map((x) => x.name)).toContain(p.subreddit);
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Launch Day", email: "launch-day@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});
beforeEach(() => {
  fake.reset();
  useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: undefined });
});

describe("the launch asset", () => {
  it("builtin: written offline after the landing page, within every limit, a Tuesday three weeks out in the place's zone, no Show HN for a van", async () => {
    useBuiltinProvider("AI_WEB_SEARCH");
    const kit = await generate();
    expect(fake.requests).toHaveLength(0);
    expect(await getAsset(kit.id, "launch")).toMatchObject({ status: "ready", version: 1 });
    const c = await launchOf(kit.id);
    expectWithinLimits(c);
    expect(new Date(`${c.launchDate}T00:00:00Z`).getUTCDay()).toBe(2);
    expect(c.timeZone).toBe("America/Chicago");
    expect(c.showHn).toBeNull();
    expect(c.showHnLeftOut).toMatch(/Show HN is for something people can try/);
    expect(c.reddit.map((p) => p.subreddit)).toContain("dogs");
    const paths = (await kitFiles(await fileContext(kit))).map((f) => f.path);
    for (const p of ["launch/launch-posts.md", "launch/launch-plan.ics", "launch/thumbnail.png", "launch/gallery-1-hero.png", "launch/gallery-5-cta.png"]) expect(paths).toContain(p);
  });

  it("openai: a maximum-length answer is kept as written; one over every limit is repaired within them", async () => {
    const max = maximal(FAKE, 0);
    fake.queue("chat", { structured: true, match: "(content: launch)", content: JSON.stringify(max) });
    const kit = await generate();
    const c = await launchOf(kit.id);
    expect(c.productHunt.tagline).toBe(max.productHunt.tagline);
    expect(countField("phTagline", c.productHunt.tagline)).toBe(60);
    expect(countField("phDescription", c.productHunt.description)).toBe(260);
    expect(c.reddit.map((p) => p.body)).toEqual(max.reddit.map((p) => p.body));
    expect(c.linkedin).toBe(max.linkedin);
    expectWithinLimits(c);

    fake.reset();
    fake.queue("chat", { structured: true, match: "(content: launch)", content: JSON.stringify(maximal(FAKE, 1)), times: 2 });
    await regenerateAsset((await getKit(kit.id))!, "launch");
    await settleGenerations();
    const repaired = await launchOf(kit.id);
    expect(repaired.productHunt.tagline).not.toBe(max.productHunt.tagline);
    expectWithinLimits(repaired);
  });

  it("openai: the customer-copy check runs on the launch texts (a claim of a number the founder did not give is left out)", async () => {
    const answer = { ...FAKE, x: "Join 1,000+ founders who already use Groomwell. Groomwell is live on Product Hunt today.", linkedin: "Thousands of customers love it. Today I'm launching Groomwell on Product Hunt." };
    fake.queue("chat", { structured: true, match: "(content: launch)", content: JSON.stringify(answer) });
    const kit = await generate();
    const c = await launchOf(kit.id);
    expect(c.x).not.toMatch(/1,000\+/);
    expect(c.x).toContain("Groomwell is live on Product Hunt today.");
    expect(c.linkedin).not.toMatch(/Thousands of customers/);
    expect(c.linkedin).toContain("Today I'm launching Groomwell on Product Hunt.");
  });

  it("openai: a community not in the data file is dropped and named; the founder's date, zone and ticks survive a regeneration", async () => {
    const answer = { ...FAKE, reddit: [{ subreddit: "r/MadeUpLaunches", title: "Look at this", body: "Made-up community." }, ...FAKE.reddit] };
    fake.queue("chat", { structured: true, match: "(content: launch)", content: JSON.stringify(answer) });
    const kit = await generate();
    const c = await launchOf(kit.id);
    expect(c.reddit.map((p) => p.subreddit)).toEqual(["dogs", "Austin", "smallbusiness"]);
    expect(c.droppedCommunities).toEqual(["r/MadeUpLaunches"]);
    // A grooming van is not something to try on Hacker News, whatever the model wrote.
    expect(c.showHn).toBeNull();

    await saveAssetContent(kit.id, "launch", { ...c, launchDate: "2027-03-02", timeZone: "Europe/Lisbon", done: ["teaser"] });
    fake.reset();
    await regenerateAsset((await getKit(kit.id))!, "launch");
    await settleGenerations();
    expect(await launchOf(kit.id)).toMatchObject({ launchDate: "2027-03-02", timeZone: "Europe/Lisbon", done: ["teaser"] });
  });
});
