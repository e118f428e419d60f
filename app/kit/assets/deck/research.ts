import type { Source } from "./schema";

/**
 * What the deck takes from the kit's research snapshot, read without
 * depending on its exact shape (another asset kind, with its own schema):
 * every object with an http(s) `url` and a title, name or label is a source.
 * Client-safe and pure.
 */
export function researchSources(content: unknown, max = 6): Source[] {
  const found: Source[] = [];
  const seen = new Set<string>();
  // The research snapshot's market claims cite URLs; their titles are in its list of pages. Those come first.
  const o = content && typeof content === "object" ? (content as Record<string, unknown>) : {};
  const pages = Array.isArray(o.sources) ? (o.sources as unknown[]) : [];
  const titleOf = (url: string) => {
    const page = pages.find((p): p is { url: string; title?: unknown } => !!p && typeof p === "object" && (p as { url?: unknown }).url === url);
    return typeof page?.title === "string" && page.title.trim() ? page.title.trim() : null;
  };
  if (Array.isArray(o.marketClaims)) {
    for (const claim of o.marketClaims as unknown[]) {
      const urls = claim && typeof claim === "object" && Array.isArray((claim as { sources?: unknown }).sources) ? ((claim as { sources: unknown[] }).sources) : [];
      for (const url of urls) {
        if (typeof url !== "string" || !/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000 || found.length >= max) continue;
        const key = url.replace(/\/+$/, "").toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ title: (titleOf(url) ?? new URL(url).hostname).slice(0, 200), url });
      }
    }
  }
  const visit = (value: unknown, depth: number) => {
    if (found.length >= max || depth > 5 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    const url = typeof o.url === "string" ? o.url.trim() : typeof o.href === "string" ? o.href.trim() : "";
    const title = [o.title, o.name, o.label, o.publisher].find((v): v is string => typeof v === "string" && v.trim().length > 0);
    if (/^https?:\/\/[^\s]+$/i.test(url) && url.length <= 2000) {
      const key = url.replace(/\/+$/, "").toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        found.push({ title: (title ?? new URL(url).hostname).trim().slice(0, 200), url });
      }
      return;
    }
    for (const v of Object.values(o)) visit(v, depth + 1);
  };
  visit(content, 0);
  return found;
}
