import PDFDocument from "pdfkit";
import { logoSvg, type LogoInput } from "~/kit/assets/logo/render.server";
import type { Brand } from "~/kit/brand/brand";
import { AA_TEXT, contrastRatio, nearestPassingColor } from "~/kit/brand/palette";
import { drawText, registerBrandFonts, textHeight, type FontRole, type PdfFonts, type TextOptions } from "~/kit/pdf/fonts.server";
import { collectPdf } from "~/platform/pdf/output.server";
import { drawSvg, svgSize } from "~/platform/pdf/svg.server";
import {
  ARM_NAMES,
  armRate,
  comparisonLabel,
  count,
  dayLabel,
  experimentDates,
  experimentStanding,
  FIELD_NAMES,
  firstPeriod,
  percent,
  periodLabel,
  plural,
  possessive,
  previousNote,
  topicFacts,
  windowLabel,
  type ReviewBody,
  type ReviewFigures,
} from "./review";

/**
 * The monthly strategy review as a PDF in the brand (A4 portrait): the logo,
 * the brand's fonts (embedded, app/kit/pdf and app/platform/pdf) and colours; the figures as
 * stored (every number from the database, written by the same formatters as
 * the page), the competitors, the three priorities with their facts and
 * actions, and the 30/60/90-day plan.
 */

const W = 595;
const H = 842;
const M = 48;
const CW = W - 2 * M;
const PAPER = "#FFFFFF";
const INK = "#111827";
const MUTED = "#4B5563";
const RULE = "#E5E7EB";
const SOFT = "#F8FAFC";

type Ctx = { doc: PDFKit.PDFDocument; fonts: PdfFonts; brand: Brand; strong: string; accent: string; y: number; title: string };

function text(c: Ctx, role: FontRole, size: number, s: string, x: number, y: number, options: TextOptions = {}) {
  drawText(c.doc, c.fonts, role, size, s, x, y, { color: INK, ...options });
}
const height = (c: Ctx, role: FontRole, size: number, s: string, options: TextOptions = {}) => textHeight(c.doc, c.fonts, role, size, s, options);

function newPage(c: Ctx) {
  c.doc.addPage();
  c.doc.rect(0, 0, W, H).fill(PAPER);
  c.doc.rect(0, 0, W, 6).fill(c.brand.palette.primary);
  text(c, "body", 8, c.title, M, 22, { color: MUTED, lineBreak: false, width: CW });
  c.doc.save().moveTo(M, 36).lineTo(W - M, 36).lineWidth(0.5).stroke(RULE).restore();
  c.y = 54;
}

/** Starts a new page unless `space` points fit on this one. */
function room(c: Ctx, space: number) {
  if (c.y + space > H - M - 16) newPage(c);
}

/** A section's kicker and title, kept on the page with `need` points of what follows. */
function heading(c: Ctx, kicker: string, title: string, need = 60) {
  room(c, 60 + need);
  c.y += 10;
  text(c, "bodyBold", 8, kicker.toUpperCase(), M, c.y, { color: c.strong, characterSpacing: 1.2, lineBreak: false, width: CW });
  c.y += 14;
  text(c, "heading", 17, title, M, c.y, { width: CW, lineHeight: 1.2 });
  c.y += height(c, "heading", 17, title, { width: CW, lineHeight: 1.2 }) + 8;
}

function paragraph(c: Ctx, s: string, options: { x?: number; width?: number; size?: number; color?: string; role?: FontRole } = {}) {
  const x = options.x ?? M;
  const width = options.width ?? CW;
  const size = options.size ?? 10;
  const role = options.role ?? "body";
  const h = height(c, role, size, s, { width, lineHeight: 1.45 });
  room(c, h);
  text(c, role, size, s, x, c.y, { width, lineHeight: 1.45, color: options.color ?? INK });
  c.y += h + 6;
}

