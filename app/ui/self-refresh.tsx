import { useLocation } from "react-router";

/**
 * Reloads the page every `seconds` when JavaScript is off (pages that follow
 * a generation; with JS they listen to events instead).
 *
 * The refresh names the page's URL without its fragment: a refresh to the
 * document's own URL with a fragment (the founder's `#post-4` after
 * "Regenerate this post") is a jump to that fragment, not a reload, so the
 * page would never update. Chromium keeps the scroll position on this reload.
 */
export function SelfRefresh({ seconds }: { seconds: number }) {
  const { pathname, search } = useLocation();
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds}; url=${pathname}${search}`} />
    </noscript>
  );
}
