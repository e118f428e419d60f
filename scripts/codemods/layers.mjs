#!/usr/bin/env node
/**
 * The move of app/ into layers (docs/architecture.md), as a codemod rather
 * than hand edits: `node scripts/codemods/layers.mjs --report` prints what
 * would move and which imports would cross the layer rules; `--apply` moves
 * the files with `git mv` and rewrites every import specifier that pointed
 * at a moved file (aliases stay aliases, relative paths stay relative), and
 * every path written as text elsewhere (configs, scripts, tests, docs).
 *
 * Kept after the move so that the mapping that was applied stays readable.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT, importGraph, sourceFiles } from "./imports.mjs";

/** Old path (file, or folder ending in "/") → new path; the first match wins. */
export const MOVES = [
  // platform: no product words
  ["app/config.server.ts", "app/platform/config.server.ts"],
  ["app/db/", "app/platform/db/"],
  ["app/mail/", "app/platform/mail/"],
  ["app/utils/log.server.ts", "app/platform/log.server.ts"],
  ["app/utils/schedule.server.ts", "app/platform/jobs/schedule.server.ts"],
  ["app/generation/queue.server.ts", "app/platform/jobs/queue.server.ts"],
  ["app/competitors/safe-fetch.server.ts", "app/platform/fetch/safe-fetch.server.ts"],
  ["app/competitors/robots.server.ts", "app/platform/fetch/robots.server.ts"],
  ["app/competitors/fetch-failure.ts", "app/platform/fetch/fetch-failure.ts"],
  ["app/kits/pdf/fonts.server.ts", "app/kit/pdf/fonts.server.ts"],
  ["app/kits/pdf/", "app/platform/pdf/"],
  ["app/admin/csv.server.ts", "app/platform/text/csv.server.ts"],
  ["app/auth/secret.server.ts", "app/platform/secret.server.ts"],
  ["app/billing/payment-origins.server.ts", "app/platform/http/payment-origins.server.ts"],
  ["app/utils/css-subset.server.ts", "app/platform/render/css-subset.server.ts"],
  ["app/utils/inline-css.server.ts", "app/platform/render/inline-css.server.ts"],
  ["app/utils/defer-bootstrap.server.ts", "app/platform/render/defer-bootstrap.server.ts"],
  ["app/utils/render-cache.server.ts", "app/platform/render/render-cache.server.ts"],
  ["app/utils/server-router.server.tsx", "app/platform/render/server-router.server.tsx"],
  ["app/utils/page-cache.server.ts", "app/platform/render/page-cache.server.ts"],
  ["app/utils/nonce.tsx", "app/ui/nonce.tsx"],
  ["app/utils/use-hydrated.ts", "app/ui/use-hydrated.ts"],
  ["app/utils/code-literals.ts", "app/platform/text/code-literals.ts"],
  ["app/utils/html.ts", "app/platform/text/html.ts"],
  ["app/utils/text.ts", "app/platform/text/text.ts"],
  ["app/utils/markdown.ts", "app/platform/text/markdown.ts"],
  ["app/utils/pagination.ts", "app/platform/text/pagination.ts"],
  ["app/utils/email-field.ts", "app/platform/text/email-field.ts"],
  ["app/utils/", "app/platform/http/"],

  // ai: a generic provider interface
  ["app/generation/providers/", "app/ai/"],
  ["app/generation/structured.server.ts", "app/ai/structured.server.ts"],
  ["app/generation/web-search.server.ts", "app/ai/web-search.server.ts"],
  ["app/generation/fit-schema.ts", "app/ai/fit-schema.ts"],
  ["app/generation/errors.ts", "app/ai/errors.ts"],

  // kit: the kit domain and its runner
  ["app/generation/input.ts", "app/kit/input.ts"],
  ["app/generation/", "app/kit/runner/"],
  ["app/kits/steps.server.ts", "app/kit/runner/steps.server.ts"],
  // the published site: public pages, lead posts, thank-you pass, images
  // for sharing, takedowns; the landing page itself stays a kit asset
  ...[
    "lead-post.server.ts",
    "og.server.ts",
    "press-contact.server.ts",
    "press.server.ts",
    "public.server.ts",
    "takedown-schema.ts",
    "thanks-pass.server.ts",
  ].map((f) => [`app/kits/assets/landing/${f}`, `app/features/site/${f}`]),
  // what a plan entitles an account to: the kit's watermark, quality and
  // queue priority depend on it, and every feature reads it
  ["app/billing/plans.ts", "app/kit/plans/plans.ts"],
  ["app/billing/entitlements.ts", "app/kit/plans/entitlements.ts"],
  ["app/billing/entitlements.server.ts", "app/kit/plans/entitlements.server.ts"],
  ["app/billing/account.server.ts", "app/kit/plans/account.server.ts"],
  ["app/billing/regenerations.server.ts", "app/kit/plans/regenerations.server.ts"],
  ["app/analytics/pixel-signature.server.ts", "app/kit/assets/landing/pixel-signature.server.ts"],
  // the kit workspace: who may open a kit, and what its sections share
  ["app/kits/workspace.server.ts", "app/features/workspace/workspace.server.ts"],
  ["app/kits/workspace.ts", "app/features/workspace/workspace.ts"],
  ["app/kits/workspace-summary.ts", "app/features/workspace/workspace-summary.ts"],
  ["app/kits/assets/file-response.server.ts", "app/features/workspace/file-response.server.ts"],
  ["app/kits/export/mail.server.ts", "app/features/workspace/export-mail.server.ts"],
  ["app/billing/workspace-plan.server.ts", "app/features/workspace/workspace-plan.server.ts"],
  ["app/kits/", "app/kit/"],

  // features; experiments are read from the analytics counts and feed them
  // (a counted visit is assigned its arm), so they are one feature, and so
  // are the published site, the e-mail sequences and the waitlist its pages
  // sign people up to
  ["app/experiments/", "app/features/analytics/experiments/"],
  ["app/sequences/", "app/features/site/sequences/"],
  ["app/waitlist/", "app/features/site/waitlist/"],
  ...["admin", "agents", "analytics", "auth", "billing", "competitors", "marketing", "monthly", "support", "users"].map(
    (f) => [`app/${f}/`, `app/features/${f}/`],
  ),

  // the dashboard's kit view and its dialog are the kit route's own view
  ["app/components/kit-modal.tsx", "app/routes/dashboard/kit-modal.tsx"],
  ["app/components/kit-detail.tsx", "app/routes/dashboard/kit-detail.tsx"],
  // ui: client-safe components
  ["app/components/", "app/ui/"],
];

