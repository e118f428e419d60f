/**
 * Whole-day arithmetic on "YYYY-MM-DD" strings, in UTC so that no time zone
 * or daylight-saving change moves a day. Client-safe.
 */

const DAY = 86_400_000;

const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return toIso(toUtc(iso) + days * DAY);
}

/** Today (UTC) plus `days`, the default launch date being two weeks from today. */
export function todayPlus(days: number, now = new Date()): string {
  return addDays(now.toISOString().slice(0, 10), days);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Sat 14 Mar" or "Saturday 14 March 2026": the same text on the server and in every browser (no locale data involved). */
export function formatDay(iso: string, style: "long" | "short" = "short"): string {
  const d = new Date(toUtc(iso));
  const day = WEEKDAYS[d.getUTCDay()]!;
  const month = MONTHS[d.getUTCMonth()]!;
  if (style === "short") return `${day.slice(0, 3)} ${d.getUTCDate()} ${month.slice(0, 3)}`;
  return `${day} ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

export function dayLabel(offset: number): string {
  if (offset === 0) return "Launch day";
  return offset < 0 ? `${-offset} day${offset === -1 ? "" : "s"} before launch` : `Day ${offset} after launch`;
}

export type CalendarDay = { date: string; offset: number };
export type CalendarWeek = { label: string; days: CalendarDay[] };

const WEEK_LABELS = ["Week before launch", "Launch week", "Week 2", "Week 3", "Week 4"];

/**
 * The calendar view: four weeks of seven days counted from launch, the week
 * before it first (days −7 to −1), then launch week (0 to 6), weeks 2 and 3;
 * a fifth row only when a post is planned on day 21.
 */
export function calendarWeeks(launchDate: string, offsets: readonly number[]): CalendarWeek[] {
  const last = Math.max(20, ...offsets);
  const weeks: CalendarWeek[] = [];
  for (let w = 0; -7 + w * 7 <= last; w++) {
    weeks.push({
      label: WEEK_LABELS[w] ?? `Week ${w}`,
      days: Array.from({ length: 7 }, (_, i) => {
        const offset = -7 + w * 7 + i;
        return { date: addDays(launchDate, offset), offset };
      }),
    });
  }
  return weeks;
}
