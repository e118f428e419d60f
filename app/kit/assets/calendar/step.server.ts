import { todayPlus } from "./dates";
import { CalendarContentSchema, type CalendarContent } from "./schema";

/** Days from today to the default launch date. */
export const DEFAULT_LAUNCH_IN_DAYS = 14;

/**
 * The calendar step asks no AI: it sets the launch date to two weeks from
 * today, or keeps the one the founder chose (a rerun never moves it).
 */
export async function calendarContent(current: unknown, now = new Date()): Promise<CalendarContent> {
  const existing = CalendarContentSchema.safeParse(current);
  return existing.success ? existing.data : { launchDate: todayPlus(DEFAULT_LAUNCH_IN_DAYS, now) };
}
