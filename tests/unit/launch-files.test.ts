import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { adsCsv } from "~/kit/assets/ads/csv.server";
import { AdsContentSchema } from "~/kit/assets/ads/schema";
import { postsCsv } from "~/kit/assets/calendar/csv.server";
import { addDays, calendarWeeks } from "~/kit/assets/calendar/dates";
import { calendarIcs, escapeText, foldLine } from "~/kit/assets/calendar/ics";
import { SocialContentSchema, type Post } from "~/kit/assets/social/schema";
import { biosText } from "~/kit/assets/social/text";
import { FAKE_ADS, FAKE_SOCIAL } from "../support/fake-launch.mjs";
import { parseCsv } from "../support/readers";

const social = SocialContentSchema.parse(FAKE_SOCIAL);
const stamp = new Date("2026-01-02T03:04:05.678Z");

describe("calendar.ics (RFC 5545)", () => {
  const tricky: Post = {
    platform: "linkedin",
    text: "Launch day, finally; we did it\\n! Comma, semicolon; backslash \\ and a newline\nand émojis 🚀👨‍👩‍👧‍👦 in a long line that must be folded at seventy-five octets, not characters: 日本語日本語日本語日本語日本語日本語",
    hashtags: ["Launch"],
    visual: "A photo, with commas; and semicolons.",
    dayOffset: 0,
  };
  const posts = [...social.posts.slice(0, 9), tricky];
  const ics = calendarIcs({ kitId: "kit123", calendarName: "Groomwell, launch; posts", launchDate: "2026-03-14", posts, stamp });

  it("parses back with ical.js: one all-day VEVENT per post on its date, stable UIDs, DTSTAMP, PRODID, VERSION", () => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBe("-//LaunchKit//Launch calendar//EN");
    // An X- property has no type ical.js knows, so it shows the escaped TEXT as written.
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Groomwell\\, launch\\; posts");
    const events = cal.getAllSubcomponents("vevent");
    expect(events).toHaveLength(10);
    events.forEach((vevent, i) => {
      const e = new ICAL.Event(vevent);
      expect(e.uid).toBe(`kit123-${i}@launchkit`);
      expect(e.startDate.isDate).toBe(true);
      expect(e.startDate.toString()).toBe(addDays("2026-03-14", posts[i]!.dayOffset));
      expect(e.endDate.toString()).toBe(addDays("2026-03-14", posts[i]!.dayOffset + 1));
      expect(vevent.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-01-02T03:04:05Z");
    });
    expect(new ICAL.Event(events[0]!).summary).toBe(`X post: ${FAKE_SOCIAL.posts[0]!.text.split("\n")[0]}`);
  });

  it("escapes , ; \\ and newlines so the text comes back exactly", () => {
    const e = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent")[9]!);
    expect(e.description).toBe(`${tricky.text}\n\n#Launch\n\nSuggested visual: ${tricky.visual}`);
    // The summary is the first line, cut to 57 characters and "…".
    expect(e.summary).toBe(`LinkedIn post: ${Array.from(tricky.text.split("\n")[0]!).slice(0, 57).join("").trimEnd()}…`);
    expect(escapeText("a,b;c\\d\ne\r\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    expect(escapeText("bell\u0007 tab\t")).toBe("bell tab\t");
  });

  it("uses CRLF line ends and folds at 75 octets without splitting a UTF-8 character", () => {
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n").slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // A split multi-byte character would decode to U+FFFD.
      expect(Buffer.from(line, "utf8").toString("utf8")).not.toContain("\uFFFD");
    }
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    // Folding is exact: a 75-octet line stays whole; 76 octets fold into 75 + " " + 1.
    expect(foldLine("a".repeat(75))).toBe(`${"a".repeat(75)}\r\n`);
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a\r\n`);
    // 日 is 3 octets: 25 of them are exactly 75; a 26th goes to the next line whole.
    expect(foldLine("日".repeat(26))).toBe(`${"日".repeat(25)}\r\n 日\r\n`);
    expect(foldLine(`${"a".repeat(74)}日`)).toBe(`${"a".repeat(74)}\r\n 日\r\n`);
  });

  it("is the same bytes for the same input, and a new launch date moves every post", () => {
    expect(calendarIcs({ kitId: "kit123", calendarName: "x", launchDate: "2026-03-14", posts, stamp })).toBe(calendarIcs({ kitId: "kit123", calendarName: "x", launchDate: "2026-03-14", posts, stamp }));
    const moved = new ICAL.Component(ICAL.parse(calendarIcs({ kitId: "kit123", calendarName: "x", launchDate: "2026-04-01", posts, stamp })));
    moved.getAllSubcomponents("vevent").forEach((v, i) => expect(new ICAL.Event(v).startDate.toString()).toBe(addDays("2026-04-01", posts[i]!.dayOffset)));
  });
});

describe("posts.csv and ads.csv", () => {
  it("posts.csv: a BOM, a header, one row per post in date order, the post as pasted", () => {
    const csv = postsCsv("2026-03-14", social.posts);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(["Date", "Day", "Platform", "Post", "Hashtags", "Suggested visual", "Characters", "Limit", "Trimmed"]);
    expect(rows).toHaveLength(11);
    expect(rows[1]!.slice(0, 3)).toEqual(["2026-03-07", "7 days before launch", "X"]);
    expect(rows[1]![3]).toBe(`${FAKE_SOCIAL.posts[0]!.text}\n\n#Groomwell #DogGrooming`);
    expect(rows.slice(1).map((r) => r[0])).toEqual([...rows.slice(1).map((r) => r[0]!)].sort());
    expect(rows.find((r) => r[1] === "Launch day")).toBeDefined();
  });

  it("cells a spreadsheet would run as formulas are neutralised", () => {
    const evil = { ...social.posts[0]!, text: "=HYPERLINK(\"http://evil\")", visual: "@SUM(A1)", hashtags: [] };
    const rows = parseCsv(postsCsv("2026-03-14", [evil]).slice(1));
    expect(rows[1]![3]).toBe("'=HYPERLINK(\"http://evil\")");
    expect(rows[1]![5]).toBe("'@SUM(A1)");
  });

  it("ads.csv: per variant a Google row and a Meta row with the Marketing API's button type", () => {
    const rows = parseCsv(adsCsv(AdsContentSchema.parse(FAKE_ADS)).slice(1));
    expect(rows).toHaveLength(7);
    expect(rows[1]!.slice(0, 9)).toEqual(["1", "Pain", FAKE_ADS.variants[0]!.hypothesis, "Google search", ...FAKE_ADS.variants[0]!.google.headlines]);
    expect(rows[2]!.slice(-3)).toEqual([FAKE_ADS.variants[0]!.meta.primaryText, "Book Now", "BOOK_NOW"]);
  });

  it("bios.txt: each bio under its network with its count, CRLF", () => {
    const text = biosText("Groomwell", social.bios);
    expect(text).toContain(`== TikTok bio (${FAKE_SOCIAL.bios.tiktok.text.length}/80) ==\r\n${FAKE_SOCIAL.bios.tiktok.text}`);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  });
});

describe("the calendar view", () => {
  it("is four weeks counted from a week before launch, with a fifth only for a post on day 21", () => {
    const weeks = calendarWeeks("2026-03-14", [-7, 0, 14]);
    expect(weeks.map((w) => w.label)).toEqual(["Week before launch", "Launch week", "Week 2", "Week 3"]);
    expect(weeks[0]!.days[0]).toEqual({ date: "2026-03-07", offset: -7 });
    expect(weeks[1]!.days[0]).toEqual({ date: "2026-03-14", offset: 0 });
    expect(weeks[3]!.days[6]).toEqual({ date: "2026-04-03", offset: 20 });
    expect(calendarWeeks("2026-03-14", [21])).toHaveLength(5);
  });

  it("crosses months, years and daylight-saving changes by whole days", () => {
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2026-03-08", 21)).toBe("2026-03-29");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});
