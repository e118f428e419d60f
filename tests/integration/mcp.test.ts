import type { AddressInfo } from "node:net";
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mcpEndpoint } from "~/features/agents/mcp-http.server";
import { createToken, revokeToken, tokenRequests } from "~/features/agents/tokens.server";
import { getDb } from "~/platform/db/client.server";
import { leads, users } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { designTokens } from "~/kit/brand/tokens";
import { fileContext, kitFiles } from "~/kit/files.server";
import { getKit } from "~/kit/kits.server";
import { requestLogger } from "~/platform/log.server";
import { bodyGuard, methodGuard, postRateLimit } from "~/platform/http/request-guards.server";
import { securityHeaders } from "~/platform/http/security-headers.server";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { founder, kitFor } from "../support/landing-routes";

/**
 * The MCP server at /mcp, tested with the official SDK's own Client over
 * HTTP, mounted as server/app.ts mounts it (the request log and security
 * headers before it, the forms' guards after it): the handshake, every tool,
 * resource and prompt; tokens wrong, revoked or without the scope refused
 * with the authorization spec's statuses; another user's kit "not found";
 * the per-token rate limit; and no token in any log line.
 */

const TRUSTED = "https://launchkit.example";
let server: http.Server;
let url: string;
const lines: string[] = [];
let owner: Awaited<ReturnType<typeof founder>>;
let kitId: string;
let otherKitId: string;
const tokens: Record<"read" | "write" | "leads" | "revoked", string> = { read: "", write: "", leads: "", revoked: "" };

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  await confirmSiteOrigin(TRUSTED);
  for (const level of ["log", "error", "warn", "info"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
      original(...args);
    });
  }
  owner = await founder("mcp");
  await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, owner.user.id));
  kitId = (await kitFor(owner.user.id)).id;
  const other = await founder("mcp-other");
  otherKitId = (await kitFor(other.user.id)).id;
  tokens.read = (await createToken(owner.user.id, { name: "read", scope: "read", leads: false }))!.token;
  tokens.write = (await createToken(owner.user.id, { name: "write", scope: "write", leads: false }))!.token;
  tokens.leads = (await createToken(owner.user.id, { name: "leads", scope: "read", leads: true }))!.token;
  const revoked = (await createToken(owner.user.id, { name: "old", scope: "write", leads: true }))!;
  await revokeToken(owner.user.id, revoked.view.id);
  tokens.revoked = revoked.token;

  const app = express();
  app.set("trust proxy", true);
  app.use(requestLogger());
  app.use(securityHeaders());
  app.use("/mcp", mcpEndpoint());
  app.use(methodGuard());
  app.use(postRateLimit());
  app.use(bodyGuard());
  app.use((_req, res) => void res.status(200).send("a page"));
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}, 120_000);

afterAll(async () => {
  setProviderForTests(undefined);
  vi.restoreAllMocks();
  await new Promise<void>((r) => server.close(() => r()));
});

async function clientWith(token: string | null, headers: Record<string, string> = {}) {
  const client = new Client({ name: "launchkit-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } } });
  await client.connect(transport);
  return client;
}
const textOf = (result: unknown) => ((result as { content: Array<{ type: string; text?: string }> }).content[0]?.text ?? "");
type Contents = { uri: string; mimeType?: string; text?: string; blob?: string };
const post = (body: unknown, headers: Record<string, string>) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });
const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

