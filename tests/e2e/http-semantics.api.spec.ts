import crypto from "node:crypto";
import net from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, PASSWORD, query, randomIp, test, confirmEmail } from "./fixtures";

async function signedIn(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const c = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp(), Origin: baseURL } });
  const email = `http-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await c.post("/signup", { form: { name: "Http", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  await confirmEmail(c, email);
  return c;
}

test("methods other than GET and POST are refused before any action runs", async ({ playwright, baseURL }) => {
  const owner = await signedIn(playwright, baseURL!);
  const created = await owner.post("/wizard", {
    form: { idea: "Method check kit", audience: "Testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  const id = created.headers().location!.split("/").pop()!;
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const res = await owner.fetch(`/dashboard/kits/${id}`, { method, form: { intent: "delete" }, maxRedirects: 0 });
    expect(res.status(), method).toBe(405);
    expect(res.headers()["allow"]).toBe("GET, HEAD, POST");
  }
  expect(query("select id from launch_kits where id = ?", id)).toHaveLength(1);
});

test("a form posted to a page or file that takes none gets a plain 405, with no internals", async ({ playwright, baseURL }) => {
  const user = await signedIn(playwright, baseURL!);
  for (const path of ["/pricing", "/", "/dashboard"]) {
    const res = await user.post(path, { form: { a: "b" }, maxRedirects: 0 });
    expect(res.status(), path).toBe(405);
    const html = await res.text();
    expect(html).toContain("405 Method Not Allowed");
    expect(html).not.toContain("did not provide an");
  }
  const kitId = crypto.randomUUID();
  for (const path of [`/kits/${kitId}/logo`, `/kits/${kitId}/events`, `/dashboard/kits/${kitId}/prompt.txt`, "/healthz", "/sitemap.xml", "/robots.txt"]) {
    const res = await user.post(path, { form: { a: "b" }, maxRedirects: 0 });
    expect(res.status(), path).toBe(405);
    expect(res.headers()["allow"], path).toBe("GET, HEAD");
    expect(await res.text(), path).toBe("Method Not Allowed");
  }
});

test("files and streams that are missing or forbidden answer in plain text", async ({ playwright, baseURL }) => {
  const user = await signedIn(playwright, baseURL!);
  const kitId = crypto.randomUUID();
  for (const path of [`/kits/${kitId}/logo?v=1`, `/kits/${kitId}/events`, `/dashboard/kits/${kitId}/prompt.txt`]) {
    const res = await user.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"], path).toMatch(/^text\/plain/);
    expect(await res.text(), path).toBe("Not found");
  }
  const csv = await user.get("/admin/export.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(403);
  expect(csv.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await csv.text()).toBe("You need an admin account to view this page.");
  // The admin page itself still renders its error page with that sentence.
  const page = await user.get("/admin", { maxRedirects: 0 });
  expect(page.status()).toBe(403);
  expect(await page.text()).toContain("You need an admin account to view this page.");
});

test("a Host header no URL can be made of is a 400, not a server error", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const statusLine = (host: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(`GET /signin HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text.split("\r\n")[0]!));
      socket.on("error", reject);
    });
  for (const host of ["a b", "[::1", "example.com:99999", "ex%ample.com", "xn--:80"]) {
    expect(await statusLine(host), host).toBe("HTTP/1.1 400 Bad Request");
  }
  expect(await statusLine(new URL(baseURL!).host)).toBe("HTTP/1.1 200 OK");
});
