import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminStats, changeRole, LastAdminError, listKits, listUsers } from "~/features/admin/admin.server";
import { CSV_COLUMNS, csvFileName, exportKitsCsv } from "~/features/admin/kits-csv.server";
import { csvCell, csvRow } from "~/platform/text/csv.server";
import { execute, first, getDb } from "~/platform/db/client.server";
import { launchKits, users } from "~/platform/db/schema";
import { createKit, setKitStatus } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser, setRole } from "~/features/users/users.server";
import { parseCsv } from "../support/readers";
import { routeArgs } from "../support/route-args";

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
    await db.update(launchKits).set({ createdAt: new Date(now - 7 * 86_400_000 - 1000) }).where(eq(launchKits.id, old.id));
    await db.update(launchKits).set({ createdAt: new Date(now - 7 * 86_400_000 + 1000) }).where(eq(launchKits.id, edge.id));
    await setKitStatus(fresh.id, "completed");
    await setKitStatus(edge.id, "exported");
    expect(await adminStats(now)).toEqual({ total: 3, draft: 1, generating: 0, completed: 1, exported: 1, thisWeek: 2 });
    const { rows, total } = await listKits("exported", 1);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ id: edge.id, userEmail: "stats@admin.test", userName: "S" });
  });

  it("exports every kit as CSV in the spec's column order, respecting the filter, with nasty input intact", async () => {
    const u = await createUser({ name: "C", email: "csv@admin.test", password: "Secret123" });
    const nasty = await createKit(u.id, { ...base, idea: '=cmd|"/c calc"!A1, "quoted", and\nnewlines ✓', competitors: "+Rival, @Other" });
    await setKitStatus(nasty.id, "completed");
    for (let i = 0; i < 1200; i++) await createKit(u.id, { ...base, idea: `Bulk idea ${i}` });

    const all = parseCsv(await readAll(await exportKitsCsv(null)));
    expect(all[0]!.map((h) => h.replace("\uFEFF", ""))).toEqual([...CSV_COLUMNS]);
    expect(all.length - 1).toBe((await first(getDb().select({ n: count() }).from(launchKits)))!.n);
    expect(new Set(all.slice(1).map((r) => r[0])).size).toBe(all.length - 1); // no row twice across batches

    const completed = parseCsv(await readAll(await exportKitsCsv("completed")));
    const row = completed.find((r) => r[0] === nasty.id)!;
    expect(row[1]).toBe("csv@admin.test");
    expect(row[2]).toBe('\'=cmd|"/c calc"!A1, "quoted", and\nnewlines ✓');
    expect(row[6]).toBe("'+Rival, @Other");
    expect(row[9]).toBe("completed");
    expect(completed.slice(1).every((r) => r[9] === "completed")).toBe(true);
    expect(csvRow(["a"])).toBe('"a"\r\n');
  });

  it("answers 'Failed to export data' (500, no file) when the database cannot be read", async () => {
    const { createSession } = await import("~/features/auth/session.server");
    const { loader } = await import("~/routes/admin/export-csv");
    const admin = await createUser({ name: "Exporter", email: "exporter@admin.test", password: "Secret123" });
    await setRole(admin.id, "admin");
    const cookie = (await createSession(new Request("http://x/"), admin.id, false)).split(";")[0]!;
    const call = () => loader(routeArgs(new Request("http://x/admin/export.csv", { headers: { Cookie: cookie } }), {}, {})) as Promise<Response>;

    const ok = await call();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Disposition")).toMatch(/^attachment; filename="launch-kits-\d{4}-\d{2}-\d{2}\.csv"$/);
    await ok.body?.cancel();

    const exec = execute;
    await exec(sql`alter table launch_kits rename to launch_kits_away`);
    try {
      const failed = await call();
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe("Failed to export data");
    } finally {
      await exec(sql`alter table launch_kits_away rename to launch_kits`);
    }

    // A read that fails when the query runs (a corrupt page, an I/O error, a
    // lost connection) is still an error page, not a 200 with a truncated file.
    const db = getDb();
    const select = db.select.bind(db);
    const failing: unknown = new Proxy(
      {},
      {
        get: (_target, key) =>
          key === "then"
            ? (_resolve: unknown, reject: (error: unknown) => void) => reject(Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" }))
            : () => failing,
      },
    );
    const spy = vi.spyOn(db, "select").mockImplementation(((fields?: Record<string, unknown>) =>
      fields && "businessIdea" in fields && "geography" in fields ? failing : select(fields as never)) as typeof db.select);
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
    await getDb().update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    await setRole(a.id, "admin");
    await expect(changeRole(a.id, "user")).rejects.toThrow(LastAdminError);
    const b = await createUser({ name: "Two", email: "second@admin.test", password: "Secret123" });
    expect(await changeRole(b.id, "admin")).toBe(true);
    expect(await changeRole(a.id, "user")).toBe(true);
  });

  it("the users list counts each founder's kits", async () => {
    const founder = await createUser({ name: "Three Kits", email: "three-kits@admin.test", password: "Secret123" });
    const input = { idea: "A kit to count", audience: "Admins", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" } as WizardInput;
    for (let i = 0; i < 3; i++) await createKit(founder.id, input);
    const row = (await listUsers()).find((u) => u.email === "three-kits@admin.test");
    expect(row?.kits).toBe(3);
  });
});
