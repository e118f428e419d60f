import { z } from "zod";

/**
 * The calendar asset: the launch date the founder chose. The posts come from
 * the social asset (each has a day offset), so moving the date moves every
 * post and an edited post shows up in the calendar at once. Client-safe.
 */

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day "YYYY-MM-DD" (no 2025-02-30). */
export function isCalendarDate(s: string) {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const CalendarContentSchema = z.object({
  launchDate: z.string().refine(isCalendarDate, "Not a valid date."),
});
export type CalendarContent = z.infer<typeof CalendarContentSchema>;

/** The launch-date form. Years 2000–2100: enough for any launch, and no five-digit years in calendar files. */
export const LaunchDateSchema = z.object({
  launchDate: z
    .string("Choose a launch date.")
    .trim()
    .min(1, "Choose a launch date.")
    .refine(isCalendarDate, "Enter a date like 2026-03-14.")
    .refine((s) => s >= "2000-01-01" && s <= "2100-12-31", "Choose a date between the years 2000 and 2100."),
});
