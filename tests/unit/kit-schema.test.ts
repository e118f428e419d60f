import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BrandStepSchema, IdeaStepSchema, PromptEditSchema, VisualStepSchema } from "~/kit/schema";

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("wizard schemas", () => {
  it("says 'required' for a missing choice and 'choose a valid' for a value that is not an option", () => {
    expect(messages(BrandStepSchema.safeParse({ goal: "waitlist" }))).toEqual({ tone: "Tone is required" });
    expect(messages(BrandStepSchema.safeParse({ tone: "", goal: "waitlist" }))).toEqual({ tone: "Tone is required" });
    expect(messages(BrandStepSchema.safeParse({ tone: "evil", goal: "money" }))).toEqual({
      tone: "Choose a valid tone",
      goal: "Choose a valid primary goal",
    });
    expect(messages(VisualStepSchema.safeParse({ vibe: "grunge" }))).toEqual({ vibe: "Choose a valid brand vibe" });
  });

  it("drops control characters but keeps line breaks and tabs", () => {
    const parsed = IdeaStepSchema.parse({ idea: "\u0001Dog\u0007 spa\nwith\ttabs\u007f\u0085\u009f", audience: "\u0000Owners" });
    expect(parsed).toEqual({ idea: "Dog spa\nwith\ttabs", audience: "Owners" });
    expect(messages(IdeaStepSchema.safeParse({ idea: "\u0001\u0002", audience: "Owners" }))).toEqual({ idea: "Business idea is required" });
    expect(PromptEditSchema.parse({ prompt: "Line one\u001b\nLine two" }).prompt).toBe("Line one\nLine two");
  });

  it("still gives the browser its required and maxlength constraints", () => {
    expect(getZodConstraint(IdeaStepSchema)).toMatchObject({
      idea: { required: true, maxLength: 2000 },
      audience: { required: true, maxLength: 500 },
      geography: { required: false, maxLength: 200 },
    });
  });
});
