import { z } from "zod";
import { SOCIAL_LAYOUTS } from "~/kit/layouts";
import { countWith, COUNTER_NOTE, type Counter } from "./count";

/**
 * The social asset: bios for four networks and 10 launch posts. Every limit
 * is enforced here with the platform's own way of counting (count.ts), so a
 * model answer over a limit fails validation, is asked again once, then
 * trimmed by `repairSocial` and flagged (`trimmed`). Client-safe.
 */

export const PLATFORMS = ["x", "linkedin", "instagram"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABEL: Record<Platform, string> = { x: "X", linkedin: "LinkedIn", instagram: "Instagram" };

/** Post limits (the whole post as pasted: text, a blank line, the hashtags). */
export const POST_LIMITS: Record<Platform, { limit: number; counter: Counter }> = {
  x: { limit: 280, counter: "x" },
  linkedin: { limit: 3000, counter: "utf16" },
  instagram: { limit: 2200, counter: "utf16" },
};

export const BIO_FIELDS = {
  x: { label: "X bio", limit: 160, counter: "x-bio" },
  instagram: { label: "Instagram bio", limit: 150, counter: "utf16" },
  tiktok: { label: "TikTok bio", limit: 80, counter: "utf16" },
  linkedinHeadline: { label: "LinkedIn headline", limit: 220, counter: "utf16" },
  linkedinAbout: { label: "LinkedIn about", limit: 2600, counter: "utf16" },
} as const satisfies Record<string, { label: string; limit: number; counter: Counter }>;
export type BioField = keyof typeof BIO_FIELDS;
export const BIO_KEYS = Object.keys(BIO_FIELDS) as BioField[];

export const MAX_HASHTAGS = 5;
export const DAY_MIN = -7;
export const DAY_MAX = 21;
export const POST_COUNT = 10;

export function overLimitMessage(what: string, limit: number, counter: Counter, count: number) {
  // A plain count's note is "characters" itself: said once.
  const how = counter === "utf16" ? "" : ` ${COUNTER_NOTE[counter]}`;
  return `${what} must be at most ${limit.toLocaleString("en-US")} characters${how} (this is ${count.toLocaleString("en-US")}).`;
}

/** A hashtag without its "#": letters, digits and underscores, as every network links them. */
export const HashtagSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/^#+/, ""))
  .pipe(z.string().regex(/^[\p{L}\p{M}\p{N}_]{1,60}$/u, "A hashtag is one word of letters, digits or _ (no spaces or punctuation)."));

/** The post exactly as it is pasted: the text, then the hashtags on their own line. */
export function composePost(post: { text: string; hashtags: readonly string[] }): string {
  const tags = post.hashtags.map((t) => `#${t.replace(/^#+/, "")}`).join(" ");
  return tags ? `${post.text.trimEnd()}\n\n${tags}` : post.text.trimEnd();
}

export function postLength(post: { platform: Platform; text: string; hashtags: readonly string[] }) {
  return countWith(POST_LIMITS[post.platform].counter, composePost(post));
}

const oneLine = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Describe the ${what}.`)
    .max(max, `Keep the ${what} under ${max} characters.`)
    .refine((s) => !/[\r\n]/.test(s), `The ${what} is one line.`);

export const PostSchema = z
  .object({
    platform: z.enum(PLATFORMS),
    text: z.string().trim().min(1, "Write the post."),
    hashtags: z.array(HashtagSchema).max(MAX_HASHTAGS, `At most ${MAX_HASHTAGS} hashtags.`),
    visual: oneLine(200, "suggested visual"),
    dayOffset: z.number().int().min(DAY_MIN).max(DAY_MAX),
    /** Set when the model's text was over the limit twice and LaunchKit cut it. */
    trimmed: z.boolean().optional(),
  })
  .superRefine((post, ctx) => {
    const { limit, counter } = POST_LIMITS[post.platform];
    const n = postLength(post);
    if (n > limit) ctx.addIssue({ code: "custom", path: ["text"], message: overLimitMessage(`A ${PLATFORM_LABEL[post.platform]} post with its hashtags`, limit, counter, n) });
  });
export type Post = z.infer<typeof PostSchema>;

function bioSchema(field: BioField) {
  const { label, limit, counter } = BIO_FIELDS[field];
  return z.object({
    text: z
      .string()
      .trim()
      .min(1)
      .superRefine((text, ctx) => {
        const n = countWith(counter, text);
        if (n > limit) ctx.addIssue({ code: "custom", message: overLimitMessage(`The ${label}`, limit, counter, n) });
      }),
    trimmed: z.boolean().optional(),
  });
}

export const BiosSchema = z.object({
  x: bioSchema("x"),
  instagram: bioSchema("instagram"),
  tiktok: bioSchema("tiktok"),
  linkedinHeadline: bioSchema("linkedinHeadline"),
  linkedinAbout: bioSchema("linkedinAbout"),
});
export type Bios = z.infer<typeof BiosSchema>;

export const SocialContentSchema = z.object({
  bios: BiosSchema,
  posts: z.array(PostSchema).length(POST_COUNT),
  /** The social images' composition, set by the step from the vibe and the category; absent in kits stored before it: "type". */
  layout: z.enum(SOCIAL_LAYOUTS).optional(),
});
export type SocialContent = z.infer<typeof SocialContentSchema>;

/** The answer to "rewrite post N". */
export const SinglePostSchema = z.object({ post: PostSchema });

// ---- The founder's edit of one post (a plain form per post) ----------------------

/** "#launch, #BuildInPublic tools" → ["launch", "BuildInPublic", "tools"]. */
export function parseHashtags(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((t) => t.trim().replace(/^#+/, ""))
    .filter(Boolean);
}

export const PostEditSchema = z
  .object({
    index: z.coerce.number().int().min(0).max(POST_COUNT - 1),
    platform: z.enum(PLATFORMS, "Choose X, LinkedIn or Instagram."),
    text: z.string("Write the post.").trim().min(1, "Write the post.").max(5000, "Keep the post under 5,000 characters."),
    hashtags: z
      .string()
      .max(400, "Too many hashtags.")
      .optional()
      .transform((v) => parseHashtags(v ?? ""))
      .pipe(z.array(HashtagSchema).max(MAX_HASHTAGS, `At most ${MAX_HASHTAGS} hashtags.`)),
    visual: oneLine(200, "suggested visual"),
    dayOffset: z.coerce
      .number("Enter a day between −7 and 21.")
      .int("Enter a whole number of days.")
      .min(DAY_MIN, "The earliest day is 7 days before launch (−7).")
      .max(DAY_MAX, "The latest day is 21 days after launch."),
  })
  .superRefine((post, ctx) => {
    const { limit, counter } = POST_LIMITS[post.platform];
    const n = postLength(post);
    if (n > limit) ctx.addIssue({ code: "custom", path: ["text"], message: overLimitMessage(`A ${PLATFORM_LABEL[post.platform]} post with its hashtags`, limit, counter, n) });
  });