function cover(c: Ctx, f: ReviewFigures, logo: LogoInput | null) {
  newPage(c);
  const svg = logoSvg(c.brand, logo ?? { marks: [], selected: 0 }, "horizontal", "light");
  const size = svgSize(svg);
  const w = Math.min(220, (48 * size.w) / size.h);
  drawSvg(c.doc, svg, M, 58, { width: w });
  c.y = 58 + (w * size.h) / size.w + 28;
  text(c, "bodyBold", 9, "STRATEGY REVIEW", M, c.y, { color: c.strong, characterSpacing: 1.5, lineBreak: false, width: CW });
  c.y += 16;
  const title = f.partial ? `${periodLabel(f.period)} so far` : periodLabel(f.period);
  text(c, "heading", 28, title, M, c.y, { width: CW, lineHeight: 1.15 });
  c.y += height(c, "heading", 28, title, { width: CW, lineHeight: 1.15 }) + 4;
  const line = `${c.brand.name} · ${windowLabel(f.from, f.to)} (UTC) · ${comparisonLabel(f)}`;
  text(c, "body", 10, line, M, c.y, { color: MUTED, width: CW });
  // Measured: a long name or comparison wraps, and what follows starts below it.
  c.y += height(c, "body", 10, line, { width: CW }) + 12;
}

function stats(c: Ctx, f: ReviewFigures) {
  const cells: Array<[string, string, string]> = [
    ["Visitors", count(f.visitors), previousNote(f, count(f.previous.visitors))],
    ["Leads", count(f.leads), previousNote(f, count(f.previous.leads))],
    ["Conversion", percent(f.conversionRate), previousNote(f, percent(f.previous.conversionRate))],
    ["Page views", count(f.pageviews), ""],
    ["E-mails sent", count(f.emails.sent), `${count(f.emails.unsubscribed)} unsubscribed`],
    ["Subscribers", count(f.emails.subscribers), "At the end of the period"],
  ];
  const gap = 10;
  const cw = (CW - 2 * gap) / 3;
  const ch = 64;
  room(c, 2 * ch + gap);
  cells.forEach(([label, value, note], i) => {
    const x = M + (i % 3) * (cw + gap);
    const y = c.y + Math.floor(i / 3) * (ch + gap);
    c.doc.save().roundedRect(x, y, cw, ch, 8).fill(SOFT).restore();
    c.doc.save().rect(x, y + 10, 3, ch - 20).fill(c.accent).restore();
    text(c, "body", 8.5, label, x + 12, y + 9, { color: MUTED, lineBreak: false, width: cw - 20 });
    text(c, "heading", 18, value, x + 12, y + 22, { lineBreak: false, width: cw - 20 });
    if (note) text(c, "body", 8, note, x + 12, y + 46, { color: MUTED, lineBreak: false, width: cw - 20 });
  });
  c.y += 2 * ch + gap + 14;
}

const CELL_PAD = 4;
const CELL_SIZE = 9;
const HEAD_SIZE = 8.5;

/**
 * A table laid out by measuring its text: each cell wraps within its column
 * (nothing is cut or runs on), and a row is as tall as its tallest cell, so
 * a long text never reaches into the next row. A row is never split across
 * pages; the head is drawn again on a new page.
 */
function table(c: Ctx, columns: Array<{ label: string; width: number; align?: "left" | "right" }>, rows: string[][]) {
  const inner = (i: number) => columns[i]!.width - 2 * CELL_PAD;
  const headH = Math.max(...columns.map((col, i) => height(c, "bodyBold", HEAD_SIZE, col.label, { width: inner(i) }))) + 2 * CELL_PAD;
  const rowHeights = rows.map((row) => Math.max(18, ...row.map((cell, i) => height(c, "body", CELL_SIZE, cell, { width: inner(i) }) + 2 * CELL_PAD)));
  const rule = () => c.doc.save().moveTo(M, c.y).lineTo(M + CW, c.y).lineWidth(0.5).stroke(RULE).restore();
  const head = () => {
    let x = M;
    columns.forEach((col, i) => {
      text(c, "bodyBold", HEAD_SIZE, col.label, x + CELL_PAD, c.y + CELL_PAD, { color: MUTED, width: inner(i), align: col.align ?? "left" });
      x += col.width;
    });
    c.y += headH;
    rule();
  };
  room(c, headH + (rowHeights[0] ?? 0));
  head();
  rows.forEach((row, r) => {
    const rowH = rowHeights[r]!;
    const page = c.doc.bufferedPageRange().count;
    room(c, rowH);
    if (c.doc.bufferedPageRange().count !== page) head();
    let x = M;
    row.forEach((cell, i) => {
      const col = columns[i]!;
      text(c, "body", CELL_SIZE, cell, x + CELL_PAD, c.y + CELL_PAD, { width: inner(i), align: col.align ?? "left" });
      x += col.width;
    });
    c.y += rowH;
    rule();
  });
  c.y += 10;
}

