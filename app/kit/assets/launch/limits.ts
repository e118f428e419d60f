import { xLength } from "../social/count";

/**
 * Every launch text's limit, counted the way its platform counts (client-safe:
 * the section shows the same counts).
 *
 * - Product Hunt (name 40, tagline 60, description 260 of the 500 it takes, as
 *   the part that shows before "more"; the maker's comment 800, what shows
 *   unfolded): code points, as its forms count (an emoji of one code point is
 *   one, a flag is two). Limits from the community launch kit
 *   (fmerian/awesome-product-hunt), not from Product Hunt's help pages.
 * - Show HN title 80: code points (Hacker News counts characters).
 * - X 280: X's weighting (twitter-text v3, app/kit/assets/social/count.ts).
 * - LinkedIn 3,000, Reddit title 300, Indie Hackers and e-mail fields:
 *   UTF-16 code units, what a browser's maxlength counts, the strictest of
 *   the usual methods, so a text within it fits whichever one a site uses.
 * - The e-mails use the Sequences section's own limits (subject 120,
 *   preview 150), so the launch e-mail can go out as a broadcast unchanged.
 */

export type LaunchCounter = "codepoints" | "utf16" | "x";

export const LAUNCH_LIMITS = {
  phName: { limit: 40, counter: "codepoints", label: "Product Hunt name" },
  phTagline: { limit: 60, counter: "codepoints", label: "Product Hunt tagline" },
  phDescription: { limit: 260, counter: "codepoints", label: "Product Hunt description" },
  phTopic: { limit: 40, counter: "codepoints", label: "Product Hunt topic" },
  phComment: { limit: 800, counter: "codepoints", label: "maker's first comment" },
  phCommentPart: { limit: 260, counter: "codepoints", label: "part of the maker's comment" },
  shot: { limit: 200, counter: "utf16", label: "video shot" },
  hnTitle: { limit: 80, counter: "codepoints", label: "Show HN title" },
  hnPart: { limit: 600, counter: "utf16", label: "part of the Show HN comment" },
  redditTitle: { limit: 300, counter: "utf16", label: "Reddit title" },
  redditBody: { limit: 2000, counter: "utf16", label: "Reddit post" },
  ihTitle: { limit: 120, counter: "utf16", label: "Indie Hackers title" },
  ihBody: { limit: 3000, counter: "utf16", label: "Indie Hackers post" },
  emailSubject: { limit: 120, counter: "utf16", label: "e-mail subject" },
  emailPreview: { limit: 150, counter: "utf16", label: "e-mail preview line" },
  emailBody: { limit: 3000, counter: "utf16", label: "e-mail" },
  x: { limit: 280, counter: "x", label: "X post" },
  linkedin: { limit: 3000, counter: "utf16", label: "LinkedIn post" },
  supporters: { limit: 700, counter: "utf16", label: "note to supporters" },
} as const satisfies Record<string, { limit: number; counter: LaunchCounter; label: string }>;
export type LaunchField = keyof typeof LAUNCH_LIMITS;

export const COUNT_NOTE: Record<LaunchCounter, string> = {
  codepoints: "characters (code points, as Product Hunt and Hacker News count)",
  utf16: "characters",
  x: "as X counts it",
};

export function launchCount(counter: LaunchCounter, text: string): number {
  if (counter === "codepoints") return Array.from(text).length;
  if (counter === "x") return xLength(text);
  return text.length;
}

export function countField(field: LaunchField, text: string): number {
  return launchCount(LAUNCH_LIMITS[field].counter, text);
}

export function fitsField(field: LaunchField, text: string): boolean {
  return text.trim().length > 0 && countField(field, text) <= LAUNCH_LIMITS[field].limit;
}

/** The maker's first comment as posted: its four parts, a blank line between them. */
export function composeComment(parts: { who: string; why: string; whatsNew: string; question: string }): string {
  return [parts.who, parts.why, parts.whatsNew, parts.question].map((p) => p.trim()).join("\n\n");
}

/** The Show HN comment as posted. */
export function composeHnComment(parts: { what: string; how: string; rough: string; feedback: string }): string {
  return [parts.what, parts.how, parts.rough, parts.feedback].map((p) => p.trim()).join("\n\n");
}

/**
 * Hacker News asks for titles without hype: superlatives and "!" are refused
 * (newsguidelines: "Please don't use uppercase or exclamation points… or add
 * superlatives"); a title starts "Show HN: ".
 */
export const SUPERLATIVES = /\b(best|fastest|easiest|simplest|smartest|greatest|biggest|cheapest|coolest|ultimate|revolutionary|amazing|incredible|awesome|game[- ]?chang\w*|world'?s first|perfect|unbeatable|insanely|magical|blazing(ly)?)\b/i;

export function showHnTitleProblem(title: string): string | null {
  if (!title.startsWith("Show HN: ") || title.trim().length <= "Show HN:".length) return 'A Show HN title starts with "Show HN: " and names the thing.';
  const n = countField("hnTitle", title);
  if (n > LAUNCH_LIMITS.hnTitle.limit) return `A Show HN title must be at most ${LAUNCH_LIMITS.hnTitle.limit} characters (this is ${n}).`;
  if (title.includes("!")) return "Hacker News asks for titles without exclamation marks.";
  if (SUPERLATIVES.test(title)) return `Hacker News asks for titles without superlatives ("${title.match(SUPERLATIVES)![0]}").`;
  return null;
}
