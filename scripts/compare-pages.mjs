#!/usr/bin/env node
/**
 * Are two builds' pages the same? For a change that must not change
 * behaviour (a move of files, a new render path): capture the pages of one
 * build, then of the other on a copy of the same database, and compare.
 *
 *   node scripts/compare-pages.mjs capture <buildDir> <outDir>
 *       makes a database (a founder, a kit made by the built-in generator,
 *       its landing page published), fetches the pages and keeps the
 *       database in <outDir>/db.sqlite
 *   node scripts/compare-pages.mjs capture <buildDir> <outDir2> --db <outDir>/db.sqlite
 *       fetches the same pages from the other build on a copy of it
 *   node scripts/compare-pages.mjs diff <outDir> <outDir2>
 *
 * Compared after taking out what differs per request or per build and is
 * not the page: the server's port, CSP nonces, hashed asset file names (a build's chunks are
 * named after its module paths), the hashes of inline scripts that list
 * them, the client build's manifest and module preloads (its chunks follow
 * the module graph), and the loader data's session-bound values (CSRF tokens).
 */
import fs from "node:fs";
import path from "node:path";
import { confirmInDatabase } from "./bench/analytics.mjs";
import { generateOnce, publishLandingPage, signIn, signupCookie, startServer, stopServer, tempDir, waitForKitIdle } from "./bench/support.mjs";

const EMAIL = "pages@compare.test";
const SECTIONS = ["", "/brand", "/logo", "/website", "/website/domain", "/social", "/ads", "/calendar", "/research", "/deck", "/launch", "/email", "/export", "/analytics", "/experiments", "/competitors", "/month", "/review", "/waitlist"];

async function capture(buildDir, outDir, dbFrom) {
  fs.mkdirSync(outDir, { recursive: true });
  const dir = tempDir("launchkit-compare-");
  const dbPath = path.join(dir, "db.sqlite");
  if (dbFrom) fs.copyFileSync(dbFrom, dbPath);
  const server = await startServer(dbPath, { BUILD_DIR: buildDir });
  try {
    let cookie;
    let kitId;
    if (!dbFrom) {
      cookie = await signupCookie(server.origin, EMAIL);
      const kit = await generateOnce(server.origin, cookie, "A mobile dog grooming van for busy owners in Leeds, from £35 a visit");
      kitId = kit.id;
      await waitForKitIdle(dbPath, kitId);
      // Publishing needs a confirmed address.
      confirmInDatabase(dbPath, EMAIL);
      await publishLandingPage(server.origin, cookie, kitId, "compare-page");
      await waitForKitIdle(dbPath, kitId);
      fs.writeFileSync(path.join(outDir, "kit-id"), kitId);
    } else {
      cookie = await signIn(server.origin, EMAIL);
      kitId = fs.readFileSync(path.join(path.dirname(dbFrom), "kit-id"), "utf8");
    }
    const pages = [
      ["/", null],
      ["/pricing", null],
      ["/signin", null],
      ["/signup", null],
      ["/process", null],
      ["/templates", null],
      ["/privacy", null],
      ["/no-such-page", null],
      ["/p/compare-page", null],
      ["/p/compare-page/press", null],
      ["/dashboard", cookie],
      ["/wizard", cookie],
      ["/account", cookie],
      ["/dashboard/kits/no-such-kit", cookie],
      ...SECTIONS.map((s) => [`/dashboard/kits/${kitId}${s}`, cookie]),
    ];
    const list = [];
    for (const [url, c] of pages) {
      const res = await fetch(server.origin + url, { redirect: "manual", headers: c ? { Cookie: c } : {} });
      const body = await res.text();
      const name = (url.replace(kitId, "KIT").replace(/[^a-z0-9]+/gi, "_") || "_") + ".html";
      fs.writeFileSync(path.join(outDir, name), `${res.status}\n${normalize(body.replaceAll(server.origin, "ORIGIN").replaceAll(`127.0.0.1:${server.port}`, "HOST"), kitId)}`);
      list.push(`${res.status} ${url.replace(kitId, "KIT")} ${name}`);
    }
    fs.writeFileSync(path.join(outDir, "pages.txt"), list.join("\n") + "\n");
  } finally {
    await stopServer(server);
  }
  if (!dbFrom) fs.copyFileSync(dbPath, path.join(outDir, "db.sqlite"));
  console.log(`captured ${fs.readFileSync(path.join(outDir, "pages.txt"), "utf8").trim().split("\n").length} pages of ${buildDir} in ${outDir}`);
}

function normalize(html, kitId) {
  return html
    .replaceAll(kitId, "KIT")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/'nonce-[^']*'/g, "'nonce-N'")
    .replace(/'sha256-[^']*'/g, "'sha256-H'")
    // the client build's manifest: its chunks follow the module graph, not the page
    .replace(/window\.__reactRouterManifest = \{[\s\S]*?\n\};/g, "window.__reactRouterManifest = M;")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/import\("\/assets\/[^"]+"\)/g, 'import("/assets/A")')
    .replace(/\/assets\/[A-Za-z0-9_.-]+\.(js|css)/g, "/assets/A.$1")
    .replace(/"csrf":"[^"]*"/g, '"csrf":"C"')
    .replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value="C"');
}

function diff(a, b) {
  const names = fs.readFileSync(path.join(a, "pages.txt"), "utf8").trim().split("\n");
  let same = 0;
  const differ = [];
  for (const line of names) {
    const file = line.split(" ").pop();
    const x = fs.readFileSync(path.join(a, file), "utf8");
    const y = fs.existsSync(path.join(b, file)) ? fs.readFileSync(path.join(b, file), "utf8") : "(missing)";
    if (x === y) same++;
    else {
      let i = 0;
      while (i < x.length && x[i] === y[i]) i++;
      differ.push(`${line}\n   before: …${x.slice(Math.max(0, i - 80), i + 120)}\n   after:  …${y.slice(Math.max(0, i - 80), i + 120)}`);
    }
  }
  console.log(`${same} of ${names.length} pages the same`);
  for (const d of differ) console.log(d);
  process.exitCode = differ.length ? 1 : 0;
}

const [cmd, x, y, flag, db] = process.argv.slice(2);
if (cmd === "capture") await capture(x, y, flag === "--db" ? db : null);
else if (cmd === "diff") diff(x, y);
else {
  console.error("usage: compare-pages.mjs capture <buildDir> <outDir> [--db <db.sqlite>] | diff <dirA> <dirB>");
  process.exitCode = 2;
}
