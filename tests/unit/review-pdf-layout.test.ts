import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { figuresFrom, type FactsLike } from "~/features/monthly/review";
import { renderReviewPdf } from "~/features/monthly/review-pdf.server";
import { builtinReview } from "~/features/monthly/review-writer.server";
import { makeBrand, makeLogo } from "../support/kit-fixtures";
import { brewCrew as business, D, monthFacts } from "../support/review-fixtures";

/**
 * The review PDF is laid out by measuring its text: a table row is as tall
 * as its tallest cell, so a long variant (a 160-character subheadline, the
 * longest an experiment tests) wraps inside its own row and never into the
 * next. Read back with pdfjs-dist: the boxes of the text drawn on each page,
 * and no two of them overlap. REVIEW_PDF_OUT=<file> keeps the PDF (to look
 * at it, e.g. pdftoppm -png).
 */

type Box = { page: number; str: string; x0: number; x1: number; y0: number; y1: number };

async function textBoxes(bytes: Buffer): Promise<Box[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const boxes: Box[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const top = (page.view as number[])[3]!;
    for (const item of (await page.getTextContent()).items) {
      if (!("str" in item) || !item.str.trim() || item.width <= 0) continue;
      const [, , , scale, x, y] = item.transform as number[];
      const size = Math.abs(scale!) || item.height;
      // From the baseline: the ascent above it and the descent below, as a line of type takes them (top-down).
      const baseline = top - y!;
      boxes.push({ page: p, str: item.str, x0: x!, x1: x! + item.width, y0: baseline - 0.72 * size, y1: baseline + 0.2 * size });
    }
  }
  await doc.destroy();
  return boxes;
}

/** Every pair of boxes on a page that cover each other by more than half a point both ways. */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.page !== b.page) continue;
      const wide = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const high = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (wide > 0.5 && high > 0.5) found.push(`page ${a.page}: "${a.str}" over "${b.str}"`);
    }
  return found;
}

// The longest texts an experiment can test (a subheadline: 160 characters) and a source's long name.
const long = (start: string) => `${start} ${"freshly roasted beans delivered to every desk of a remote team, every week, ".repeat(3)}`.slice(0, 160).trim();

function facts(): FactsLike {
  return monthFacts({
    topSources: [
      { source: "a-very-long-newsletter-name-that-a-campaign-link-gave.example.com/issues/2026/october", visitors: 700, leads: 20 },
      { source: "Direct / none", visitors: 300, leads: 10 },
    ],
    experiments: [
      {
        id: "e1",
        field: "subheadline",
        status: "running",
        startedAt: D("2026-10-02T00:00:00Z"),
        arms: [
          { label: "a", text: long("Coffee for remote teams:"), visitors: 170, leads: 5 },
          { label: "b", text: long("The office coffee run, without the office:"), visitors: 189, leads: 9 },
          { label: "c", text: long("Every remote teammate gets the same great coffee:"), visitors: 121, leads: 4 },
        ],
      },
    ],
  });
}

describe("the review PDF's layout", () => {
  it("wraps a long variant inside its own table row: no two text boxes overlap", async () => {
    const figures = figuresFrom(facts(), "2026-10", false);
    const body = { ...builtinReview(figures, business), source: "builtin" as const };
    const pdf = await renderReviewPdf(makeBrand(), makeLogo(), figures, body, D("2026-11-01T06:00:00Z"));
    if (process.env.REVIEW_PDF_OUT) fs.writeFileSync(process.env.REVIEW_PDF_OUT, pdf);
    const boxes = await textBoxes(pdf);
    // The long texts are all there, each whole (wrapped, not cut short with an ellipsis).
    const text = boxes.map((b) => b.str).join(" ").replace(/\s+/g, " ");
    for (const arm of facts().experiments[0]!.arms) expect(text.replace(/- /g, "")).toContain(arm.text.split(" ").slice(-4).join(" "));
    expect(boxes.some((b) => b.str.includes("Version C"))).toBe(true);
    expect(overlaps(boxes)).toEqual([]);
  });

  it("at any length: unbroken words, many long rows over a page break, long names", async () => {
    const unbroken = "Supercalifragilistic".repeat(12);
    const many = facts();
    many.topSources = Array.from({ length: 5 }, (_, i) => ({ source: `${"utm-source-without-any-space-".repeat(4)}${i}`, visitors: 100 - i, leads: 5 - i }));
    many.experiments = Array.from({ length: 4 }, (_, i) => ({
      id: `e${i}`,
      field: i % 2 ? "headline" : "subheadline",
      status: i ? "stopped" : "running",
      startedAt: D("2026-10-02T00:00:00Z"),
      arms: ["a", "b", "c", "d"].map((label, j) => ({ label, text: j === 1 ? unbroken : long(`Version ${label} of test ${i}:`), visitors: 150 + j, leads: 5 + j })),
    }));
    many.competitorChanges = [{ competitor: "A competitor with a rather long name", page: "https://example.com/pricing/plans/for-teams", summary: long("They changed their pricing page:"), importance: "high", at: D("2026-10-12T00:00:00Z") }];
    const figures = figuresFrom(many, "2026-10", false);
    const body = { ...builtinReview(figures, business), source: "builtin" as const };
    const pdf = await renderReviewPdf(makeBrand({ name: "A brand with a name long enough to wrap" }), makeLogo(), figures, body, D("2026-11-01T06:00:00Z"));
    if (process.env.REVIEW_PDF_OUT) fs.writeFileSync(process.env.REVIEW_PDF_OUT.replace(/\.pdf$/, "-any-length.pdf"), pdf);
    const boxes = await textBoxes(pdf);
    expect(new Set(boxes.map((b) => b.page)).size).toBeGreaterThan(2);
    expect(overlaps(boxes)).toEqual([]);
  });
});
