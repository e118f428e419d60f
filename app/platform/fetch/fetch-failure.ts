/** Why the competitor fetcher did not get a page, with a sentence for the founder (never thrown). */
export type FetchFailure = {
  ok: false;
  reason: "invalid" | "blocked" | "robots" | "too_large" | "timeout" | "http" | "network" | "not_html";
  message: string;
};
