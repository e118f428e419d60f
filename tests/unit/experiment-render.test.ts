import { describe, expect, it } from "vitest";
import { assignArm } from "~/features/analytics/experiments/assign.server";
import { armKeys, contentForArm, fieldText, withFieldText } from "~/features/analytics/experiments/variant";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { renderLandingHtml } from "~/kit/assets/landing/render.server";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { INPUT, makeBrand, makeLogo } from "../support/kit-fixtures";

/**
 * An experiment's arm on the page: the arm's text replaces the
 * field in the copy before the pure renderer runs, the sign-up form carries
 * the arm, and arms are spread evenly and stably by the hash.
 */

const brand = makeBrand();
const content: LandingContent = LandingContentSchema.parse({ ...builtinLandingCopy({ ...INPUT, primary_goal: "waitlist" }, brand) });
const experiment = { field: "headline" as const, variants: [{ key: "b", text: "Grooming in your driveway", reason: "Tests the place." }] };
const render = (c: LandingContent, variant?: string | null) => renderLandingHtml(brand, c, { goal: "waitlist", logo: makeLogo(), formAction: "/f/page-1", variant });

describe("the arm's copy", () => {
  it("the original is the page as it is; a variant replaces only its field", () => {
    expect(contentForArm(content, experiment, "a")).toBe(content);
    const b = contentForArm(content, experiment, "b");
    expect(b.hero.headline).toBe("Grooming in your driveway");
    expect({ ...b, hero: { ...b.hero, headline: content.hero.headline } }).toEqual(content);
    // An arm the experiment does not have shows the page as it is.
    expect(contentForArm(content, experiment, "c")).toBe(content);
    expect(armKeys(experiment)).toEqual(["a", "b"]);
  });

  it("the button is the hero's (and the header's); the final button follows it when it said the same", () => {
    const same = { ...content, hero: { ...content.hero, button: "Join the waitlist" }, cta: { ...content.cta, button: "Join the waitlist" } };
    const changed = withFieldText(same, "cta", "Save my spot");
    expect(changed.hero.button).toBe("Save my spot");
    expect(changed.cta.button).toBe("Save my spot");
    expect(fieldText(changed, "cta")).toBe("Save my spot");
    const different = { ...same, cta: { ...same.cta, button: "Book my call" } };
    expect(withFieldText(different, "cta", "Save my spot").cta.button).toBe("Book my call");
    expect(withFieldText(content, "subheadline", "Short.").hero.subheadline).toBe("Short.");
  });

  it("the rendered page shows the arm's text and its form carries the arm (escaped); without an arm, no field", () => {
    const html = render(contentForArm(content, experiment, "b"), "b");
    expect(html).toMatch(/<h1[^>]*>[^<]*Grooming in your driveway/);
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]).not.toContain(content.hero.headline);
    expect(html.match(/<input type="hidden" name="variant" value="b">/g)).toHaveLength(1);
    expect(render(content, "a")).toContain('<input type="hidden" name="variant" value="a">');
    expect(render(content)).not.toContain('name="variant"');
    expect(render(content, null)).not.toContain('name="variant"');
    expect(render(content, '"><script>')).toContain('value="&quot;&gt;&lt;script&gt;"');
  });
});

describe("assignment", () => {
  it("is stable for a visitor and spreads visitors evenly over the arms", () => {
    const keys = ["a", "b", "c"];
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const visitor = `visitor-${i}`;
      const arm = assignArm("exp-1", visitor, keys);
      expect(assignArm("exp-1", visitor, keys)).toBe(arm);
      counts.set(arm, (counts.get(arm) ?? 0) + 1);
    }
    // 1,000 expected each; 4 standard deviations (±4·√(3000·⅓·⅔) ≈ ±103).
    for (const k of keys) expect(Math.abs(counts.get(k)! - 1000)).toBeLessThan(104);
  });

  it("a new experiment reshuffles: its id is in the hash", () => {
    let moved = 0;
    for (let i = 0; i < 400; i++) if (assignArm("exp-1", `v${i}`, ["a", "b"]) !== assignArm("exp-2", `v${i}`, ["a", "b"])) moved++;
    // About half move (binomial 400, ½: 200 ± 40 at 4 sd).
    expect(moved).toBeGreaterThan(160);
    expect(moved).toBeLessThan(240);
  });
});
