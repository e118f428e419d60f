import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { chooseLayouts } from "~/kit/layouts";
import { businessLines } from "~/kit/understanding";
import { understandingOf } from "../launch-copy";
import { postsInEveryWeek } from "~/kit/assets/calendar/weeks";
import { builtinPost, builtinSocial } from "./builtin";
import { repairSinglePost, repairSocial } from "./repair";
import { BIO_FIELDS, BIO_KEYS, DAY_MAX, DAY_MIN, MAX_HASHTAGS, PLATFORM_LABEL, POST_COUNT, POST_LIMITS, PLATFORMS, SinglePostSchema, SocialContentSchema, type Post, type SocialContent } from "./schema";
import { parsePostSalt } from "./salt";

const LIMITS_TEXT = [
  "Limits (hard: an answer over a limit is rejected):",
  ...BIO_KEYS.map((k) => `- bios.${k}: at most ${BIO_FIELDS[k].limit} characters.`),
  ...PLATFORMS.map(
    (p) =>
      `- a ${PLATFORM_LABEL[p]} post: at most ${POST_LIMITS[p].limit} characters including a blank line and its hashtags` +
      (p === "x" ? " (X counts each emoji and each CJK character as 2, and every link as 23)." : "."),
  ),
  `- hashtags: at most ${MAX_HASHTAGS} per post, each one word without "#" and without spaces.`,
  "- visual: one line describing the image or video to post with it.",
  `- dayOffset: the day to post, relative to launch day (0), from ${DAY_MIN} to ${DAY_MAX}.`,
].join("\n");

const SYSTEM = [
  "You are a social media manager writing a launch for an early-stage business, in its brand's voice.",
  "Write bios for X, Instagram, TikTok and LinkedIn (headline and about), and exactly 10 launch posts spread over X, LinkedIn and Instagram:",
  "teasers in the week before launch, launch-day posts on each network, then follow-ups in the weeks after.",
  "Post in every week of the calendar: at least one post on days -7 to -1, one on days 0 to 6, one on days 7 to 13 and one on days 14 to 20.",
  "Never invent facts: no numbers, prices, customer counts, results, testimonials, awards or press that the founder did not give you.",
  "Write 'link in bio' (or 'link in the comments' on LinkedIn) instead of inventing URLs.",
  LIMITS_TEXT,
].join("\n");

function context(input: GenerationInput, brand: Brand) {
  return [
    ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "tone_of_voice"]),
    ...businessLines(input, brand),
    `Primary goal (the call to action): ${input.primary_goal}`,
    `Brand: ${brandBrief(brand)}`,
    `Positioning: ${brand.positioning}`,
    `Voice, do: ${brand.voice.dos.join(" ")} Don't: ${brand.voice.donts.join(" ")}`,
  ].join("\n");
}

/** The whole social asset: bios and 10 posts, and the images' composition (from the vibe and the category, never from the model). */
export async function generateSocial(input: GenerationInput, brand: Brand, provider: AIProvider, signal?: AbortSignal, salt = ""): Promise<SocialContent> {
  const social = await provider.structured(
    {
      name: "social",
      schema: SocialContentSchema,
      system: SYSTEM,
      user: `${context(input, brand)}\n\nWrite the bios and the ${POST_COUNT} posts.${salt ? ` This is a new attempt (${salt}): write different posts than before.` : ""}`,
      builtin: () => builtinSocial(input, brand, salt),
      repair: (raw) => repairSocial(raw) as SocialContent | null,
      maxTokens: 6000,
    },
    signal,
  );
  // The calendar has posts in every week, whatever the provider planned.
  return { ...social, posts: postsInEveryWeek(social.posts), layout: chooseLayouts(input.brand_vibe, understandingOf(input, brand)).social };
}

/** One post rewritten (the founder's "Regenerate this post"), same platform and day, the others kept. */
export async function regenerateOnePost(
  input: GenerationInput,
  brand: Brand,
  current: SocialContent,
  index: number,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
): Promise<SocialContent> {
  const old = current.posts[index]!;
  const others = current.posts.map((p, i) => (i === index ? null : `${i + 1}. [${PLATFORM_LABEL[p.platform]}, day ${p.dayOffset}] ${p.text.slice(0, 200)}`)).filter(Boolean);
  const answer = await provider.structured(
    {
      name: "social_post",
      schema: SinglePostSchema,
      system: `${SYSTEM}\n\nNow rewrite ONE post of the set. Keep its platform (${old.platform}) and day (${old.dayOffset}); say the same thing in a fresh way, and don't repeat the other posts.`,
      user: `${context(input, brand)}\n\nThe post to rewrite (post ${index + 1}):\n${old.text}\n\nThe other posts, for context:\n${others.join("\n")}`,
      builtin: () => ({ post: builtinPost(input, brand, index, salt) }),
      repair: (raw) => repairSinglePost(raw) as { post: Post } | null,
      maxTokens: 2000,
    },
    signal,
  );
  const post: Post = { ...answer.post, platform: old.platform, dayOffset: old.dayOffset };
  // The platform is kept, so the post is checked against that platform's limit again.
  const checked = SocialContentSchema.shape.posts.element.safeParse(post);
  const fixed = checked.success ? checked.data : (SocialContentSchema.shape.posts.element.parse(repairSinglePostFor(post)) as Post);
  return { ...current, posts: current.posts.map((p, i) => (i === index ? fixed : p)) };
}

function repairSinglePostFor(post: Post) {
  return (repairSinglePost({ post }) as { post: Post }).post;
}

/**
 * The engine's step: the whole set, or one post when the salt names it (the
 * founder's "Regenerate this post"; a restart resumes with an empty salt,
 * which writes the whole set again).
 */
export function runSocialStep(input: GenerationInput, brand: Brand, current: unknown, provider: AIProvider, signal: AbortSignal, salt: string) {
  const index = parsePostSalt(salt);
  const existing = SocialContentSchema.safeParse(current);
  if (index !== null && index < POST_COUNT && existing.success) return regenerateOnePost(input, brand, existing.data, index, provider, signal, salt);
  return generateSocial(input, brand, provider, signal, index !== null ? "" : salt);
}
