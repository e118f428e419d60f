import { defineConfig } from "drizzle-kit";

/** PostgreSQL migrations (DATABASE_URL=postgres://…): same tables as drizzle.config.ts. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.pg.ts",
  out: "./drizzle/pg",
});
