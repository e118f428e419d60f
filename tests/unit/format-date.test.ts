import { describe, expect, it } from "vitest";
import { formatDate } from "~/kit/format";

const reference = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

describe("formatDate", () => {
  it("writes the UTC day as Intl does, for every input shape, on both sides of midnight", () => {
    const inputs: (Date | string | number)[] = [
      new Date(Date.UTC(2026, 10, 26, 0, 0, 0)),
      new Date(Date.UTC(2026, 10, 26, 23, 59, 59, 999)),
      new Date(Date.UTC(2026, 10, 27, 0, 0, 0)),
      "2024-02-29T12:00:00Z",
      Date.UTC(1999, 11, 31, 23, 0),
      -1, // 1969-12-31
      0,
    ];
    for (const input of inputs) expect(formatDate(input)).toBe(reference.format(new Date(input)));
    // The same day again (kept) and a neighbour (not confused with it).
    expect(formatDate(Date.UTC(2026, 10, 26, 12))).toBe("Nov 26, 2026");
    expect(formatDate(Date.UTC(2026, 10, 25, 23, 59))).toBe("Nov 25, 2026");
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
