import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { getDb, sqliteClient } from "~/platform/db/client.server";
import { logoImages } from "~/platform/db/schema";
import { createKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";

const SCRIPT = path.resolve("scripts/backup.mjs");
const input: WizardInput = { idea: "Backed-up idea", audience: "Founders", geography: "", tone: "bold", competitors: "", goal: "waitlist", vibe: "playful" };

/** Runs `node scripts/backup.mjs ...args` against this file's database (asynchronously: the test keeps writing meanwhile). */
function backup(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function tempPath(name: string) {
  return path.join(path.dirname(process.env.DATABASE_PATH!), "backups", name);
}

describe("npm run backup", () => {
  it("copies the open database, WAL included, while the app keeps writing", async () => {
    const db = getDb(); // the app's connection stays open for the whole test
    const owner = await createUser({ name: "Backup Owner", email: "owner@backup.test", password: "Secret123" });
    const kit = await createKit(owner.id, input);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    db.insert(logoImages).values({ kitId: kit.id, contentType: "image/png", data: png }).run();
    // The rows are still in the write-ahead log, not yet in the main file.
    expect(fs.statSync(`${process.env.DATABASE_PATH}-wal`).size).toBeGreaterThan(0);

    const file = tempPath("launchkit-backup.db");
    const running = backup([file]);
    // Writes go on during the backup; the copy is one consistent snapshot.
    const extra: string[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await createUser({ name: `Writer ${i}`, email: `writer${i}@backup.test`, password: "Secret123" });
      extra.push(u.id);
    }
    const result = await running;
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`to ${file}`);
    expect(result.stdout).toMatch(/integrity ok/);
    expect(result.stdout).toMatch(/launch_kits\s+1\n/);
    expect(result.stdout).toMatch(/logo_images\s+1\n/);

    const copy = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("quick_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      const emails = copy.prepare("select email from users order by email").pluck().all() as string[];
      expect(emails).toContain("owner@backup.test");
      // Whatever the interleaving, the copy holds the owner and a prefix of the later writes.
      const writers = emails.filter((e) => e.startsWith("writer"));
      expect(writers).toEqual(writers.map((_, i) => `writer${i}@backup.test`));
      expect(result.stdout).toMatch(new RegExp(`users\\s+${emails.length}\\n`));
      const savedKit = copy.prepare("select user_id, business_idea from launch_kits where id = ?").get(kit.id);
      expect(savedKit).toEqual({ user_id: owner.id, business_idea: "Backed-up idea" });
      const logo = copy.prepare("select content_type, data from logo_images where kit_id = ?").get(kit.id) as { content_type: string; data: Buffer };
      expect(logo.content_type).toBe("image/png");
      expect(Buffer.compare(logo.data, png)).toBe(0);
    } finally {
      copy.close();
    }
    // One self-contained file, readable by its owner only; the app's database is untouched.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["launchkit-backup.db"]);
    expect(sqliteClient().prepare("select count(*) from users").pluck().get()).toBe(1 + extra.length);
  });

  it("refuses to overwrite an existing file unless --force is given", async () => {
    getDb();
    const file = tempPath("existing.db");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "not a database");
    const refused = await backup([file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/exists already.*--force/);
    expect(fs.readFileSync(file, "utf8")).toBe("not a database");

    const forced = await backup(["--force", file]);
    expect(forced.code).toBe(0);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma("quick_check", { simple: true })).toBe("ok");
    copy.close();
  });

  it("explains its usage and missing databases", async () => {
    const none = await backup([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: npm run backup -- \[--force\] <file>/);

    const two = await backup(["a.db", "b.db"]);
    expect(two.code).toBe(2);

    const unknown = await backup(["--verbose", "a.db"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option: --verbose/);

    const self = await backup([process.env.DATABASE_PATH!]);
    expect(self.code).toBe(2);
    expect(self.stderr).toMatch(/must not be the database itself/);

    const missing = path.join(path.dirname(process.env.DATABASE_PATH!), "nowhere", "missing.db");
    const noDb = await backup([tempPath("never.db")], { DATABASE_PATH: missing });
    expect(noDb.code).toBe(1);
    expect(noDb.stderr).toMatch(/No database at .*missing\.db/);
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(tempPath("never.db"))).toBe(false);

    const help = await backup(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/online backup API/);
  });
});
