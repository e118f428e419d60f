/**
 * JavaScript on the visitor's first move, on the pages the page cache keeps.
 *
 * Those pages (marketing pages, the account forms, published landing pages)
 * arrive complete and styled (stylesheet inlined, app/platform/render/inline-css.server.ts)
 * and every link and form on them works without JavaScript: React is an
 * enhancement there (client-side navigation, validation as you type, pending
 * buttons, the forgot-password dialog). React Router starts it with
 * `<link rel="modulepreload">` hints (React hoists them into the head) and an
 * async module script that imports the route modules statically, so ~120 KB
 * of JavaScript is fetched, evaluated and hydrated while the page loads: on a
 * slow phone, 200–350 ms of main-thread work right after the first paint,
 * which Lighthouse counts as total blocking time (decision 015).
 *
 * So, for those pages only:
 * - the hints are taken out of the head (the first paint never waits for code);
 * - after the page has loaded, the same files are fetched at low priority
 *   (`fetch()`: into the HTTP cache, nothing evaluated);
 * - on the visitor's first sign of intent (pointer moved or pressed, a key, a
 *   touch, focus, wheel or scroll) the bootstrap imports the same route modules
 *   dynamically and hands over to the client entry, which hydrates, exactly
 *   what the static imports did. A click that comes before React is ready is
 *   handled by the browser as it is without JavaScript (the link navigates,
 *   the form posts), so nothing is lost in between.
 * The script's new text is what the CSP hashes (this runs before
 * app/platform/http/csp.server.ts). Without JavaScript nothing changes.
 */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"[^>]*\/>/g;
const BOOTSTRAP = /<script([^>]*\btype="module"[^>]*)>([^<]*import\("\/assets\/entry\.client[^"]*\.js"\);)<\/script>/;
// React renders the nonce first: `<link nonce="…" rel="stylesheet" href="…"/>`.
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"/g;
const STATIC_IMPORT = /import \* as (route\d+) from "(\/assets\/[^"]+\.js)";/g;

/** What counts as the visitor's first move. */
export const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"];

export function deferBootstrap(html: Buffer): Buffer {
  const text = html.toString("utf8");
  const bootstrap = text.match(BOOTSTRAP);
  if (!bootstrap) return html;
  const [whole, attributes, body] = bootstrap;
  const imports = [...body!.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1]!, href: m[2]! }));
  const rest = body!.replace(STATIC_IMPORT, "").replace(/^[\s;]+/, "");
  const hrefs = [...new Set([...text.matchAll(PRELOAD)].map((m) => m[1]!))];
  const sheets = [...new Set([...text.matchAll(STYLESHEET)].map((m) => m[1]!))];
  const script =
    `const hrefs = ${JSON.stringify(hrefs)};` +
    // Fetched, not evaluated, once the page has loaded: the modules, then the whole stylesheet.
    // One file per idle moment (fetch(): no DOM change, nothing evaluated), so no task grows long.
    'const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 1));' +
    `const files = [...hrefs, ...${JSON.stringify(sheets)}];` +
    'const prefetch = (i = 0) => { if (i < files.length) { fetch(files[i], { priority: "low" }).catch(() => {}); idle(() => prefetch(i + 1)); } };' +
    'if (document.readyState === "complete") idle(() => prefetch()); else addEventListener("load", () => idle(() => prefetch()), { once: true });' +
    // The first sign of intent starts React.
    `await new Promise((go) => { const events = ${JSON.stringify(INTENT_EVENTS)}; const start = () => { for (const e of events) removeEventListener(e, start, true); go(); }; for (const e of events) addEventListener(e, start, { capture: true, passive: true }); });` +
    // The page carries only the rules its own HTML uses (app/platform/render/css-subset.server.ts): what React renders next gets the whole sheet.
    'for (const l of document.querySelectorAll(\'link[rel="stylesheet"][disabled]\')) l.removeAttribute("disabled");' +
    'for (const href of hrefs) { const l = document.createElement("link"); l.rel = "modulepreload"; l.href = href; document.head.append(l); }' +
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.href)})`).join(", ")}]);` +
    rest;
  return Buffer.from(text.replace(PRELOAD, "").replace(whole!, () => `<script${attributes}>${script}</script>`), "utf8");
}
