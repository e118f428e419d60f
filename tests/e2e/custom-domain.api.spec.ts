import crypto from "node:crypto";
import http from "node:http";
import { confirmAddress, proofRecord, publishedKit, setTxtRecord } from "./domain-helpers";
import { expect, grantPlan, PASSWORD, query, randomIp, test } from "./fixtures";

/**
 * Pro's custom domain over real HTTP: the founder saves www.<domain> for a
 * published page; nothing is served on it until its TXT record (looked up in
 * the e2e stack's DNS server) proves it; then a request whose Host is that
 * domain gets the page (the request pipeline rewrites it to /p/<slug> before
 * the page cache looks), its lead form included; LaunchKit's own host still
 * gets LaunchKit.
 */

/** A form POST with an arbitrary Host header, as a browser on that domain sends it (Origin included). */
function postWithHost(port: number, host: string, path: string, form: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { Host: host, Origin: `https://${host}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), "X-Forwarded-For": randomIp() },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A GET with an arbitrary Host header (fetch and Playwright's request context set their own). */
function getWithHost(port: number, host: string, path: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers: { Host: host, "X-Forwarded-For": randomIp() } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
    });
    req.on("error", reject);
  });
}

test("a Pro page is served on its own domain once its TXT record proves it; free accounts can't connect one", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const email = `domain-${crypto.randomBytes(4).toString("hex")}@example.com`;
  expect((await owner.post("/signup", { form: { name: "Domain Founder", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 })).status()).toBe(302);
  confirmAddress(email);
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `domain-${tag}`;
  const { id, pageId } = await publishedKit(owner, tag, slug);
  const section = `/dashboard/kits/${id}/website/domain`;

  const domain = `www.domain-${tag}.com`;
  // Free: refused, nothing stored.
  const refused = await owner.post(section, { form: { intent: "save", domain }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(query("select custom_domain, pending_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: null, pending_domain: null }]);

  grantPlan(email, "pro");
  // LaunchKit's own host (APP_URL's) is nobody's domain.
  expect((await owner.post(section, { form: { intent: "save", domain: "127.0.0.1" }, maxRedirects: 0 })).status()).toBe(400);
  const saved = await owner.post(section, { form: { intent: "save", domain: `https://${domain.toUpperCase()}/` }, maxRedirects: 0 });
  expect(saved.status()).toBe(303);
  expect(query("select custom_domain, pending_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: null, pending_domain: domain }]);
  const proof = proofRecord(id, domain);
  const page = await (await owner.get(section)).text();
  for (const shown of [domain, "CNAME", "TXT", proof.name, proof.value, "Check now"]) expect(page).toContain(shown);

  const port = Number(new URL(baseURL!).port);
  const pageServed = async () => (await getWithHost(port, domain, "/")).body.includes(`action="/f/${pageId}"`);
  // Saved is not proved: the domain serves nothing of the page, and checking says why.
  expect(await pageServed()).toBe(false);
  const missing = await owner.post(section, { form: { intent: "check" }, maxRedirects: 0 });
  expect(missing.status()).toBe(400);
  expect(await missing.text()).toContain(`No TXT record found at ${proof.name}`);
  setTxtRecord(proof.name, ["launchkit-verify=00000000000000000000000000000000"]);
  const wrong = await owner.post(section, { form: { intent: "check" }, maxRedirects: 0 });
  expect(wrong.status()).toBe(400);
  expect(await wrong.text()).toContain(`has the wrong value: set it to ${proof.value}`);
  expect(query("select custom_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: null }]);
  expect(await pageServed()).toBe(false);

  // The founder creates the record: checked, connected, served.
  setTxtRecord(proof.name, [proof.value]);
  const checked = await owner.post(section, { form: { intent: "check" }, maxRedirects: 0 });
  expect(checked.status()).toBe(303);
  expect(checked.headers().location).toBe(`${section}?verified=1`);
  expect(query("select custom_domain, pending_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: domain, pending_domain: null }]);
  // The request pipeline learns new domains within seconds.
  await expect.poll(pageServed, { timeout: 15_000 }).toBe(true);
  const onDomain = await getWithHost(port, domain, "/");
  const onLaunchKit = await owner.get(`/p/${slug}`);
  expect(onDomain.body).toBe(await onLaunchKit.text());
  expect(onDomain.headers["content-security-policy"]).toContain("default-src 'none'");
  // A visitor signs up on the founder's domain (the form posts to the page's stable id): the lead is stored for this kit, and the thank-you page is on that domain too.
  const lead = await postWithHost(port, domain, `/f/${pageId}`, { email: `visitor-${tag}@example.com`, website: "" });
  expect(lead.status, lead.body).toBe(303);
  expect(lead.headers.location).toMatch(new RegExp(`^/p/${slug}/thanks\\?pass=`));
  expect(query("select email from leads where kit_id = ?", id)).toEqual([{ email: `visitor-${tag}@example.com` }]);
  const thanks = await getWithHost(port, domain, lead.headers.location!);
  expect(thanks.status).toBe(200);
  expect(thanks.body).toMatch(/<h1>You(&#39;|')re on the list<\/h1>/);
  expect(thanks.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
  // LaunchKit's own host is untouched, and other paths on the domain are not the page.
  const home = await getWithHost(port, `127.0.0.1:${port}`, "/");
  expect(home.status).toBe(200);
  expect(home.body).not.toContain(`/p/${slug}`);
  // LaunchKit's own pages (sign-in above all), and other pages' forms, are never served on the founder's domain.
  for (const path of ["/dashboard", "/signin", "/signup", "/f/someone-else"]) expect((await getWithHost(port, domain, path)).status, path).toBe(404);

  // Back to free: the domain is no longer served.
  grantPlan(email, "free");
  await expect.poll(pageServed, { timeout: 15_000 }).toBe(false);
  setTxtRecord(proof.name, null);
});
