import { trimToLimit } from "../social/count";
import { LAUNCH_LIMITS, SUPERLATIVES, countField, type LaunchField } from "./limits";
import { LaunchCopySchema, PH_TOPICS, VIDEO_SECONDS, type LaunchCopy } from "./schema";

/**
 * The last resort for a model's launch copy that broke the schema twice: each
 * text over its limit is cut at a word with "…" (counted as its platform
 * counts), the Show HN title loses its "!" and superlatives and gets its
 * prefix, unknown Product Hunt topics, a video whose shots do not add up to a
 * minute and a note that asks for upvotes are replaced by the offline ones.
 * Whatever still does not fit takes the offline text of that part.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function cut(value: unknown, field: LaunchField): unknown {
  if (typeof value !== "string") return value;
  return trimToLimit(value.trim(), LAUNCH_LIMITS[field].limit, (t) => countField(field, t)).text;
}

export function repairLaunch(raw: unknown, offline: LaunchCopy): LaunchCopy | null {
  if (!isRecord(raw)) return null;
  const out: Record<string, unknown> = { ...raw };
  const ph = isRecord(raw.productHunt) ? { ...raw.productHunt } : {};
  ph.name = cut(ph.name, "phName");
  ph.tagline = cut(ph.tagline, "phTagline");
  ph.description = cut(ph.description, "phDescription");
  if (!Array.isArray(ph.topics) || ph.topics.length !== 3 || !ph.topics.every((t) => (PH_TOPICS as readonly unknown[]).includes(t)) || new Set(ph.topics).size !== 3) ph.topics = offline.productHunt.topics;
  if (isRecord(ph.comment)) {
    const c = { ...ph.comment };
    for (const k of ["who", "why", "whatsNew", "question"]) c[k] = cut(c[k], "phCommentPart");
    ph.comment = c;
  }
  const video = ph.video;
  const seconds = Array.isArray(video) ? video.reduce((s: number, v) => s + (isRecord(v) && typeof v.seconds === "number" ? v.seconds : 0), 0) : 0;
  ph.video = Array.isArray(video) && seconds === VIDEO_SECONDS ? video.map((v) => (isRecord(v) ? { ...v, shot: cut(v.shot, "shot"), voiceover: cut(v.voiceover, "shot") } : v)) : offline.productHunt.video;
  out.productHunt = ph;

  if (isRecord(raw.showHn)) {
    const hn = { ...raw.showHn };
    if (typeof hn.title === "string") {
      const name = hn.title.replace(/^show hn:?\s*/i, "").replace(/!/g, "").replace(new RegExp(SUPERLATIVES.source, "gi"), "").replace(/\s{2,}/g, " ").trim();
      hn.title = cut(`Show HN: ${name}`, "hnTitle");
    }
    if (isRecord(hn.comment)) {
      const c = { ...hn.comment };
      for (const k of ["what", "how", "rough", "feedback"]) c[k] = cut(c[k], "hnPart");
      hn.comment = c;
    }
    out.showHn = hn;
  }
  if (Array.isArray(raw.reddit)) out.reddit = raw.reddit.map((p) => (isRecord(p) ? { ...p, title: cut(p.title, "redditTitle"), body: cut(p.body, "redditBody") } : p));
  if (isRecord(raw.indieHackers)) out.indieHackers = { ...raw.indieHackers, title: cut(raw.indieHackers.title, "ihTitle"), body: cut(raw.indieHackers.body, "ihBody") };
  out.x = cut(raw.x, "x");
  out.teaser = cut(raw.teaser, "x");
  out.linkedin = cut(raw.linkedin, "linkedin");
  out.supporters = typeof raw.supporters === "string" && /\bup-?votes?\b|\bvote for\b/i.test(raw.supporters) ? offline.supporters : cut(raw.supporters, "supporters");
  for (const k of ["email", "followUp"] as const) {
    const e = raw[k];
    if (isRecord(e)) out[k] = { ...e, subject: cut(e.subject, "emailSubject"), preview: cut(e.preview, "emailPreview"), body: cut(e.body, "emailBody") };
  }
  // Any part still wrong takes the offline version of that part.
  const shape = LaunchCopySchema.shape;
  for (const key of Object.keys(shape) as Array<keyof typeof shape>) {
    if (!shape[key].safeParse(out[key]).success) out[key] = offline[key];
  }
  const parsed = LaunchCopySchema.safeParse(out);
  return parsed.success ? parsed.data : null;
}
