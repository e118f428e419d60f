import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { calendarWeeks } from "~/kit/assets/calendar/dates";
import { CalendarContentSchema } from "~/kit/assets/calendar/schema";
import { emptyWeeks, postsInEveryWeek } from "~/kit/assets/calendar/weeks";
import { SocialContentSchema } from "~/kit/assets/social/schema";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_SOCIAL } from "../support/fake-launch.mjs";

/**
 * The content calendar has posts in every week (the week before
 * launch, launch week, weeks 2 and 3), whichever provider planned them.
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;

const input: WizardInput = { idea: "Coffee subscription box for remote teams", audience: "Remote-first startups", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "editorial" };

async function generate(overrides: Partial<WizardInput> = {}) {
  const kit = await createKit(userId, { ...input, ...overrides });
  await startGeneration(kit);
  await settleGenerations();
  return (await getKit(kit.id))!;
}

/** The calendar's rows as the section draws them, with the posts on each. */
async function rows(kitId: string) {
  const social = (await readyContent(kitId, "social", SocialContentSchema))!;
  const { launchDate } = (await readyContent(kitId, "calendar", CalendarContentSchema))!;
  const offsets = social.posts.map((p) => p.dayOffset);
  return calendarWeeks(launchDate, offsets).map((w) => ({ label: w.label, posts: w.days.filter((d) => offsets.includes(d.offset)).length }));
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Calendar", email: "calendar-weeks@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});
beforeEach(() => fake.reset());

describe("the calendar has posts in every week", () => {
  it("from the model, even when it planned every post in launch week", async () => {
    useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
    const bunched = { ...FAKE_SOCIAL, posts: FAKE_SOCIAL.posts.map((p, i) => ({ ...p, dayOffset: [0, 0, 0, 1, 1, 2, 3, 4, 5, 6][i]! })) };
    expect(emptyWeeks(bunched.posts)).toEqual([0, 2, 3]);
    fake.queue("chat", { structured: true, match: "(content: social)", content: JSON.stringify(bunched) });
    const kit = await generate();
    // The model was asked for it, too.
    const asked = fake.requests.find((r: { body?: { messages?: unknown } }) => JSON.stringify(r.body?.messages ?? "").includes("(content: social)"));
    expect(JSON.stringify(asked?.body)).toContain("Post in every week of the calendar");
    const table = await rows(kit.id);
    expect(table.map((r) => r.label)).toEqual(["Week before launch", "Launch week", "Week 2", "Week 3"]);
    for (const row of table) expect(row.posts, row.label).toBeGreaterThan(0);
    // Texts and platforms are the model's; only days moved.
    const stored = (await readyContent(kit.id, "social", SocialContentSchema))!;
    expect(stored.posts.map((p) => [p.platform, p.text])).toEqual(bunched.posts.map((p) => [p.platform, p.text]));
    expect(stored.posts.filter((p) => p.dayOffset === 0).length).toBeGreaterThanOrEqual(1);
  });

  it("from the builtin generator, for ideas of every kind", async () => {
    useBuiltinProvider("AI_WEB_SEARCH");
    const ideas: Array<Partial<WizardInput>> = [
      { idea: "Coffee subscription box for remote teams", vibe: "editorial" },
      { idea: "Mobile dog grooming van in Austin", goal: "book calls", vibe: "cozy" },
      { idea: "Open-source tool that turns Figma files into React code", goal: "downloads", vibe: "neon tech" },
      { idea: "Online Spanish lessons for nurses", goal: "collect emails", vibe: "playful" },
    ];
    for (const idea of ideas) {
      const kit = await generate(idea);
      for (const row of await rows(kit.id)) expect(row.posts, `${idea.idea}: ${row.label}`).toBeGreaterThan(0);
    }
  });
});

describe("postsInEveryWeek", () => {
  const at = (...days: number[]) => days.map((dayOffset, i) => ({ dayOffset, i }));

  it("keeps a set that fills every week as it is", () => {
    const posts = at(-7, -5, -3, -1, 0, 0, 0, 2, 7, 14);
    expect(postsInEveryWeek(posts)).toEqual(posts);
  });

  it("moves follow-ups before launch-day posts, from the fullest week, to the nearest day of the empty one", () => {
    const moved = postsInEveryWeek(at(-3, -1, 0, 0, 0, 1, 2, 3, 5, 6));
    expect(emptyWeeks(moved)).toEqual([]);
    expect(moved.filter((p) => p.dayOffset === 0)).toHaveLength(3);
    expect(moved.map((p) => p.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(moved.map((p) => p.dayOffset).sort((a, b) => a - b)).toEqual([-3, -1, 0, 0, 0, 1, 2, 3, 7, 14]);
  });

  it("never empties a week to fill another, and fills all four from one", () => {
    expect(emptyWeeks(postsInEveryWeek(at(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))).toEqual([]);
    expect(emptyWeeks(postsInEveryWeek(at(-2, 0, 9, 15)))).toEqual([]);
    expect(postsInEveryWeek(at(3))).toEqual(at(3));
  });
});
