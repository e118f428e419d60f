import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Plain `<a href>` links to the app's own pages that navigate client-side
 * with JavaScript, for the links every page renders (navbar, footer): a
 * router `<Link>`/`<NavLink>` costs 7–14 µs of server rendering each and
 * the shell has ~30 of them on every signed-in page, where an `<a>` costs
 * nothing (docs/performance.md, "Pages that miss the render cache"). One
 * click handler on the container does what `<Link>`'s does: a plain left
 * click on a same-origin link marked `data-app-link` navigates through the
 * router (replacing the entry when it is the current URL, as `<Link>`
 * does); anything else (a modifier key, another button, a target, a
 * download) is left to the browser. Without JavaScript they are links.
 */
export function useAppLinkClicks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element | null)?.closest?.("a[data-app-link]");
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  };
}

/** NavLink's test for "this link is the current page": case-insensitive, a section's pages count unless `end`. */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const base = target.endsWith("/") ? target.slice(0, -1) : target;
  return here.startsWith(base) && here.charAt(base.length) === "/";
}
