import { describe, expect, it } from "vitest";
import { audienceShort, businessName, progressColor, promptFileName, showsProgress, statusBadge } from "~/kit/format";

describe("kit formatting", () => {
  it.each([
    [null, "neutral"], [undefined, "neutral"], [0, "neutral"], [1, "red"], [29, "red"],
    [30, "amber"], [69, "amber"], [70, "green"], [99, "green"], [100, "green"],
  ] as const)("progress %s is %s", (value, color) => {
    expect(progressColor(value)).toBe(color);
  });

  it("shows a progress bar only while progress is defined and under 100", () => {
    expect([null, undefined, 0, 50, 99, 100].map(showsProgress)).toEqual([false, false, true, true, true, false]);
  });

  it("badges: success for completed and exported, warning for generating, default otherwise, draft when missing", () => {
    expect(statusBadge("completed").tone).toBe("success");
    expect(statusBadge("exported").tone).toBe("success");
    expect(statusBadge("generating").tone).toBe("warning");
    expect(statusBadge("draft").tone).toBe("default");
    expect(statusBadge(null)).toEqual({ label: "draft", tone: "default" });
  });

  it("names the business by the first three words and the audience up to the first comma", () => {
    expect(businessName("  Mobile   dog grooming van ")).toBe("Mobile dog grooming");
    expect(audienceShort("Busy professionals, new parents")).toBe("Busy professionals");
  });

  it.each([
    ["Mobile dog grooming van", "Mobile-dog-grooming-prompt.txt"],
    ["Café crème & co. bakery", "Cafe-creme-prompt.txt"],
    ['../../etc/passwd "x"', "etc-passwd-x-prompt.txt"],
    ["🚀🚀🚀", "launch-kit-prompt.txt"],
  ])("file name for %j is %s", (idea, name) => {
    expect(promptFileName(idea)).toBe(name);
    expect(promptFileName(idea)).toMatch(/^[A-Za-z0-9-]+-prompt\.txt$/);
  });
});
