import { describe, expect, it } from "vitest";
import { AdsContentSchema, GoogleAdSchema, MetaAdSchema } from "~/kit/assets/ads/schema";
import { repairAds } from "~/kit/assets/ads/repair";
import { LaunchDateSchema } from "~/kit/assets/calendar/schema";
import { BiosSchema, composePost, PostEditSchema, PostSchema, SocialContentSchema } from "~/kit/assets/social/schema";
import { repairSocial } from "~/kit/assets/social/repair";
import { FAKE_ADS, FAKE_SOCIAL } from "../support/fake-launch.mjs";

const post = (platform: string, text: string, hashtags: string[] = []) => ({ platform, text, hashtags, visual: "A photo.", dayOffset: 0 });
const ok = (v: unknown) => PostSchema.safeParse(v).success;

describe("post limits, as each platform counts", () => {
  it("X: 280 passes, 281 fails, hashtags and the blank line before them count", () => {
    expect(ok(post("x", "a".repeat(280)))).toBe(true);
    expect(ok(post("x", "a".repeat(281)))).toBe(false);
    // 270 + "\n\n" + "#launch" (7) = 279; one more tag character → 280; one more text character → 281 fails.
    expect(ok(post("x", "a".repeat(270), ["launch"]))).toBe(true);
    expect(ok(post("x", "a".repeat(270), ["launche"]))).toBe(true);
    expect(ok(post("x", "a".repeat(271), ["launche"]))).toBe(false);
  });

  it("X counts emoji and CJK as 2: 140 rockets or 140 kanji fill a post", () => {
    expect(ok(post("x", "🚀".repeat(140)))).toBe(true);
    expect(ok(post("x", "🚀".repeat(141)))).toBe(false);
    expect(ok(post("x", "日".repeat(140)))).toBe(true);
    expect(ok(post("x", "日".repeat(141)))).toBe(false);
    // A ZWJ family is 2 on X, however many code units.
    expect(ok(post("x", "👨‍👩‍👧‍👦".repeat(140)))).toBe(true);
  });

  it("LinkedIn 3,000 and Instagram 2,200, in UTF-16 code units (an emoji is 2)", () => {
    expect(ok(post("linkedin", "a".repeat(3000)))).toBe(true);
    expect(ok(post("linkedin", "a".repeat(3001)))).toBe(false);
    expect(ok(post("instagram", "a".repeat(2200)))).toBe(true);
    expect(ok(post("instagram", "a".repeat(2199) + "🚀"))).toBe(false);
    expect(ok(post("instagram", "é".repeat(2200)))).toBe(true);
  });

  it("at most 5 hashtags of one word each; '#' is optional and stripped", () => {
    expect(PostSchema.parse(post("x", "Hi", ["#launch", "Dog_Grooming", "café"])).hashtags).toEqual(["launch", "Dog_Grooming", "café"]);
    expect(ok(post("x", "Hi", ["a", "b", "c", "d", "e", "f"]))).toBe(false);
    expect(ok(post("x", "Hi", ["two words"]))).toBe(false);
    expect(ok(post("x", "Hi", ["no-dash"]))).toBe(false);
  });

  it("the visual is one line and the day is −7 … 21", () => {
    expect(ok({ ...post("x", "Hi"), visual: "Two\nlines" })).toBe(false);
    expect(ok({ ...post("x", "Hi"), dayOffset: -7 })).toBe(true);
    expect(ok({ ...post("x", "Hi"), dayOffset: -8 })).toBe(false);
    expect(ok({ ...post("x", "Hi"), dayOffset: 21 })).toBe(true);
    expect(ok({ ...post("x", "Hi"), dayOffset: 22 })).toBe(false);
    expect(ok({ ...post("x", "Hi"), dayOffset: 1.5 })).toBe(false);
  });

  it("the message names the platform, the limit and the count", () => {
    const r = PostSchema.safeParse(post("x", "日".repeat(150)));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("A X post with its hashtags must be at most 280 characters as X counts it (this is 300).");
  });

  it("composes the post as pasted: text, blank line, hashtags", () => {
    expect(composePost({ text: "Live today.", hashtags: ["Launch", "#Dogs"] })).toBe("Live today.\n\n#Launch #Dogs");
    expect(composePost({ text: "Live today.  ", hashtags: [] })).toBe("Live today.");
  });
});

describe("bios", () => {
  const bios = structuredClone(FAKE_SOCIAL.bios);
  const withBio = (key: keyof typeof bios, text: string) => BiosSchema.safeParse({ ...bios, [key]: { text } }).success;
  it("X 160, Instagram 150, TikTok 80, LinkedIn headline 220 and about 2,600 at their boundaries", () => {
    for (const [key, limit] of [["x", 160], ["instagram", 150], ["tiktok", 80], ["linkedinHeadline", 220], ["linkedinAbout", 2600]] as const) {
      expect(withBio(key, "a".repeat(limit))).toBe(true);
      expect(withBio(key, "a".repeat(limit + 1))).toBe(false);
    }
  });
  it("multi-byte text: the X bio counts CJK as 2, Instagram counts an emoji as 2", () => {
    expect(withBio("x", "日".repeat(80))).toBe(true);
    expect(withBio("x", "日".repeat(81))).toBe(false);
    expect(withBio("instagram", "a".repeat(148) + "🐾")).toBe(true);
    expect(withBio("instagram", "a".repeat(149) + "🐾")).toBe(false);
  });
});

