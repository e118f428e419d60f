import path from "node:path";
import { defineConfig } from "vitest/config";

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

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
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
          include: allTests,
          exclude: sqliteOnly,
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
