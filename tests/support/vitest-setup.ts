// Runs before each test file: every file gets its own fresh SQLite database
// and a clean configuration (no OpenAI key, no SMTP: the offline defaults).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-vitest-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_PROVIDER", "SMTP_URL", "ADMIN_EMAILS", "APP_URL", "SESSION_SECRET",
  "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO", "STRIPE_API_URL"]) {
  delete process.env[key];
}

afterAll(async () => {
  const { closeDb } = await import("~/db/client.server");
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
