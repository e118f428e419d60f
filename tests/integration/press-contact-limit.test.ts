import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { pressMessages } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { stopOutbox } from "~/platform/mail/sender.server";
import { createRequestContext } from "~/platform/http/request-context";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { founder, kitFor, workspace } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

/**
 * Outside review of the press kit's contact form: the per-network limit is
 * taken before the form is checked, so a journalist who mistypes their
 * address a few times (each answered 400 "Enter a valid e-mail address") is
 * then refused for an hour with "Too many messages from your network" having
 * sent nothing. Only messages that would be sent (or a bot's honeypot) should
 * count against it.
 */

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  await confirmSiteOrigin("https://launchkit.example");
});
afterAll(async () => {
  setProviderForTests(undefined);
  await stopOutbox();
});

async function postMessage(slug: string, fields: Record<string, string>, ip: string) {
  const route = await import("~/routes/public/press");
  const request = new Request(`https://launchkit.example/p/${slug}/press`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return call(() => route.action(routeArgs(request, { slug }, createRequestContext(ip))));
}

describe("the press contact form's limits", () => {
  it("a journalist's rejected attempts (typos, 400) do not use up their network's messages", { timeout: 90_000 }, async () => {
    const owner = await founder("r1-press");
    const kit = await kitFor(owner.user.id);
    const slug = `r1-press-${kit.id.slice(0, 6).toLowerCase()}`;
    expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
    const ip = "10.61.0.9";
    const good = { name: "Jo Reporter", email: "jo@newsroom.example", message: "Could we talk on Friday?" };
    for (let i = 0; i < 5; i++) expect((await postMessage(slug, { ...good, email: `jo@newsroom${i}` }, ip)).status, `typo ${i + 1}`).toBe(400);
    const fixed = await postMessage(slug, good, ip);
    expect(fixed.status).toBe(303);
    expect(await getDb().select().from(pressMessages).where(eq(pressMessages.kitId, kit.id))).toHaveLength(1);
  });
});
