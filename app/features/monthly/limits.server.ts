import { RateLimiter } from "~/platform/http/rate-limit.server";

/**
 * What a Pro founder may ask of the AI model, or of the server's CPU, on
 * demand (limits a security review asked for): each "write it now" is a model call,
 * and a burst of parallel requests must not turn into a burst of calls.
 * Counted in the database, so the limits hold across instances.
 */
const HOUR_MS = 60 * 60 * 1000;

/** "Write this month so far" of the strategy review: a few a day per kit (the monthly run writes the month anyway). */
export const reviewWriteLimiter = new RateLimiter({ name: "review-write", limit: 5, windowMs: 24 * HOUR_MS });
export const REVIEW_WRITE_LIMITED = "You have rewritten this review 5 times today: the next rewrite is possible tomorrow (the monthly review is written on the 1st anyway).";

/** Content pieces: 4 writes a minute per account (a month's worth), so a burst of parallel requests cannot each call the model. */
export const pieceWriteLimiter = new RateLimiter({ name: "piece-write", limit: 4, windowMs: 60 * 1000 });
export const PIECE_WRITE_LIMITED = "You are writing pieces very quickly: wait a minute, then try again (nothing was counted).";

/** The review's PDF is drawn on each download: 20 a minute per account. */
export const reviewPdfLimiter = new RateLimiter({ name: "review-pdf", limit: 20, windowMs: 60 * 1000 });
