// `npm run db:copy`: moves a LaunchKit SQLite database to PostgreSQL.
//
//   DATABASE_PATH=./data/launchkit.db DATABASE_URL=postgres://… npm run db:copy
//
// Applies the PostgreSQL migrations to the (empty) target database, copies
// every row of every table in one transaction, then checks that each table
// has the same number of rows on both sides and that every logo's bytes are
// identical (sha256). Refuses a target that already has rows. The SQLite file
// is only read. Stop the app first, so nothing is written during the copy.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** Parents before children (foreign keys). */
const TABLES = [
  "users",
  "sessions",
  "launch_kits",
  "logo_images",
  "kit_assets",
  "landing_pages",
  "leads",
  "experiments",
  "analytics_salts",
  "analytics_visitors",
  "analytics_addresses",
  "analytics_hourly",
  "kit_download_links",
  "stripe_events",
  "plan_changes",
  "regeneration_usage",
  "password_reset_tokens",
  "contact_messages",
  "newsletter_subscribers",
  "jobs",
  "rate_limit_hits",
  "outbox",
  "reserved_slugs",
  "contact_replies",
  "app_settings",
  "scheduled_runs",
  "email_sequences",
  "email_steps",
  "email_enrolments",
  "email_sends",
  "email_broadcasts",
  "email_suppressions",
  "competitors",
  "competitor_pages",
  "competitor_changes",
  "content_pieces",
  "strategy_reviews",
  "waitlists",
  "waitlist_entries",
  "access_tokens",
  "press_messages",
  "kit_facts",
];
const BATCH = 200;

function usage(message) {
  console.error(`${message}\n\nUsage: DATABASE_PATH=./data/launchkit.db DATABASE_URL=postgres://user:pass@host:5432/db npm run db:copy`);
  process.exit(2);
}

const file = path.resolve(process.env.DATABASE_PATH || "./data/launchkit.db");
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//i.test(url)) usage("DATABASE_URL must be the postgres:// URL of the database to copy into.");
if (!fs.existsSync(file)) usage(`No SQLite database at ${file} (set DATABASE_PATH).`);

const sqlite = new Database(file, { readonly: true, fileMustExist: true });
const sqliteTables = new Set(sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all());
const pool = new pg.Pool({ connectionString: url, max: 2 });

/** Converts one SQLite value for a PostgreSQL column of type `type`. */
function convert(value, type) {
  if (value === null || value === undefined) return null;
  if (type === "timestamp with time zone") return new Date(Number(value));
  if (type === "boolean") return value === 1 || value === true || value === "1";
  if (type === "bytea") return Buffer.isBuffer(value) ? value : Buffer.from(value);
  if (type === "jsonb") return typeof value === "string" ? value : JSON.stringify(value);
  return value;
}

const sha = (b) => crypto.createHash("sha256").update(b).digest("hex");

try {
  await migrate(drizzle(pool), { migrationsFolder: path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle", "pg") });
  const client = await pool.connect();
  const copied = {};
  try {
    for (const table of TABLES) {
      const { rows } = await client.query(`select exists (select 1 from "${table}") as any`);
      if (rows[0].any) throw new Error(`The PostgreSQL database is not empty (table ${table} has rows): db:copy only fills an empty database.`);
    }
    await client.query("begin");
    for (const table of TABLES) {
      copied[table] = 0;
      if (!sqliteTables.has(table)) continue; // a table newer than the SQLite file
      const columns = (
        await client.query("select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = $1", [table])
      ).rows;
      const sqliteColumns = new Set(sqlite.prepare(`select name from pragma_table_info(?)`).pluck().all(table));
      const shared = columns.filter((c) => sqliteColumns.has(c.column_name));
      const names = shared.map((c) => `"${c.column_name}"`).join(", ");
      let batch = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const params = [];
        const tuples = batch.map((row) => `(${shared.map((c) => {
          let value = convert(row[c.column_name], c.data_type);
          if ((table === "jobs" || table === "outbox") && (c.column_name === "locked_by" || c.column_name === "lease_until")) value = null;
          params.push(value);
          return `$${params.length}`;
        }).join(", ")})`);
        await client.query(`insert into "${table}" (${names}) values ${tuples.join(", ")}`, params);
        copied[table] += batch.length;
        batch = [];
      };
      for (const row of sqlite.prepare(`select ${names} from "${table}"`).iterate()) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }

  // Check: the same rows on both sides, and every logo byte for byte.
  let ok = true;
  for (const table of TABLES) {
    const source = sqliteTables.has(table) ? sqlite.prepare(`select count(*) from "${table}"`).pluck().get() : 0;
    const target = Number((await pool.query(`select count(*) from "${table}"`)).rows[0].count);
    if (source !== target) {
      ok = false;
      console.error(`  ${table}: ${source} rows in SQLite, ${target} in PostgreSQL`);
    }
  }
  let logos = 0;
  for (const row of sqlite.prepare("select kit_id, data from logo_images").iterate()) {
    const target = (await pool.query("select data from logo_images where kit_id = $1", [row.kit_id])).rows[0];
    if (!target || sha(target.data) !== sha(row.data)) {
      ok = false;
      console.error(`  logo of kit ${row.kit_id}: bytes differ`);
    }
    logos++;
  }
  if (!ok) throw new Error("The copy does not match the SQLite database (see above); the PostgreSQL database keeps what was copied.");
  const total = Object.values(copied).reduce((a, b) => a + b, 0);
  console.log(`Copied ${total} rows from ${file} to PostgreSQL:`);
  for (const table of TABLES) if (copied[table]) console.log(`  ${table}: ${copied[table]}`);
  console.log(`Checked: every table has the same number of rows, and ${logos} logo(s) are byte for byte the same.`);
  console.log("Start LaunchKit with this DATABASE_URL (and SESSION_SECRET) to run on PostgreSQL.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  sqlite.close();
  await pool.end();
}
