import { escapeText, foldLine } from "../calendar/ics";
import type { Task } from "./timeline";

/**
 * launch-plan.ics: one timed VEVENT per task of the launch plan (T−14 to
 * T+7), its DESCRIPTION carrying what to do and the copy to post. Times are
 * written in UTC (the instants of the founder's wall-clock times, or of
 * 12:01 a.m. Pacific for Product Hunt), which every calendar shows in its
 * own zone without a VTIMEZONE block; X-WR-TIMEZONE names the founder's
 * zone for apps that create the calendar from the file. Folding and escaping
 * as calendar.ics (app/kit/assets/calendar/ics.ts); UIDs stable per task.
 */

const icsStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export function launchIcs(input: { kitId: string; calendarName: string; timeZone: string; tasks: readonly Task[]; stamp: Date }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//LaunchKit//Launch plan//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.calendarName)}`,
    `X-WR-TIMEZONE:${escapeText(input.timeZone)}`,
  ];
  for (const task of input.tasks) {
    const description = [task.detail, task.copy ? `\nTo post:\n${task.copy}` : "", task.where ? `\n${task.where}` : ""].join("\n").trim();
    lines.push(
      "BEGIN:VEVENT",
      `UID:${input.kitId}-launch-${task.id}@launchkit`,
      `DTSTAMP:${icsStamp(input.stamp)}`,
      `DTSTART:${icsStamp(task.at)}`,
      `DTEND:${icsStamp(new Date(task.at.getTime() + 30 * 60_000))}`,
      `SUMMARY:${escapeText(task.title)}`,
      `DESCRIPTION:${escapeText(description)}`,
      ...(task.where ? [`URL:${task.where}`] : []),
      "CATEGORIES:Launch",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("");
}
