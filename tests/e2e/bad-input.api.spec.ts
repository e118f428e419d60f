import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, PASSWORD, query, randomIp, test, confirmEmail, adminReady } from "./fixtures";

/** Every form route gets the same battery of bad input: never a 5xx, never a leftover row. */
type Case = { name: string; body?: string; form?: Record<string, string>; contentType?: string };

function cases(marker: string, fields: string[]): Case[] {
  const fill = (v: string) => Object.fromEntries(fields.map((f) => [f, v]));
  const urlencoded = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();
  return [
    { name: "missing fields", form: {} },
    { name: "empty values", form: fill("") },
    { name: "array-style names", body: fields.map((f) => `${f}[]=${marker}&${f}[a]=1`).join("&") },
    { name: "too long values", form: fill(`${marker}${"x".repeat(30_000)}`) },
    { name: "huge body", form: fill("x".repeat(150_000)) },
    { name: "unicode", form: fill(`Ünïcødé 🚀 東京 ${marker}`) },
    { name: "control characters", form: fill(`\u0000\u0007\u001b[31m${marker}\r\n\t`) },
    { name: "SQL-looking", form: fill(`'; DROP TABLE users; -- ${marker}`) },
    { name: "HTML-looking", form: fill(`<script>alert("${marker}")</script><img src=x onerror=alert(1)>`) },
    { name: "repeated fields", body: urlencoded(fields.flatMap((f) => [[f, `a${marker}`], [f, `b${marker}`]] as Array<[string, string]>)) },
    { name: "malformed urlencoded", body: "%%%&&&===%ZZ&" + fields.join("=%&") },
    { name: "JSON body", body: JSON.stringify(fill(marker)), contentType: "application/json" },
    { name: "multipart body", body: `--X\r\nContent-Disposition: form-data; name="${fields[0]}"\r\n\r\n${marker}`, contentType: "multipart/form-data; boundary=X" },
  ];
}

const leftovers = (marker: string) =>
  query<{ n: number }>(
    `select (select count(*) from users where email like '%' || @m || '%' or name like '%' || @m || '%')
          + (select count(*) from launch_kits where business_idea like '%' || @m || '%' or generated_prompt like '%' || @m || '%')
          + (select count(*) from contact_messages where message like '%' || @m || '%' or name like '%' || @m || '%')
          + (select count(*) from newsletter_subscribers where email like '%' || @m || '%') as n`,
    { m: marker },
  )[0]!.n;

async function newClient(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
}

async function signUpApi(client: APIRequestContext, email: string) {
  const res = await client.post("/signup", {
    form: { name: "Bad Input", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  await confirmEmail(client, email);
}

async function battery(client: APIRequestContext, path: string, fields: string[], extra: Record<string, string> = {}) {
  const report: string[] = [];
  const count = cases("", fields).length;
  for (let i = 0; i < count; i++) {
    // A fresh marker per case: a case that legitimately succeeds must not blame the next one.
    const marker = `bad${crypto.randomBytes(4).toString("hex")}`;
    const c = cases(marker, fields)[i]!;
    const headers = { "Content-Type": c.contentType ?? "application/x-www-form-urlencoded" };
    const data = c.form ? new URLSearchParams({ ...c.form, ...extra }).toString() : `${c.body}&${new URLSearchParams(extra)}`;
    const res = await client.post(path, { headers, data, maxRedirects: 0 });
    const status = res.status();
    report.push(`${path.padEnd(28)} ${c.name.padEnd(22)} ${status}`);
    expect(status, `${path} ${c.name}`).toBeLessThan(500);
    const text = await res.text();
    expect(text, `${path} ${c.name} echoes raw HTML`).not.toContain("<script>alert(");
    if (status >= 400) expect(leftovers(marker), `${path} ${c.name} left rows`).toBe(0);
  }
  return report;
}

test.describe("bad input", () => {
  test("public and account forms", async ({ playwright, baseURL }) => {
    const client = await newClient(playwright, baseURL!);
    const report = [
      ...(await battery(client, "/signup", ["name", "email", "password", "confirmPassword", "acceptTerms"])),
      ...(await battery(client, "/signin", ["email", "password", "rememberMe", "redirectTo"])),
      ...(await battery(client, "/forgot-password", ["email"])),
      ...(await battery(client, "/reset-password", ["token", "password", "confirmPassword"])),
      ...(await battery(client, "/newsletter", ["email"])),
      ...(await battery(client, "/contact", ["name", "email", "topic", "message"])),
      ...(await battery(client, "/wizard", ["idea", "audience", "tone", "goal", "vibe"], { intent: "generate", step: "2" })),
    ];
    console.log(`bad input (anonymous):\n${report.join("\n")}`);
    await client.dispose();
  });

  test("signed-in and admin forms", async ({ playwright, baseURL }) => {
    const client = await newClient(playwright, baseURL!);
    await signUpApi(client, `bad-${crypto.randomBytes(4).toString("hex")}@example.com`);
    const res = await client.post("/wizard", {
      form: { idea: "A kit to attack with bad input", audience: "Testers", tone: "bold", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" },
    });
    const kitPath = new URL(res.url()).pathname;
    expect(kitPath).toMatch(/^\/dashboard\/kits\//);
    const report = [
      ...(await battery(client, "/wizard", ["idea", "audience", "geography", "tone", "competitors", "goal", "vibe"], { intent: "generate", step: "2" })),
      ...(await battery(client, kitPath, ["prompt"], { intent: "edit-prompt" })),
      ...(await battery(client, kitPath, ["intent"])),
      ...(await battery(client, "/signout", ["x"])),
    ];
    const admin = await newClient(playwright, baseURL!);
    const adminEmail = `admin2-js@e2e.test`;
    const signin = await admin.post("/signin", { form: { email: adminEmail, password: PASSWORD }, maxRedirects: 0 });
    if (signin.status() !== 302) await signUpApi(admin, adminEmail);
    await adminReady(admin, adminEmail);
    report.push(
      ...(await battery(admin, "/admin", ["kitId", "intent", "status"])),
      ...(await battery(admin, "/admin/messages", ["id", "handled"])),
      ...(await battery(admin, "/admin/users", ["userId", "role"])),
    );
    console.log(`bad input (signed in / admin):\n${report.join("\n")}`);
    await client.dispose();
    await admin.dispose();
  });
});
