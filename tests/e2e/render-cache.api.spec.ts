import crypto from "node:crypto";
import { expect, PASSWORD, randomIp, test } from "./fixtures";

// The render cache (app/platform/render/render-cache.server.ts): a signed-in page whose URL and loader
// data did not change is sent again without rendering; any change in the data renders anew.

async function signUpCookie(baseURL: string, name: string) {
  const email = `render-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await fetch(`${baseURL}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }),
  });
  expect(res.status).toBe(302);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

async function get(url: string, cookie: string) {
  const res = await fetch(url, { headers: { Cookie: cookie, "X-Forwarded-For": randomIp() }, redirect: "manual" });
  return { status: res.status, cache: res.headers.get("x-render-cache"), csp: res.headers.get("content-security-policy"), vary: res.headers.get("vary"), body: await res.text() };
}

test("an unchanged dashboard is sent again without rendering; a new kit shows at once; another user gets their own page", async ({ baseURL }) => {
  const cookie = await signUpCookie(baseURL!, "Render Tester");
  const first = await get(`${baseURL}/dashboard`, cookie);
  expect(first.status).toBe(200);
  const second = await get(`${baseURL}/dashboard`, cookie);
  expect(second.cache).toBe("hit");
  expect(second.body).toBe(first.body);
  expect(second.csp).toBe(first.csp);
  expect(second.vary).toContain("Cookie");

  // A kit is created: the loader's data changed, so the page is rendered again and shows it.
  const idea = `Render cache check ${crypto.randomBytes(4).toString("hex")}: a bakery for dogs`;
  const created = await fetch(`${baseURL}/wizard`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL!, Cookie: cookie, "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ idea, audience: "Dog owners", geography: "", tone: "friendly", competitors: "", goal: "collect emails", vibe: "playful", intent: "generate", step: "2" }),
  });
  expect(created.status).toBeLessThan(400);
  const after = await get(`${baseURL}/dashboard`, cookie);
  expect(after.cache).toBe("miss");
  expect(after.body).toContain(idea.slice(0, 40));

  // Another founder: their own page, never the first one's.
  const other = await signUpCookie(baseURL!, "Second Founder");
  for (let i = 0; i < 2; i++) {
    const page = await get(`${baseURL}/dashboard`, other);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Second Founder");
    expect(page.body).not.toContain("Render Tester");
    expect(page.body).not.toContain(idea.slice(0, 40));
  }
});

test("a signed-out visitor's redirect and a 404 for another user's kit are not served from someone's copy", async ({ baseURL }) => {
  const owner = await signUpCookie(baseURL!, "Owner");
  const stranger = await signUpCookie(baseURL!, "Stranger");
  const created = await fetch(`${baseURL}/wizard`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL!, Cookie: owner, "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ idea: "A second kit for the render cache test, about bikes", audience: "Cyclists", geography: "", tone: "friendly", competitors: "", goal: "collect emails", vibe: "playful", intent: "generate", step: "2" }),
  });
  expect(created.status).toBe(303);
  const kitPath = new URL(created.headers.get("location")!, baseURL).pathname;
  expect(kitPath).toMatch(/^\/dashboard\/kits\/[\w-]+$/);
  for (let i = 0; i < 3; i++) await get(`${baseURL}${kitPath}`, owner);
  expect((await get(`${baseURL}${kitPath}`, stranger)).status).toBe(404);
  expect((await fetch(`${baseURL}${kitPath}`, { redirect: "manual", headers: { "X-Forwarded-For": randomIp() } })).status).toBe(302);
});
