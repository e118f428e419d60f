import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { setting } from "~/platform/config.server";
import { currentDialect, type Dialect } from "./dialect";
import * as pgSchema from "./schema.pg";
import * as sqliteSchema from "./schema.sqlite";

/**
 * The query builder the repositories use. Both dialects build the same
 * queries from the same table objects (app/platform/db/schema.ts picks them), so the
 * repositories are written once, against the SQLite builder's types, and
 * always `await` their queries: `.get()`, `.all()` and `.run()` exist on
 * SQLite only and are not used. Rows come back as arrays on both (`first()`
 * takes one); write results differ and are read with `changes()`.
 * docs/decisions/016-postgresql-and-many-instances.md says why.
 */
export type Db = BetterSQLite3Database<typeof sqliteSchema>;

type Handle =
  | { dialect: "sqlite"; db: Db; sqlite: Database.Database }
  | { dialect: "postgres"; db: NodePgDatabase<typeof pgSchema>; pool: pg.Pool };

let handle: Handle | undefined;
let ready: Promise<void> | undefined;

/** Where the committed migrations live; overridable for the Docker image layout. */
function migrationsFolder(dialect: Dialect) {
  const root = setting("MIGRATIONS_DIR") ?? path.resolve("drizzle");
  return dialect === "postgres" ? path.join(root, "pg") : root;
}

/** Any number the app's instances agree on: the advisory lock taken while migrating. */
const MIGRATION_LOCK = 7_262_019;

/**
 * Opens the SQLite database, tuned for a web server: WAL so readers never wait
 * for the writer, foreign keys enforced, and a busy timeout instead of
 * SQLITE_BUSY errors under concurrent writes. Migrations run here, so the first
 * query of a fresh install finds every table.
 */
function openSqlite(file: string): Handle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzleSqlite(sqlite, { schema: sqliteSchema });
  migrateSqlite(db, { migrationsFolder: migrationsFolder("sqlite") });
  return { dialect: "sqlite", db: db as Db, sqlite };
}

function openPostgres(url: string): Handle {
  const pool = new pg.Pool({ connectionString: url, max: setting("DATABASE_POOL_SIZE") });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  // Nor may a checked-out one (the event relay's publisher, a transaction between two queries): the pool
  // stops listening for its errors while it is lent out, and a server restart ends every connection. Its
  // holder learns it from its next query, which fails; the pool drops the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  return { dialect: "postgres", db: drizzlePg(pool, { schema: pgSchema }), pool };
}

/**
 * Applies the PostgreSQL migrations under an advisory lock: with several
 * instances starting at once exactly one applies them, the others wait and
 * then find nothing left to do.
 */
export async function migratePostgres(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder("postgres") });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

function open(): Handle {
  if (handle) return handle;
  const url = setting("DATABASE_URL");
  handle = currentDialect() === "postgres" ? openPostgres(url!) : openSqlite(sqliteFile());
  return handle;
}

function sqliteFile() {
  return path.resolve(setting("DATABASE_PATH"));
}

/** The dialect this process runs on. */
export function dialect(): Dialect {
  return open().dialect;
}

/** The query builder (see `Db`). On PostgreSQL, `prepareDatabase()` must have run first. */
export function getDb(): Db {
  return open().db as unknown as Db;
}

/** The SQLite connection itself (SQLite-only tools: pragmas, the online backup). */
export function sqliteClient(): Database.Database {
  const h = open();
  if (h.dialect !== "sqlite") throw new Error("sqliteClient() is for SQLite only");
  return h.sqlite;
}

/** The PostgreSQL pool (LISTEN/NOTIFY and the job queue's locks need a client of their own). */
export function pgPool(): pg.Pool {
  const h = open();
  if (h.dialect !== "postgres") throw new Error("pgPool() is for PostgreSQL only");
  return h.pool;
}

/** Opens the database and applies its migrations (at start-up, and in tests and scripts). */
export function prepareDatabase(): Promise<void> {
  const h = open();
  ready ??= h.dialect === "postgres" ? migratePostgres(h.pool) : Promise.resolve();
  return ready;
}

