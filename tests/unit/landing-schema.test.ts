import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { builtinBrand } from "~/kit/assets/brand/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { PageSettingsSchema } from "~/kit/assets/landing/page-forms";
import {
  applyCopyEdit,
  ctaKind,
  LandingContentSchema,
  LandingCopyEditSchema,
  LandingCopySchema,
  leadSchema,
  sectionsFromEdit,
  SectionsEditSchema,
  SectionsSchema,
} from "~/kit/assets/landing/schema";
import { firstFreeSlug, isValidSlug, RESERVED_SLUGS, slugify, SlugSchema } from "~/kit/assets/landing/slug";
import { repairLandingCopy } from "~/kit/assets/landing/step.server";

const input = {
  business_idea: "Mobile dog grooming van",
  target_audience: "Busy professionals",
  geographic_market: "Not specified",
  tone_of_voice: "friendly",
  competitors: "Not specified",
  primary_goal: "waitlist",
  brand_vibe: "cozy",
};
const brand = { ...builtinBrand(input), paletteAdjustments: [] };
const copy = builtinLandingCopy(input, brand);

describe("slug rules", () => {
  it.each([
    ["Groomwell", "groomwell"],
    ["Café & Crème", "cafe-and-creme"],
    ["  Tidy   Tails!! ", "tidy-tails"],
    ["Ünïcødé 東京 Co", "unicode-co"],
    ["A", "a-page"],
    ["admin", "admin-page"],
    ["東京", "my-page"],
    ["The Quite Extraordinarily Long Business Name Of A Founder", "the-quite-extraordinarily-long-business-name-of"],
  ])("slugify(%j) → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(isValidSlug(slugify(name))).toBe(true);
  });

  it("accepts lower-case letters, digits and single hyphens, 3 to 48 characters", () => {
    for (const ok of ["abc", "groom-well", "a1-b2-c3", "x".repeat(48)]) expect(SlugSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["ab", "x".repeat(49), "-abc", "abc-", "a--b", "a_b", "a b", "a/b", "..", "ab%2F", "ümlaut"]) {
      expect(SlugSchema.safeParse(bad).success, bad).toBe(false);
    }
    // Upper case is folded, not refused.
    expect(SlugSchema.parse("  GroomWell ")).toBe("groomwell");
  });

  it("refuses reserved words with a clear message", () => {
    for (const word of ["admin", "api", "dashboard", "p", "signin", "wizard", "launchkit", "stripe", "checkout"]) {
      expect(RESERVED_SLUGS.has(word)).toBe(true);
    }
    const result = SlugSchema.safeParse("dashboard");
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("That address is reserved. Please choose another one.");
  });

  it("finds the first free slug, staying within the maximum length", () => {
    const taken = new Set(["groomwell", "groomwell-2"]);
    expect(firstFreeSlug("groomwell", (s) => taken.has(s))).toBe("groomwell-3");
    const long = "x".repeat(48);
    const next = firstFreeSlug(long, (s) => s === long);
    expect(next).toBe(`${"x".repeat(46)}-2`);
    expect(isValidSlug(next)).toBe(true);
  });
});

