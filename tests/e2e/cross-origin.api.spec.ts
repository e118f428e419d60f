import { expect, query, randomIp, test } from "./fixtures";

test("form posts from another origin are refused and change nothing", async ({ playwright, baseURL }) => {
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const email = `csrf-${Date.now()}@example.com`;
  const attempts: Array<[string, Record<string, string>]> = [
    ["/signup", { name: "Csrf", email, password: "Launch2025!", confirmPassword: "Launch2025!", acceptTerms: "on" }],
    ["/newsletter", { email }],
    ["/signout", {}],
  ];
  for (const [path, form] of attempts) {
    const res = await client.post(path, { form, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
  }
  expect(query("select id from users where email = ?", email)).toHaveLength(0);
  expect(query("select id from newsletter_subscribers where email = ?", email)).toHaveLength(0);
  // The same post from our own origin works.
  const ok = await client.post("/newsletter", { form: { email }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(ok.status()).toBe(200);
  expect(query("select id from newsletter_subscribers where email = ?", email)).toHaveLength(1);
  await client.dispose();
});