export async function closeDb() {
  const h = handle;
  handle = undefined;
  ready = undefined;
  if (!h) return;
  if (h.dialect === "sqlite") h.sqlite.close();
  else await h.pool.end();
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built and compiled once per database (a SQLite statement; a named
 * statement on PostgreSQL), then run with placeholder values: for queries on
 * every signed-in request, where building the query with drizzle and having
 * SQLite compile it again was ~8% of the dashboard's CPU (docs/performance.md).
 * Use `.execute()` (rows on both dialects); placeholders that stand for a
 * timestamp take `timestampParam()`.
 */
export function prepared<R>(name: string, build: () => { prepare(): { execute(values?: Record<string, unknown>): PromiseLike<R> } }) {
  const h = open();
  let statements = preparedByDb.get(h);
  if (!statements) preparedByDb.set(h, (statements = new Map()));
  let statement = statements.get(name) as { execute(values?: Record<string, unknown>): PromiseLike<R> } | undefined;
  if (!statement) {
    // PostgreSQL's prepare() takes the statement's name; SQLite's takes none (and ignores one).
    statement = (build() as unknown as { prepare(name: string): { execute(values?: Record<string, unknown>): PromiseLike<R> } }).prepare(name);
    statements.set(name, statement);
  }
  const ready = statement;
  return { execute: async (values: Record<string, unknown>): Promise<R> => ready.execute(values) };
}

/** A timestamp for a placeholder (placeholders skip the column's own conversion). */
export function timestampParam(date: Date): Date | number {
  return open().dialect === "sqlite" ? date.getTime() : date;
}

/** The first row of a query, or undefined. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  const rows = await query;
  return rows[0];
}

/** How many rows an insert, update or delete changed, on either dialect. */
export function changes(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/** `select 1`: the database answers. */
export async function ping() {
  const h = open();
  if (h.dialect === "sqlite") h.sqlite.prepare("select 1").get();
  else await h.pool.query("select 1");
}

/** Runs a statement of plain SQL that returns no rows (a dialect-specific one: check `dialect()` first). */
export async function execute(statement: SQL): Promise<void> {
  const h = open();
  if (h.dialect === "sqlite") h.db.run(statement);
  else await h.db.execute(statement);
}

/**
 * Inside `transaction()`: waits for, then holds until the end of the
 * transaction, a lock named `key` that every instance shares (PostgreSQL's
 * transaction-level advisory lock). On SQLite transactions already take
 * turns, so there is nothing to wait for.
 */
export async function lockInTransaction(tx: Db, key: string | number) {
  if (open().dialect !== "postgres") return;
  const pgTx = tx as unknown as { execute(query: SQL): Promise<unknown> };
  await pgTx.execute(typeof key === "number" ? sql`select pg_advisory_xact_lock(${key})` : sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

const inTransaction = new AsyncLocalStorage<Db>();
let sqliteQueue: Promise<unknown> = Promise.resolve();
/** Transactions whose body is running now in this process. */
let openTransactions = 0;

/**
 * Runs a transaction's body with `tx` as the transaction a nested call joins.
 * An AsyncLocalStorage that has run once makes node track every promise and
 * async resource of the whole process from then on, every request's included
 * (a cached page's hit too: a few per cent of its CPU in a profile); so the
 * storage is switched off again when the last open transaction's body is
 * done, and the tracking with it. A nested call still finds its transaction:
 * the storage is on while any transaction's body runs.
 */
async function withinTransaction<T>(tx: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  openTransactions++;
  try {
    return await inTransaction.run(tx, () => fn(tx));
  } finally {
    if (--openTransactions === 0) inTransaction.disable();
  }
}

/**
 * Runs `fn` in a transaction: all of its writes or none. On PostgreSQL it is
 * drizzle's transaction on one pooled client. On SQLite (one connection, and
 * better-sqlite3's own transactions cannot await), transactions take turns
 * in this process and run between BEGIN IMMEDIATE and COMMIT; the body
 * should only await its queries, so other requests' work stays outside.
 * A nested call joins the transaction it is in.
 */
export async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const outer = inTransaction.getStore();
  if (outer) return fn(outer);
  const h = open();
  if (h.dialect === "postgres") {
    return h.db.transaction((tx) => withinTransaction(tx as unknown as Db, fn));
  }
  const run = async () => {
    h.sqlite.prepare("BEGIN IMMEDIATE").run();
    try {
      const result = await withinTransaction(h.db, fn);
      h.sqlite.prepare("COMMIT").run();
      return result;
    } catch (error) {
      if (h.sqlite.inTransaction) h.sqlite.prepare("ROLLBACK").run();
      throw error;
    }
  };
  const next = sqliteQueue.then(run, run);
  sqliteQueue = next.catch(() => undefined);
  return next;
}

/** True when the error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: unknown; cause?: unknown };
  const code = String(e.code ?? "");
  if (code === "23505" || code.startsWith("SQLITE_CONSTRAINT_UNIQUE") || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  return e.cause instanceof Error ? isUniqueViolation(e.cause) : false;
}