describe("landing content", () => {
  it("holds the issue's limits: headline ≤ 70, subheadline ≤ 160, 3 benefits, 3 steps, FAQ 4–6", () => {
    expect(LandingCopySchema.safeParse(copy).success).toBe(true);
    const bad = (patch: object) => LandingCopySchema.safeParse({ ...copy, ...patch }).success;
    expect(bad({ hero: { ...copy.hero, headline: "x".repeat(71) } })).toBe(false);
    expect(bad({ hero: { ...copy.hero, subheadline: "x".repeat(161) } })).toBe(false);
    expect(bad({ benefits: { ...copy.benefits, items: copy.benefits.items.slice(0, 2) } })).toBe(false);
    expect(bad({ how: { ...copy.how, steps: [...copy.how.steps, copy.how.steps[0]] } })).toBe(false);
    expect(bad({ faq: { ...copy.faq, items: copy.faq.items.slice(0, 3) } })).toBe(false);
    expect(bad({ faq: { ...copy.faq, items: [...copy.faq.items, ...copy.faq.items].slice(0, 7) } })).toBe(false);
  });

  it("sections: each once, and the sign-up form always there", () => {
    expect(SectionsSchema.safeParse(["faq", "cta"]).success).toBe(true);
    expect(SectionsSchema.safeParse(["faq", "faq", "cta"]).success).toBe(false);
    expect(SectionsSchema.safeParse(["faq", "benefits"]).success).toBe(false);
    expect(LandingContentSchema.parse(copy)).toMatchObject({ proofIsReal: false, sections: ["benefits", "how", "proof", "faq", "cta"] });
  });

  it("the goal decides the form", () => {
    expect(["collect emails", "waitlist", "pre-orders"].map((g) => ctaKind(g))).toEqual(["email", "email", "email"]);
    // A class, camp or event is booked for a date and a number of places; goods stay pre-ordered by e-mail.
    expect(ctaKind("pre-orders", "class-or-event")).toBe("reserve");
    expect(ctaKind("pre-orders", "shipped-product")).toBe("email");
    expect(ctaKind("collect emails", "class-or-event")).toBe("email");
    expect(ctaKind("book calls")).toBe("call");
    expect(ctaKind("downloads")).toBe("download");
  });

  it("repairs copy that breaks the limits twice: cut at a word, lists filled from the builtin copy", () => {
    const repaired = repairLandingCopy(
      { ...copy, hero: { ...copy.hero, headline: "A headline that goes on and on and on well past the seventy characters allowed" }, faq: { heading: "FAQ", items: copy.faq.items.slice(0, 2) } },
      copy,
    );
    expect(LandingCopySchema.safeParse(repaired).success).toBe(true);
    expect(repaired!.hero.headline.length).toBeLessThanOrEqual(70);
    expect(repaired!.hero.headline).toMatch(/^A headline that goes on/);
    expect(repaired!.faq.items).toHaveLength(4);
    expect(repairLandingCopy("nonsense", copy)).toBeNull();
  });
});

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

function copyForm(overrides: Record<string, string> = {}) {
  const e: Record<string, string> = {
    "hero.headline": "Grooming at your door",
    "hero.subheadline": "A van for busy owners.",
    "hero.button": "Join",
    "benefits.heading": "Why",
    "how.heading": "How",
    "proof.heading": "Proof",
    "faq.heading": "FAQ",
    "cta.headline": "Join now",
    "cta.body": "Leave your e-mail.",
    "cta.button": "Join",
  };
  for (let i = 0; i < 3; i++) {
    Object.assign(e, { [`benefits.items[${i}].title`]: `B${i}`, [`benefits.items[${i}].body`]: `Body ${i}` });
    Object.assign(e, { [`how.steps[${i}].title`]: `S${i}`, [`how.steps[${i}].body`]: `Step ${i}` });
    Object.assign(e, { [`proof.items[${i}].quote`]: `Q${i}`, [`proof.items[${i}].name`]: `N${i}`, [`proof.items[${i}].detail`]: `D${i}` });
  }
  for (let i = 0; i < 6; i++) Object.assign(e, { [`faq.items[${i}].question`]: i < 4 ? `Q${i}?` : "", [`faq.items[${i}].answer`]: i < 4 ? `A${i}` : "" });
  return form({ ...e, ...overrides });
}

