import { LAUNCH_LIMITS, countField, type LaunchField } from "~/kit/assets/launch/limits";
import type { LaunchCopy } from "~/kit/assets/launch/schema";

/** Launch-day test data shared by the unit and integration tests. */

/** The copy with every text at its limit (+ `extra`); the maker's comment's four parts together at its 800 less two. */
export function maximal(copy: LaunchCopy, extra: number): LaunchCopy {
  const fill = (field: LaunchField, prefix = "") => {
    const limit = LAUNCH_LIMITS[field].limit + extra;
    // "é" is one code point, one UTF-16 unit and one X weight: the text is exactly at the limit however it is counted.
    let t = prefix;
    while (countField(field, `${t}é`) <= limit) t += t.length % 7 === 6 ? " " : "é";
    while (countField(field, t) < limit) t += "e";
    return t.trimEnd().length === t.length ? t : `${t.trimEnd()}e`;
  };
  const part = (field: LaunchField, end = "") => fill(field).slice(0, -end.length || undefined) + end;
  const ph = copy.productHunt;
  const quarter = Math.floor((LAUNCH_LIMITS.phComment.limit - 6) / 4);
  const commentPart = (end = "") => "é".repeat(quarter - end.length) + end;
  return {
    ...copy,
    productHunt: {
      ...ph,
      name: fill("phName"),
      tagline: fill("phTagline"),
      description: fill("phDescription"),
      comment: extra ? { who: part("phCommentPart"), why: part("phCommentPart"), whatsNew: part("phCommentPart"), question: part("phCommentPart", "?") } : { who: commentPart(), why: commentPart(), whatsNew: commentPart(), question: commentPart("?") },
      video: ph.video.map((s) => ({ ...s, shot: fill("shot"), voiceover: fill("shot") })),
    },
    showHn: { title: fill("hnTitle", "Show HN: "), comment: { what: fill("hnPart"), how: fill("hnPart"), rough: fill("hnPart"), feedback: fill("hnPart") } },
    reddit: copy.reddit.map((p) => ({ ...p, title: fill("redditTitle"), body: fill("redditBody") })),
    indieHackers: { title: fill("ihTitle"), body: fill("ihBody") },
    x: fill("x"),
    teaser: fill("x"),
    linkedin: fill("linkedin"),
    supporters: fill("supporters"),
    email: { subject: fill("emailSubject"), preview: fill("emailPreview"), body: fill("emailBody") },
    followUp: { subject: fill("emailSubject"), preview: fill("emailPreview"), body: fill("emailBody") },
  };
}

