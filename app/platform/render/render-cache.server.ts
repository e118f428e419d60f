import crypto from "node:crypto";
import v8 from "node:v8";
import type { EntryContext } from "react-router";
import { getConfig } from "~/platform/config.server";

/**
 * Rendered documents kept by what they were rendered from.
 *
 * Rendering a page with React is a pure function of its URL, its status and
 * the data its loaders returned: no component reads the clock, the session or
 * the request during render (they get everything through loader data). So a
 * document rendered once can be sent again whenever the same URL comes with
 * the same loader data — a signed-in founder reloading an unchanged dashboard,
 * the no-JS status page refreshing while nothing moved — and React's render,
 * the most expensive part of a signed-in page (docs/performance.md), is
 * skipped. The loaders and the session check still run on every request, so
 * nothing here can go stale: changed data is a different key.
 *
 * Nothing leaks between users either: the key is a hash of everything the
 * document is made from, so two requests share an entry only if they would
 * have rendered the same bytes. Requests with action data or errors, and
 * loader data that cannot be serialised (promises, functions), are not kept.
 * The entries are bounded in bytes (RENDER_CACHE_MB) and evicted least
 * recently used first.
 */

export type RenderedDocument = { html: Buffer; hashes: string[] };

const entries = new Map<string, RenderedDocument>();
let bytes = 0;
const stats = { hits: 0, misses: 0 };

/** The key of a render, or null when this render must not be kept. */
export function renderKey(input: { url: string; status: number; inlineCss: boolean; context: Pick<EntryContext, "staticHandlerContext"> }): string | null {
  if (getConfig().renderCacheBytes === 0) return null;
  const { actionData, errors, loaderData } = input.context.staticHandlerContext;
  if (actionData || errors) return null;
  let bytes: Buffer;
  try {
    // V8's structured serialisation (native, faster than JSON with a replacer) tells undefined
    // from a missing key and a Date from a string, and refuses promises and functions.
    bytes = v8.serialize([input.url, input.status, input.inlineCss, loaderData]);
  } catch {
    return null;
  }
  return crypto.createHash("sha256").update(bytes).digest("base64url");
}

export function getRendered(key: string): RenderedDocument | undefined {
  const entry = entries.get(key);
  if (!entry) {
    stats.misses++;
    return undefined;
  }
  stats.hits++;
  // Most recently used last.
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

export function keepRendered(key: string, entry: RenderedDocument) {
  const budget = getConfig().renderCacheBytes;
  const size = entry.html.length + key.length;
  // One page may take at most an eighth of the budget.
  if (size > budget / 8) return;
  const old = entries.get(key);
  if (old) {
    bytes -= old.html.length + key.length;
    entries.delete(key);
  }
  entries.set(key, entry);
  bytes += size;
  for (const [k, e] of entries) {
    if (bytes <= budget) break;
    entries.delete(k);
    bytes -= e.html.length + k.length;
  }
}

export function renderCacheStats() {
  return { ...stats, entries: entries.size, bytes };
}

export function clearRenderCacheForTests() {
  entries.clear();
  bytes = 0;
  stats.hits = 0;
  stats.misses = 0;
}
