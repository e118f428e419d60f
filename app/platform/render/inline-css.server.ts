import fs from "node:fs";
import path from "node:path";
import { setting } from "~/platform/config.server";
import { stylesheetSubset } from "./css-subset.server";

/**
 * The stylesheet inside the document instead of behind it: the rules the
 * document's own HTML can use (app/platform/render/css-subset.server.ts).
 *
 * A `<link rel="stylesheet">` in the head blocks the first paint until it
 * has been fetched: on a slow mobile connection, one more round trip after
 * the HTML (Lighthouse measured ~180–250 ms of a 2.1 s first paint). The
 * whole stylesheet is ~10 KB compressed, so each page the page cache keeps
 * (compressed once) carries its part of it in a `<style>` in the link's place, and the link stays (React hydrates against
 * it) but `disabled`: the browser neither waits for nor downloads it until
 * React starts (app/platform/render/defer-bootstrap.server.ts switches it on). If React
 * ever renders the head afresh (a failed hydration), it makes a plain link
 * again and the page stays styled.
 *
 * Signed-in pages keep the plain link: rendered per request, they would pay
 * for the bytes every time, and the browser caches the file across pages.
 * Built files only (not under the dev server), read once per file.
 */
const LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const sheets = new Map<string, Buffer | null>();
const clientDir = () => path.resolve(setting("BUILD_DIR"), "client");

function sheet(href: string): Buffer | null {
  let css = sheets.get(href);
  if (css === undefined) {
    const file = path.join(clientDir(), href);
    // The stylesheet's text ends a <style> element only if it never says "</style".
    css = file.startsWith(clientDir()) && fs.existsSync(file) ? fs.readFileSync(file) : null;
    if (css && css.includes("</style")) css = null;
    sheets.set(href, css);
  }
  return css;
}

export function inlineStylesheets(html: Buffer): Buffer {
  const head = html.indexOf("</head>");
  if (head === -1) return html;
  const text = html.toString("latin1", 0, head);
  const parts: Buffer[] = [];
  let from = 0;
  let document: string | null = null;
  for (const m of text.matchAll(LINK)) {
    const css = sheet(m[1]!);
    if (!css) continue;
    document ??= html.toString("utf8");
    parts.push(html.subarray(from, m.index), Buffer.from("<style>"), stylesheetSubset(css, document), Buffer.from(`</style><link rel="stylesheet" href="${m[1]}" disabled=""/>`));
    from = m.index! + m[0].length;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