export function newPathOf(file) {
  for (const [from, to] of MOVES) {
    if (from.endsWith("/") ? file.startsWith(from) : file === from) return from.endsWith("/") ? to + file.slice(from.length) : to;
  }
  return file;
}

/** The layer a (new) path belongs to, and its feature's name. */
export function layerOf(file) {
  let m;
  if (file.startsWith("app/platform/")) return { layer: "platform" };
  if (file.startsWith("app/ai/")) return { layer: "ai" };
  if (file.startsWith("app/kit/")) return { layer: "kit" };
  if ((m = /^app\/features\/([^/]+)\//.exec(file))) return { layer: "features", feature: m[1] };
  if (file.startsWith("app/routes/")) return { layer: "routes" };
  if (file.startsWith("app/ui/")) return { layer: "ui" };
  if (file.startsWith("app/") || file.startsWith("server/")) return { layer: "app" };
  return { layer: "outside" };
}

const BELOW = {
  platform: ["platform"],
  ai: ["platform", "ai"],
  kit: ["platform", "ai", "kit"],
  features: ["platform", "ai", "kit", "features"],
  ui: ["platform", "ai", "kit", "features", "ui"],
  routes: ["platform", "ai", "kit", "features", "ui", "routes"],
  app: ["platform", "ai", "kit", "features", "ui", "routes", "app"],
};

export function crossing(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.layer === "outside" || b.layer === "outside") return null;
  if (!BELOW[a.layer].includes(b.layer)) return `${a.layer} → ${b.layer}`;
  if (a.layer === "ui" && /\.server\.tsx?$/.test(to)) return "ui → .server";
  if (a.layer === "features" && b.layer === "features" && a.feature !== b.feature && !/\/index(\.server)?\.tsx?$/.test(to))
    return `feature ${a.feature} → ${b.feature} (not its entry)`;
  return null;
}

function report() {
  const graph = importGraph();
  const moved = [...graph.keys()].filter((f) => newPathOf(f) !== f);
  console.log(`${moved.length} files move`);
  const byRule = new Map();
  for (const [file, { specs }] of graph) {
    for (const s of specs) {
      if (!s.target) continue;
      const rule = crossing(newPathOf(file), newPathOf(s.target));
      if (!rule) continue;
      const key = rule.replace(/ \(.*/, "");
      if (!byRule.has(key)) byRule.set(key, []);
      byRule.get(key).push(`${newPathOf(file)} → ${newPathOf(s.target)}${s.typeOnly ? " (type)" : ""}`);
    }
  }
  const rules = [...byRule].sort((a, b) => b[1].length - a[1].length);
  for (const [rule, list] of rules) {
    console.log(`\n## ${rule}: ${list.length}`);
    if (process.argv.includes("--all") || list.length <= 12) for (const l of list) console.log("  " + l);
  }
  console.log(`\ntotal crossings: ${rules.reduce((n, [, l]) => n + l.length, 0)}`);
}

function relativeSpecifier(fromFile, toFile, original) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile);
  if (!rel.startsWith(".")) rel = "./" + rel;
  return withOriginalExtension(rel, toFile, original);
}

