import crypto from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { confirmEmail, expect, PASSWORD, query, randomIp, test } from "./fixtures";

/**
 * The MCP server of the running app (the production build behind
 * server.js), reached with the official SDK's Client: a founder makes a
 * token in /account (a form post, as the page does), the agent initializes,
 * lists the tools and reads its kit's DESIGN.md; the session cookie alone is
 * refused, and JSON is still refused on the app's other routes.
 */
test("an agent with a token reads the founder's kit through /mcp; a cookie is no way in", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const founder = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const email = `mcp-${crypto.randomBytes(4).toString("hex")}@example.com`;
  expect((await founder.post("/signup", { form: { name: "Agent Founder", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 })).status()).toBe(302);
  await confirmEmail(founder, email);
  const created = await founder.post("/wizard", {
    form: { idea: `Agent-built bakery ${Date.now()}`, audience: "Neighbours", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  const kitId = created.headers().location!.split("/").pop()!;
  await expect.poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and kind = 'brand' and status = 'ready'", kitId)[0]?.n, { timeout: 30_000 }).toBe(1);

  const page = await founder.post("/account", { form: { intent: "create-token", name: "e2e agent", scope: "read" } });
  expect(page.status()).toBe(200);
  const token = /lk_pat_[A-Za-z0-9_-]{43}/.exec(await page.text())![0];

  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL), { requestInit: { headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() } } }));
  expect((await client.listTools()).tools.map((t) => t.name)).toContain("list_kits");
  const kits = JSON.parse((((await client.callTool({ name: "list_kits" })).content as Array<{ text: string }>)[0]!).text).kits;
  expect(kits.map((k: { id: string }) => k.id)).toEqual([kitId]);
  const design = (await client.readResource({ uri: `launchkit://kits/${kitId}/DESIGN.md` })).contents[0] as { text: string };
  expect(design.text).toMatch(/^---\nversion: alpha\n/);
  await client.close();

  // The founder's browser session is not a way into /mcp.
  const cookieOnly = await founder.post("/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/list" }, headers: { Accept: "application/json, text/event-stream" } });
  expect(cookieOnly.status()).toBe(401);
  // And JSON is still refused by the app's forms.
  expect((await founder.post("/account", { data: { intent: "create-token" }, headers: { Authorization: `Bearer ${token}` } })).status()).toBe(415);
  await founder.dispose();
});
