import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { getConfig } from "~/config.server";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

let instance: Db | undefined;

/** Where the committed migrations live; overridable for the Docker image layout. */
function migrationsFolder() {
  return process.env.MIGRATIONS_DIR ?? path.resolve("drizzle");
}

/**
 * Opens the SQLite database, tuned for a web server: WAL so readers never wait
 * for the writer, foreign keys enforced, and a busy timeout instead of
 * SQLITE_BUSY errors under concurrent writes. Migrations run here, so the first
 * query of a fresh install finds every table.
 */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db as Db;
}

export function getDb(): Db {
  instance ??= openDatabase(getConfig().databasePath);
  return instance;
}

export function closeDb() {
  if (instance) {
    instance.$client.close();
    instance = undefined;
  }
}
