import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { logError } from "~/utils/log.server";
import { refusePost } from "~/utils/responses.server";

/** 200 "ok" when the database answers, 503 otherwise. Used by the Docker HEALTHCHECK. */
export function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    getDb().get(sql`select 1`);
    return new Response("ok", { headers });
  } catch (error) {
    logError("health check failed", error);
    return new Response("database unavailable", { status: 503, headers });
  }
}

export const action = refusePost;
