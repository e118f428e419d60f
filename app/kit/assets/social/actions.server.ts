import type { LaunchKit } from "~/platform/db/schema";
import { isGenerating, startAssetWork } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { SocialContentSchema, type Post } from "./schema";
import { postSalt } from "./salt";

/** Why the posts can't change right now, or null. */
async function busy(kit: LaunchKit): Promise<string | null> {
  if (kit.status === "generating" || (await isGenerating(kit.id))) return "The kit is still being generated. Please wait for it to finish.";
  const row = await getAsset(kit.id, "social");
  if (!row || row.version === 0) return "The posts are not ready yet.";
  if (row.status === "queued" || row.status === "generating") return "The posts are being rewritten. Please wait a moment.";
  return null;
}

/** The founder's "Regenerate this post": a one-post request in the background; the other posts are kept. */
export async function regeneratePost(kit: LaunchKit, index: number): Promise<string | null> {
  const refused = await busy(kit);
  if (refused) return refused;
  const row = (await getAsset(kit.id, "social"))!;
  await startAssetWork(kit, [{ kind: "social", salt: postSalt(index, row.version + 1) }], { founder: true });
  return null;
}

/** The founder's edit of one post: stored as a new version of the social asset (no longer flagged as trimmed). */
export async function savePostEdit(kit: LaunchKit, index: number, post: Omit<Post, "trimmed">): Promise<string | null> {
  const refused = await busy(kit);
  if (refused) return refused;
  const current = await readyContent(kit.id, "social", SocialContentSchema);
  if (!current || !current.posts[index]) return "This post does not exist.";
  const posts = current.posts.map((p, i) => (i === index ? { platform: post.platform, text: post.text, hashtags: post.hashtags, visual: post.visual, dayOffset: post.dayOffset } : p));
  await saveAssetContent(kit.id, "social", SocialContentSchema.parse({ ...current, posts }));
  return null;
}