describe("the social content", () => {
  it("the fake server's default is valid and has exactly 10 posts", () => {
    expect(SocialContentSchema.safeParse(FAKE_SOCIAL).success).toBe(true);
    expect(SocialContentSchema.safeParse({ ...FAKE_SOCIAL, posts: FAKE_SOCIAL.posts.slice(0, 9) }).success).toBe(false);
  });

  it("repair trims what is over, flags it, and leaves the rest untouched", () => {
    const raw = structuredClone(FAKE_SOCIAL) as any;
    raw.posts[2].text = "Sneak peek ".repeat(250);
    raw.posts[2].hashtags.push("Extra");
    raw.bios.tiktok = { text: "The dog salon on wheels, coming to your street soon, with treats for every good dog" };
    raw.posts[5].dayOffset = 40;
    const fixed = SocialContentSchema.parse(repairSocial(raw));
    expect(fixed.posts[2]).toMatchObject({ trimmed: true, hashtags: FAKE_SOCIAL.posts[2]!.hashtags });
    expect(composePost(fixed.posts[2]!).length).toBeLessThanOrEqual(2200);
    expect(fixed.posts[2]!.text).toMatch(/^(Sneak peek )+Sneak( peek)?…$/);
    expect(fixed.bios.tiktok).toEqual({ text: "The dog salon on wheels, coming to your street soon, with treats for every good…", trimmed: true });
    expect(fixed.posts[5]!.dayOffset).toBe(21);
    expect(fixed.posts[0]).toEqual(FAKE_SOCIAL.posts[0]);
    expect(fixed.bios.x.trimmed).toBeUndefined();
  });
});

describe("the post edit form", () => {
  const form = { index: "3", platform: "x", text: "New text", hashtags: "#launch dogs", visual: "A van.", dayOffset: "-2" };
  it("parses form strings and checks the platform's limit", () => {
    expect(PostEditSchema.parse(form)).toEqual({ index: 3, platform: "x", text: "New text", hashtags: ["launch", "dogs"], visual: "A van.", dayOffset: -2 });
    expect(PostEditSchema.safeParse({ ...form, text: "a".repeat(281) }).error!.issues[0]!.path).toEqual(["text"]);
    expect(PostEditSchema.safeParse({ ...form, dayOffset: "30" }).error!.issues[0]!.message).toMatch(/21 days after launch/);
    expect(PostEditSchema.safeParse({ ...form, index: "10" }).success).toBe(false);
    expect(PostEditSchema.safeParse({ ...form, platform: "myspace" }).success).toBe(false);
    expect(PostEditSchema.safeParse({ ...form, hashtags: "a b c d e f" }).error!.issues[0]!.message).toBe("At most 5 hashtags.");
  });
});

describe("ads", () => {
  const google = (headlines: string[], descriptions = ["A description.", "Another one."]) => GoogleAdSchema.safeParse({ headlines, descriptions }).success;
  const five = ["One", "Two", "Three", "Four", "Five"];
  it("Google headlines ≤ 30 (double-width counts 2), 5 different, no '!' or emoji; descriptions ≤ 90", () => {
    expect(google(["a".repeat(30), ...five.slice(1)])).toBe(true);
    expect(google(["a".repeat(31), ...five.slice(1)])).toBe(false);
    expect(google(["予".repeat(15), ...five.slice(1)])).toBe(true);
    expect(google(["予".repeat(16), ...five.slice(1)])).toBe(false);
    expect(google(["Book now!", ...five.slice(1)])).toBe(false);
    expect(google(["Book now 🐶", ...five.slice(1)])).toBe(false);
    expect(google(["One", "one", ...five.slice(2)])).toBe(false);
    expect(google(five, ["a".repeat(90), "b"])).toBe(true);
    expect(google(five, ["a".repeat(91), "b"])).toBe(false);
  });

  it("Meta: primary text 125, headline 40, description 30, a button from Meta's list", () => {
    const meta = { primaryText: "a".repeat(125), headline: "b".repeat(40), description: "c".repeat(30), cta: "Learn More" };
    expect(MetaAdSchema.safeParse(meta).success).toBe(true);
    expect(MetaAdSchema.safeParse({ ...meta, primaryText: "a".repeat(124) + "🚀" }).success).toBe(false);
    expect(MetaAdSchema.safeParse({ ...meta, headline: "b".repeat(41) }).success).toBe(false);
    expect(MetaAdSchema.safeParse({ ...meta, description: "c".repeat(31) }).success).toBe(false);
    expect(MetaAdSchema.safeParse({ ...meta, cta: "Click Here" }).success).toBe(false);
  });

  it("repair trims and flags only the variant that needed it", () => {
    const raw = structuredClone(FAKE_ADS) as any;
    raw.variants[2].meta.headline = "Groomwell is live and taking first bookings in your area";
    raw.variants[2].meta.cta = "book now";
    const fixed = AdsContentSchema.parse(repairAds(raw));
    expect(fixed.variants[2]).toMatchObject({ trimmed: true, meta: { cta: "Book Now" } });
    expect(fixed.variants[2]!.meta.headline).toBe("Groomwell is live and taking first…");
    expect(fixed.variants[0]).toEqual(FAKE_ADS.variants[0]);
  });
});

describe("the launch date form", () => {
  it("accepts real dates only", () => {
    expect(LaunchDateSchema.safeParse({ launchDate: "2026-03-14" }).success).toBe(true);
    expect(LaunchDateSchema.safeParse({ launchDate: "2026-02-30" }).success).toBe(false);
    expect(LaunchDateSchema.safeParse({ launchDate: "14/03/2026" }).success).toBe(false);
    expect(LaunchDateSchema.safeParse({ launchDate: "" }).error!.issues[0]!.message).toBe("Choose a launch date.");
    expect(LaunchDateSchema.safeParse({ launchDate: "1999-12-31" }).success).toBe(false);
  });
});
