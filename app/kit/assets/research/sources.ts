/**
 * The rule that keeps the snapshot honest: a link is shown only if the web
 * search returned it (as a url_citation annotation or in the search call's
 * sources). Everything else the model writes as a URL is dropped, however
 * plausible it looks. URLs are compared without tracking parameters
 * (OpenAI adds ?utm_source=openai to citations), fragment or trailing slash.
 */

export type SearchSource = { url: string; title: string };

/** A URL for comparison and display: http(s) only, no tracking parameters or fragment; null if not a web URL. */
export function cleanUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/[)\].,;:!?'"]+$/, ""));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  for (const key of [...url.searchParams.keys()]) if (/^utm_/i.test(key)) url.searchParams.delete(key);
  url.hash = "";
  url.hostname = url.hostname.toLowerCase();
  return url.toString();
}

const key = (url: string) => url.replace(/\/+$/, "").replace(/^http:/, "https:").replace(/^https:\/\/www\./, "https://");

export type SourceIndex = {
  sources: SearchSource[];
  /** The search's own URL for `raw`, or null when the search never returned it. */
  find(raw: string): string | null;
  /** The search's URL whose host is `raw`'s host (for a competitor's website), or null. */
  siteOf(raw: string): string | null;
};

const host = (u: string) => new URL(u).hostname.replace(/^www\./, "");

export function sourceIndex(found: readonly SearchSource[]): SourceIndex {
  const byKey = new Map<string, SearchSource>();
  for (const s of found) {
    const url = cleanUrl(s.url);
    if (url && !byKey.has(key(url))) byKey.set(key(url), { url, title: s.title.trim().slice(0, 300) || host(url) });
  }
  const sources = [...byKey.values()];
  const hosts = new Set(sources.map((s) => host(s.url)));
  return {
    sources,
    find(raw) {
      const url = cleanUrl(raw);
      return url ? (byKey.get(key(url))?.url ?? null) : null;
    },
    siteOf(raw) {
      const url = cleanUrl(/^https?:\/\//i.test(raw.trim()) ? raw : `https://${raw.trim()}`);
      if (!url || !hosts.has(host(url))) return null;
      return `https://${new URL(url).hostname}/`;
    },
  };
}
