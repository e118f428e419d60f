#!/usr/bin/env node
// Writes a consistent copy of the LaunchKit database while the app runs, with
// SQLite's online backup API (better-sqlite3's db.backup):
//   npm run backup -- <file>            (or: node scripts/backup.mjs <file>)
//   npm run backup -- --force <file>    overwrite an existing file
// Uses DATABASE_PATH (default ./data/launchkit.db), like the server. In the
// Docker image: docker exec launchkit npm run backup -- /data/backup.db
//
// The copy is one self-contained SQLite file (rollback journal, not WAL): to
// restore, stop LaunchKit, put it in place of the database file, delete any
// <database>-wal and <database>-shm files beside it, and start LaunchKit.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const USAGE = `Usage: npm run backup -- [--force] <file>
  Copies the database at DATABASE_PATH (default ./data/launchkit.db) to <file>
  with SQLite's online backup API; LaunchKit may keep running.
  --force  overwrite <file> if it exists`;

/** Tables whose row counts are printed, when present. */
const TABLES = [
  "users",
  "sessions",
  "launch_kits",
  "logo_images",
  "password_reset_tokens",
  "contact_messages",
  "newsletter_subscribers",
];

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.includes("-h") || args.includes("--help")) {
  console.log(USAGE);
  process.exit(0);
}
const force = args.includes("--force") || args.includes("-f");
const rest = args.filter((a) => a !== "--force" && a !== "-f");
const unknown = rest.filter((a) => a.startsWith("-"));
if (unknown.length) fail(`Unknown option: ${unknown.join(" ")}\n${USAGE}`, 2);
if (rest.length !== 1 || !rest[0].trim()) fail(`Give exactly one backup file.\n${USAGE}`, 2);

const source = path.resolve(process.env.DATABASE_PATH || "./data/launchkit.db");
const target = path.resolve(rest[0]);

if (!fs.existsSync(source)) {
  fail(`No database at ${source}. Start LaunchKit once (npm start) or set DATABASE_PATH.`);
}
if (target === source || target === `${source}-wal` || target === `${source}-shm`) {
  fail(`The backup file must not be the database itself (${source}).`, 2);
}
if (fs.existsSync(target)) {
  if (!force) fail(`${target} exists already. Choose a new file name or add --force to overwrite it.`, 2);
  if (!fs.statSync(target).isFile()) fail(`${target} is not a file.`, 2);
}
const dir = path.dirname(target);
try {
  fs.mkdirSync(dir, { recursive: true });
  fs.accessSync(dir, fs.constants.W_OK);
} catch {
  fail(`Cannot write to the directory ${dir}.`);
}

// Written next to the target, then renamed: an interrupted backup never leaves
// a half-written file under the requested name.
const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.tmp`);
const removeTemp = () => {
  for (const f of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) fs.rmSync(f, { force: true });
};

const started = Date.now();
let db;
try {
  db = new Database(source, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  // One step copies every page inside a single read transaction: a consistent
  // snapshot that includes what is still in the WAL. Under WAL, readers never
  // block the server's writes, and the server's writes cannot restart a
  // one-step backup.
  await db.backup(temp, { progress: () => 0x7fffffff });
} catch (error) {
  removeTemp();
  fail(`Backup failed: ${error instanceof Error ? error.message : error}`);
} finally {
  db?.close();
}

let counts;
try {
  const copy = new Database(temp, { fileMustExist: true });
  try {
    // It holds password hashes and live session ids: readable by its owner only.
    fs.chmodSync(temp, 0o600);
    // A single self-contained file: no -wal to carry along when it is moved.
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`integrity check of the copy failed: ${check}`);
    const present = new Set(
      copy.prepare("select name from sqlite_master where type = 'table'").pluck().all(),
    );
    counts = TABLES.filter((t) => present.has(t)).map((t) => [
      t,
      copy.prepare(`select count(*) from "${t}"`).pluck().get(),
    ]);
  } finally {
    copy.close();
  }
  fs.renameSync(temp, target);
} catch (error) {
  removeTemp();
  fail(`Backup failed: ${error instanceof Error ? error.message : error}`);
}

const bytes = fs.statSync(target).size;
const size = bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Backed up ${source}`);
console.log(`       to ${target} (${size}, ${bytes} bytes) in ${Date.now() - started} ms; integrity ok`);
const width = Math.max(...counts.map(([t]) => t.length));
for (const [table, n] of counts) console.log(`  ${table.padEnd(width)}  ${n}`);
