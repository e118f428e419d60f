import { describe, expect, it } from "vitest";
import { isoWeek, utcDay, utcMonth } from "~/platform/jobs/schedule.server";

// Reference weeks from ISO 8601 (checked against `date -u +%G-W%V`).
describe("schedule period keys", () => {
  it.each([
    ["2026-11-26T04:00:00Z", "2026-W48"],
    ["2026-11-23T00:00:00Z", "2026-W48"], // Monday starts the week
    ["2026-11-22T23:59:59Z", "2026-W47"], // Sunday ends the one before
    ["2021-01-03T12:00:00Z", "2020-W53"], // early January in the last year's week 53
    ["2024-12-30T00:00:00Z", "2025-W01"], // late December in the next year's week 1
    ["2026-01-01T00:00:00Z", "2026-W01"],
    ["2027-01-01T00:00:00Z", "2026-W53"],
  ])("%s is in ISO week %s", (at, week) => {
    expect(isoWeek(new Date(at))).toBe(week);
  });

  it("reads the UTC day and month, not the local ones", () => {
    const lateUtc = new Date("2026-11-30T23:30:00Z");
    expect(utcDay(lateUtc)).toBe("2026-11-30");
    expect(utcMonth(lateUtc)).toBe("2026-11");
    expect(utcMonth(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });

  it("gives every day of a week the same key and the next Monday a new one", () => {
    const monday = Date.UTC(2026, 10, 23);
    const keys = new Set(Array.from({ length: 7 }, (_, i) => isoWeek(new Date(monday + i * 86_400_000 + 3_600_000))));
    expect([...keys]).toEqual(["2026-W48"]);
    expect(isoWeek(new Date(monday + 7 * 86_400_000))).toBe("2026-W49");
  });
});
