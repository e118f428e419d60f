import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, PASSWORD, query, randomIp, test, confirmEmail, adminReady } from "./fixtures";

type Who = "owner" | "other user" | "anonymous" | "admin";
type Client = APIRequestContext;

async function client(playwright: { request: { newContext: (o: object) => Promise<Client> } }, baseURL: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
}

async function signUp(c: Client, email: string) {
  const res = await c.post("/signup", { form: { name: "Matrix", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  if (res.status() === 409) {
    const signin = await c.post("/signin", { form: { email, password: PASSWORD }, maxRedirects: 0 });
    expect(signin.status()).toBe(302);
    return;
  }
  expect(res.status()).toBe(302);
  await confirmEmail(c, email);
}

test("every kit route and every admin route answers the right user only", async ({ playwright, baseURL }) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await client(playwright, baseURL!);
  const other = await client(playwright, baseURL!);
  const anonymous = await client(playwright, baseURL!);
  const admin = await client(playwright, baseURL!);
  await signUp(owner, `owner-${tag}@example.com`);
  await signUp(other, `other-${tag}@example.com`);
  await signUp(admin, "admin2-js@e2e.test");
  await adminReady(admin, "admin2-js@e2e.test");

  const created = await owner.post("/wizard", {
    form: { idea: `Matrix kit ${tag}`, audience: "Auditors", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(303);
  const id = created.headers().location!.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  // Background assets settle first, so the snapshot below only moves if someone else changes the kit.
  await expect
    .poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and status in ('queued', 'generating')", id)[0]!.n, { timeout: 30_000 })
    .toBe(0);
  const logo = query<{ generated_logo_url: string }>("select generated_logo_url from launch_kits where id = ?", id)[0]!.generated_logo_url;
  const snapshot = () =>
    JSON.stringify(query("select * from launch_kits where id = ?", id)) +
    JSON.stringify(query("select kit_id, length(data) from logo_images where kit_id = ?", id)) +
    JSON.stringify(query("select kind, status, version, content from kit_assets where kit_id = ? order by kind", id)) +
    JSON.stringify(query("select * from landing_pages where kit_id = ?", id)) +
    JSON.stringify(query("select * from kit_download_links where kit_id = ?", id));
  const before = snapshot();
  const forged = "00000000-0000-4000-8000-000000000000";

  const kitRoutes: Array<[string, (c: Client, kitId: string) => Promise<{ status(): number }>]> = [
    ["page", (c, k) => c.get(`/dashboard/kits/${k}`, { maxRedirects: 0 })],
    ["prompt download", (c, k) => c.get(`/dashboard/kits/${k}/prompt.txt`, { maxRedirects: 0 })],
    ["logo", (c, k) => c.get(k === id ? logo : `/kits/${k}/logo?v=1`, { maxRedirects: 0 })],
    ["events", (c, k) => c.get(`/kits/${k}/events`, { maxRedirects: 0 })],
    ["brand", (c, k) => c.get(`/dashboard/kits/${k}/brand`, { maxRedirects: 0 })],
    ["logo section", (c, k) => c.get(`/dashboard/kits/${k}/logo`, { maxRedirects: 0 })],
    ["logo file", (c, k) => c.get(`/dashboard/kits/${k}/logo/logo-horizontal.svg`, { maxRedirects: 0 })],
    ["website", (c, k) => c.get(`/dashboard/kits/${k}/website`, { maxRedirects: 0 })],
    ["website preview", (c, k) => c.get(`/dashboard/kits/${k}/website/preview`, { maxRedirects: 0 })],
    ["website html", (c, k) => c.get(`/dashboard/kits/${k}/website/index.html`, { maxRedirects: 0 })],
    ["leads csv", (c, k) => c.get(`/dashboard/kits/${k}/website/leads.csv`, { maxRedirects: 0 })],
    ["domain", (c, k) => c.get(`/dashboard/kits/${k}/website/domain`, { maxRedirects: 0 })],
    ["social", (c, k) => c.get(`/dashboard/kits/${k}/social`, { maxRedirects: 0 })],
    ["social image", (c, k) => c.get(`/dashboard/kits/${k}/social/profile.png`, { maxRedirects: 0 })],
    ["calendar", (c, k) => c.get(`/dashboard/kits/${k}/calendar`, { maxRedirects: 0 })],
    ["calendar ics", (c, k) => c.get(`/dashboard/kits/${k}/calendar/calendar.ics`, { maxRedirects: 0 })],
    ["ads", (c, k) => c.get(`/dashboard/kits/${k}/ads`, { maxRedirects: 0 })],
    ["ads csv", (c, k) => c.get(`/dashboard/kits/${k}/ads/ads.csv`, { maxRedirects: 0 })],
    ["research", (c, k) => c.get(`/dashboard/kits/${k}/research`, { maxRedirects: 0 })],
    ["research md", (c, k) => c.get(`/dashboard/kits/${k}/research/research.md`, { maxRedirects: 0 })],
    ["deck", (c, k) => c.get(`/dashboard/kits/${k}/deck`, { maxRedirects: 0 })],
    ["export", (c, k) => c.get(`/dashboard/kits/${k}/export`, { maxRedirects: 0 })],
    ["kit zip", (c, k) => c.get(`/dashboard/kits/${k}/kit.zip`, { maxRedirects: 0 })],
    ["kit file", (c, k) => c.get(`/dashboard/kits/${k}/files/brand/brand.json`, { maxRedirects: 0 })],
    ["brand regenerate", (c, k) => c.post(`/dashboard/kits/${k}/brand`, { form: { intent: "regenerate" }, maxRedirects: 0 })],
    ["logo pick", (c, k) => c.post(`/dashboard/kits/${k}/logo`, { form: { intent: "pick", mark: "0" }, maxRedirects: 0 })],
    ["website publish", (c, k) => c.post(`/dashboard/kits/${k}/website`, { form: { intent: "publish", slug: "hijacked-page" }, maxRedirects: 0 })],
    ["website settings", (c, k) => c.post(`/dashboard/kits/${k}/website`, { form: { intent: "save-settings", indexable: "on" }, maxRedirects: 0 })],
    ["domain set", (c, k) => c.post(`/dashboard/kits/${k}/website/domain`, { form: { domain: "www.hijack.example" }, maxRedirects: 0 })],
    ["domain check", (c, k) => c.post(`/dashboard/kits/${k}/website/domain`, { form: { intent: "check" }, maxRedirects: 0 })],
    ["social edit", (c, k) => c.post(`/dashboard/kits/${k}/social`, { form: { intent: "edit-post", index: "0", platform: "x", text: "hijacked", hashtags: "", visual: "x", dayOffset: "0" }, maxRedirects: 0 })],
    ["social one post", (c, k) => c.post(`/dashboard/kits/${k}/social`, { form: { intent: "regenerate-post", index: "0" }, maxRedirects: 0 })],
    ["calendar date", (c, k) => c.post(`/dashboard/kits/${k}/calendar`, { form: { intent: "save-date", launchDate: "2030-01-01" }, maxRedirects: 0 })],
    ["ads regenerate", (c, k) => c.post(`/dashboard/kits/${k}/ads`, { form: { intent: "regenerate" }, maxRedirects: 0 })],
    ["research regen", (c, k) => c.post(`/dashboard/kits/${k}/research`, { form: { intent: "regenerate" }, maxRedirects: 0 })],
    ["deck slide", (c, k) => c.post(`/dashboard/kits/${k}/deck`, { form: { intent: "save-slide", slide: "problem", title: "hijacked", bullets: "a\\nb", callout: "x", notes: "x" }, maxRedirects: 0 })],
    ["export email", (c, k) => c.post(`/dashboard/kits/${k}/export`, { form: { intent: "email" }, maxRedirects: 0 })],
    ["export revoke", (c, k) => c.post(`/dashboard/kits/${k}/export`, { form: { intent: "revoke", linkId: "x" }, maxRedirects: 0 })],
    ["edit", (c, k) => c.post(`/dashboard/kits/${k}`, { form: { intent: "edit-prompt", prompt: "hijacked" }, maxRedirects: 0 })],
    ["retry", (c, k) => c.post(`/dashboard/kits/${k}`, { form: { intent: "retry" }, maxRedirects: 0 })],
    ["delete", (c, k) => c.post(`/dashboard/kits/${k}`, { form: { intent: "delete" }, maxRedirects: 0 })],
  ];
  const expected: Record<Exclude<Who, "owner" | "admin">, number> = { "other user": 404, anonymous: 302 };
  const rows: string[] = [`${"kit route".padEnd(18)} | other user | anonymous | forged id (owner)`];
  for (const [name, call] of kitRoutes) {
    const b = (await call(other, id)).status();
    const anon = (await call(anonymous, id)).status();
    const forgedStatus = (await call(owner, forged)).status();
    rows.push(`${name.padEnd(18)} | ${String(b).padEnd(10)} | ${String(anon).padEnd(9)} | ${forgedStatus}`);
    expect(b, `${name} as another user`).toBe(expected["other user"]);
    expect(anon, `${name} as anonymous`).toBe(expected.anonymous);
    expect(forgedStatus, `${name} with a forged id`).toBe(404);
  }
  expect(snapshot(), "the kit was not changed by anyone but its owner").toBe(before);
  // The owner reaches every read-only route the others were refused, so each 404 above is the owner check
  // and not a wrong URL. On the free preview, file downloads send the owner to /upgrade (303).
  const upgrade = new Set(["website html", "calendar ics", "ads csv", "research md", "kit zip", "kit file"]);
  for (const [name, call] of kitRoutes.slice(0, kitRoutes.findIndex(([n]) => n === "brand regenerate"))) {
    if (name === "events") continue; // a live stream: its owner's side is the generation specs'
    expect((await call(owner, id)).status(), `${name} as owner`).toBe(upgrade.has(name) ? 303 : 200);
  }

  const adminRoutes: Array<[string, (c: Client) => Promise<{ status(): number }>]> = [
    ["GET /admin", (c) => c.get("/admin", { maxRedirects: 0 })],
    ["GET /admin?status=draft", (c) => c.get("/admin?status=draft", { maxRedirects: 0 })],
    ["GET /admin/export.csv", (c) => c.get("/admin/export.csv", { maxRedirects: 0 })],
    ["GET /admin/messages", (c) => c.get("/admin/messages", { maxRedirects: 0 })],
    ["GET /admin/users", (c) => c.get("/admin/users", { maxRedirects: 0 })],
    ["POST /admin status", (c) => c.post("/admin", { form: { intent: "status", kitId: forged, status: "draft" }, maxRedirects: 0 })],
    ["POST /admin delete", (c) => c.post("/admin", { form: { intent: "delete", kitId: forged }, maxRedirects: 0 })],
    ["POST /admin/messages", (c) => c.post("/admin/messages", { form: { id: forged, handled: "true" }, maxRedirects: 0 })],
    ["POST /admin/users", (c) => c.post("/admin/users", { form: { userId: forged, role: "admin" }, maxRedirects: 0 })],
  ];
  rows.push("", `${"admin route".padEnd(24)} | user | anonymous | admin`);
  for (const [name, call] of adminRoutes) {
    const asUser = (await call(other)).status();
    const asAnon = (await call(anonymous)).status();
    const asAdmin = (await call(admin)).status();
    rows.push(`${name.padEnd(24)} | ${String(asUser).padEnd(4)} | ${String(asAnon).padEnd(9)} | ${asAdmin}`);
    expect(asUser, `${name} as user`).toBe(403);
    expect(asAnon, `${name} as anonymous`).toBe(302);
    // Admin: pages answer 200; actions on a forged id answer 404 (nothing to change).
    expect(asAdmin, `${name} as admin`).toBe(name.startsWith("GET") ? 200 : 404);
  }
  console.log(`access matrix:\n${rows.join("\n")}`);
  for (const c of [owner, other, anonymous, admin]) await c.dispose();
});
