import { countWith, graphemes, isEmoji, trimToLimit } from "../social/count";
import { AD_LIMITS, META_CTA_LABELS, type AdField } from "./schema";

/**
 * The last resort for ads over their limits twice: each text is cut at a word
 * boundary with "…" and its variant flagged `trimmed`; Google texts lose their
 * emoji and headlines their "!" (Google would refuse them); an unknown Meta
 * button becomes "Learn More". Anything else wrong is left for validation.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const stripEmoji = (s: string) => graphemes(s).filter((g) => !isEmoji(g)).join("").replace(/\s{2,}/g, " ").trim();

function fit(value: unknown, field: AdField, flag: { trimmed: boolean }, clean?: (s: string) => string): unknown {
  if (typeof value !== "string") return value;
  const before = value.trim();
  const text = clean ? clean(before) : before;
  const { limit, counter } = AD_LIMITS[field];
  const cut = trimToLimit(text, limit, (t) => countWith(counter, t));
  if (cut.trimmed || text !== before) flag.trimmed = true;
  return cut.text;
}

export function repairAds(raw: unknown): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.variants)) return null;
  const variants = raw.variants.map((v) => {
    if (!isRecord(v)) return v;
    const flag = { trimmed: v.trimmed === true };
    const google = isRecord(v.google) ? { ...v.google } : v.google;
    if (isRecord(google)) {
      if (Array.isArray(google.headlines)) google.headlines = google.headlines.map((h) => fit(h, "googleHeadline", flag, (s) => stripEmoji(s).replace(/!/g, "").trim()));
      if (Array.isArray(google.descriptions)) google.descriptions = google.descriptions.map((d) => fit(d, "googleDescription", flag, stripEmoji));
    }
    const meta = isRecord(v.meta) ? { ...v.meta } : v.meta;
    if (isRecord(meta)) {
      meta.primaryText = fit(meta.primaryText, "metaPrimaryText", flag);
      meta.headline = fit(meta.headline, "metaHeadline", flag);
      meta.description = fit(meta.description, "metaDescription", flag);
      if (typeof meta.cta === "string") {
        const known = META_CTA_LABELS.find((l) => l.toLowerCase() === (meta.cta as string).trim().toLowerCase());
        if (!known) flag.trimmed = true;
        meta.cta = known ?? "Learn More";
      }
    }
    return { ...v, google, meta, ...(flag.trimmed ? { trimmed: true } : {}) };
  });
  return { ...raw, variants };
}
