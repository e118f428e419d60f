import type { DailyRow } from "./shared";

/**
 * The geometry of the daily chart, drawn as SVG on the server (no script):
 * one bar per day for visitors, a darker bar inside it for leads, a y axis
 * with round steps, and a few day labels under the bars. Pure, so the view
 * only places what this returns.
 */

export type ChartSize = { width: number; height: number; left: number; right: number; top: number; bottom: number; font: number; labels: number };

/** Laptops and up. */
export const CHART: ChartSize = { width: 720, height: 240, left: 44, right: 12, top: 12, bottom: 36, font: 12, labels: 7 };
/** Phones: fewer, larger labels in a narrower drawing (shown instead of the wide one below 640 px, by CSS). */
export const CHART_COMPACT: ChartSize = { width: 360, height: 220, left: 36, right: 8, top: 12, bottom: 34, font: 13, labels: 3 };

export type ChartBar = { day: string; x: number; width: number; visitorsY: number; visitorsHeight: number; leadsY: number; leadsHeight: number; row: DailyRow };
export type ChartGeometry = { bars: ChartBar[]; ticks: Array<{ value: number; y: number }>; labels: Array<{ x: number; text: string }>; max: number; baseline: number };

/** The smallest of 1, 2, 5 × 10^k at or above `n`/`steps` (so `steps` steps reach `n`). */
export function niceStep(n: number, steps = 4): number {
  if (n <= steps) return 1;
  const raw = n / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 26" for "2026-11-26". */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${MONTHS[Number(m) - 1]} ${Number(d)}`;
}

export function chartGeometry(daily: DailyRow[], size: ChartSize = CHART): ChartGeometry {
  const { width, height, left, right, top, bottom } = size;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const baseline = top + plotH;
  const highest = Math.max(0, ...daily.map((d) => d.visitors));
  const step = niceStep(highest);
  const max = Math.max(step, Math.ceil(highest / step) * step);
  const y = (v: number) => baseline - (v / max) * plotH;
  const slot = plotW / Math.max(1, daily.length);
  const barW = Math.max(1, slot * (daily.length > 40 ? 0.8 : 0.66));
  const bars = daily.map((row, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const vy = y(row.visitors);
    const ly = y(Math.min(row.leads, row.visitors));
    return { day: row.day, x, width: barW, visitorsY: vy, visitorsHeight: baseline - vy, leadsY: ly, leadsHeight: baseline - ly, row };
  });
  const ticks = [];
  for (let v = 0; v <= max; v += step) ticks.push({ value: v, y: y(v) });
  // At most `size.labels` day labels, the last one today's: every day of a week on a laptop, every 5th of a month, every 15th of 90 days.
  const every = Math.max(1, Math.ceil((daily.length - 1) / Math.max(1, size.labels - 1)));
  const labels = daily
    .map((d, i) => ({ i, d }))
    .filter(({ i }) => (daily.length - 1 - i) % every === 0)
    .map(({ i, d }) => ({ x: left + i * slot + slot / 2, text: shortDay(d.day) }));
  return { bars, ticks, labels, max, baseline };
}
