import { rotateSalts } from "~/features/analytics/salts.server";
import { flushCounts, stopCounting } from "~/features/analytics/count.server";
import { recheckDomains } from "~/features/billing/domain-recheck.server";
import { runWeeklyWatch } from "~/features/competitors/watch.server";
import { setting } from "~/platform/config.server";
import { startGenerations, stopGenerations } from "~/kit/runner/job.server";
import { pressReplyHeaders } from "~/features/site/press-contact.server";
import { registerOutboxHeaders } from "~/platform/mail/outbox.server";
import { startOutbox, stopOutbox } from "~/platform/mail/sender.server";
import { writeMonthlyReviews } from "~/features/monthly/review.server";
import { startSequenceSender, stopSequenceSender } from "~/features/site/sequences/sender.server";
import { replyHeaders } from "~/features/support/replies.server";
import { startScheduler, stopScheduler, type Schedule } from "~/platform/jobs/schedule.server";

/**
 * The boot list: everything an instance runs besides answering requests, started by server/app.ts
 * once the configuration is valid and the database is ready, and stopped by it on a graceful stop.
 * A module never starts work by being imported. It sits with the server, above every layer of app/,
 * as it names the features' work.
 */

/** Recurring work, each run once per period across all instances (app/platform/jobs/schedule.server.ts). */
export const SCHEDULES: readonly Schedule[] = [
  // Custom domains whose TXT record went away lose the page after a grace period.
  { name: "domain-recheck", every: "day", run: ({ now, signal }) => recheckDomains({ now, signal }) },
  // The weekly competitor watch and its digest e-mails.
  { name: "competitor-watch", every: "week", run: ({ now, signal }) => runWeeklyWatch({ now, signal }) },
  // The monthly strategy reviews (the 1st of each UTC month).
  { name: "strategy-review", every: "month", run: ({ now, signal }) => writeMonthlyReviews(now, signal) },
  // The analytics' daily visitor salts: yesterday's are deleted, so visitors cannot be followed across days.
  { name: "analytics-salts", every: "day", run: ({ now }) => rotateSalts(now) },
];

/** JOB_WORKERS=0: a web-only instance serves requests and queues work, but runs no workers, sequence sender or schedules. */
const runsBackgroundWork = () => setting("JOB_WORKERS");

/** At start-up, in this order. */
export async function startBackgroundWork() {
  if (runsBackgroundWork()) startScheduler(SCHEDULES);
  // Support and press replies thread under the message they answer (In-Reply-To, References).
  registerOutboxHeaders(replyHeaders);
  registerOutboxHeaders(pressReplyHeaders);
  // Every instance sends the mail outbox (password resets cannot wait for a worker instance).
  startOutbox();
  // Live events across instances; generations a stop interrupted go on (job workers start unless JOB_WORKERS=0).
  await startGenerations();
  if (runsBackgroundWork()) startSequenceSender();
}

/** First half of a graceful stop, while the last requests are answered. */
export async function stopBackgroundWork() {
  await stopScheduler();
  // A delivery still waiting on the SMTP server keeps its lease: shutdown must end within seconds.
  await stopOutbox(2_000);
  await stopGenerations();
  await stopCounting();
  await stopSequenceSender();
}

/** The very end of a graceful stop, after the last request was answered, just before the database closes. */
export async function finishBackgroundWork() {
  await flushCounts();
}