/** Keep the original specifier's habit: with or without the file's extension. */
function withOriginalExtension(spec, toFile, original) {
  const ext = path.posix.extname(toFile);
  if (/\/index\.tsx?$/.test(toFile) && !/\/index(\.tsx?)?$/.test(original)) return spec.replace(/\/index\.tsx?$/, "");
  if (original.endsWith(ext)) return spec;
  if ((ext === ".ts" || ext === ".tsx") && original.endsWith(".js")) return spec.slice(0, -ext.length) + ".js";
  if (ext === ".ts" || ext === ".tsx") return spec.slice(0, -ext.length);
  return spec;
}

function apply() {
  const graph = importGraph();
  const files = [...graph.keys()];
  const moves = files.map((f) => [f, newPathOf(f)]).filter(([a, b]) => a !== b);
  // Non-source files inside moved folders (JSON data, .d.ts are sources) move too.
  const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "app"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  for (const f of tracked) if (!graph.has(f) && newPathOf(f) !== f) moves.push([f, newPathOf(f)]);
  const movedTo = new Map(moves);

  // 1. Rewrite specifiers, in memory, against the old layout.
  const rewritten = new Map();
  for (const [file, { text, specs }] of graph) {
    const fileNew = movedTo.get(file) ?? file;
    const edits = [];
    for (const s of specs) {
      if (!s.target) continue;
      const targetNew = movedTo.get(s.target) ?? s.target;
      if (targetNew === s.target && fileNew === file) continue;
      let spec;
      if (s.spec.startsWith("~/")) {
        if (targetNew === s.target) continue;
        spec = withOriginalExtension("~/" + targetNew.slice("app/".length), targetNew, s.spec);
      } else {
        spec = relativeSpecifier(fileNew, targetNew, s.spec);
      }
      if (spec !== s.spec) edits.push([s.start, s.end, spec]);
    }
    if (edits.length === 0) continue;
    let out = text;
    for (const [start, end, spec] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + spec + out.slice(end);
    rewritten.set(file, out);
  }
  for (const [file, text] of rewritten) fs.writeFileSync(path.join(ROOT, file), text);

  // 2. Move with git, so history follows.
  for (const [from, to] of moves) {
    fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
    try {
      execFileSync("git", ["mv", from, to], { cwd: ROOT, stdio: "pipe" });
    } catch {
      fs.renameSync(path.join(ROOT, from), path.join(ROOT, to)); // not tracked yet
    }
  }

  // 3. Paths written as text (tests reading sources, configs, docs).
  const textual = [...moves].sort((a, b) => b[0].length - a[0].length);
  const folderMoves = MOVES.filter(([from]) => from.endsWith("/")).sort((a, b) => b[0].length - a[0].length);
  const others = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && /\.(ts|tsx|mjs|js|cjs|md|json|yml|yaml|sh)$|^\.ci\/run$|Dockerfile|\.dockerignore$/.test(f))
    .filter((f) => !f.startsWith("drizzle/") && !f.startsWith("scripts/codemods/") && !f.startsWith("docs/decisions/") && f !== "package-lock.json");
  let changed = 0;
  for (const f of others) {
    const full = path.join(ROOT, f);
    if (!fs.existsSync(full)) continue;
    const before = fs.readFileSync(full, "utf8");
    let text = before;
    for (const [from, to] of textual) {
      const stem = from.replace(/\.(tsx?|mjs|json)$/, "");
      const toStem = to.replace(/\.(tsx?|mjs|json)$/, "");
      text = text.replace(new RegExp(`(?<![\\w/.-])${escape(stem)}(?=(\\.(tsx?|mjs|json))?(?![\\w/-]))`, "g"), toStem);
    }
    for (const [from, to] of folderMoves) {
      text = text.replace(new RegExp(`(?<![\\w/.-])${escape(from)}(?=[\\s\`'")*,]|$)`, "gm"), to);
    }
    if (text !== before) {
      fs.writeFileSync(full, text);
      changed++;
    }
  }
  console.log(`moved ${moves.length} files, rewrote imports in ${rewritten.size}, paths as text in ${changed}`);
  entries();
}

