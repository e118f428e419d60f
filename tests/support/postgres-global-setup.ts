// The postgres project's global setup: one real PostgreSQL server (Debian's
// package, in a temporary directory) for the whole run. Each test file makes
// a database of its own on it (tests/support/vitest-setup.ts).
import type { TestProject } from "vitest/node";
import { startPostgres } from "../../scripts/lib/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresAdminUrl", server.url);
  return async () => {
    await server.stop();
  };
}