function numbers(c: Ctx, f: ReviewFigures, body: ReviewBody) {
  heading(c, "Where the numbers stand", firstPeriod(f) ? "The first period with numbers" : "This period against the one before");
  paragraph(c, body.summary);
  c.y += 4;
  stats(c, f);
  paragraph(c, "Top sources", { role: "bodyBold", size: 11 });
  if (f.topSources.length === 0) paragraph(c, "No visits from the published page in this period.", { color: MUTED });
  else
    table(
      c,
      [
        { label: "Source", width: CW - 200 },
        { label: "Visitors", width: 100, align: "right" },
        { label: "Leads", width: 100, align: "right" },
      ],
      f.topSources.map((s) => [s.source, count(s.visitors), count(s.leads)]),
    );
  paragraph(c, "Experiments", { role: "bodyBold", size: 11 });
  if (f.experiments.length === 0) paragraph(c, "No experiment ran in this period.", { color: MUTED });
  for (const e of f.experiments) {
    paragraph(c, `${FIELD_NAMES[e.field] ?? e.field} · ${experimentDates(e)} · ${experimentStanding(e)}`, { size: 9.5, color: MUTED });
    table(
      c,
      [
        { label: "Version", width: CW - 270 },
        { label: "Visitors", width: 90, align: "right" },
        { label: "Leads", width: 90, align: "right" },
        { label: "Rate", width: 90, align: "right" },
      ],
      e.arms.map((a) => [`${ARM_NAMES(a.label)}: ${a.text}`, count(a.visitors), count(a.leads), percent(armRate(a))]),
    );
  }
}

function competitors(c: Ctx, f: ReviewFigures, body: ReviewBody) {
  heading(c, "What competitors did", f.competitorChanges.length === 0 ? "A quiet period" : plural(f.competitorChanges.length, "change") + " worth knowing");
  paragraph(c, body.competitors);
  for (const ch of f.competitorChanges.slice(0, 12)) {
    const head = `${ch.competitor} · ${ch.page} · ${dayLabel(ch.at)}${ch.importance === "high" ? " · important" : ""}`;
    const h = height(c, "bodyBold", 9, head, { width: CW - 14 }) + height(c, "body", 9.5, ch.summary, { width: CW - 14, lineHeight: 1.4 }) + 10;
    room(c, h);
    c.doc.save().rect(M, c.y, 3, h - 8).fill(ch.importance === "high" ? c.strong : RULE).restore();
    text(c, "bodyBold", 9, head, M + 12, c.y, { width: CW - 14, color: MUTED });
    c.y += height(c, "bodyBold", 9, head, { width: CW - 14 }) + 2;
    text(c, "body", 9.5, ch.summary, M + 12, c.y, { width: CW - 14, lineHeight: 1.4 });
    c.y += height(c, "body", 9.5, ch.summary, { width: CW - 14, lineHeight: 1.4 }) + 8;
  }
}