describe("the MCP server", { timeout: 120_000 }, () => {
  it("initializes, lists its tools, resources and prompts", async () => {
    const client = await clientWith(tokens.read);
    expect(client.getServerVersion()).toMatchObject({ name: "launchkit" });
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual(["get_analytics", "get_brand", "get_file", "list_kits", "list_leads", "publish_page", "regenerate_asset", "unpublish_page", "update_landing_copy"]);
    const resources = (await client.listResources()).resources.map((r) => r.uri);
    expect(resources).toContain("launchkit://kits");
    for (const suffix of ["brand.json", "DESIGN.md", "AGENTS.md", "landing.json", "logo/logo.svg", "logo/logo-512.png"]) expect(resources).toContain(`launchkit://kits/${kitId}/${suffix}`);
    // Only the founder's own kits are listed.
    expect(resources.some((u) => u.includes(otherKitId))).toBe(false);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(["launchkit://kits/{kitId}/DESIGN.md", "launchkit://kits/{kitId}/logo/{file}"]));
    const prompts = (await client.listPrompts()).prompts.map((p) => p.name).sort();
    expect(prompts).toEqual(["build_landing_page", "write_in_my_voice"]);
    const build = await client.getPrompt({ name: "build_landing_page", arguments: { kitId } });
    expect(JSON.stringify(build.messages)).toContain(`launchkit://kits/${kitId}/DESIGN.md`);
    const voice = await client.getPrompt({ name: "write_in_my_voice", arguments: { kitId, topic: "our launch" } });
    expect(JSON.stringify(voice.messages)).toContain((await kitBrand(kitId))!.voice.dos[0]!);
    await client.close();
  });

  it("reads every resource: kits, brand tokens, DESIGN.md, AGENTS.md, landing copy, logo SVG as text and PNG as a blob", async () => {
    const client = await clientWith(tokens.read);
    const read = async (uri: string) => (await client.readResource({ uri })).contents[0] as Contents;
    const kits = JSON.parse(String((await read("launchkit://kits")).text));
    expect(kits.map((k: { id: string }) => k.id)).toEqual([kitId]);
    const brand = (await kitBrand(kitId))!;
    expect((await read(`launchkit://kits/${kitId}/brand.json`)).text).toBe(designTokens(brand));
    const design = await read(`launchkit://kits/${kitId}/DESIGN.md`);
    expect(design.mimeType).toBe("text/markdown");
    expect(String(design.text)).toMatch(/^---\nversion: alpha\n/);
    expect(String((await read(`launchkit://kits/${kitId}/AGENTS.md`)).text)).toContain("DESIGN.md");
    expect(JSON.parse(String((await read(`launchkit://kits/${kitId}/landing.json`)).text))).toEqual(await readyContent(kitId, "landing", LandingContentSchema));
    const svg = await read(`launchkit://kits/${kitId}/logo/logo.svg`);
    expect(svg.mimeType).toBe("image/svg+xml");
    expect(String(svg.text)).toMatch(/^<svg|^<\?xml/);
    const png = await read(`launchkit://kits/${kitId}/logo/logo-512.png`);
    expect(png.mimeType).toBe("image/png");
    expect(Buffer.from(String(png.blob), "base64").subarray(1, 4).toString()).toBe("PNG");
    // The launch material where it exists.
    const launch = (await client.listResources()).resources.map((r) => r.uri).filter((u) => /\/(social|research)\//.test(u));
    expect(launch).toEqual(expect.arrayContaining([`launchkit://kits/${kitId}/social/bios.txt`, `launchkit://kits/${kitId}/research/research.md`]));
    for (const uri of launch) expect(String((await read(uri)).text).length, uri).toBeGreaterThan(0);
    // Another user's kit: not found, as everywhere.
    await expect(read(`launchkit://kits/${otherKitId}/DESIGN.md`)).rejects.toThrow(/Kit not found/);
    await expect(read(`launchkit://kits/${otherKitId}/social/bios.txt`)).rejects.toThrow(/Kit not found/);
    await client.close();
  });

  it("calls every tool; writes are checked as in the editor and logged; another user's kit is not found", async () => {
    const reader = await clientWith(tokens.read);
    const call = (c: Client, name: string, args: Record<string, unknown> = {}) => c.callTool({ name, arguments: args });
    expect(JSON.parse(textOf(await call(reader, "list_kits"))).kits.map((k: { id: string }) => k.id)).toEqual([kitId]);
    const brand = JSON.parse(textOf(await call(reader, "get_brand", { kitId })));
    expect(brand.palette).toEqual((await kitBrand(kitId))!.palette);
    const notFound = await call(reader, "get_brand", { kitId: otherKitId });
    expect(notFound.isError).toBe(true);
    expect(textOf(notFound)).toBe("Kit not found.");
    const files = JSON.parse(textOf(await call(reader, "get_file", { kitId }))).files;
    expect(files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["DESIGN.md", "logo/logo.svg", "brand/tokens.css"]));
    expect(textOf(await call(reader, "get_file", { kitId, path: "brand/tokens.css" }))).toContain("--color-primary");
    const image = await call(reader, "get_file", { kitId, path: "logo/logo-512.png" });
    expect((image.content as Array<{ type: string; mimeType: string }>)[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(JSON.parse(textOf(await call(reader, "get_analytics", { kitId, days: 30 })))).toMatchObject({ days: 30, visitors: 0, views: 0, leads: 0 });

    const writer = await clientWith(tokens.write);
    const current = (await readyContent(kitId, "landing", LandingContentSchema))!;
    const { sections: _s, proofIsReal: _p, layout: _l, category: _c, emailForm: _e, ...copy } = current;
    const edit = { ...copy, hero: { ...copy.hero, headline: "  Grooming\nat your door  " }, proof: { ...copy.proof, real: false } };
    const saved = await call(writer, "update_landing_copy", { kitId, copy: edit });
    expect(saved.isError).toBeFalsy();
    // Cleaned as the editor cleans: one line, trimmed.
    expect((await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline).toBe("Grooming at your door");
    const bad = await call(writer, "update_landing_copy", { kitId, copy: { ...edit, hero: { ...edit.hero, headline: "x".repeat(71) } } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("hero.headline: The headline: at most 70 characters.");
    expect((await readyContent(kitId, "landing", LandingContentSchema))!.hero.headline).toBe("Grooming at your door");
    expect(textOf(await call(writer, "update_landing_copy", { kitId: otherKitId, copy: edit }))).toBe("Kit not found.");

    const published = JSON.parse(textOf(await call(writer, "publish_page", { kitId, slug: `mcp-${kitId.slice(0, 8).toLowerCase()}` })));
    expect(published).toMatchObject({ published: true, url: `${TRUSTED}/p/mcp-${kitId.slice(0, 8).toLowerCase()}` });
    expect(JSON.parse(textOf(await call(writer, "unpublish_page", { kitId })))).toEqual({ published: false });
    const regen = await call(writer, "regenerate_asset", { kitId, kind: "landing" });
    expect(regen.isError).toBeFalsy();
    expect(textOf(regen)).toContain("is being written");

    await getDb().insert(leads).values({ id: crypto.randomUUID(), kitId, email: "ada@example.com", name: "Ada" } as typeof leads.$inferInsert);
    const leadReader = await clientWith(tokens.leads);
    expect(JSON.parse(textOf(await call(leadReader, "list_leads", { kitId }))).leads).toMatchObject([{ email: "ada@example.com", name: "Ada" }]);

    // Every write was logged with the token's id (never the token).
    const writes = lines.filter((l) => l.includes('"access token write"')).map((l) => JSON.parse(l));
    expect(writes.map((w) => w.action)).toEqual(expect.arrayContaining(["update_landing_copy", "publish_page", "unpublish_page", "regenerate_asset"]));
    for (const w of writes) expect(w).toMatchObject({ userId: owner.user.id, kitId });
    await Promise.all([reader.close(), writer.close(), leadReader.close()]);
  });

  it("refuses a wrong or revoked token (401), a tool outside the token's scopes (403 insufficient_scope), cookies, web pages and other methods", async () => {
    await expect(clientWith("lk_pat_wrong")).rejects.toThrow(/401|invalid_token|Unauthorized/i);
    await expect(clientWith(tokens.revoked)).rejects.toThrow(/401|invalid_token|Unauthorized/i);
    const missing = await post(INIT, {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    // A session cookie is no way in.
    expect((await post(INIT, { Cookie: owner.cookie })).status).toBe(401);
    // Nor a token in the query.
    expect((await fetch(`${url}?access_token=${tokens.write}`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: JSON.stringify(INIT) })).status).toBe(401);

    const reader = await clientWith(tokens.read);
    // The SDK's transport error carries the HTTP status.
    await expect(reader.callTool({ name: "update_landing_copy", arguments: { kitId, copy: {} } })).rejects.toMatchObject({ code: 403, message: expect.stringContaining("lacks the write scope") });
    await expect(reader.callTool({ name: "list_leads", arguments: { kitId } })).rejects.toMatchObject({ code: 403, message: expect.stringContaining("lacks the leads scope") });
    const raw = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "publish_page", arguments: { kitId } } }, { Authorization: `Bearer ${tokens.read}` });
    expect(raw.status).toBe(403);
    expect(raw.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="write", error_description="This token lacks the write scope"');
    const writer = await clientWith(tokens.write);
    await expect(writer.callTool({ name: "list_leads", arguments: { kitId } })).rejects.toMatchObject({ code: 403 });
    await Promise.all([reader.close(), writer.close()]);

    expect((await post(INIT, { Authorization: `Bearer ${tokens.read}`, Origin: "https://evil.example" })).status).toBe(403);
    expect((await post(INIT, { Authorization: `Bearer ${tokens.read}`, Origin: TRUSTED })).status).toBe(200);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${tokens.read}`, Accept: "text/event-stream" } })).status).toBe(405);
    expect((await fetch(url, { method: "DELETE", headers: { Authorization: `Bearer ${tokens.read}` } })).status).toBe(405);
    expect((await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${tokens.read}`, "Content-Type": "text/plain" }, body: "{}" })).status).toBe(415);
    const big = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${tokens.read}`, "Content-Type": "application/json" }, body: JSON.stringify({ x: "a".repeat(300 * 1024) }) });
    expect(big.status).toBe(413);
    // JSON stays refused everywhere else, and a token opens nothing there.
    expect((await fetch(url.replace("/mcp", "/account"), { method: "POST", headers: { Authorization: `Bearer ${tokens.write}`, "Content-Type": "application/json" }, body: "{}" })).status).toBe(415);
  });

  it("has a rate limit per token", async () => {
    const { token, view } = (await createToken(owner.user.id, { name: "busy", scope: "read", leads: false }))!;
    for (let i = 0; i < 120; i++) await tokenRequests.hit(view.id);
    const res = await post(INIT, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    // Another token of the same founder is not slowed down.
    expect((await post(INIT, { Authorization: `Bearer ${tokens.read}` })).status).toBe(200);
  });

  it("the free plan gets watermarked files, and paid-only downloads refused", async () => {
    await getDb().update(users).set({ plan: "free" }).where(eq(users.id, owner.user.id));
    try {
      const client = await clientWith(tokens.read);
      const png = Buffer.from(String(((await client.readResource({ uri: `launchkit://kits/${kitId}/logo/logo-512.png` })).contents[0] as Contents).blob), "base64");
      const kit = (await getKit(kitId))!;
      const render = async (watermark: boolean) => (await kitFiles(await fileContext(kit, { watermark }))).find((f) => f.path === "logo/logo-512.png")!.render();
      expect(png.equals(await render(true))).toBe(true);
      expect(png.equals(await render(false))).toBe(false);
      const css = await client.callTool({ name: "get_file", arguments: { kitId, path: "brand/tokens.css" } });
      expect(css.isError).toBe(true);
      expect(textOf(css)).toContain("comes with a paid plan");
      await client.close();
    } finally {
      await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, owner.user.id));
    }
  });

  it("writes no token into any log line", () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const token of Object.values(tokens)) for (const line of lines) expect(line).not.toContain(token.slice(7));
  });
});
