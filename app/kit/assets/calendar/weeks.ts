/**
 * The calendar's four weeks (the rows of its view, dates.ts): the week
 * before launch (days −7 to −1), launch week (0 to 6), weeks 2 and 3 (7 to
 * 20). A launch plan keeps posting: every week has at least one post, from
 * either provider. Client-safe.
 */

export const CALENDAR_WEEKS = [
  { label: "the week before launch", first: -7, last: -1 },
  { label: "launch week", first: 0, last: 6 },
  { label: "week 2", first: 7, last: 13 },
  { label: "week 3", first: 14, last: 20 },
] as const;

/** The row of the calendar a day falls in (0: the week before launch); day 21 is a fifth row. */
export function weekOf(dayOffset: number): number {
  return Math.floor((dayOffset + 7) / 7);
}

/** The weeks with no post, by index into CALENDAR_WEEKS. */
export function emptyWeeks(posts: ReadonlyArray<{ dayOffset: number }>): number[] {
  const used = new Set(posts.map((p) => weekOf(p.dayOffset)));
  return CALENDAR_WEEKS.map((_, i) => i).filter((i) => !used.has(i));
}

const distance = (day: number, week: { first: number; last: number }) => (day < week.first ? week.first - day : day > week.last ? day - week.last : 0);

/**
 * The posts with every week filled: a post moves from the fullest week into
 * each empty one, to the day of that week nearest its own. Launch-day posts
 * move last, and a week never gives its only post. Post order, texts and
 * platforms are kept; a set that already fills every week comes back as it
 * was.
 */
export function postsInEveryWeek<P extends { dayOffset: number }>(posts: readonly P[]): P[] {
  const out = posts.map((p) => ({ ...p }));
  for (const week of emptyWeeks(out)) {
    const target = CALENDAR_WEEKS[week]!;
    const counts = new Map<number, number>();
    for (const p of out) counts.set(weekOf(p.dayOffset), (counts.get(weekOf(p.dayOffset)) ?? 0) + 1);
    const donors = out
      .map((p, index) => ({ index, day: p.dayOffset, count: counts.get(weekOf(p.dayOffset)) ?? 0 }))
      .filter((d) => d.count > 1);
    if (donors.length === 0) break;
    donors.sort(
      (a, b) =>
        b.count - a.count ||
        Number(a.day === 0) - Number(b.day === 0) ||
        // From the fullest week, the post nearest the empty one.
        distance(a.day, target) - distance(b.day, target) ||
        a.index - b.index,
    );
    const donor = out[donors[0]!.index]!;
    donor.dayOffset = Math.min(target.last, Math.max(target.first, donor.dayOffset));
  }
  return out;
}
