import { describe, expect, it } from "vitest";
import { deferBootstrap, INTENT_EVENTS } from "~/platform/render/defer-bootstrap.server";

// What React Router renders (module hints hoisted into the head by React, the bootstrap at the end of the body).
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><title>x</title><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/chunk-B.js" nonce="${nonce}"/><link nonce="${nonce}" rel="stylesheet" href="/assets/root-E.css"/></head><body><p>Hello</p>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script type="module" async="" nonce="${nonce}">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\nwindow.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script></body></html>`;

describe("deferBootstrap", () => {
  const out = deferBootstrap(Buffer.from(page("tok"))).toString();

  it("takes the module hints out of the head; prefetches the files after load and starts them on the first sign of intent", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    const script = out.match(/<script type="module" async="" nonce="tok">([\s\S]*?)<\/script>/)![1]!;
    expect(script).toContain('const hrefs = ["/assets/entry.client-A.js","/assets/chunk-B.js"];');
    // Prefetched (fetched, never evaluated) once the page has loaded.
    expect(script).toMatch(/fetch\(files\[i\], \{ priority: "low" \}\)/);
    expect(script).toMatch(/addEventListener\("load", /);
    // Nothing is imported before the visitor moves: the wait for intent comes first.
    const wait = script.indexOf("await new Promise((go)");
    expect(wait).toBeGreaterThan(-1);
    expect(script.indexOf('l.rel = "modulepreload"')).toBeGreaterThan(wait);
    expect(script.indexOf("import(")).toBeGreaterThan(wait);
    for (const event of INTENT_EVENTS) expect(script).toContain(`"${event}"`);
  });

  it("runs in a browser-like global: the modules are imported only after a pointer moves", async () => {
    const script = out.match(/<script type="module" async="" nonce="tok">([\s\S]*?)<\/script>/)![1]!;
    const listeners = new Map<string, () => void>();
    const imported: string[] = [];
    const appended: string[] = [];
    const fetched: string[] = [];
    // The stylesheet as app/platform/render/inline-css.server.ts leaves it: disabled until React starts.
    const sheet = { disabled: true, removeAttribute: (name: string) => name === "disabled" && (sheet.disabled = false) };
    const document = {
      readyState: "loading",
      head: { append: (l: { rel: string }) => appended.push(l.rel) },
      createElement: () => ({}),
      querySelectorAll: (selector: string) => (selector === 'link[rel="stylesheet"][disabled]' && sheet.disabled ? [sheet] : []),
    };
    const window = { requestIdleCallback: (f: () => void) => setTimeout(f, 1) } as Record<string, unknown>;
    const run = new Function(
      "document", "window", "addEventListener", "removeEventListener", "fetch", "__import",
      `return (async () => { ${script.replaceAll("import(", "__import(")} })();`,
    );
    const done = run(
      document, window,
      (e: string, f: () => void) => listeners.set(e, f),
      (e: string) => listeners.delete(e),
      async (href: string) => { fetched.push(href); },
      async (href: string) => { imported.push(href); return {}; },
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(imported).toEqual([]);
    listeners.get("load")!();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetched).toEqual(["/assets/entry.client-A.js", "/assets/chunk-B.js", "/assets/root-E.css"]);
    expect(appended).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(imported).toEqual([]);
    expect(sheet.disabled).toBe(true);
    listeners.get("pointermove")!();
    await done;
    // The whole stylesheet is switched on when React starts (the page carried only its own rules).
    expect(sheet.disabled).toBe(false);
    expect(imported).toEqual(["/assets/root-C.js", "/assets/home-D.js", "/assets/entry.client-A.js"]);
    expect(appended).toEqual(["modulepreload", "modulepreload"]);
    // Every intent listener is gone once React starts.
    expect([...listeners.keys()]).toEqual(["load"]);
  });

  it("imports the same route modules under the same names, then the client entry, and nothing statically", () => {
    const script = out.match(/<script type="module" async="" nonce="tok">([\s\S]*?)<\/script>/)![1]!;
    expect(script).not.toMatch(/import \* as/);
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // The rest of the page is untouched.
    expect(out).toContain('<p>Hello</p><script nonce="tok">window.__reactRouterContext = {};</script>');
  });

  it("leaves a page without React Router's bootstrap as it is", () => {
    const plain = Buffer.from("<html><head></head><body><p>No scripts</p></body></html>");
    expect(deferBootstrap(plain)).toBe(plain);
  });
});
