import { countWith, trimToLimit } from "./count";
import { BIO_FIELDS, BIO_KEYS, composePost, DAY_MAX, DAY_MIN, MAX_HASHTAGS, POST_LIMITS, PLATFORMS, type Platform } from "./schema";

/**
 * The last resort for a model answer that was over a limit twice: every text
 * over its limit is cut at a word boundary with "…" (trimToLimit) and flagged
 * `trimmed: true`, so the founder sees which ones to reread. Hashtags beyond
 * five are dropped and day offsets clamped. Shapes the model got wrong in
 * other ways are not guessed at: the caller validates the result again.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function repairPost(raw: unknown): unknown {
  if (!isRecord(raw) || typeof raw.text !== "string" || !PLATFORMS.includes(raw.platform as Platform)) return raw;
  const platform = raw.platform as Platform;
  const hashtags = Array.isArray(raw.hashtags) ? raw.hashtags.filter((t): t is string => typeof t === "string").map((t) => t.trim().replace(/^#+/, "")).filter(Boolean).slice(0, MAX_HASHTAGS) : [];
  const { limit, counter } = POST_LIMITS[platform];
  let tags = hashtags;
  // Hashtags alone over the limit (a pathological answer): drop them from the end.
  while (tags.length && countWith(counter, composePost({ text: "x…", hashtags: tags })) > limit) tags = tags.slice(0, -1);
  const cut = trimToLimit(raw.text.trim(), limit, (t) => countWith(counter, composePost({ text: t, hashtags: tags })));
  const day = typeof raw.dayOffset === "number" && Number.isFinite(raw.dayOffset) ? Math.round(Math.min(DAY_MAX, Math.max(DAY_MIN, raw.dayOffset))) : raw.dayOffset;
  const visual = typeof raw.visual === "string" ? trimToLimit(raw.visual.replace(/\s+/g, " ").trim(), 200, (t) => t.length).text : raw.visual;
  return {
    ...raw,
    text: cut.text,
    hashtags: tags,
    visual,
    dayOffset: day,
    ...(cut.trimmed || tags.length < hashtags.length || raw.trimmed === true ? { trimmed: true } : {}),
  };
}

export function repairSocial(raw: unknown): unknown {
  if (!isRecord(raw)) return null;
  const bios = isRecord(raw.bios) ? { ...raw.bios } : raw.bios;
  if (isRecord(bios)) {
    for (const key of BIO_KEYS) {
      const bio = bios[key];
      const text = typeof bio === "string" ? bio : isRecord(bio) && typeof bio.text === "string" ? bio.text : null;
      if (text === null) continue;
      const { limit, counter } = BIO_FIELDS[key];
      const cut = trimToLimit(text.trim(), limit, (t) => countWith(counter, t));
      bios[key] = { text: cut.text, ...(cut.trimmed || (isRecord(bio) && bio.trimmed === true) ? { trimmed: true } : {}) };
    }
  }
  const posts = Array.isArray(raw.posts) ? raw.posts.map(repairPost) : raw.posts;
  return { ...raw, bios, posts };
}

export function repairSinglePost(raw: unknown): unknown {
  if (!isRecord(raw)) return null;
  return { ...raw, post: repairPost(raw.post) };
}
