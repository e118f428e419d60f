/**
 * Which database this process runs on: PostgreSQL when DATABASE_URL is a
 * postgres:// (or postgresql://) URL, else the embedded SQLite file. Read
 * from the environment once, at start-up, before any table is used.
 */
export type Dialect = "sqlite" | "postgres";

export function isPostgresUrl(url: string | undefined): url is string {
  return typeof url === "string" && /^postgres(ql)?:\/\//i.test(url.trim());
}

export function currentDialect(): Dialect {
  return isPostgresUrl(process.env.DATABASE_URL) ? "postgres" : "sqlite";
}
