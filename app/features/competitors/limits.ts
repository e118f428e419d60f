/** The competitor watch's limits (client-safe: the Competitors section's forms show them too). */
export const MAX_COMPETITORS = 5;
export const MAX_PAGES = 3;
export const NAME_MAX = 80;
export const LABEL_MAX = 40;
