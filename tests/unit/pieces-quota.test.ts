import { describe, expect, it } from "vitest";
import {
  billingMonth,
  CONTENT_PIECE_KINDS,
  isPieceKind,
  nextSlot,
  parseRefresh,
  pieceFilename,
  pieceMarkdown,
  PIECE_KINDS,
  PieceEditSchema,
  piecesLeft,
  PIECES_PER_MONTH,
  quotaLine,
  shiftMonths,
  wordCount,
} from "~/features/monthly/pieces";

const d = (iso: string) => new Date(iso);
const month = (ends: string | null, now: string) => {
  const m = billingMonth(ends ? d(ends) : null, d(now));
  return { start: m.start.toISOString(), end: m.end.toISOString(), period: m.period, calendar: m.calendar };
};

describe("the menu", () => {
  it("has the four kinds of the issue, each with a label and a description", () => {
    expect([...CONTENT_PIECE_KINDS]).toEqual(["blog", "newsletter", "social_pair", "landing_refresh"]);
    for (const k of CONTENT_PIECE_KINDS) {
      expect(PIECE_KINDS[k].label.length).toBeGreaterThan(3);
      expect(PIECE_KINDS[k].description.length).toBeGreaterThan(20);
    }
    expect(PIECE_KINDS.blog.description).toContain("800–1,200 words");
    expect(isPieceKind("blog")).toBe(true);
    expect(isPieceKind("podcast")).toBe(false);
    expect(isPieceKind(undefined)).toBe(false);
    expect(isPieceKind("__proto__")).toBe(false);
  });
});

describe("quota arithmetic", () => {
  it("gives four a month, slots 1..4, never below zero", () => {
    expect(PIECES_PER_MONTH).toBe(4);
    expect([0, 1, 2, 3, 4, 5].map((u) => piecesLeft(u))).toEqual([4, 3, 2, 1, 0, 0]);
    expect([0, 1, 2, 3, 4, 9].map((u) => nextSlot(u))).toEqual([1, 2, 3, 4, null, null]);
    expect(piecesLeft(-1)).toBe(4);
  });

  it("says how many are left and when the count resets", () => {
    expect(quotaLine(1, d("2026-12-03T10:00:00Z"))).toBe("3 of 4 left this billing month, resets on 3 December 2026");
    expect(quotaLine(4, d("2027-01-01T00:00:00Z"))).toBe("0 of 4 left this billing month, resets on 1 January 2027");
  });
});

