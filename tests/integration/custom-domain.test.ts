import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { adminSetPlan } from "~/billing/account.server";
import { customDomainOf, dnsRecordFor, rewriteCustomDomain, setCustomDomain } from "~/billing/custom-domain.server";
import { CustomDomainSchema } from "~/billing/schemas";
import { getDb } from "~/db/client.server";
import { landingPages } from "~/db/schema";
import { createKit } from "~/kits/kits.server";
import type { WizardInput } from "~/kits/schema";
import { createUser } from "~/users/users.server";
import { routeArgs } from "../support/route-args";

const input: WizardInput = { idea: "A bakery", audience: "Neighbours", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" };
const ORIGIN = "http://launchkit.test";

let n = 0;
async function founderWithPage(slug: string) {
  const user = await createUser({ name: "Domain", email: `domain${++n}@plans.test`, password: "Secret123" });
  const kit = await createKit(user.id, input);
  await getDb().insert(landingPages).values({ kitId: kit.id, slug, published: true, publishedAt: new Date() });
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  return { user, kit, cookie };
}

const req = (host: string, url: string) => ({ headers: { host }, url }) as unknown as IncomingMessage;

describe("the custom domain field", () => {
  it.each([
    ["www.acme.com", "www.acme.com"],
    ["  HTTPS://WWW.Acme.COM/ ", "www.acme.com"],
    ["acme.co.uk.", "acme.co.uk"],
  ])("accepts %j as %j", (raw, domain) => {
    expect(CustomDomainSchema.parse({ domain: raw })).toEqual({ domain });
  });

  it.each(["", "acme", "localhost", "shop.localhost", "acme.test", "-acme.com", "acme..com", "acme.com:8080", "acme.com/path", "192.168.1.1", "é.com", `${"a".repeat(64)}.com`])("refuses %j with a message", (raw) => {
    const result = CustomDomainSchema.safeParse({ domain: raw });
    expect(result.success).toBe(false);
  });

  it("shows the DNS record: a CNAME for a subdomain, ALIAS/ANAME territory for a root domain", () => {
    expect(dnsRecordFor("www.acme.com", "launchkit.example.com")).toEqual({ type: "CNAME", name: "www", value: "launchkit.example.com.", apex: false });
    expect(dnsRecordFor("acme.com", "launchkit.example.com")).toEqual({ type: "CNAME", name: "@", value: "launchkit.example.com.", apex: true });
  });
});

describe("a Pro page on its own domain", () => {
  it("is stored for Pro only, unique, never LaunchKit's own host, and served by Host header while the owner is on Pro", async () => {
    const { user, kit } = await founderWithPage("acme-bakery");
    expect(await setCustomDomain(user.id, kit.id, "www.acme.com", "launchkit.test")).toEqual({ ok: false, status: 403, message: "Custom domains come with Pro." });
    await adminSetPlan(user.id, user.id, "pro");
    expect(await setCustomDomain(user.id, kit.id, "launchkit.test", "launchkit.test")).toMatchObject({ ok: false, status: 400 });
    expect(await setCustomDomain(user.id, kit.id, "www.acme.com", "launchkit.test")).toEqual({ ok: true });
    expect(await customDomainOf(kit.id)).toBe("www.acme.com");

    const other = await founderWithPage("other-bakery");
    await adminSetPlan(other.user.id, other.user.id, "pro");
    expect(await setCustomDomain(other.user.id, other.kit.id, "www.acme.com", "launchkit.test")).toEqual({ ok: false, status: 409, message: "That domain is already connected to another page." });

    // Served by Host header: the page, its lead form and thank-you page; other paths (fonts) pass through.
    for (const [url, rewritten] of [["/", "/p/acme-bakery"], ["/?utm=x", "/p/acme-bakery?utm=x"], ["/lead", "/p/acme-bakery/lead"], ["/thanks", "/p/acme-bakery/thanks"], ["/og.png?v=1", "/p/acme-bakery/og.png?v=1"]] as const) {
      const r = req("WWW.ACME.com:443", url);
      expect(await rewriteCustomDomain(r)).toBe("rewritten");
      expect(r.url).toBe(rewritten);
    }
    // What the page loads passes through; LaunchKit's own pages are never served on the founder's domain.
    for (const [host, url] of [["www.acme.com", "/fonts/inter-400.woff"], ["www.acme.com", "/fonts/inter-400.woff2"], ["www.acme.com", "/p/acme-bakery/lead"], ["www.acme.com", "/p/acme-bakery"], ["www.acme.com", "/p/acme-bakery?from=thanks"], ["launchkit.test", "/"], ["www.unknown.com", "/"], ["launchkit.test", "/signin"]] as const) {
      const r = req(host, url);
      expect(await rewriteCustomDomain(r)).toBe("passthrough");
      expect(r.url).toBe(url);
    }
    for (const url of ["/signin", "/signup", "/reset-password?token=x", "/dashboard", "/p/other-bakery", "/admin", "/pricing"]) {
      expect(await rewriteCustomDomain(req("www.acme.com", url)), url).toBe("not-found");
    }

    // Not on Pro any more, or unpublished: nothing is served on the domain, LaunchKit's own pages included.
    await adminSetPlan(user.id, user.id, "starter");
    for (const url of ["/", "/signin", "/dashboard"]) expect(await rewriteCustomDomain(req("www.acme.com", url)), url).toBe("not-found");
    await adminSetPlan(user.id, user.id, "pro");
    await getDb().update(landingPages).set({ published: false }).where(eq(landingPages.kitId, kit.id));
    for (const url of ["/", "/signin"]) expect(await rewriteCustomDomain(req("www.acme.com", url)), url).toBe("not-found");

    // Removing it is allowed on any plan.
    await adminSetPlan(user.id, user.id, "free");
    expect(await setCustomDomain(user.id, kit.id, null, "launchkit.test")).toEqual({ ok: true });
    expect(await customDomainOf(kit.id)).toBeNull();
  });

  it("the section's form: 400 with the field's message for a bad domain, 303 when saved, 404 for another user's kit", async () => {
    const { user, kit, cookie } = await founderWithPage("form-bakery");
    await adminSetPlan(user.id, user.id, "pro");
    const { action } = await import("~/routes/dashboard/workspace/website-domain");
    const post = async (kitId: string, form: Record<string, string>, c = cookie) => {
      const request = new Request(`${ORIGIN}/dashboard/kits/${kitId}/website/domain`, { method: "POST", headers: { Cookie: c, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
      try {
        return (await action(routeArgs(request, { id: kitId }, {}))) as Response | { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const bad = await post(kit.id, { intent: "save", domain: "not a domain" });
    expect("init" in bad && bad.init.status).toBe(400);
    expect("data" in bad && bad.data.result.error.domain?.[0]).toMatch(/Enter a domain such as www\.example\.com/);
    expect(await customDomainOf(kit.id)).toBeNull();
    const ok = (await post(kit.id, { intent: "save", domain: "shop.formbakery.com" })) as Response;
    expect(ok.status).toBe(303);
    expect(await customDomainOf(kit.id)).toBe("shop.formbakery.com");
    const stranger = await founderWithPage("stranger-bakery");
    const foreign = (await post(kit.id, { intent: "remove" }, stranger.cookie)) as Response;
    expect(foreign.status).toBe(404);
    expect(await customDomainOf(kit.id)).toBe("shop.formbakery.com");
  });
});
