import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Two projects: every test on the embedded SQLite default, and the tests that
 * touch the database again on PostgreSQL (a real server from the Debian
 * package, started by tests/support/postgres-global-setup.ts in a temporary
 * directory; each test file gets a database of its own).
 * `npx vitest run --project sqlite` (or postgres) runs one of them.
 */
const databaseTests = [
  "tests/integration/**/*.test.ts",
  "tests/unit/marketing-contact.test.ts",
  "tests/unit/marketing-newsletter.test.ts",
];
/** SQLite-only: the file's pragmas and SQLite's online backup; the LibreOffice check touches no database. */
const sqliteOnly = ["tests/integration/db.test.ts", "tests/integration/backup.test.ts", "tests/integration/deck-libreoffice.test.ts", "tests/integration/fake-openai.test.ts"];

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
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/postgres.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: databaseTests,
          exclude: sqliteOnly,
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