describe("the billing month", () => {
  it("runs from one month before plan_ends_at to it", () => {
    expect(month("2026-12-03T10:00:00Z", "2026-11-20T08:00:00Z")).toEqual({ start: "2026-11-03T10:00:00.000Z", end: "2026-12-03T10:00:00.000Z", period: "2026-11-03", calendar: false });
    // The first instant belongs to it, the end to the next.
    expect(month("2026-12-03T10:00:00Z", "2026-11-03T10:00:00Z").period).toBe("2026-11-03");
    expect(month("2026-12-03T10:00:00Z", "2026-11-03T09:59:59Z").period).toBe("2026-10-03");
  });

  it("clamps to the month's last day: Jan 31 → Feb 28 (29 in a leap year), Mar 31 → Feb 28 before it", () => {
    expect(shiftMonths(d("2026-01-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(shiftMonths(d("2028-01-31T12:00:00Z"), 1).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(shiftMonths(d("2026-03-31T12:00:00Z"), -1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(shiftMonths(d("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(shiftMonths(d("2026-01-15T00:00:00Z"), -1).toISOString()).toBe("2025-12-15T00:00:00.000Z");
    // A period ending Mar 31 started Feb 28.
    expect(month("2026-03-31T12:00:00Z", "2026-03-10T00:00:00Z")).toMatchObject({ start: "2026-02-28T12:00:00.000Z", end: "2026-03-31T12:00:00.000Z", period: "2026-02-28" });
    // A period ending Jan 31, looked at after it (a renewal not yet recorded, a past-due grace): Jan 31 → Feb 28.
    expect(month("2026-01-31T12:00:00Z", "2026-02-15T00:00:00Z")).toMatchObject({ start: "2026-01-31T12:00:00.000Z", end: "2026-02-28T12:00:00.000Z", period: "2026-01-31" });
    expect(month("2028-01-31T12:00:00Z", "2028-02-15T00:00:00Z")).toMatchObject({ end: "2028-02-29T12:00:00.000Z" });
    // Far past the end: the months go on from the same anchor.
    expect(month("2026-01-31T12:00:00Z", "2026-04-30T13:00:00Z")).toMatchObject({ start: "2026-04-30T12:00:00.000Z", end: "2026-05-31T12:00:00.000Z" });
  });

  it("stays the same month when Stripe moves plan_ends_at on at renewal", () => {
    const before = month("2026-12-03T10:00:00Z", "2026-12-03T09:00:00Z");
    const after = month("2027-01-03T10:00:00Z", "2026-12-03T09:00:00Z");
    expect(after).toEqual(before);
    expect(month("2027-01-03T10:00:00Z", "2026-12-03T11:00:00Z").period).toBe("2026-12-03");
  });

  it("is the calendar month (UTC) without a period end", () => {
    expect(month(null, "2026-11-26T23:59:59Z")).toEqual({ start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z", period: "2026-11-01", calendar: true });
    expect(month(null, "2026-12-31T23:59:59Z")).toMatchObject({ end: "2027-01-01T00:00:00.000Z", period: "2026-12-01" });
    expect(month(null, "2027-01-01T00:00:00Z").period).toBe("2027-01-01");
  });
});

describe("editing and the download", () => {
  it("validates the title and the body with clear messages", () => {
    expect(PieceEditSchema.safeParse({ title: "  A   title ", body: "Body\r\n" }).data).toEqual({ title: "A title", body: "Body" });
    const messages = (input: unknown) => (PieceEditSchema.safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(messages({ title: " ", body: "x" })).toEqual(["Enter a title."]);
    expect(messages({ title: "x", body: "  " })).toEqual(["Write the piece: it can't be empty."]);
    expect(messages({ title: "x".repeat(141), body: "x" })).toEqual(["Keep the title under 140 characters."]);
    expect(messages({ title: "x", body: "x".repeat(20_001) })).toEqual(["Keep the piece under 20,000 characters."]);
    expect(messages({})).toEqual(["Enter a title.", "Write the piece."]);
  });

  it("names the file from the title, safely", () => {
    expect(pieceFilename("November at Groomwell: dog grooming!", "blog")).toBe("november-at-groomwell-dog-grooming.md");
    expect(pieceFilename('Café "quotes"\r\nContent-Type: x; ../../etc', "blog")).toBe("cafe-quotes-content-type-x-etc.md");
    expect(pieceFilename("日本語", "social_pair")).toBe("social-pair.md");
    expect(pieceFilename("a".repeat(200), "blog")).toBe(`${"a".repeat(60)}.md`);
    expect(pieceMarkdown({ title: "T", body: "## H\n\nText\n\n" })).toBe("# T\n\n## H\n\nText\n");
  });

  it("counts the words of Markdown, not its marks", () => {
    expect(wordCount("## Heading two\n\n- one **bold** item\n1. Step: it's 12.5% done")).toBe(10);
    expect(wordCount("")).toBe(0);
  });

  it("reads the landing refresh's proposals back from its Markdown, edits included", () => {
    const body = ["## Headline", "Now: Old one", "Proposed: Fresh dog grooming at your door", "Why: Says where.", "## Subheadline", "Proposed: **Edited** by hand", "## Button", "Now: Join", "## Sections", "- Proposed: not a field"].join("\n\n");
    expect(parseRefresh(body)).toEqual({
      headline: { proposed: "Fresh dog grooming at your door", why: "Says where." },
      subheadline: { proposed: "**Edited** by hand", why: "" },
    });
  });
});
