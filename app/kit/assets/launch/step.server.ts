import { getConfig } from "~/platform/config.server";
import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { businessLines } from "~/kit/understanding";
import { checkCustomerCopy, kitCheckContext, type CustomerCopyKind } from "~/kit/copy/customer-check";
import { LandingContentSchema, type LandingCopy } from "../landing/schema";
import { landingPageOf } from "../landing/pages.server";
import { understandingOf } from "../launch-copy";
import { builtinLaunch, showHnLeftOut } from "./builtin";
import { LAUNCH_LIMITS } from "./limits";
import { repairLaunch } from "./repair";
import { LaunchContentSchema, LaunchCopySchema, PH_TOPICS, VIDEO_SECONDS, type LaunchContent, type LaunchCopy } from "./schema";
import { chooseCommunities, community } from "./subreddits";
import { defaultLaunchDate, guessTimeZone } from "./timeline";

const L = LAUNCH_LIMITS;

function system(candidates: string[]): string {
  return [
    "You write a founder's launch-day posts, in their brand's voice, from the facts you are given. Never invent numbers, customers, quotes, awards, prices or features.",
    "Limits are hard (an answer over a limit is rejected). Product Hunt and Hacker News count characters as Unicode code points.",
    `- productHunt.name ≤ ${L.phName.limit}, tagline ≤ ${L.phTagline.limit}, description ≤ ${L.phDescription.limit} (what shows before "more").`,
    `- productHunt.topics: exactly 3 different ones from: ${PH_TOPICS.join(", ")}.`,
    `- productHunt.comment: the maker's first comment in four parts, each ≤ ${L.phCommentPart.limit}, together ≤ ${L.phComment.limit}: who you are, why you made it, what is new, and a question to the community ending with "?".`,
    `- productHunt.video: 4 to 8 shots of a demo video, each with seconds (whole numbers), what is on screen (shot) and the voice-over; the seconds add up to exactly ${VIDEO_SECONDS}.`,
    `- showHn.title starts "Show HN: ", ≤ ${L.hnTitle.limit}, no "!" and no superlatives (best, fastest, ultimate...). showHn.comment is plain and modest: what it is, how it works or is built, what is rough, what feedback you want (each ≤ ${L.hnPart.limit}).`,
    `- reddit: one post for each of these communities, in this order and in each one's style, obeying its rules: ${candidates.join("; ")}. Use only these names (subreddit without "r/"). title ≤ ${L.redditTitle.limit}, body ≤ ${L.redditBody.limit}. Where self-promotion is not allowed, write a discussion post without a link.`,
    `- indieHackers: a maker's story post (title ≤ ${L.ihTitle.limit}, body ≤ ${L.ihBody.limit}, Markdown).`,
    `- x: the launch-day post ≤ ${L.x.limit} as X counts; teaser: a post two weeks before, ≤ ${L.x.limit}; linkedin ≤ ${L.linkedin.limit}.`,
    `- supporters: a short note (≤ ${L.supporters.limit}) to friends and early users saying what launches and when. Never ask for upvotes or votes (Product Hunt forbids it).`,
    `- email: the launch e-mail to the people who signed up on the page (subject ≤ ${L.emailSubject.limit}, preview ≤ ${L.emailPreview.limit}, body ≤ ${L.emailBody.limit}, simple Markdown); followUp: the e-mail a week later.`,
    "No placeholders such as [name], TBD or {{...}}: write every text out.",
  ].join("\n");
}

function candidateLine(name: string): string {
  const c = community(name)!;
  return `r/${c.name} (${c.promotionNote}${c.flair ? ` Flair: ${c.flair}.` : ""} Rules: ${c.rules.join(" ")})`;
}

/** The page's public address, when it has one (the posts link to it). */
async function pageLink(kitId: string): Promise<string> {
  const page = await landingPageOf(kitId);
  const origin = getConfig().appUrl;
  return page && origin ? `${origin.replace(/\/$/, "")}/p/${page.slug}` : "";
}

/**
 * Keeps only communities from LaunchKit's list (a name the model made up is
 * dropped and noted, and the builtin post for a listed one takes its place, so
 * there are still three to five).
 */
