import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { categorySections, RepositoryUrlSchema } from "~/kit/assets/landing/category";
import { understandIdea } from "~/kit/understanding";
import { applyFounderFacts, emptyUnderstandingValues, UnderstandingFormSchema } from "~/kit/understanding/form";

/**
 * Outside review: the repository the understanding form accepts must be one
 * the landing page can link. The form accepts "owner/name" and any
 * https://host.tld/... with quotes and angle brackets; the page's category
 * sections then hold "https://owner/name" (a host named "owner") or an
 * address RepositoryUrlSchema refuses, instead of the form saying so (400).
 */

const idea: GenerationInput = {
  business_idea: "An open-source Go CLI that finds cost leaks in Terraform plans",
  target_audience: "Platform teams",
  geographic_market: "Not specified",
  tone_of_voice: "Warm and plain",
  competitors: "Not specified",
  primary_goal: "Collect emails",
  brand_vibe: "Minimal",
};

function sectionsFor(repository: string) {
  const parsed = UnderstandingFormSchema.safeParse({ ...emptyUnderstandingValues(), model: "developer-tool", language: "Go", repository });
  if (!parsed.success) return { refused: true as const };
  const u = applyFounderFacts(understandIdea(idea), parsed.data);
  return { refused: false as const, repository: categorySections(u, idea, "Leakfinder").category.repository ?? null };
}

describe("the understanding form's repository reaches the page as a working link, or is refused", () => {
  it("owner/name (the form's own hint) becomes a link to a real host, not https://owner/name", () => {
    const r = sectionsFor("acme/leakfinder");
    expect(r.refused).toBe(false);
    if (r.refused) return;
    expect(r.repository).not.toBe("https://acme/leakfinder");
    expect(new URL(r.repository!).hostname).toMatch(/\./);
  });

  it('an address with quotes or angle brackets is refused by the form, never stored for the page to reject later', () => {
    const r = sectionsFor('https://github.com/acme/cli"><svg/onload=alert(1)>');
    if (!r.refused) expect(RepositoryUrlSchema.safeParse(r.repository).success).toBe(true);
  });
});
