import { z } from "zod";
import { isCalendarDate } from "../calendar/schema";
import { COUNT_NOTE, LAUNCH_LIMITS, countField, showHnTitleProblem, type LaunchField } from "./limits";
import { community } from "./subreddits";

/**
 * The launch asset: what to post on launch day and around it (Product Hunt,
 * Show HN, Reddit, Indie Hackers, X, LinkedIn, the leads' e-mails), written
 * by the model or offline, plus what the founder sets (the date, the time
 * zone) and ticks (the plan's checklist). Client-safe.
 */

/**
 * Product Hunt topics LaunchKit may choose from: names of topics on
 * producthunt.com/topics as listed in late 2026 (a model answer outside this
 * list is refused, so no made-up topic reaches the founder).
 */
export const PH_TOPICS = [
  "Productivity", "Developer Tools", "Open Source", "SaaS", "Artificial Intelligence", "Marketing", "Design Tools", "Fintech",
  "Education", "Health & Fitness", "Parenting", "Kids", "Pets", "Food & Drink", "Travel", "Art", "Music", "Games", "Photography",
  "Fashion", "Home", "Real Estate", "Hiring", "Sales", "Customer Success", "E-Commerce", "Small Business", "Accounting", "Analytics",
  "Command Line Tools", "GitHub", "Web App", "iOS", "Android", "Mac", "Hardware", "Events", "Non-profit", "Community", "Writing",
  "Wellness", "Crafts", "Local Business", "Legal", "Outdoors", "Sustainability",
] as const;

function text(field: LaunchField) {
  const { limit, counter, label } = LAUNCH_LIMITS[field];
  return z
    .string()
    .trim()
    .min(1, `Write the ${label}.`)
    .superRefine((t, ctx) => {
      const n = countField(field, t);
      if (n > limit) ctx.addIssue({ code: "custom", message: `The ${label} must be at most ${limit.toLocaleString("en-US")} ${COUNT_NOTE[counter]} (this is ${n.toLocaleString("en-US")}).` });
    });
}

const notPlaceholder = (t: string) => !/\[[^\]]{1,40}\](?!\()|\{\{|\bTODO\b|\bTBD\b|lorem ipsum|your (product|company) name/i.test(t);
const clean = (field: LaunchField) => text(field).refine(notPlaceholder, "Write it out: no placeholders such as [name] or TBD.");

export const VIDEO_SECONDS = 60;

export const ProductHuntSchema = z.object({
  name: clean("phName"),
  tagline: clean("phTagline"),
  description: clean("phDescription"),
  topics: z
    .array(z.enum(PH_TOPICS, `Choose Product Hunt topics from: ${PH_TOPICS.join(", ")}.`))
    .length(3)
    .refine((t) => new Set(t).size === 3, "Choose three different topics."),
  /** The maker's first comment, in the order it is posted: who you are, why you made it, what is new, a question. */
  comment: z
    .object({ who: clean("phCommentPart"), why: clean("phCommentPart"), whatsNew: clean("phCommentPart"), question: clean("phCommentPart").refine((q) => q.trim().endsWith("?"), "End the comment with a question to the community.") })
    .superRefine((c, ctx) => {
      const n = countField("phComment", [c.who, c.why, c.whatsNew, c.question].join("\n\n"));
      if (n > LAUNCH_LIMITS.phComment.limit) ctx.addIssue({ code: "custom", message: `The maker's comment must be at most ${LAUNCH_LIMITS.phComment.limit} characters (this is ${n}).` });
    }),
  /** A 60-second demo: each shot with its length in seconds, in order. */
  video: z
    .array(z.object({ seconds: z.number().int().min(2).max(30), shot: clean("shot"), voiceover: clean("shot") }))
    .min(4)
    .max(8)
    .refine((shots) => shots.reduce((s, x) => s + x.seconds, 0) === VIDEO_SECONDS, `The shots must add up to ${VIDEO_SECONDS} seconds.`),
});

export const ShowHnSchema = z.object({
  title: z.string().trim().superRefine((t, ctx) => {
    const problem = showHnTitleProblem(t);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  /** The plain first comment: what it is, how it works or is built, what is rough, what feedback is wanted. */
  comment: z.object({ what: clean("hnPart"), how: clean("hnPart"), rough: clean("hnPart"), feedback: clean("hnPart") }),
});

export const RedditPostSchema = z.object({
  /** A community's name without "r/"; the step keeps only names from subreddits.json. */
  subreddit: z.string().trim().min(1).max(60),
  title: clean("redditTitle"),
  body: clean("redditBody"),
});
const ListedRedditPostSchema = RedditPostSchema.extend({
  subreddit: z.string().trim().refine((n) => community(n) !== undefined, "Choose a community from LaunchKit's list."),
});

export const EmailSchema = z.object({ subject: clean("emailSubject"), preview: clean("emailPreview"), body: clean("emailBody") });

/** What the model (or the builtin writer) writes. */
export const LaunchCopySchema = z.object({
  productHunt: ProductHuntSchema,
  showHn: ShowHnSchema,
  reddit: z
    .array(RedditPostSchema)
    .min(3)
    .max(5)
    .refine((posts) => new Set(posts.map((p) => p.subreddit.toLowerCase())).size === posts.length, "One post per community."),
  indieHackers: z.object({ title: clean("ihTitle"), body: clean("ihBody") }),
  x: clean("x"),
  linkedin: clean("linkedin"),
  /** The T−14 teaser for X. */
  teaser: clean("x"),
  /** A note to friends and early users: what launches when, no request for votes (Product Hunt forbids it). */
  supporters: clean("supporters").refine((t) => !/\bup-?votes?\b|\bvote for\b/i.test(t), "Product Hunt forbids asking for upvotes: say what launches and when, nothing more."),
  email: EmailSchema,
  followUp: EmailSchema,
});
export type LaunchCopy = z.infer<typeof LaunchCopySchema>;

/** An IANA time zone the runtime knows ("Europe/Lisbon"). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(tz) && tz !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const LaunchContentSchema = LaunchCopySchema.extend({
  reddit: z.array(ListedRedditPostSchema).min(3).max(5),
  showHn: ShowHnSchema.nullable(),
  /** Why there is no Show HN, when there is none. */
  showHnLeftOut: z.string().nullable().default(null),
  launchDate: z.string().refine(isCalendarDate, "Not a valid date."),
  timeZone: z.string().refine(isTimeZone, "Not a time zone."),
  /** The plan's tasks the founder ticked (their ids). */
  done: z.array(z.string().max(40)).max(60).default([]),
  /** Names the model gave that are not in LaunchKit's list (kept out of the posts). */
  droppedCommunities: z.array(z.string().max(60)).max(10).default([]),
});
export type LaunchContent = z.infer<typeof LaunchContentSchema>;

/** The date and time zone form. */
export const LaunchSettingsSchema = z.object({
  launchDate: z
    .string("Choose a launch date.")
    .trim()
    .min(1, "Choose a launch date.")
    .refine(isCalendarDate, "Enter a date like 2026-03-14.")
    .refine((s) => s >= "2000-01-01" && s <= "2100-12-31", "Choose a date between the years 2000 and 2100."),
  timeZone: z.string("Choose your time zone.").trim().min(1, "Choose your time zone.").refine(isTimeZone, "Enter a time zone such as Europe/Lisbon or America/New_York."),
});
