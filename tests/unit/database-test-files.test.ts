import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabaseScan, importsOf, postgresTestFiles, sqliteOnlyUnitFiles } from "../support/database-test-files";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-db-scan-"));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(fixture, name)), { recursive: true });
    fs.writeFileSync(path.join(fixture, name), text);
  }
}

describe("which test files the postgres project runs", () => {
  write({
    "app/platform/db/client.server.ts": "export const getDb = () => null;\n",
    "app/kits/store.server.ts": 'import { getDb } from "~/platform/db/client.server";\nexport const save = () => getDb();\n',
    "app/kits/index.ts": 'export { save } from "./store.server";\n',
    "app/kits/pure.ts": 'import type { Db } from "~/platform/db/client.server";\nexport const id = (x: Db) => x;\n',
    "app/lazy.ts": 'export async function load() {\n  const { getDb } = await import("./platform/db/client.server");\n  return getDb();\n}\n',
    "tests/support/helper.ts": 'import {\n  save,\n} from "../../app/kits/index";\nexport { save };\n',
    "tests/unit/deep.test.ts": 'import { save } from "../support/helper";\n',
    "tests/unit/pure.test.ts": 'import { id } from "~/kits/pure";\nimport { describe } from "vitest";\n',
    "tests/unit/lazy.test.ts": 'import { load } from "~/lazy";\n',
    "tests/unit/driver.test.ts": 'import Database from "better-sqlite3";\n',
    "tests/unit/pg-driver.test.ts": 'import pg from "pg";\n',
    "tests/unit/type-only.test.ts": 'import type { Db } from "~/platform/db/client.server";\nimport { id } from "~/kits/pure";\n',
    "tests/unit/nested/side-effect.test.ts": 'import "~/kits/store.server";\n',
    "tests/integration/pure-but-integration.test.ts": 'import { id } from "~/kits/pure";\n',
  });

  it("follows static, re-exported, dynamic and side-effect imports through app and tests/support, and drivers", () => {
    const scan = createDatabaseScan(fixture);
    expect(scan.databasePath("tests/unit/deep.test.ts")).toEqual([
      "tests/unit/deep.test.ts",
      "tests/support/helper.ts",
      "app/kits/index.ts",
      "app/kits/store.server.ts",
      "app/platform/db/client.server.ts",
    ]);
    for (const f of ["lazy", "driver", "pg-driver", "nested/side-effect"]) expect(scan.touchesDatabase(`tests/unit/${f}.test.ts`), f).toBe(true);
    // a type-only import loads nothing
    expect(scan.touchesDatabase("tests/unit/type-only.test.ts")).toBe(false);
  });

  it("runs every integration test and the unit tests that reach the database on PostgreSQL, the rest on SQLite only", () => {
    expect(postgresTestFiles(fixture)).toEqual([
      "tests/integration/pure-but-integration.test.ts",
      "tests/unit/deep.test.ts",
      "tests/unit/driver.test.ts",
      "tests/unit/lazy.test.ts",
      "tests/unit/nested/side-effect.test.ts",
      "tests/unit/pg-driver.test.ts",
    ]);
    expect(sqliteOnlyUnitFiles(fixture)).toEqual(["tests/unit/pure.test.ts", "tests/unit/type-only.test.ts"]);
  });

  it("reads the imports of a source file", () => {
    expect(importsOf('import a from "a";\nimport { b,\n c } from "./b";\nexport * from "~/c";\nimport "d";\nconst e = await import("e");\nimport type { F } from "f";\n')).toEqual(["a", "./b", "~/c", "d", "e"]);
  });

  it("in this repository: no unit test left to SQLite names the database client or a driver", () => {
    const left = sqliteOnlyUnitFiles(root);
    expect(left.length).toBeGreaterThan(0);
    // (this file names them only in its fixtures' text)
    for (const file of left.filter((f) => f !== "tests/unit/database-test-files.test.ts")) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      expect(text, file).not.toMatch(/db\/client\.server|\bgetDb\(|\bsqliteClient\(|\bpgPool\(|from "(pg|better-sqlite3)"/);
    }
    const pgFiles = postgresTestFiles(root);
    expect(pgFiles).toContain("tests/unit/kit-zip.test.ts");
    expect(pgFiles.filter((f) => f.startsWith("tests/integration/")).length).toBe(
      fs.readdirSync(path.join(root, "tests/integration"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".test.ts")).length,
    );
  });
});
