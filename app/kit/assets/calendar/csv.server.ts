import { csvRow } from "~/platform/text/csv.server";
import { countWith } from "../social/count";
import { composePost, PLATFORM_LABEL, POST_LIMITS, type Post } from "../social/schema";
import { addDays, dayLabel } from "./dates";

/**
 * posts.csv: one row per post in date order, the post as it is pasted, its
 * length as the platform counts it. Cells go through the admin export's
 * formula-safe csvCell (a leading = + - @ gets an apostrophe), with a BOM so
 * spreadsheet apps read UTF-8.
 */
export const POSTS_CSV_COLUMNS = ["Date", "Day", "Platform", "Post", "Hashtags", "Suggested visual", "Characters", "Limit", "Trimmed"] as const;

export function postsCsv(launchDate: string, posts: readonly Post[]): string {
  const rows = posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => a.post.dayOffset - b.post.dayOffset || a.index - b.index)
    .map(({ post }) => {
      const { limit, counter } = POST_LIMITS[post.platform];
      const full = composePost(post);
      return csvRow([
        addDays(launchDate, post.dayOffset),
        dayLabel(post.dayOffset),
        PLATFORM_LABEL[post.platform],
        full,
        post.hashtags.map((t) => `#${t}`).join(" "),
        post.visual,
        countWith(counter, full),
        limit,
        post.trimmed ? "yes" : "",
      ]);
    });
  return "\uFEFF" + csvRow([...POSTS_CSV_COLUMNS]) + rows.join("");
}
