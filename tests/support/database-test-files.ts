// Which test files the postgres vitest project runs: the ones that can touch
// the database. Every file of tests/integration does (that folder is for
// tests against the database and servers); a file of tests/unit does when its
// import graph reaches the database client (app/platform/db/client.server.ts) or a
// database driver (pg, better-sqlite3). A unit test of pure code is the same
// on both dialects and runs once, on SQLite. Nothing to keep up by hand: a
// unit test that starts using the database through any import is on the
// PostgreSQL run from then on. tests/support/vitest-setup.ts checks the rule
// at run time: a file the postgres project leaves out fails on SQLite if it
// sends the database a single statement.
import fs from "node:fs";
import path from "node:path";

const IMPORT = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs", "/index.js"];
const DRIVERS = new Set(["pg", "better-sqlite3"]);

/** Static and dynamic imports of a source file, `import type` left out (it loads nothing). */
export function importsOf(source: string): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (/^\s*(?:[;}]\s*)?(?:import|export)\s+type\s/.test(m[0])) continue;
    specs.push((m[1] ?? m[2])!);
  }
  return specs;
}

export function createDatabaseScan(root: string) {
  const target = path.join(root, "app/platform/db/client.server.ts");
  const edges = new Map<string, { files: string[]; driver: boolean }>();

  function resolve(from: string, spec: string): string | null {
    let base: string;
    if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
    else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
    else return null;
    for (const ext of EXTENSIONS) {
      const file = base + ext;
      if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
    }
    // a .js specifier of a TypeScript file
    const ts = base.replace(/\.js$/, ".ts");
    return ts !== base && fs.existsSync(ts) ? ts : null;
  }

  function edgesOf(file: string) {
    let e = edges.get(file);
    if (!e) {
      const specs = importsOf(fs.readFileSync(file, "utf8"));
      e = {
        files: specs.map((s) => resolve(file, s)).filter((f): f is string => f !== null),
        driver: specs.some((s) => DRIVERS.has(s)),
      };
      edges.set(file, e);
    }
    return e;
  }

  /** The import chain from `file` to the database client or a driver, or null when there is none. */
  function databasePath(file: string): string[] | null {
    const start = path.resolve(root, file);
    const from = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const current = queue.shift()!;
      const e = edgesOf(current);
      if (current === target || e.driver) {
        const chain: string[] = [];
        for (let at: string | null = current; at; at = from.get(at)!) chain.unshift(path.relative(root, at));
        return chain;
      }
      for (const next of e.files) {
        if (!from.has(next)) {
          from.set(next, current);
          queue.push(next);
        }
      }
    }
    return null;
  }

  return { databasePath, touchesDatabase: (file: string) => databasePath(file) !== null };
}

function testFiles(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")))
    .sort();
}

/** The postgres project's files (relative to root): all of tests/integration, and the unit tests that reach the database. */
export function postgresTestFiles(root: string): string[] {
  const scan = createDatabaseScan(root);
  return [...testFiles(root, "tests/integration"), ...testFiles(root, "tests/unit").filter((f) => scan.touchesDatabase(f))];
}

/** The unit tests that run on SQLite only (relative to root). */
export function sqliteOnlyUnitFiles(root: string): string[] {
  const scan = createDatabaseScan(root);
  return testFiles(root, "tests/unit").filter((f) => !scan.touchesDatabase(f));
}