function onlyListed(copy: unknown, fallback: LaunchCopy["reddit"]): { copy: unknown; dropped: string[] } {
  if (!copy || typeof copy !== "object" || !Array.isArray((copy as { reddit?: unknown }).reddit)) return { copy, dropped: [] };
  const posts = (copy as { reddit: Array<{ subreddit?: unknown }> }).reddit;
  const dropped: string[] = [];
  const kept = posts.filter((p) => {
    const ok = typeof p?.subreddit === "string" && community(p.subreddit) !== undefined;
    if (!ok && typeof p?.subreddit === "string") dropped.push(p.subreddit.slice(0, 60));
    return ok;
  }).map((p) => ({ ...p, subreddit: community(p.subreddit as string)!.name }));
  const seen = new Set<string>();
  const unique = kept.filter((p) => !seen.has(p.subreddit) && seen.add(p.subreddit));
  for (const f of fallback) {
    if (unique.length >= 3 || seen.has(f.subreddit)) continue;
    unique.push(f);
    seen.add(f.subreddit);
  }
  return { copy: { ...(copy as object), reddit: unique.slice(0, 5) }, dropped };
}

/** Keys that are not prose (names of communities and topics, the founder's settings). */
const NOT_PROSE = new Set(["subreddit", "topics", "launchDate", "timeZone", "done", "droppedCommunities", "showHnLeftOut", "seconds", "name"]);

/**
 * The customer-copy check (app/kit/copy/customer-check.ts) on every launch
 * text: no writer's notes, no claim of a number the founder did not give, cuts
 * closed with "…"; the e-mails also as e-mails ("you", not "they"). A text the
 * check would empty stays as written, and content the check would make
 * invalid is kept as it was.
 */
export function checkLaunchCopy(content: LaunchContent, input: GenerationInput, brand: Brand): LaunchContent {
  const u = understandingOf(input, brand);
  const ctx = kitCheckContext(input, { name: brand.name, voice: brand.voice }, u);
  const walk = (value: unknown, kind: CustomerCopyKind): unknown => {
    if (typeof value === "string") return checkCustomerCopy(value, ctx, kind).text || value;
    if (Array.isArray(value)) return value.map((v) => walk(v, kind));
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, NOT_PROSE.has(k) ? v : walk(v, k === "email" || k === "followUp" ? "email" : kind)]));
  };
  const checked = LaunchContentSchema.safeParse(walk(content, "page"));
  return checked.success ? checked.data : content;
}

export async function generateLaunch(
  kitId: string,
  input: GenerationInput,
  brand: Brand,
  landingContent: unknown,
  current: unknown,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
  now = new Date(),
): Promise<LaunchContent> {
  const u = understandingOf(input, brand);
  const landingParsed = LandingContentSchema.safeParse(landingContent);
  const landing: LandingCopy | null = landingParsed.success ? landingParsed.data : null;
  const link = await pageLink(kitId);
  const offline = builtinLaunch(input, brand, u, landing, link);
  const candidates = chooseCommunities(u, input).map((c) => candidateLine(c.name));
  const copy = await provider.structured(
    {
      name: "launch",
      schema: LaunchCopySchema,
      system: system(candidates),
      user: [
        ...answerLines(input, ["business_idea", "target_audience", "geographic_market", "competitors", "tone_of_voice", "primary_goal"]),
        ...businessLines(input, brand),
        `Brand: ${brandBrief(brand)}`,
        `Positioning: ${brand.positioning}`,
        landing ? `Landing page: "${landing.hero.headline}" — ${landing.hero.subheadline}. Benefits: ${landing.benefits.items.map((b) => b.title).join("; ")}.` : "",
        link ? `The page's address: ${link}` : "",
        salt ? `This is a new attempt (${salt}): write different wordings than before.` : "",
      ].filter(Boolean).join("\n"),
      builtin: () => offline,
      repair: (raw) => repairLaunch(raw, offline),
      maxTokens: 6000,
    },
    signal,
  );
  const listed = onlyListed(copy, offline.reddit);
  const prior = LaunchContentSchema.safeParse(current);
  const leftOut = showHnLeftOut(u, input);
  const content = LaunchContentSchema.parse({
    ...(listed.copy as LaunchCopy),
    showHn: leftOut ? null : (listed.copy as LaunchCopy).showHn,
    showHnLeftOut: leftOut,
    // What the founder set or ticked survives a regeneration.
    launchDate: prior.success ? prior.data.launchDate : defaultLaunchDate(now),
    timeZone: prior.success ? prior.data.timeZone : guessTimeZone(u.place, input.geographic_market),
    done: prior.success ? prior.data.done : [],
    droppedCommunities: [...new Set(listed.dropped)].slice(0, 10),
  });
  return checkLaunchCopy(content, input, brand);
}
