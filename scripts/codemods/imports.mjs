/**
 * The import graph of the repository, read with the TypeScript compiler's
 * parser: every module specifier (static and dynamic imports, re-exports,
 * `import("…")` types) of every source file, resolved to a repository path
 * the way tsconfig resolves it (`~/` is app/, then relative paths; the
 * extensions vite and tsc try). Used by the layer move (layers.mjs) to
 * rewrite specifiers, and by its report to find cycles and crossings.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mjs|js|cjs|mts)$/;
const TRY = ["", ".ts", ".tsx", ".js", ".mjs", ".json", "/index.ts", "/index.tsx"];

export function sourceFiles() {
  const out = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return out
    .split("\n")
    .filter((f) => f && SOURCE.test(f) && !f.startsWith("node_modules/") && !f.startsWith("build") && !f.startsWith("drizzle/"))
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
}

/** A specifier's file, relative to the root, or null for packages and node: built-ins. */
export function resolveSpecifier(fromFile, spec, exists) {
  let base;
  if (spec.startsWith("~/")) base = path.posix.join("app", spec.slice(2));
  else if (spec.startsWith("./") || spec.startsWith("../")) base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else return null;
  for (const ext of TRY) {
    if (exists(base + ext)) return base + ext;
  }
  // React Router's generated route types (.react-router/types, a rootDir)
  if (base.includes("/+types/")) return base + ".ts";
  // `./x.js` written for a `.ts` file
  if (/\.js$/.test(base)) {
    for (const ext of [".ts", ".tsx"]) if (exists(base.slice(0, -3) + ext)) return base.slice(0, -3) + ext;
  }
  return null;
}

/**
 * The specifiers of one file: { spec, start, end (of the string literal's
 * text, quotes excluded), typeOnly, dynamic }.
 */
export function specifiersOf(file, text) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : /\.(m|c)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const add = (lit, typeOnly, dynamic) => {
    if (!lit || !ts.isStringLiteralLike(lit)) return;
    found.push({ spec: lit.text, start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, typeOnly, dynamic });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((e) => e.isTypeOnly))),
      );
      add(node.moduleSpecifier, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly, false);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) add(arg.literal, true, false);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false, true);
      else if (ts.isIdentifier(callee) && callee.text === "require") add(node.arguments[0], false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export function importGraph(files = sourceFiles()) {
  const set = new Set(files);
  const exists = (p) => set.has(p) || (fs.existsSync(path.join(ROOT, p)) && fs.statSync(path.join(ROOT, p)).isFile());
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    const specs = specifiersOf(file, text).map((s) => ({ ...s, target: resolveSpecifier(file, s.spec, exists) }));
    graph.set(file, { text, specs });
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), over app/ and server/. */
export function cycles(graph, within = (f) => f.startsWith("app/") || f.startsWith("server/")) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const next = (f) => (graph.get(f)?.specs ?? []).map((s) => s.target).filter((t) => t && within(t) && graph.has(t));
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const f of graph.keys()) if (within(f) && !idx.has(f)) strong(f);
  return out;
}
