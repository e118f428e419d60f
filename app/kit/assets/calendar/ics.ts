import { graphemes } from "../social/count";
import { composePost, PLATFORM_LABEL, type Post } from "../social/schema";
import { addDays } from "./dates";

/**
 * calendar.ics (RFC 5545): one all-day VEVENT per post on the day it is
 * planned for. Pure: the same posts, date and stamp give the same bytes.
 *
 * - Lines end with CRLF and are folded at 75 octets (UTF-8 bytes, not
 *   characters: a multi-byte character is never split); a continuation
 *   line starts with one space, which counts towards its 75.
 * - TEXT values escape backslash, semicolon, comma and newlines (§3.3.11);
 *   other control characters, which TEXT does not allow, are dropped.
 * - UIDs are stable (<kit id>-<post index>@launchkit), so importing the file
 *   again after moving the launch date updates the events instead of
 *   duplicating them; DTSTAMP is when the posts or the date last changed.
 */

export type IcsInput = {
  kitId: string;
  calendarName: string;
  launchDate: string;
  posts: readonly Post[];
  /** DTSTAMP: when the calendar's content last changed. */
  stamp: Date;
};

export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

const encoder = new TextEncoder();

/** One content line, folded at 75 octets, with its CRLF. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (octets + n > 75) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join("\r\n") + "\r\n";
}

const icsDate = (iso: string) => iso.replace(/-/g, "");
const icsStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function summary(post: Post) {
  const first = post.text.split("\n").find((l) => l.trim()) ?? post.text;
  const gs = graphemes(first.trim());
  const short = gs.length > 60 ? `${gs.slice(0, 57).join("").trimEnd()}…` : gs.join("");
  return `${PLATFORM_LABEL[post.platform]} post: ${short}`;
}

export function calendarIcs(input: IcsInput): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//LaunchKit//Launch calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.calendarName)}`,
  ];
  input.posts.forEach((post, i) => {
    const day = addDays(input.launchDate, post.dayOffset);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${input.kitId}-${i}@launchkit`,
      `DTSTAMP:${icsStamp(input.stamp)}`,
      `DTSTART;VALUE=DATE:${icsDate(day)}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(day, 1))}`,
      `SUMMARY:${escapeText(summary(post))}`,
      `DESCRIPTION:${escapeText(`${composePost(post)}\n\nSuggested visual: ${post.visual}`)}`,
      `CATEGORIES:${escapeText(PLATFORM_LABEL[post.platform])}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  });
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("");
}
