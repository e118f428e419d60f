/**
 * Where to send a visitor after signing in, or where a "Back" link goes, when
 * the target came from the client (`redirectTo`, `back`): a path of this site,
 * or the fallback. Browsers (and the WHATWG URL parser) drop tabs and line
 * breaks from URLs and read a backslash as a slash, so "/\t/evil.example" is
 * "//evil.example", another host; a character that is not allowed in a header
 * ("\n", U+3000) made `redirect()` throw. Such a target is refused outright,
 * then the rest is resolved against a stand-in origin and must stay on it.
 * Client-safe (no server imports): the pages use it too.
 */

const BASE = "http://site.invalid";

/**
 * Controls (with tab and line breaks), format characters (bidi controls,
 * zero-width), every space and separator (U+3000, U+2028...) and backslashes.
 * None of them belongs in a path we make, and a parser may drop or reinterpret each.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Z}\\]/u;

const MAX_LENGTH = 2000;

function unsafePath(path: string): boolean {
  return !path.startsWith("/") || path.startsWith("//") || UNSAFE.test(path);
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || to.length > MAX_LENGTH || unsafePath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Encoded, the same tricks ("/%09/host", "/%5Chost", "/%2F/host") are harmless in a path today; one more
  // decoding by anything downstream must not turn them into another host either.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (unsafePath(decoded)) return fallback;
  // The parsed form: percent-encoded, so always a valid header value.
  return url.pathname + url.search + url.hash;
}