/**
 * A feature reaches another only through its entry: index.ts (client-safe)
 * or index.server.ts. Each entry re-exports, by name, what other features
 * use; every such import is pointed at the entry.
 */
function entries() {
  const graph = importGraph();
  const wanted = new Map(); // entry file → Map(source file → { values:Set, types:Set })
  const edits = new Map(); // importing file → [[start, end, spec]]
  for (const [file, { text, specs }] of graph) {
    const a = layerOf(file);
    if (a.layer !== "features") continue;
    for (const s of specs) {
      if (!s.target) continue;
      const b = layerOf(s.target);
      if (b.layer !== "features" || b.feature === a.feature || /\/index(\.server)?\.tsx?$/.test(s.target)) continue;
      // Server code goes through index.server.ts, so index.ts (what browser
      // code may import) re-exports nothing a browser bundle cannot take.
      const entry = `app/features/${b.feature}/index${/\.server\.tsx?$/.test(file) || /\.server\.tsx?$/.test(s.target) ? ".server" : ""}.ts`;
      const names = importedNames(file, text, s);
      if (!names) throw new Error(`${file}: cannot tell what it takes from ${s.spec}`);
      if (!wanted.has(entry)) wanted.set(entry, new Map());
      const bySource = wanted.get(entry);
      if (!bySource.has(s.target)) bySource.set(s.target, { values: new Set(), types: new Set() });
      for (const n of names.values) bySource.get(s.target).values.add(n);
      for (const n of names.types) bySource.get(s.target).types.add(n);
      const spec = s.spec.startsWith("~/") ? "~/" + entry.slice(4).replace(/\.ts$/, "") : relativeSpecifier(file, entry, "x");
      if (!edits.has(file)) edits.set(file, []);
      edits.get(file).push([s.start, s.end, spec]);
    }
  }
  for (const [entry, bySource] of [...wanted].sort()) {
    const seen = new Map();
    const lines = [
      "/**",
      ` * What other features use of ${entry.split("/")[2]}: they import it from here, never`,
      " * from the files behind it (npm run lint:deps).",
      " */",
    ];
    for (const [source, { values, types }] of [...bySource].sort()) {
      for (const n of [...values, ...types]) {
        if (seen.has(n) && seen.get(n) !== source) throw new Error(`${entry}: ${n} from both ${seen.get(n)} and ${source}`);
        seen.set(n, source);
      }
      const from = "./" + path.posix.relative(path.posix.dirname(entry), source).replace(/\.tsx?$/, "");
      const onlyTypes = [...types].filter((t) => !values.has(t)).sort();
      if (values.size) lines.push(`export { ${[...values].sort().join(", ")} } from "${from}";`);
      if (onlyTypes.length) lines.push(`export type { ${onlyTypes.join(", ")} } from "${from}";`);
    }
    fs.writeFileSync(path.join(ROOT, entry), lines.join("\n") + "\n");
  }
  for (const [file, list] of edits) {
    let out = graph.get(file).text;
    for (const [start, end, spec] of list.sort((x, y) => y[0] - x[0])) out = out.slice(0, start) + spec + out.slice(end);
    fs.writeFileSync(path.join(ROOT, file), out);
  }
  console.log(`entries: ${wanted.size}, imports pointed at them in ${edits.size} files`);
}

