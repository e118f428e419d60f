import { addDays, formatDay } from "../calendar/dates";
import { composeComment, composeHnComment } from "./limits";
import type { LaunchContent } from "./schema";
import { community, onDay } from "./subreddits";

/**
 * The launch plan, T−14 to T+7: each task at a moment (a wall-clock time in
 * the founder's time zone, or in Pacific time for Product Hunt's day, which
 * starts at midnight Pacific), with the copy to post. Pure and client-safe:
 * the checklist and the ICS file are drawn from it.
 */

export const PACIFIC = "America/Los_Angeles";

/** Minutes east of UTC of `tz` at the instant `ms`. */
export function zoneOffsetMinutes(ms: number, tz: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant of a wall-clock time ("YYYY-MM-DD", "HH:MM") in `tz` (a time skipped by a clock change moves forward). */
export function zonedInstant(date: string, time: string, tz: string): Date {
  const guess = Date.parse(`${date}T${time}:00Z`);
  let ms = guess - zoneOffsetMinutes(guess, tz) * 60_000;
  ms = guess - zoneOffsetMinutes(ms, tz) * 60_000;
  return new Date(ms);
}

/** "Tue 15 Dec, 09:01" in `tz`. */
export function wallClock(at: Date, tz: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

export function describeMoment(at: Date, tz: string): string {
  const w = wallClock(at, tz);
  return `${formatDay(w.date)}, ${w.time}`;
}

/** The first Tuesday at least three weeks from `now` (UTC day): the default launch date. */
export function defaultLaunchDate(now = new Date()): string {
  const start = addDays(now.toISOString().slice(0, 10), 21);
  return onDay(start, "Tuesday");
}

/** A time zone guessed from the place the kit names, else UTC: the founder sets their own. */
const PLACE_ZONES: Record<string, string> = {
  lisbon: "Europe/Lisbon", lisboa: "Europe/Lisbon", porto: "Europe/Lisbon", portugal: "Europe/Lisbon", london: "Europe/London", uk: "Europe/London",
  berlin: "Europe/Berlin", germany: "Europe/Berlin", paris: "Europe/Paris", france: "Europe/Paris", madrid: "Europe/Madrid", spain: "Europe/Madrid",
  amsterdam: "Europe/Amsterdam", dublin: "Europe/Dublin", austin: "America/Chicago", texas: "America/Chicago", chicago: "America/Chicago",
  "new york": "America/New_York", boston: "America/New_York", toronto: "America/Toronto", "san francisco": PACIFIC, "los angeles": PACIFIC,
  seattle: PACIFIC, california: PACIFIC, denver: "America/Denver", sydney: "Australia/Sydney", melbourne: "Australia/Melbourne",
  tokyo: "Asia/Tokyo", singapore: "Asia/Singapore", bangalore: "Asia/Kolkata", india: "Asia/Kolkata", "são paulo": "America/Sao_Paulo",
};
export function guessTimeZone(...places: Array<string | null | undefined>): string {
  const text = ` ${places.filter(Boolean).join(" ").toLowerCase()} `;
  for (const [place, zone] of Object.entries(PLACE_ZONES)) if (new RegExp(`[^\\p{L}]${place}[^\\p{L}]`, "u").test(text)) return zone;
  return "UTC";
}

export type Task = {
  /** Stable across regenerations and date moves: what the checklist stores. */
  id: string;
  /** Days from launch day. */
  day: number;
  at: Date;
  /** "pacific" when the moment is set by Product Hunt's day. */
  clock: "local" | "pacific";
  title: string;
  detail: string;
  /** The text to post, when there is one. */
  copy: string | null;
  where: string | null;
};

type Draft = Omit<Task, "at"> & { time: string; date?: string };

/** The plan for a launch's content, in order of time. */
export function launchPlan(c: Pick<LaunchContent, "launchDate" | "timeZone" | "productHunt" | "showHn" | "showHnLeftOut" | "reddit" | "indieHackers" | "x" | "linkedin" | "teaser" | "supporters" | "email" | "followUp">): Task[] {
  const ph = c.productHunt;
  const drafts: Draft[] = [
    { id: "teaser", day: -14, time: "09:00", clock: "local", title: "Tease the launch on X", detail: "Say what is coming and when; pin it to your profile.", copy: c.teaser, where: "https://x.com/compose/post" },
    { id: "hunter", day: -12, time: "09:00", clock: "local", title: "Decide who hunts it", detail: "Post it yourself (makers may hunt their own product) or ask a hunter who knows the field; send them the name, tagline and a link.", copy: `${ph.name}: ${ph.tagline}`, where: "https://www.producthunt.com/posts/new" },
    { id: "supporters", day: -10, time: "09:00", clock: "local", title: "Tell your supporters the date", detail: "Write to people who asked about it. Product Hunt forbids asking for upvotes or mass messaging: say what launches and when, nothing more.", copy: c.supporters, where: null },
    { id: "assets", day: -7, time: "09:00", clock: "local", title: "Get the Product Hunt page ready", detail: "Name, tagline, description, three topics, the 240×240 thumbnail and the five gallery images (download them below).", copy: [`Name: ${ph.name}`, `Tagline: ${ph.tagline}`, `Description: ${ph.description}`, `Topics: ${ph.topics.join(", ")}`].join("\n"), where: "https://www.producthunt.com/posts/new" },
    { id: "video", day: -5, time: "09:00", clock: "local", title: "Record the 60-second demo video", detail: "Follow the script shot by shot; upload it to YouTube or Loom for the gallery.", copy: ph.video.map((s) => `${s.seconds}s · ${s.shot} — "${s.voiceover}"`).join("\n"), where: null },
    { id: "schedule", day: -3, time: "09:00", clock: "local", title: "Schedule the launch on Product Hunt", detail: "Set it to go live at 12:01 a.m. Pacific on launch day, the start of Product Hunt's day.", copy: null, where: "https://www.producthunt.com/posts/new" },
    { id: "email-ready", day: -1, time: "09:00", clock: "local", title: "Have the launch e-mail ready", detail: "Schedule it for launch morning (Pro) or keep the draft to send yourself.", copy: `${c.email.subject}\n\n${c.email.body}`, where: null },
    { id: "launch", day: 0, time: "00:01", clock: "pacific", title: "Launch on Product Hunt and post your first comment", detail: "Your page goes live at 12:01 a.m. Pacific. Post the maker's comment at once.", copy: composeComment(ph.comment), where: "https://www.producthunt.com" },
    { id: "social", day: 0, time: "08:00", clock: "local", title: "Post on X and LinkedIn", detail: "Say it is live, with the link to your Product Hunt page.", copy: `X:\n${c.x}\n\nLinkedIn:\n${c.linkedin}`, where: "https://x.com/compose/post" },
    { id: "email", day: 0, time: "09:00", clock: "local", title: "Send the launch e-mail to your leads", detail: "The people who signed up on your page hear it from you first.", copy: `${c.email.subject}\n\n${c.email.body}`, where: null },
    { id: "replies", day: 0, time: "10:00", clock: "local", title: "Reply to every comment through the day", detail: "Answer each question on Product Hunt within the hour; thank people by name.", copy: null, where: "https://www.producthunt.com" },
    { id: "indie-hackers", day: 0, time: "14:00", clock: "local", title: "Post on Indie Hackers", detail: "A maker's story: what you built, why, what you learned.", copy: `${c.indieHackers.title}\n\n${c.indieHackers.body}`, where: "https://www.indiehackers.com/new-post" },
  ];
  if (c.showHn) {
    drafts.push({ id: "show-hn", day: 1, time: "08:00", clock: "pacific", title: "Post a Show HN", detail: "Submit the title with your link, then post the comment at once. Don't ask friends to upvote or comment (Hacker News' rule).", copy: `${c.showHn.title}\n\n${composeHnComment(c.showHn.comment)}`, where: "https://news.ycombinator.com/submit" });
  }
  c.reddit.forEach((post, i) => {
    const rules = community(post.subreddit);
    // Spread over the days after launch, one community a day, on its own day when it has one (Showoff Saturday).
    const date = rules?.day ? onDay(addDays(c.launchDate, 1), rules.day) : addDays(c.launchDate, 2 + i);
    drafts.push({ id: `reddit-${rules?.name.toLowerCase() ?? i}`, day: 0, date, time: "09:00", clock: "local", title: `Post in r/${rules?.name ?? post.subreddit}`, detail: rules ? `${rules.promotionNote}${rules.flair ? ` Flair: ${rules.flair}.` : ""} Read its rules first.` : "Read its rules first.", copy: `${post.title}\n\n${post.body}`, where: `https://www.reddit.com/r/${rules?.name ?? post.subreddit}/submit` });
  });
  drafts.push({ id: "follow-up", day: 7, time: "09:00", clock: "local", title: "Send the follow-up e-mail", detail: "A week on: thank people, say what you heard and what comes next.", copy: `${c.followUp.subject}\n\n${c.followUp.body}`, where: null });

  const launchMs = Date.parse(`${c.launchDate}T00:00:00Z`);
  return drafts
    .map(({ time, date, ...d }) => {
      const day = date ?? addDays(c.launchDate, d.day);
      const at = zonedInstant(day, time, d.clock === "pacific" ? PACIFIC : c.timeZone);
      return { ...d, day: Math.round((Date.parse(`${day}T00:00:00Z`) - launchMs) / 86_400_000), at };
    })
    .filter((t) => t.day <= 7)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
