import { describe, expect, it } from "vitest";
import { KIT_PLAN, kindsToRun, missingDependency } from "~/kit/plan";

const core = KIT_PLAN.filter((e) => e.phase === "core").map((e) => e.kind);

describe("the kit plan", () => {
  it("lists every kind once, core first, each after its dependencies", () => {
    const kinds = KIT_PLAN.map((e) => e.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(core).toEqual(["brand", "prompt", "logo"]);
    const firstBackground = KIT_PLAN.findIndex((e) => e.phase === "background");
    if (firstBackground >= 0) expect(KIT_PLAN.slice(firstBackground).every((e) => e.phase === "background")).toBe(true);
    KIT_PLAN.forEach((entry, i) => {
      for (const dep of entry.dependsOn) {
        const at = kinds.indexOf(dep);
        expect(at, `${entry.kind} depends on ${dep}`).toBeGreaterThanOrEqual(0);
        expect(at, `${dep} comes before ${entry.kind}`).toBeLessThan(i);
      }
    });
  });
});

describe("the resume rule", () => {
  it("a new kit runs every core step, in order", () => {
    expect(kindsToRun([], "core")).toEqual(["brand", "prompt", "logo"]);
  });

  it("ready assets are never run again; interrupted and queued ones are", () => {
    expect(
      kindsToRun(
        [
          { kind: "brand", status: "ready", version: 1 },
          { kind: "prompt", status: "generating", version: 0 },
        ],
        "core",
      ),
    ).toEqual(["prompt", "logo"]);
    expect(
      kindsToRun(
        [
          { kind: "brand", status: "ready", version: 3 },
          { kind: "prompt", status: "ready", version: 1 },
          { kind: "logo", status: "queued", version: 2 },
        ],
        "core",
      ),
    ).toEqual(["logo"]);
  });

  it("a failed first attempt runs again on retry; a failed regeneration keeps its ready version and does not", () => {
    expect(kindsToRun([{ kind: "brand", status: "failed", version: 0 }, { kind: "prompt", status: "ready", version: 1 }, { kind: "logo", status: "ready", version: 1 }], "core")).toEqual(["brand"]);
    expect(kindsToRun([{ kind: "brand", status: "failed", version: 2 }, { kind: "prompt", status: "ready", version: 1 }, { kind: "logo", status: "ready", version: 1 }], "core")).toEqual([]);
  });

  it("a step waits for its dependencies' first version", () => {
    expect(missingDependency("logo", [])).toBe("brand");
    expect(missingDependency("logo", [{ kind: "brand", status: "generating", version: 0 }])).toBe("brand");
    expect(missingDependency("logo", [{ kind: "brand", status: "failed", version: 1 }])).toBeNull();
    expect(missingDependency("brand", [])).toBeNull();
  });
});
