/**
 * JavaScript after the first paint, on the pages the page cache keeps.
 *
 * React Router starts the browser's JavaScript with `<link rel="modulepreload">`
 * hints (React hoists them into the head) and an async module script that
 * imports the route modules statically. On a fast connection those modules
 * arrive and run before the browser has painted anything, and on a slow phone
 * the hints put ~120 KB of JavaScript on the same wire as the document: either
 * way the first paint waits for code it does not need, because these pages
 * arrive complete and styled (stylesheet inlined, app/utils/inline-css.server.ts).
 * Lighthouse measured a first contentful paint of 2.2 s, all of it behind
 * the scripts.
 *
 * So, for those pages only, the hints are taken out of the head and the
 * bootstrap script waits for the first frame: it then adds the same hints
 * (the downloads start in parallel, as before) and imports the same route
 * modules dynamically before handing over to the client entry, which is what
 * the static imports did. The script's new text is what the CSP hashes
 * (this runs before app/utils/csp.server.ts). Without JavaScript nothing
 * changes: the page was complete already.
 */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"[^>]*\/>/g;
const BOOTSTRAP = /<script([^>]*\btype="module"[^>]*)>([^<]*import\("\/assets\/entry\.client[^"]*\.js"\);)<\/script>/;
const STATIC_IMPORT = /import \* as (route\d+) from "(\/assets\/[^"]+\.js)";/g;

export function deferBootstrap(html: Buffer): Buffer {
  const text = html.toString("utf8");
  const bootstrap = text.match(BOOTSTRAP);
  if (!bootstrap) return html;
  const [whole, attributes, body] = bootstrap;
  const imports = [...body!.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1]!, href: m[2]! }));
  const rest = body!.replace(STATIC_IMPORT, "").replace(/^[\s;]+/, "");
  const hrefs = [...new Set([...text.matchAll(PRELOAD)].map((m) => m[1]!))];
  const script =
    "await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));" +
    `for (const href of ${JSON.stringify(hrefs)}) { const l = document.createElement("link"); l.rel = "modulepreload"; l.href = href; document.head.append(l); }` +
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.href)})`).join(", ")}]);` +
    rest;
  return Buffer.from(text.replace(PRELOAD, "").replace(whole!, () => `<script${attributes}>${script}</script>`), "utf8");
}
