import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { expect, PASSWORD, randomIp, test } from "./fixtures";

/** Raw bytes as sent (Playwright's request client would decompress them). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers: { "X-Forwarded-For": randomIp(), ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

/** Asks until the page cache answers (a miss stores its copy once it is compressed). */
async function cached(url: string, headers: Record<string, string> = {}) {
  let res = await raw(url, headers);
  for (let i = 0; i < 50 && res.headers["x-page-cache"] !== "hit"; i++) {
    await new Promise((r) => setTimeout(r, 50));
    res = await raw(url, headers);
  }
  expect(res.headers["x-page-cache"]).toBe("hit");
  return res;
}

async function sessionCookie(baseURL: string) {
  const email = `cache-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await fetch(`${baseURL}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ name: "Cache Tester", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }),
  });
  expect(res.status).toBe(302);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

test("an anonymous page is rendered once, then sent from memory with the same bytes and headers", async ({ baseURL }) => {
  const hit = await cached(`${baseURL}/about`);
  const again = await raw(`${baseURL}/about`);
  expect(again.headers["x-page-cache"]).toBe("hit");
  expect(again.body.equals(hit.body)).toBe(true);
  expect(again.headers["content-security-policy"]).toBe(hit.headers["content-security-policy"]);
  expect(hit.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(hit.headers["x-frame-options"]).toBe("DENY");
  expect(hit.headers["cache-control"]).toBe("no-cache");
  // A browser revalidating its copy gets a 304.
  const revalidated = await raw(`${baseURL}/about`, { "If-None-Match": hit.headers.etag! });
  expect(revalidated.status).toBe(304);
  // HEAD: the headers of the page, no body.
  const head = await raw(`${baseURL}/about`, {}, "HEAD");
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(Number(head.headers["content-length"])).toBe(hit.body.length);
});

test("cached pages go out as brotli or gzip compressed in advance, with Vary", async ({ baseURL }) => {
  const plain = await cached(`${baseURL}/terms`);
  const br = await raw(`${baseURL}/terms`, { "Accept-Encoding": "gzip, deflate, br" });
  const gz = await raw(`${baseURL}/terms`, { "Accept-Encoding": "gzip" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length / 4);
  for (const r of [plain, br, gz]) expect(r.headers.vary).toBe("Accept-Encoding, Cookie");
});

test("a signed-in request never gets the cached anonymous page, and its page is never cached", async ({ baseURL }) => {
  const anonymous = await cached(`${baseURL}/privacy`);
  expect(anonymous.body.toString()).not.toContain("Sign out");
  const cookie = await sessionCookie(baseURL!);
  for (let i = 0; i < 3; i++) {
    const signedIn = await raw(`${baseURL}/privacy`, { Cookie: cookie });
    expect(signedIn.headers["x-page-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
    expect(signedIn.headers.vary).toContain("Cookie");
    expect(signedIn.body.toString()).toContain("Sign out");
    // Rendered per request, it links its stylesheet rather than carrying it.
    expect(signedIn.body.toString()).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/);
  }
  const next = await raw(`${baseURL}/privacy`);
  expect(next.headers["x-page-cache"]).toBe("hit");
  expect(next.body.equals(anonymous.body)).toBe(true);
});

test("pages with a query string the cache does not know are rendered, not cached", async ({ baseURL }) => {
  const url = `${baseURL}/cookies?utm_source=${crypto.randomBytes(3).toString("hex")}`;
  await raw(url);
  await new Promise((r) => setTimeout(r, 200));
  const second = await raw(url);
  expect(second.status).toBe(200);
  expect(second.headers["x-page-cache"]).toBeUndefined();
});

test("built files are precompressed, immutable under /assets and cached a week otherwise", async ({ baseURL }) => {
  const html = (await raw(`${baseURL}/`)).body.toString();
  // (Cached pages list their modules in the bootstrap script: app/platform/render/defer-bootstrap.server.ts.)
  const script = html.match(/"(\/assets\/entry\.client[^"]*\.js)"/)![1]!;
  const plain = await raw(`${baseURL}${script}`);
  const br = await raw(`${baseURL}${script}`, { "Accept-Encoding": "br, gzip" });
  const gz = await raw(`${baseURL}${script}`, { "Accept-Encoding": "gzip" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  for (const r of [plain, br, gz]) {
    expect(r.headers.vary).toBe("Accept-Encoding");
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const favicon = await raw(`${baseURL}/favicon.svg`);
  expect(favicon.headers["cache-control"]).toBe("public, max-age=604800");
});

test("documents carry the part of their stylesheet they use inline (the link stays for hydration, disabled so nothing waits for it) and start their scripts on the visitor's first move", async ({ baseURL }) => {
  const inline: Record<string, string> = {};
  for (const path of ["/", "/signin"]) {
    const html = (await raw(`${baseURL}${path}`)).body.toString();
    const link = html.match(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" disabled=""\/>/);
    expect(link, path).not.toBeNull();
    const css = (await raw(`${baseURL}${link![1]}`)).body.toString();
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    inline[path] = style;
    // A subset of the sheet, in its order: the base layer and the rules of this page's classes, not the others'.
    expect(style.length).toBeLessThan(css.length * 0.7);
    expect(style).toContain(css.match(/@layer base\{[^@]*?\}/)![0].slice(0, 200));
    expect(style).toContain(".sr-only{");
    expect(css).toContain(".min-w-max{"); // the kit workspace's section nav
    expect(style).not.toContain(".min-w-max{");
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
    // No JavaScript is fetched before the page has loaded, none runs before the visitor moves (decision 015).
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toMatch(/<script type="module" async="">const hrefs = \["\/assets\/entry\.client-[^"]+\.js"/);
    expect(html).toContain('addEventListener("load"');
    expect(html).toContain('"pointermove"');
    // The whole sheet is fetched after load with the modules, so switching it on later costs no request.
    expect(html).toContain(`const files = [...hrefs, ...${JSON.stringify([link![1]])}];`);
    // React starting switches the whole sheet on (what it renders next may use any rule).
    expect(html).toContain('for (const l of document.querySelectorAll(\'link[rel="stylesheet"][disabled]\')) l.removeAttribute("disabled");');
  }
  // Each page gets its own part: the sign-in form's rules are not the home page's.
  expect(inline["/"]).not.toBe(inline["/signin"]);
});

test("the sign-in and sign-up forms are cached for visitors, and still send a signed-in user on", async ({ baseURL }) => {
  await cached(`${baseURL}/signin`);
  const cookie = await sessionCookie(baseURL!);
  const signedIn = await raw(`${baseURL}/signin`, { Cookie: cookie });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.location).toBe("/dashboard");
});
