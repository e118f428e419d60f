import { dialect, ping } from "~/platform/db/client.server";
import { queueHealth } from "~/platform/jobs/queue.server";
import { outboxHealth } from "~/platform/mail/sender.server";
import { logError } from "~/platform/log.server";
import { refusePost } from "~/platform/http/responses.server";

/**
 * 200 when the database answers and the job queue and the mail outbox can be read, 503
 * otherwise; used by the Docker and docker-compose healthchecks and by a
 * proxy in front of several instances. The body: "ok" on the first line,
 * then one line per part (no user data).
 */
export async function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    await ping();
  } catch (error) {
    logError("health check failed", error);
    return new Response("database unavailable", { status: 503, headers });
  }
  try {
    const [q, mail] = await Promise.all([queueHealth(), outboxHealth()]);
    const body = [
      "ok",
      `database: ${dialect()} ok`,
      `queue: ${q.workers ? "workers running" : "workers stopped"}, ${q.running_here} job(s) running here, ${q.running} running, ${q.waiting} waiting`,
      `mail: ${mail.sender ? "sender running" : "sender stopped"}, ${mail.waiting} waiting`,
    ].join("\n");
    return new Response(body, { headers });
  } catch (error) {
    logError("health check failed", error);
    return new Response("job queue or mail outbox unavailable", { status: 503, headers });
  }
}

export const action = refusePost;
