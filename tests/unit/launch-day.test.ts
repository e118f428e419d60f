import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { answersSeed, builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { builtinLaunch, showHnLeftOut } from "~/kit/assets/launch/builtin";
import { launchIcs } from "~/kit/assets/launch/ics";
import { GALLERY_NAMES, galleryCopy, galleryPng, thumbnailPng } from "~/kit/assets/launch/images.server";
import { LAUNCH_LIMITS, countField, composeComment, showHnTitleProblem, type LaunchField } from "~/kit/assets/launch/limits";
import { repairLaunch } from "~/kit/assets/launch/repair";
import { LaunchContentSchema, LaunchCopySchema, LaunchSettingsSchema, type LaunchCopy } from "~/kit/assets/launch/schema";
import { COMMUNITIES, community } from "~/kit/assets/launch/subreddits";
import { defaultLaunchDate, launchPlan, wallClock, zonedInstant } from "~/kit/assets/launch/timeline";
import { understandingOf } from "~/kit/assets/launch-copy";
import { maximal } from "../support/launch-day";
import { builtinMarks } from "~/kit/assets/logo/builtin-marks";
import { addDays } from "~/kit/assets/calendar/dates";

const base = { target_audience: "Busy people", geographic_market: "Not specified", tone_of_voice: "friendly", competitors: "Not specified", primary_goal: "collect emails", brand_vibe: "minimalist" };
export const KITS: Record<string, GenerationInput> = {
  "go-cli": { ...base, business_idea: "An open-source Go command-line tool that lints Kubernetes YAML files before they reach the cluster", target_audience: "Platform engineers", primary_goal: "downloads", brand_vibe: "techy" },
  "lisbon-pottery-camp": { ...base, business_idea: "A week-long pottery summer camp for kids in Lisbon", target_audience: "Parents of kids aged 8 to 12", geographic_market: "Lisbon, Portugal", primary_goal: "book calls", brand_vibe: "playful" },
  "dental-bookkeeping": { ...base, business_idea: "Bookkeeping service for dental practices", target_audience: "Dentists who own their practice", geographic_market: "United States", primary_goal: "book calls", brand_vibe: "premium" },
};

function kit(key: string) {
  const input = KITS[key]!;
  const brand = { ...builtinBrand(input), paletteAdjustments: [] };
  const landing = builtinLandingCopy(input, brand);
  const u = understandingOf(input, brand);
  const copy = builtinLaunch(input, brand, u, landing, "https://launchkit.example.com/p/demo");
  const logo = { marks: builtinMarks(answersSeed(input, "marks"), input.brand_vibe), selected: 0 };
  return { input, brand, landing, u, copy, logo };
}

/** Width and height from the PNG's IHDR chunk, after checking the signature. */
export function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Every text of the copy with the field whose limit applies. */
function fields(c: LaunchCopy): Array<[LaunchField, string]> {
  const ph = c.productHunt;
  return [
    ["phName", ph.name], ["phTagline", ph.tagline], ["phDescription", ph.description], ["phComment", composeComment(ph.comment)],
    ...Object.values(ph.comment).map((t): [LaunchField, string] => ["phCommentPart", t]),
    ...ph.video.flatMap((s): Array<[LaunchField, string]> => [["shot", s.shot], ["shot", s.voiceover]]),
    ["hnTitle", c.showHn.title], ...Object.values(c.showHn.comment).map((t): [LaunchField, string] => ["hnPart", t]),
    ...c.reddit.flatMap((p): Array<[LaunchField, string]> => [["redditTitle", p.title], ["redditBody", p.body]]),
    ["ihTitle", c.indieHackers.title], ["ihBody", c.indieHackers.body], ["x", c.x], ["x", c.teaser], ["linkedin", c.linkedin], ["supporters", c.supporters],
    ["emailSubject", c.email.subject], ["emailPreview", c.email.preview], ["emailBody", c.email.body],
    ["emailSubject", c.followUp.subject], ["emailPreview", c.followUp.preview], ["emailBody", c.followUp.body],
  ];
}

describe("the builtin launch copy", () => {
  it.each(Object.keys(KITS))("%s: valid, every text within its platform's limit, no placeholder", (key) => {
    const { copy } = kit(key);
    expect(LaunchCopySchema.safeParse(copy).error?.issues ?? []).toEqual([]);
    for (const [field, text] of fields(copy)) {
      expect(countField(field, text), `${field}: ${text}`).toBeLessThanOrEqual(LAUNCH_LIMITS[field].limit);
      expect(text).not.toMatch(/\[[^\]]+\](?!\()|\bTBD\b|\{\{|undefined|null/);
    }
    expect(copy.productHunt.video.reduce((s, v) => s + v.seconds, 0)).toBe(60);
    expect(copy.productHunt.comment.question.endsWith("?")).toBe(true);
    expect(showHnTitleProblem(copy.showHn.title)).toBeNull();
    expect(copy.supporters).not.toMatch(/upvote|vote for/i);
  });

  it("picks each category's own communities, only from the data file", () => {
    const names = (key: string) => kit(key).copy.reddit.map((p) => p.subreddit);
    for (const key of Object.keys(KITS)) {
      const n = names(key);
      expect(n.length).toBeGreaterThanOrEqual(3);
      expect(n.length).toBeLessThanOrEqual(5);
      for (const name of n) expect(COMMUNITIES.map((c) => c.name)).toContain(name);
    }
    expect(names("go-cli")).toContain("golang");
    expect(names("go-cli")).not.toEqual(["Entrepreneur"]);
    expect(names("lisbon-pottery-camp")).not.toContain("SaaS");
    expect(names("lisbon-pottery-camp")).toEqual(expect.arrayContaining(["Pottery", "lisboa"]));
    expect(names("dental-bookkeeping")).toEqual(expect.arrayContaining(["Dentistry", "Bookkeeping"]));
  });

  it("writes a Show HN only for something people can try, and says why otherwise", () => {
    const go = kit("go-cli");
    expect(showHnLeftOut(go.u, go.input)).toBeNull();
    const camp = kit("lisbon-pottery-camp");
    expect(showHnLeftOut(camp.u, camp.input)).toMatch(/Show HN is for something people can try/);
    const waitlist = kit("go-cli");
    expect(showHnLeftOut({ ...waitlist.u, payment: "subscription", category: "b2b-saas", ecosystem: null }, { ...waitlist.input, primary_goal: "waitlist" })).toMatch(/sign-ups/);
  });
});

describe("the Show HN title rules", () => {
  it.each([
    ["Show HN: Yamlint – a linter for Kubernetes YAML", null],
    ["Yamlint – a linter for Kubernetes YAML", /starts with "Show HN: "/],
    ["Show HN: Yamlint, a linter for Kubernetes YAML!", /exclamation/],
    ["Show HN: The fastest linter for Kubernetes YAML", /superlatives/],
    ["Show HN: The best way to lint YAML", /superlatives/],
    [`Show HN: ${"é".repeat(71)}`, null],
    [`Show HN: ${"é".repeat(72)}`, /at most 80/],
  ])("%s", (title, problem) => {
    const p = showHnTitleProblem(title);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toMatch(problem);
  });
});

describe("limits counted as the platform counts", () => {
  it("Product Hunt counts code points: 60 emoji fit a tagline (120 UTF-16 units), 61 do not", () => {
    const { copy } = kit("go-cli");
    const ok = { ...copy, productHunt: { ...copy.productHunt, tagline: "🚀".repeat(60) } };
    expect(LaunchCopySchema.safeParse(ok).success).toBe(true);
    const over = { ...copy, productHunt: { ...copy.productHunt, tagline: "🚀".repeat(61) } };
    expect(LaunchCopySchema.safeParse(over).error?.issues[0]?.message).toMatch(/at most 60 characters \(code points/);
  });

  it("accepts every field at its maximum and repairs every field one over it", () => {
    const { copy } = kit("dental-bookkeeping");
    const max = maximal(copy, 0);
    expect(LaunchCopySchema.safeParse(max).error?.issues ?? []).toEqual([]);
    const over = maximal(copy, 1);
    expect(LaunchCopySchema.safeParse(over).success).toBe(false);
    const repaired = repairLaunch(over, copy)!;
    expect(LaunchCopySchema.safeParse(repaired).success).toBe(true);
    for (const [field, text] of fields(repaired)) expect(countField(field, text)).toBeLessThanOrEqual(LAUNCH_LIMITS[field].limit);
  });
});

describe("Product Hunt images", () => {
  it.each(Object.keys(KITS))("%s: a 240×240 thumbnail and five 1270×760 gallery images", (key) => {
    const { brand, logo, landing, copy } = kit(key);
    expect(pngSize(thumbnailPng(brand, logo))).toEqual({ width: 240, height: 240 });
    const words = galleryCopy(brand, landing, { description: copy.productHunt.description, cta: "Book a call" });
    expect(words.hero.headline).toBe(landing.hero.headline);
    expect(words.features.map((f) => f.title)).toEqual(landing.benefits.items.map((b) => b.title));
    for (const name of GALLERY_NAMES) expect(pngSize(galleryPng(name, brand, logo, words))).toEqual({ width: 1270, height: 760 });
  });
});

describe("the launch plan and its ICS file", () => {
  const { copy } = kit("go-cli");
  const content = LaunchContentSchema.parse({ ...copy, showHnLeftOut: null, launchDate: "2026-12-15", timeZone: "Europe/Lisbon", done: [] });

  it("defaults to a Tuesday at least three weeks out", () => {
    const d = defaultLaunchDate(new Date("2026-11-29T10:00:00Z"));
    expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(2);
    expect(d >= addDays("2026-11-29", 21) && d <= addDays("2026-11-29", 27)).toBe(true);
  });

  it("validates the time zone as an IANA name", () => {
    expect(LaunchSettingsSchema.safeParse({ launchDate: "2026-12-15", timeZone: "Europe/Lisbon" }).success).toBe(true);
    expect(LaunchSettingsSchema.safeParse({ launchDate: "2026-12-15", timeZone: "Mars/Olympus" }).error?.issues[0]?.message).toMatch(/time zone such as/);
    expect(LaunchSettingsSchema.safeParse({ launchDate: "2026-12-15", timeZone: "<script>" }).success).toBe(false);
  });

  it("converts wall-clock times across daylight saving", () => {
    expect(zonedInstant("2026-07-01", "00:01", "America/Los_Angeles").toISOString()).toBe("2026-07-01T07:01:00.000Z");
    expect(zonedInstant("2026-12-15", "00:01", "America/Los_Angeles").toISOString()).toBe("2026-12-15T08:01:00.000Z");
    expect(zonedInstant("2026-03-29", "09:00", "Europe/Lisbon").toISOString()).toBe("2026-03-29T08:00:00.000Z");
  });

  it("parses with ical.js: events from T−14 to T+7, launch at 12:01 a.m. Pacific, the rest at the founder's local times, each with its copy", () => {
    const tasks = launchPlan(content);
    const ics = launchIcs({ kitId: "kit1", calendarName: "Yamlint launch plan", timeZone: content.timeZone, tasks, stamp: new Date("2026-11-29T00:00:00Z") });
    const cal = new ICAL.Component(ICAL.parse(ics));
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(tasks.length);
    const days = events.map((e) => Math.round((e.startDate.toJSDate().getTime() - Date.parse("2026-12-15T00:00:00Z")) / 86_400_000));
    expect(Math.min(...days)).toBe(-14);
    expect(Math.max(...days)).toBeLessThanOrEqual(7);
    const follow = events.find((e) => e.summary === "Send the follow-up e-mail")!;
    expect(wallClock(follow.startDate.toJSDate(), "Europe/Lisbon")).toEqual({ date: "2026-12-22", time: "09:00" });
    const launch = events.find((e) => e.summary.startsWith("Launch on Product Hunt"))!;
    expect(launch.startDate.toJSDate().toISOString()).toBe("2026-12-15T08:01:00.000Z");
    expect(wallClock(launch.startDate.toJSDate(), "America/Los_Angeles")).toEqual({ date: "2026-12-15", time: "00:01" });
    expect(launch.description).toContain(copy.productHunt.comment.question);
    const teaser = events.find((e) => e.summary === "Tease the launch on X")!;
    expect(wallClock(teaser.startDate.toJSDate(), "Europe/Lisbon")).toEqual({ date: "2026-12-01", time: "09:00" });
    expect(teaser.description).toContain(copy.teaser);
    expect(events.find((e) => e.summary === "Post a Show HN")!.description).toContain(copy.showHn.title);
    for (const post of copy.reddit) expect(events.some((e) => e.summary === `Post in r/${post.subreddit}` && e.description.includes(post.title))).toBe(true);
    // A community with a day rule gets its day.
    for (const post of copy.reddit.filter((p) => community(p.subreddit)!.day)) {
      const e = events.find((x) => x.summary === `Post in r/${post.subreddit}`)!;
      expect(e.startDate.toJSDate().getUTCDay()).toBe(6);
    }
    // UIDs stable per task, so importing again after moving the date updates the events.
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });
});