function priorities(c: Ctx, f: ReviewFigures, body: ReviewBody) {
  heading(c, "The next 30 days", "Three priorities", 140);
  body.priorities.forEach((p, i) => {
    const facts = topicFacts(p.topic, f);
    room(c, 120);
    c.doc.save().circle(M + 11, c.y + 11, 11).fill(c.brand.palette.primary).restore();
    const onPrimary = contrastRatio("#FFFFFF", c.brand.palette.primary) >= contrastRatio(INK, c.brand.palette.primary) ? "#FFFFFF" : INK;
    text(c, "bodyBold", 11, String(i + 1), M, c.y + 5, { width: 22, align: "center", color: onPrimary, lineBreak: false });
    text(c, "heading", 13, p.title, M + 32, c.y + 3, { width: CW - 32, lineHeight: 1.2 });
    c.y += Math.max(26, height(c, "heading", 13, p.title, { width: CW - 32, lineHeight: 1.2 }) + 8);
    for (const fact of facts) paragraph(c, fact, { x: M + 32, width: CW - 32, role: "bodyBold", size: 9.5, color: c.strong });
    paragraph(c, p.why, { x: M + 32, width: CW - 32, size: 10 });
    for (const a of p.actions) {
      const h = height(c, "body", 10, a, { width: CW - 46, lineHeight: 1.4 });
      room(c, h);
      c.doc.save().circle(M + 36, c.y + 6, 2).fill(c.accent).restore();
      text(c, "body", 10, a, M + 46, c.y, { width: CW - 46, lineHeight: 1.4 });
      c.y += h + 4;
    }
    c.y += 10;
  });
}

function plan(c: Ctx, body: ReviewBody) {
  const gap = 12;
  const cw = (CW - 2 * gap) / 3;
  const columns: Array<[string, string[]]> = [
    ["First 30 days", body.plan.days30],
    ["Days 31 to 60", body.plan.days60],
    ["Days 61 to 90", body.plan.days90],
  ];
  const heights = columns.map(([, steps]) => steps.reduce((s, step) => s + height(c, "body", 9.5, step, { width: cw - 24, lineHeight: 1.4 }) + 8, 40));
  const h = Math.max(...heights);
  heading(c, "The plan", "30, 60 and 90 days", h);
  columns.forEach(([label, steps], i) => {
    const x = M + i * (cw + gap);
    c.doc.save().roundedRect(x, c.y, cw, h, 8).fill(SOFT).restore();
    c.doc.save().rect(x, c.y, cw, 4).fill(i === 0 ? c.brand.palette.primary : i === 1 ? c.brand.palette.secondary : c.brand.palette.accent).restore();
    text(c, "bodyBold", 10, label, x + 12, c.y + 14, { width: cw - 24, lineBreak: false });
    let y = c.y + 34;
    for (const step of steps) {
      text(c, "body", 9.5, step, x + 12, y, { width: cw - 24, lineHeight: 1.4 });
      y += height(c, "body", 9.5, step, { width: cw - 24, lineHeight: 1.4 }) + 8;
    }
  });
  c.y += h + 14;
}

export async function renderReviewPdf(brand: Brand, logo: LogoInput | null, figures: ReviewFigures, body: ReviewBody, writtenAt: Date): Promise<Buffer> {
  const label = figures.partial ? `${periodLabel(figures.period)} so far` : periodLabel(figures.period);
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${brand.name}: strategy review, ${label}`, Author: "LaunchKit", Subject: `Monthly strategy review of ${brand.name}`, Creator: "LaunchKit", Producer: "LaunchKit", CreationDate: writtenAt, ModDate: writtenAt },
    lang: "en",
    displayTitle: true,
    bufferPages: true,
  });
  const fonts = registerBrandFonts(doc, brand);
  const c: Ctx = {
    doc,
    fonts,
    brand,
    strong: nearestPassingColor(brand.palette.primary, PAPER, AA_TEXT).hex,
    accent: brand.palette.accent,
    y: 0,
    title: `${brand.name} · Strategy review · ${label}`,
  };
  cover(c, figures, logo);
  numbers(c, figures, body);
  competitors(c, figures, body);
  priorities(c, figures, body);
  plan(c, body);
  paragraph(c, `Every figure in this review is read from ${possessive(brand.name)} records in LaunchKit (visits counted without cookies, leads, experiments, competitor pages and e-mails) for ${windowLabel(figures.from, figures.to)} (UTC).`, { size: 8.5, color: MUTED });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    text(c, "body", 8, `${i + 1} / ${range.count}`, W - M - 80, H - 30, { color: MUTED, width: 80, align: "right", lineBreak: false });
  }
  return collectPdf(doc);
}
