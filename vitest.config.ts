import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { postgresTestFiles } from "./tests/support/database-test-files";

/**
 * Two projects: the whole suite on the embedded SQLite default, and again on
 * PostgreSQL (a real server from the Debian package, started by
 * tests/support/postgres-global-setup.ts in a temporary directory; each test
 * file gets a database of its own). `npx vitest run --project sqlite` (or
 * postgres) runs one of them.
 */
const allTests = ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"];
/**
 * Not run twice: SQLite's own pragmas and its online backup, and the
 * LibreOffice check of the deck (slow, and it touches no database).
 * tests/integration/postgres.test.ts is PostgreSQL's own.
 */
const sqliteOnly = ["tests/integration/db.test.ts", "tests/integration/backup.test.ts", "tests/integration/deck-libreoffice.test.ts"];
/**
 * The postgres project runs what can touch the database: all of
 * tests/integration and the unit tests whose imports reach the database
 * client (tests/support/database-test-files.ts; vitest-setup.ts fails a
 * left-out file that queries it). Pure unit tests run once, on SQLite.
 */
const postgresTests = postgresTestFiles(import.meta.dirname);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Two files at once even on 2 cores (vitest's default there is one): most
    // of a file's time is spent waiting (PostgreSQL, timers, child processes),
    // and every file has its own database, data directory and ports.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    setupFiles: ["tests/support/vitest-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: allTests,
          exclude: ["tests/integration/postgres.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: postgresTests,
          exclude: sqliteOnly,
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
