// The fake OpenAI's default structured answers (tests/support/fake-structured.mjs) must stay valid for the
// app's own schemas: a stale one makes every call fail and retry, and tests would measure the retries
// (the cluster test counts the review writer's calls) instead of the feature.
import { describe, expect, it } from "vitest";
import { ChangeSummarySchema } from "~/features/competitors/summarize.server";
import { ReviewTextSchema } from "~/features/monthly/review";
import { STRUCTURED_DEFAULTS } from "../support/fake-structured.mjs";

// Entries added after the object literal (as the file does for later kinds) are not in its inferred type.
const answers = STRUCTURED_DEFAULTS as Record<string, unknown>;

describe("the fake OpenAI's default answers", () => {
  it("fit the competitor change summary's schema", () => {
    expect(ChangeSummarySchema.safeParse(answers.competitor_change).success).toBe(true);
  });

  it("fit the strategy review's schema, on topics every kit's figures support", () => {
    const parsed = ReviewTextSchema.safeParse(answers.strategy_review);
    expect(parsed.success).toBe(true);
    // Offered for every kit (app/features/monthly/review.ts topicsFor): the review keeps them whatever the figures.
    for (const p of parsed.data?.priorities ?? []) expect(["distribution", "email-sequence", "email-list"]).toContain(p.topic);
  });
});