/**
 * The opposite of entries(): imports of another feature's entry point at the
 * files behind it again, and the entries are removed (to write them anew).
 */
function unentries() {
  const graph = importGraph();
  const isEntry = (f) => /^app\/features\/[^/]+\/index(\.server)?\.ts$/.test(f);
  const origin = new Map(); // entry → Map(name → source file)
  for (const [file, { text }] of graph) {
    if (!isEntry(file)) continue;
    const names = new Map();
    for (const m of text.matchAll(/^export (?:type )?\{ ([^}]+) \} from "([^"]+)";$/gm)) {
      const source = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])) + ".ts";
      const real = fs.existsSync(path.join(ROOT, source)) ? source : source.replace(/\.ts$/, ".tsx");
      for (const n of m[1].split(",")) names.set(n.trim(), real);
    }
    origin.set(file, names);
  }
  let files = 0;
  for (const [file, { text }] of graph) {
    if (isEntry(file)) continue;
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const edits = [];
    for (const node of sf.statements) {
      if (!ts.isImportDeclaration(node)) continue;
      const spec = node.moduleSpecifier.text;
      const target = spec.startsWith("~/") ? "app/" + spec.slice(2) + ".ts" : path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) + ".ts";
      if (!origin.has(target)) continue;
      const clause = node.importClause;
      const bySource = new Map();
      for (const e of clause.namedBindings.elements) {
        const name = (e.propertyName ?? e.name).text;
        const source = origin.get(target).get(name);
        if (!source) throw new Error(`${file}: ${name} is not in ${target}`);
        if (!bySource.has(source)) bySource.set(source, []);
        bySource.get(source).push(e.getText(sf));
      }
      const lines = [...bySource].map(([source, parts]) => {
        const to = spec.startsWith("~/") ? "~/" + source.slice(4).replace(/\.tsx?$/, "") : relativeSpecifier(file, source, "x");
        return `import ${clause.isTypeOnly ? "type " : ""}{ ${parts.join(", ")} } from "${to}";`;
      });
      edits.push([node.getStart(sf), node.getEnd(), lines.join("\n")]);
    }
    if (!edits.length) continue;
    let out = text;
    for (const [a, b, t] of edits.sort((x, y) => y[0] - x[0])) out = out.slice(0, a) + t + out.slice(b);
    fs.writeFileSync(path.join(ROOT, file), out);
    files++;
  }
  for (const entry of origin.keys()) fs.rmSync(path.join(ROOT, entry));
  console.log(`unentries: ${origin.size} entries removed, ${files} files point at the files behind them again`);
}

/** The names an import or re-export declaration takes, split into values and types. */
function importedNames(file, text, s) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  let result = null;
  const visit = (node) => {
    if (result) return;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && node.moduleSpecifier.getStart(sf) + 1 === s.start) {
      const values = new Set();
      const types = new Set();
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        if (!clause || clause.name || (clause.namedBindings && !ts.isNamedImports(clause.namedBindings))) return;
        for (const e of clause.namedBindings?.elements ?? []) (clause.isTypeOnly || e.isTypeOnly ? types : values).add((e.propertyName ?? e.name).text);
      } else {
        if (!node.exportClause || !ts.isNamedExports(node.exportClause)) return;
        for (const e of node.exportClause.elements) (node.isTypeOnly || e.isTypeOnly ? types : values).add((e.propertyName ?? e.name).text);
      }
      result = { values, types };
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return result;
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

if (process.argv.includes("--apply")) apply();
else if (process.argv.includes("--report")) report();
else if (process.argv.includes("--entries")) {
  if (process.argv.includes("--again")) unentries();
  entries();
}
else if (process.argv.includes("--list")) for (const f of sourceFiles()) if (newPathOf(f) !== f) console.log(`${f} → ${newPathOf(f)}`);
