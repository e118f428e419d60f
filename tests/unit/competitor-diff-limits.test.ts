// Found by a security review: two long pages that share nothing made the line diff run for minutes on the
// instance's only thread. Long pages and long edits are compared as sets of lines: the same changes.
import { describe, expect, it } from "vitest";
import { changedPositions, detectChanges, DIFF_LINES_MAX } from "~/features/competitors/changes";

function lines(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) => `${prefix} feature ${i} for tier ${i % 7}`);
}

describe("change detection on long pages", () => {
  it("finds the same added and removed lines with or without the diff", () => {
    // Pages within the diff's reach, with moves, duplicates, insertions and removals.
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 25; round++) {
      const before = Array.from({ length: 60 }, () => `line ${Math.floor(rand() * 80)}`);
      const after = before.filter(() => rand() > 0.2).concat(Array.from({ length: 10 }, () => `line ${Math.floor(rand() * 120)}`));
      after.sort(() => rand() - 0.5);
      const viaDiff = changedPositions(before, after);
      expect(viaDiff.diffed).toBe(true);
      const kept = (at: number[], keys: string[], other: Set<string>) => [...new Set(at.map((i) => keys[i]!).filter((k) => !other.has(k)))].sort();
      const asSets = {
        added: [...new Set(after.filter((k) => !new Set(before).has(k)))].sort(),
        removed: [...new Set(before.filter((k) => !new Set(after).has(k)))].sort(),
      };
      expect(kept(viaDiff.addedAt, after, new Set(before))).toEqual(asSets.added);
      expect(kept(viaDiff.removedAt, before, new Set(after))).toEqual(asSets.removed);
    }
  });

  it("compares two 20,000-line pages that share nothing as sets, not with the diff", () => {
    const before = lines("Alpha", 20_000);
    const after = lines("Beta", 20_000);
    expect(before.length + after.length).toBeGreaterThan(DIFF_LINES_MAX);
    const positions = changedPositions(before, after);
    expect(positions.diffed).toBe(false);
    expect(positions.addedAt).toHaveLength(20_000);
    expect(positions.removedAt).toHaveLength(20_000);
    const changes = detectChanges(before.join("\n"), after.join("\n"), []);
    expect(changes.added.length).toBeGreaterThan(0);
    expect(changes.removed.length).toBeGreaterThan(0);
    expect(changes.added.every((l) => l.startsWith("Beta"))).toBe(true);
  });

  it("gives up the diff when the edit is too long, and still finds the one real change among moved lines", () => {
    const before = lines("Gamma", 1_500);
    const after = [...before].reverse().concat(["Gamma feature new for tier 9"]);
    const positions = changedPositions(before, after);
    expect(positions.diffed).toBe(false);
    const changes = detectChanges(before.join("\n"), after.join("\n"), []);
    expect(changes.added).toEqual(["Gamma feature new for tier 9"]);
    expect(changes.removed).toEqual([]);
  });
});
