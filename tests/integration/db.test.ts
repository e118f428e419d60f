import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqliteClient } from "~/platform/db/client.server";
import { getSessionSecret } from "~/platform/secret.server";

describe("database start-up", () => {
  it("creates every table through the committed migrations", () => {
    const tables = sqliteClient()
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        "contact_messages",
        "launch_kits",
        "logo_images",
        "newsletter_subscribers",
        "password_reset_tokens",
        "sessions",
        "users",
      ]),
    );
  });

  it("opens SQLite with WAL, foreign keys and a busy timeout", () => {
    const sqlite = sqliteClient();
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it("has the launch_kits columns of the spec and its indexes", () => {
    const sqlite = sqliteClient();
    const columns = sqlite.prepare("select name from pragma_table_info('launch_kits')").pluck().all();
    expect(columns).toEqual([
      "id", "user_id", "status", "business_idea", "target_audience", "geography", "tone",
      "competitors", "primary_goal", "brand_vibe", "generation_progress", "generation_metadata",
      "generated_prompt", "generated_logo_url", "logo_prompt", "created_at", "updated_at",
    ]);
    const indexes = sqlite.prepare("select name from pragma_index_list('launch_kits')").pluck().all();
    expect(indexes).toEqual(
      expect.arrayContaining(["launch_kits_user_created_idx", "launch_kits_status_created_idx", "launch_kits_created_idx"]),
    );
  });

  it("generates a session secret once and keeps it in the data directory", () => {
    const first = getSessionSecret();
    const file = path.join(path.dirname(process.env.DATABASE_PATH!), "session-secret");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(getSessionSecret()).toBe(first);
  });
});
