import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminStats, changeRole, LastAdminError, listKits } from "~/admin/admin.server";
import { CSV_COLUMNS, csvCell, csvFileName, csvRow, exportKitsCsv } from "~/admin/csv.server";
import { getDb } from "~/db/client.server";
import { launchKits } from "~/db/schema";
import { createKit, setKitStatus } from "~/kits/kits.server";
import type { WizardInput } from "~/kits/schema";
import { createUser, setRole } from "~/users/users.server";
import { parseCsv } from "../support/readers";

const base: WizardInput = { idea: "An idea", audience: "People", geography: "", tone: "bold", competitors: "", goal: "waitlist", vibe: "playful" };

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("CSV cells", () => {
  it.each([
    ['say "hi"', '"say ""hi"""'],
    ["a, b", '"a, b"'],
    ["line1\nline2", '"line1\nline2"'],
    ["Café ☕ 東京", '"Café ☕ 東京"'],
    ["=HYPERLINK(\"http://x\")", '"\'=HYPERLINK(""http://x"")"'],
    ["+1 555", '"\'+1 555"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tTab", '"\'\tTab"'],
    ["\rCR", '"\'\rCR"'],
    [null, '""'],
  ])("%j → %s", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("names the file by date", () => {
    expect(csvFileName(new Date("2026-03-04T23:59:00Z"))).toBe("launch-kits-2026-03-04.csv");
  });
});

describe("admin data", () => {
  it("counts stats in one query, with 'this week' meaning the last 7 days", async () => {
    const u = await createUser({ name: "S", email: "stats@admin.test", password: "Secret123" });
    const now = Date.now();
    const old = await createKit(u.id, base);
    const edge = await createKit(u.id, base);
    const fresh = await createKit(u.id, base);
    const db = getDb();
    db.update(launchKits).set({ createdAt: new Date(now - 7 * 86_400_000 - 1000) }).where(eq(launchKits.id, old.id)).run();
    db.update(launchKits).set({ createdAt: new Date(now - 7 * 86_400_000 + 1000) }).where(eq(launchKits.id, edge.id)).run();
    await setKitStatus(fresh.id, "completed");
    await setKitStatus(edge.id, "exported");
    expect(adminStats(now)).toEqual({ total: 3, draft: 1, generating: 0, completed: 1, exported: 1, thisWeek: 2 });
    const { rows, total } = listKits("exported", 1);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ id: edge.id, userEmail: "stats@admin.test", userName: "S" });
  });

  it("exports every kit as CSV in the spec's column order, respecting the filter, with nasty input intact", async () => {
    const u = await createUser({ name: "C", email: "csv@admin.test", password: "Secret123" });
    const nasty = await createKit(u.id, { ...base, idea: '=cmd|"/c calc"!A1, "quoted", and\nnewlines ✓', competitors: "+Rival, @Other" });
    await setKitStatus(nasty.id, "completed");
    for (let i = 0; i < 1200; i++) await createKit(u.id, { ...base, idea: `Bulk idea ${i}` });

    const all = parseCsv(await readAll(exportKitsCsv(null)));
    expect(all[0]!.map((h) => h.replace("\uFEFF", ""))).toEqual([...CSV_COLUMNS]);
    expect(all.length - 1).toBe(getDb().$client.prepare("select count(*) from launch_kits").pluck().get());
    expect(new Set(all.slice(1).map((r) => r[0])).size).toBe(all.length - 1); // no row twice across batches

    const completed = parseCsv(await readAll(exportKitsCsv("completed")));
    const row = completed.find((r) => r[0] === nasty.id)!;
    expect(row[1]).toBe("csv@admin.test");
    expect(row[2]).toBe('\'=cmd|"/c calc"!A1, "quoted", and\nnewlines ✓');
    expect(row[6]).toBe("'+Rival, @Other");
    expect(row[9]).toBe("completed");
    expect(completed.slice(1).every((r) => r[9] === "completed")).toBe(true);
    expect(csvRow(["a"])).toBe('"a"\r\n');
  });

  it("answers 'Failed to export data' (500, no file) when the database cannot be read", async () => {
    const { createSession } = await import("~/auth/session.server");
    const { loader } = await import("~/routes/admin/export-csv");
    const admin = await createUser({ name: "Exporter", email: "exporter@admin.test", password: "Secret123" });
    setRole(admin.id, "admin");
    const cookie = (await createSession(new Request("http://x/"), admin.id, false)).split(";")[0]!;
    const call = () => loader({ request: new Request("http://x/admin/export.csv", { headers: { Cookie: cookie } }), params: {}, context: {} } as never) as Promise<Response>;

    const ok = await call();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Disposition")).toMatch(/^attachment; filename="launch-kits-\d{4}-\d{2}-\d{2}\.csv"$/);
    await ok.body?.cancel();

    const sqlite = getDb().$client;
    sqlite.exec("alter table launch_kits rename to launch_kits_away");
    try {
      const failed = await call();
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe("Failed to export data");
    } finally {
      sqlite.exec("alter table launch_kits_away rename to launch_kits");
    }

    // A read that fails after the query is prepared (a corrupt page, an I/O
    // error) is still an error page, not a 200 with a truncated file.
    const prepare = sqlite.prepare.bind(sqlite);
    const spy = vi.spyOn(sqlite, "prepare").mockImplementation(((source: string) => {
      const statement = prepare(source);
      if (!source.includes("from launch_kits k")) return statement;
      return Object.assign(Object.create(statement), {
        raw: () => ({ all: () => { throw Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" }); } }),
      });
    }) as typeof sqlite.prepare);
    try {
      const failed = await call();
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe("Failed to export data");
    } finally {
      spy.mockRestore();
    }
  });

  it("never revokes the last admin", async () => {
    const a = await createUser({ name: "Only", email: "only-admin@admin.test", password: "Secret123" });
    getDb().$client.prepare("update users set role = 'user' where role = 'admin'").run();
    setRole(a.id, "admin");
    expect(() => changeRole(a.id, "user")).toThrow(LastAdminError);
    const b = await createUser({ name: "Two", email: "second@admin.test", password: "Secret123" });
    expect(changeRole(b.id, "admin")).toBe(true);
    expect(changeRole(a.id, "user")).toBe(true);
  });
});