describe("the copy editor's form", () => {
  it("drops empty FAQ slots, keeps the order and maps the proof box", () => {
    const s = parseWithZod(copyForm({ "proof.real": "on" }), { schema: LandingCopyEditSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.faq.items.map((f) => f.question)).toEqual(["Q0?", "Q1?", "Q2?", "Q3?"]);
    const content = applyCopyEdit(LandingContentSchema.parse({ ...copy, sections: ["faq", "cta"] }), s.value);
    expect(LandingContentSchema.parse(content)).toMatchObject({ proofIsReal: true, sections: ["faq", "cta"], hero: { headline: "Grooming at your door" } });
  });

  it("refuses too long, empty, half-filled and too few FAQ entries with clear messages", () => {
    const errors = (overrides: Record<string, string>) => {
      const s = parseWithZod(copyForm(overrides), { schema: LandingCopyEditSchema });
      return s.status === "success" ? null : s.error;
    };
    expect(errors({ "hero.headline": "x".repeat(71) })).toEqual({ "hero.headline": ["The headline: at most 70 characters."] });
    expect(errors({ "cta.button": "" })).toEqual({ "cta.button": ["The button can't be empty."] });
    expect(errors({ "faq.items[4].question": "Half?" })).toEqual({ "faq.items[4].answer": ["Add the answer, or clear its question too."] });
    expect(errors({ "faq.items[3].question": "", "faq.items[3].answer": "" })).toEqual({ "faq.items": ["Keep at least 4 questions."] });
    // Control characters are dropped before the checks.
    const s = parseWithZod(copyForm({ "hero.headline": "Hi\u0007 there" }), { schema: LandingCopyEditSchema });
    expect(s.status === "success" && s.value.hero.headline).toBe("Hi there");
  });

  it("the section order form: positions, ties in the current order, the form never hidden", () => {
    const s = SectionsEditSchema.parse({
      position: { benefits: "2", how: "1", proof: "5", faq: "2", cta: "3" },
      show: { benefits: "on", how: "on", faq: "on", cta: undefined },
    });
    expect(sectionsFromEdit(s, ["faq", "benefits", "how", "proof", "cta"])).toEqual(["how", "faq", "benefits", "cta"]);
    expect(SectionsEditSchema.safeParse({ position: { benefits: "9", how: "1", proof: "1", faq: "1", cta: "1" }, show: {} }).success).toBe(false);
  });
});

describe("a visitor's sign-up", () => {
  it("validates the e-mail and lower-cases it; book calls also needs a name, a phone number and a time", () => {
    expect(leadSchema("email").parse({ email: " Ada@Example.COM " })).toEqual({ email: "ada@example.com", name: null, phone: null, time: null, date: null, places: null });
    expect(leadSchema("email").safeParse({ email: "ada@" }).error!.issues[0]!.message).toMatch(/valid e-mail/);
    expect(leadSchema("email").safeParse({}).error!.issues[0]!.message).toBe("Please enter your e-mail address.");
    const call = leadSchema("call");
    expect(call.safeParse({ email: "a@b.co" }).error!.issues.map((i) => i.path[0])).toEqual(["name", "phone", "time"]);
    expect(call.parse({ email: "a@b.co", name: " Ada\u0000 ", phone: " +1 (555) 010-0 ", time: "Mornings" })).toEqual({ email: "a@b.co", name: "Ada", phone: "+1 (555) 010-0", time: "Mornings", date: null, places: null });
    expect(call.safeParse({ email: "a@b.co", name: "x".repeat(101), phone: "555 0100", time: "t" }).success).toBe(false);
    // 6 to 20 digits, and only digits, spaces, +, - and parentheses around them.
    for (const bad of ["12345", "1".repeat(21), "555-0100 ext. 2", "555\u00a00100x", "+1 555 0100; drop"]) {
      expect(call.safeParse({ email: "a@b.co", name: "Ada", phone: bad, time: "t" }).error!.issues.map((i) => i.path[0]), bad).toEqual(["phone"]);
    }
    expect(call.safeParse({ email: "a@b.co", name: "Ada", phone: "555 0100", time: "t".repeat(61) }).error!.issues[0]!.message).toBe("Please keep a preferred time under 60 characters.");
  });

  it("the download link must be a full http(s) address", () => {
    expect(PageSettingsSchema.parse({ downloadUrl: "https://files.example.com/guide.pdf" }).downloadUrl).toBe("https://files.example.com/guide.pdf");
    for (const bad of ["javascript:alert(1)", "ftp://x.com/f", "files.example.com", "data:text/html,x"]) {
      expect(PageSettingsSchema.safeParse({ downloadUrl: bad }).success, bad).toBe(false);
    }
    expect(PageSettingsSchema.parse({ indexable: "on" })).toEqual({ indexable: true, notifyLeads: false, downloadUrl: undefined });
  });
});
