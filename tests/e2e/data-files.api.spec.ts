import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

test("the database and everything else the server writes is readable by its own user only", async ({ request }) => {
  // A request first, so the WAL and shared-memory files exist.
  expect((await request.get("/healthz")).status()).toBe(200);
  const dir = process.env.E2E_DIR!;
  const written = fs.readdirSync(dir).filter((f) => f.startsWith("launchkit.db") || f === "session-secret");
  expect(written).toEqual(expect.arrayContaining(["launchkit.db", "launchkit.db-wal"]));
  for (const file of written) {
    expect(fs.statSync(path.join(dir, file)).mode & 0o077, file).toBe(0);
  }
});
