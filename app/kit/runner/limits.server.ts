import { RateLimiter } from "~/platform/http/rate-limit.server";
import { MAX_CONCURRENT_PER_USER, runningCountForUser } from "./commands.server";

const perUserPerHour = new RateLimiter({ name: "generations", limit: 30, windowMs: 60 * 60 * 1000 });

const TOO_MANY_RUNNING = `You already have ${MAX_CONCURRENT_PER_USER} launch kits generating. Please wait for one to finish.`;
const TOO_MANY_THIS_HOUR = "You've generated a lot of kits this hour. Please try again later.";

/**
 * Every generation a user starts (a new kit or a retry) goes through here:
 * at most MAX_CONCURRENT_PER_USER at once and 30 an hour, because each one
 * costs provider calls. Both count on every instance (the kits' rows and the
 * shared rate-limit table). Returns null and counts the generation when it
 * may start, or the message to show when it may not. startGeneration({ limit:
 * true }) holds the concurrent limit again atomically, for two requests that
 * pass here at the same moment.
 */
export async function claimGeneration(userId: string): Promise<string | null> {
  if ((await runningCountForUser(userId)) >= MAX_CONCURRENT_PER_USER) return TOO_MANY_RUNNING;
  if (!(await perUserPerHour.hit(userId))) return TOO_MANY_THIS_HOUR;
  return null;
}
