import { redirect } from "react-router";
import { safeRedirect } from "../http/safe-redirect";

/** The page asked for in the URL: a whole number from 1 up; anything else means page 1. */
export function requestedPage(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * A page past the end (an old link after deletions, a hand-edited URL) goes to
 * the last page, keeping the other parameters, instead of an empty list.
 */
export function redirectPastLastPage(url: URL, page: number, total: number, pageSize: number) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (page <= last) return;
  const target = new URLSearchParams(url.searchParams);
  if (last === 1) target.delete("page");
  else target.set("page", String(last));
  const search = target.toString();
  // The path is the client's: "//host/..." must not become a redirect to another site.
  throw redirect(safeRedirect(`${url.pathname}${search ? `?${search}` : ""}`, "/"));
}
