// The fake OpenAI's default structured answers (tests/support/fake-structured.mjs) must stay valid for the
// app's own schemas: a stale one makes every call fail and retry, and tests would measure the retries
// (the cluster test counts the review writer's calls) instead of the feature.
import { describe, expect, it } from "vitest";
import { ChangeSummarySchema } from "~/competitors/summarize.server";
import { ReviewTextSchema } from "~/monthly/review";
import { STRUCTURED_DEFAULTS } from "../support/fake-structured.mjs";

describe("the fake OpenAI's default answers", () => {
  it("fit the competitor change summary's schema", () => {
    expect(ChangeSummarySchema.safeParse(STRUCTURED_DEFAULTS.competitor_change).success).toBe(true);
  });

  it("fit the strategy review's schema, on topics every kit's figures support", () => {
    const parsed = ReviewTextSchema.safeParse(STRUCTURED_DEFAULTS.strategy_review);
    expect(parsed.success).toBe(true);
    // Offered for every kit (app/monthly/review.ts topicsFor): the review keeps them whatever the figures.
    for (const p of STRUCTURED_DEFAULTS.strategy_review.priorities) expect(["distribution", "email-sequence", "email-list"]).toContain(p.topic);
  });
});
