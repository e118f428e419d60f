import { describe, expect, it } from "vitest";
import { deferBootstrap } from "~/utils/defer-bootstrap.server";

// What React Router renders (module hints hoisted into the head by React, the bootstrap at the end of the body).
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><title>x</title><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/chunk-B.js" nonce="${nonce}"/><style>p{}</style></head><body><p>Hello</p>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script type="module" async="" nonce="${nonce}">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\nwindow.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script></body></html>`;

describe("deferBootstrap", () => {
  const out = deferBootstrap(Buffer.from(page("tok"))).toString();

  it("takes the module hints out of the head and adds them again after the first frame", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    const script = out.match(/<script type="module" async="" nonce="tok">([\s\S]*?)<\/script>/)![1]!;
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("modulepreload"));
    expect(script).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js"]');
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
