// Runs before each test file: every file gets its own fresh database (a
// SQLite file, or in the postgres project a database of its own on the test
// server) and a clean configuration (no OpenAI key, no SMTP: the offline
// defaults). Migrations are applied before the file's first test.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDatabaseScan } from "./database-test-files";
import { createTestDatabase } from "./test-database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-vitest-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_PROVIDER", "SMTP_URL", "ADMIN_EMAILS", "APP_URL", "SESSION_SECRET",
  "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO", "STRIPE_API_URL", "DATABASE_URL"]) {
  delete process.env[key];
}

const adminUrl = inject("postgresAdminUrl");
let database: string | undefined;
if (adminUrl) {
  const created = await createTestDatabase(adminUrl, "launchkit_test", inject("postgresTemplate"));
  database = created.name;
  process.env.DATABASE_URL = created.url;
  // Required with DATABASE_URL: every instance signs sessions with the same secret.
  process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
}
{
  const { prepareDatabase } = await import("~/platform/db/client.server");
  await prepareDatabase();
}

// On SQLite, count the statements the file sends the database (after the
// migrations above): a unit test the postgres project leaves out
// (tests/support/database-test-files.ts) must send none, or it would test one
// dialect only without anyone choosing so.
type StatementCounter = { count: number };
const counterKey = Symbol.for("launchkit.test.sqliteStatements");
const globals = globalThis as { [counterKey]?: StatementCounter };
if (!adminUrl) {
  if (!globals[counterKey]) {
    const counter: StatementCounter = { count: 0 };
    const proto = Database.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of ["prepare", "exec", "pragma", "backup", "serialize"]) {
      const original = proto[name]!;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        counter.count++;
        return original.apply(this, args);
      };
    }
    globals[counterKey] = counter;
  }
  globals[counterKey]!.count = 0;
}

// vitest passes the file as the second argument, after the fixtures
afterAll(async ({}, suite) => {
  const statements = adminUrl ? 0 : globals[counterKey]!.count;
  const root = path.resolve(import.meta.dirname, "../..");
  const file = path.relative(root, "filepath" in suite ? suite.filepath : suite.file.filepath).split(path.sep).join("/");
  if (statements > 0 && file.startsWith("tests/unit/") && !createDatabaseScan(root).touchesDatabase(file)) {
    throw new Error(
      `${file} sent the database ${statements} statement(s), but the postgres project leaves it out: none of its imports reaches app/platform/db/client.server.ts ` +
        "(tests/support/database-test-files.ts). Import what it uses from the app, so that it runs on both dialects.",
    );
  }
  // The file's job workers, the event relay and the mail sender let go of their connections first.
  const { stopWorkers } = await import("~/platform/jobs/queue.server");
  const { stopEventRelay } = await import("~/kit/runner/events.server");
  await stopWorkers();
  await stopEventRelay();
  const { stopOutbox } = await import("~/platform/mail/sender.server");
  await stopOutbox();
  const { closeDb } = await import("~/platform/db/client.server");
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
  if (adminUrl && database) {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});
