// The postgres project's global setup: one real PostgreSQL server (Debian's
// package, in a temporary directory) for the whole run. Each test file makes
// a database of its own on it (tests/support/vitest-setup.ts), as a copy of
// a template migrated once here: copying the files is several times faster
// than applying every migration again for each file (the app's own migration
// at start-up then finds nothing left to do, as on a second start).
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startPostgres } from "../../scripts/lib/postgres.mjs";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const template = await createTestDatabase(server.url, "launchkit_template");
  const pool = new pg.Pool({ connectionString: template.url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.resolve(import.meta.dirname, "../../drizzle/pg") });
  } finally {
    // no connection may stay open on a template while it is copied
    await pool.end();
  }
  project.provide("postgresAdminUrl", server.url);
  project.provide("postgresTemplate", template.name);
  return async () => {
    await server.stop();
  };
}
