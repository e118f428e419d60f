import { setting } from "~/platform/config.server";

/**
 * Which database this process runs on: PostgreSQL when DATABASE_URL is a
 * postgres:// (or postgresql://) URL, else the embedded SQLite file. Read
 * when the schema module loads, before any table is used (and before the
 * whole configuration may be read: see `setting` in app/platform/config.server.ts).
 */
export type Dialect = "sqlite" | "postgres";

export function currentDialect(): Dialect {
  return setting("DATABASE_URL") ? "postgres" : "sqlite";
}
