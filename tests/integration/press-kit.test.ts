import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSetPlan } from "~/kit/plans/account.server";
import { rewriteCustomDomain } from "~/features/billing/custom-domain.server";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { landingPages, pressMessages, users } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { countWords } from "~/kit/assets/landing/press";
import { kitZipResponse } from "~/kit/export/zip.server";
import { fileContext, kitFiles } from "~/kit/files.server";
import { getKit } from "~/kit/kits.server";
import { saveAssetContent } from "~/kit/assets/assets.server";
import { kitBrand } from "~/kit/content.server";
import { drainOutbox } from "~/platform/mail/mailer.server";
import { stopOutbox } from "~/platform/mail/sender.server";
import { createRequestContext } from "~/platform/http/request-context";
import { confirmSiteOrigin } from "~/platform/http/site-origin.server";
import { founder, kitFor, workspace } from "../support/landing-routes";
import { drain, readPdf, readZip } from "../support/readers";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";

/**
 * The press kit published with a page (/p/<slug>/press, /press on its
 * verified domain): there exactly while the page is live, indexed only with
 * it, linked from the page's footer and llms.txt at the trusted address,
 * never the request's Host; its contact form mails the founder (never anyone
 * the form names) with Reply-To the journalist and never shows the founder's
 * address; limited per IP; its logos watermarked on the free plan; and the
 * same kit in the ZIP's press/ folder, listed in README.txt.
 */

const TRUSTED = "https://launchkit.example";
let mailDir = "";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "lk-press-"));
  sink = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = sink.url;
  resetConfigForTests();
  await confirmSiteOrigin(TRUSTED);
});

afterAll(async () => {
  setProviderForTests(undefined);
  await stopOutbox();
  await sink.close();
  delete process.env.SMTP_URL;
  resetConfigForTests();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

function mails() {
  return fs
    .readdirSync(mailDir)
    .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as { to: string[]; raw: string });
}

/** A header's value, unfolded. */
function header(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? null;
}

let n = 0;
async function publishedKit(plan: "free" | "pro" = "free") {
  const owner = await founder("press");
  if (plan === "pro") await getDb().update(users).set({ plan, planStatus: "active" }).where(eq(users.id, owner.user.id));
  const kit = await kitFor(owner.user.id);
  const slug = `press-${++n}-${kit.id.slice(0, 6).toLowerCase()}`;
  expect((await workspace(owner.cookie, kit.id, { intent: "publish", slug })).status).toBe(303);
  return { ...owner, kit, slug };
}

async function get(modulePath: string, url: string, params: Record<string, string>, ip = "10.0.0.7") {
  const route = (await import(/* @vite-ignore */ modulePath)) as { loader: (a: never) => Promise<unknown> };
  const u = new URL(url);
  return call(() => route.loader(routeArgs(new Request(url, { headers: { Host: u.host } }), params, createRequestContext(ip))));
}
const press = (slug: string, origin = "http://evil.example", query = "") => get("~/routes/public/press", `${origin}/p/${slug}/press${query}`, { slug });
const pressFile = (slug: string, file: string) => get("~/routes/public/press-file", `http://evil.example/p/${slug}/press/${file}`, { slug, file });
const page = (slug: string, origin = "http://evil.example") => get("~/routes/public/page", `${origin}/p/${slug}`, { slug });

let ipN = 0;
async function postMessage(slug: string, fields: Record<string, string>, ip = `10.41.${Math.floor(++ipN / 200)}.${ipN % 200}`) {
  const route = await import("~/routes/public/press");
  const request = new Request(`http://evil.example/p/${slug}/press`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "evil.example" },
  });
  return call(() => route.action(routeArgs(request, { slug }, createRequestContext(ip))));
}

const message = { name: "Jo Reporter", email: "jo@newsroom.example", outlet: "The Daily <Wag>", message: "Hello!\nCould we talk about your <b>launch</b> on Friday?" };

describe("the published press kit", () => {
  it("shows the boilerplate (50 and 100 words), fact sheet, release, founder with their role, logos, colours and images; the page's footer links it", async () => {
    const { cookie, kit, slug, user } = await publishedKit();
    expect((await workspace(cookie, kit.id, { intent: "save-settings", pressRole: "Head groomer" })).status).toBe(303);
    const res = await press(slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = res.body;
    const short = /<p data-boilerplate="50">([^<]*)<\/p>/.exec(html)![1]!;
    const long = /<p data-boilerplate="100">([^<]*)<\/p>/.exec(html)![1]!;
    expect(countWords(short)).toBeLessThanOrEqual(50);
    expect(countWords(long)).toBeLessThanOrEqual(100);
    expect(countWords(short)).toBeGreaterThan(20);
    for (const id of ["facts", "release", "founder", "logos", "colours", "images", "contact"]) expect(html, id).toContain(`id="${id}"`);
    expect(html).toContain(`${user.name}, Head groomer of`);
    expect(html).toContain(`<dt>Launched</dt>`);
    // The builtin kit was given no price: none is shown.
    expect(html).not.toContain("<dt>Pricing</dt>");
    expect(html).not.toContain("Quote on request");
    // Links at the trusted address only, never the Host the request came with; never the founder's address.
    expect(html).toContain(`<link rel="canonical" href="${TRUSTED}/p/${slug}/press">`);
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain(user.email);
    for (const file of ["logo.svg", "logo-dark.svg", "mark.svg", "logo.png"]) {
      expect(html).toContain(`/p/${slug}/press/${file}`);
      expect((await pressFile(slug, file)).status, file).toBe(200);
    }
    expect((await pressFile(slug, "../../etc/passwd")).status).toBe(404);
    expect((await pressFile(slug, "logo-horizontal.svg")).status).toBe(404);
    // The page's footer links the press kit at the page's trusted address.
    expect((await page(slug)).body).toContain(`<a href="${TRUSTED}/p/${slug}/press">Press kit</a>`);
    // Indexed with the page.
    expect((await workspace(cookie, kit.id, { intent: "save-settings", indexable: "on", pressRole: "Head groomer" })).status).toBe(303);
    const indexed = await press(slug);
    expect(indexed.headers.get("X-Robots-Tag")).toBeNull();
    expect(indexed.body).toContain('<meta name="robots" content="index, follow">');
  });

  it("the founder's role is a one-line field of the page's settings, at most 60 characters (400 with the reason, nothing saved)", async () => {
    const { cookie, kit } = await publishedKit();
    const long = await workspace(cookie, kit.id, { intent: "save-settings", pressRole: "x".repeat(61) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.data)).toContain("Keep your role under 60 characters.");
    expect((await getDb().select().from(landingPages).where(eq(landingPages.kitId, kit.id)))[0]!.pressRole).toBeNull();
    expect((await workspace(cookie, kit.id, { intent: "save-settings", pressRole: "Co-founder\r\nand CEO" })).status).toBe(303);
    expect((await getDb().select().from(landingPages).where(eq(landingPages.kitId, kit.id)))[0]!.pressRole).toBe("Co-founder and CEO");
    expect((await workspace(cookie, kit.id, { intent: "save-settings", pressRole: "" })).status).toBe(303);
    expect((await getDb().select().from(landingPages).where(eq(landingPages.kitId, kit.id)))[0]!.pressRole).toBeNull();
  });

  it("shows the founder's own prices and place from the kit's facts, as they wrote them, and no other", async () => {
    const { kit, slug } = await publishedKit();
    const brand = (await kitBrand(kit.id))!;
    const prices = [
      { text: "$45 per groom", amount: "45", currency: "USD", period: "session", per: null, label: null },
      { text: "$120/month", amount: "120", currency: "USD", period: "month", per: "dog", label: "Monthly plan" },
    ];
    await saveAssetContent(kit.id, "brand", { ...brand, understanding: { ...brand.understanding!, place: "Austin", prices } });
    const html = (await press(slug)).body;
    expect(html).toContain("<dt>Pricing</dt><dd>$45 per groom; Monthly plan: $120/month</dd>");
    expect(html).toMatch(/<strong>AUSTIN, [A-Z][a-z]+ \d{1,2}, \d{4}<\/strong>/);
    // No amount the founder did not give, anywhere on the page's text.
    const text = html.replace(/<style>[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ");
    expect([...text.matchAll(/[$€£]\s?\d[\d.,]*/g)].map((m) => m[0]).sort()).toEqual(["$120", "$120", "$45", "$45"]);
  });

  it("is 404 (with its files) for an unpublished, taken-down or unknown page", async () => {
    const { cookie, kit, slug } = await publishedKit();
    expect((await press(slug)).status).toBe(200);
    expect((await workspace(cookie, kit.id, { intent: "unpublish" })).status).toBe(303);
    expect((await press(slug)).status).toBe(404);
    expect((await pressFile(slug, "logo.svg")).status).toBe(404);
    expect((await postMessage(slug, message)).status).toBe(404);
    expect((await press("no-such-press-page")).status).toBe(404);
    const other = await publishedKit();
    await getDb().update(landingPages).set({ takenDownAt: new Date(), published: false }).where(eq(landingPages.kitId, other.kit.id));
    expect((await press(other.slug)).status).toBe(404);
  });

  it("on a verified custom domain: /press is the page's press kit, linked there from the page and llms.txt", async () => {
    const { kit, slug } = await publishedKit("pro");
    const domain = `www.press${n}.example`;
    await getDb().update(landingPages).set({ customDomain: domain, domainVerifiedAt: new Date() }).where(eq(landingPages.kitId, kit.id));
    const req = { headers: { host: domain }, url: "/press?sent=1" } as Parameters<typeof rewriteCustomDomain>[0];
    expect(await rewriteCustomDomain(req)).toBe("rewritten");
    expect(req.url).toBe(`/p/${slug}/press?sent=1`);
    // Its files and its form's address are the page's own, which the domain passes through.
    const files = { headers: { host: domain }, url: `/p/${slug}/press/logo.svg` } as Parameters<typeof rewriteCustomDomain>[0];
    expect(await rewriteCustomDomain(files)).toBe("passthrough");
    const html = (await press(slug, `https://${domain}`)).body;
    expect(html).toContain(`<link rel="canonical" href="https://${domain}/press">`);
    expect((await page(slug, `https://${domain}`)).body).toContain(`<a href="https://${domain}/press">Press kit</a>`);
    const llms = await get("~/routes/public/llms-txt", `https://${domain}/p/${slug}/llms.txt`, { slug });
    expect(llms.body).toContain(`](https://${domain}/press)`);
  });
});

describe("the press contact form", () => {
  it("mails the founder (not anyone the form names) with Reply-To the journalist, the message escaped; the visitor never sees the founder's address", async () => {
    const { kit, slug, user } = await publishedKit();
    const before = mails().length;
    const res = await postMessage(slug, { ...message, to: "attacker@evil.example", recipient: "attacker@evil.example" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/p/${slug}/press?sent=1#contact`);
    const sent = await press(slug, "http://evil.example", "?sent=1");
    expect(sent.body).toContain("data-press-sent");
    expect(sent.body).not.toContain(user.email);
    await drainOutbox();
    const fresh = mails().slice(before);
    expect(fresh).toHaveLength(1);
    const mail = fresh[0]!;
    expect(mail.to).toEqual([user.email.toLowerCase()]);
    expect(header(mail.raw, "To")).toBe(user.email);
    expect(header(mail.raw, "Reply-To")).toBe("jo@newsroom.example");
    expect(header(mail.raw, "Subject")).toContain("Press enquiry about");
    const body = decodeMail(mail.raw);
    expect(body).toContain("Could we talk about your <b>launch</b> on Friday?");
    expect(body).toContain("your &lt;b&gt;launch&lt;/b&gt; on Friday?");
    expect(body).toContain(`${TRUSTED}/p/${slug}/press`);
    expect(body).not.toContain("evil.example");
    const rows = await getDb().select().from(pressMessages).where(eq(pressMessages.kitId, kit.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a bad address with the message and what was typed (400, nothing sent); a filled honeypot sends nothing", async () => {
    const { kit, slug } = await publishedKit();
    const bad = await postMessage(slug, { ...message, email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter a valid e-mail address");
    expect(bad.body).toContain('value="not-an-address"');
    expect(bad.body).toContain("Hello!\nCould we talk about your &lt;b&gt;launch&lt;/b&gt;");
    expect(bad.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const empty = await postMessage(slug, { ...message, message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Write your message.");
    const bot = await postMessage(slug, { ...message, website: "http://spam.example" });
    expect(bot.status).toBe(303);
    expect(await getDb().select().from(pressMessages).where(eq(pressMessages.kitId, kit.id))).toEqual([]);
  });

  it("takes five messages an hour from one network, then 429 with nothing queued; refused typos use none of them", async () => {
    const { kit, slug } = await publishedKit();
    for (let i = 0; i < 3; i++) expect((await postMessage(slug, { ...message, email: `jo@newsroom${i}` }, "10.42.0.1")).status, `typo ${i + 1}`).toBe(400);
    for (let i = 0; i < 5; i++) expect((await postMessage(slug, message, "10.42.0.1")).status, `message ${i + 1}`).toBe(303);
    const sixth = await postMessage(slug, message, "10.42.0.1");
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toBe("3600");
    expect(sixth.body).toContain("Too many messages from your network");
    expect(await getDb().select().from(pressMessages).where(eq(pressMessages.kitId, kit.id))).toHaveLength(5);
    // Another network still gets through.
    expect((await postMessage(slug, message, "10.42.1.1")).status).toBe(303);
  });
});

describe("free plan and the ZIP", () => {
  it("the free plan's press logos are watermarked like its other logo files; Starter's are clean", async () => {
    const { kit, slug, user } = await publishedKit();
    const free = new Map<string, string>();
    for (const file of ["logo.svg", "logo-dark.svg", "mark.svg", "logo.png", "logo-dark.png", "mark.png"]) {
      const res = await pressFile(slug, file);
      expect(res.status, file).toBe(200);
      if (file.endsWith(".svg")) expect(res.body, file).toContain('data-watermark="preview"');
      free.set(file, res.body);
    }
    // The kit's own press/ files of a free account too.
    const files = await kitFiles(await fileContext((await getKit(kit.id))!, { watermark: true }));
    const zipLogo = files.find((f) => f.path === "press/logo.svg")!;
    expect((await zipLogo.render()).toString()).toContain('data-watermark="preview"');

    await adminSetPlan(user.id, user.id, "starter");
    for (const file of free.keys()) {
      const res = await pressFile(slug, file);
      if (file.endsWith(".svg")) expect(res.body, file).not.toContain("data-watermark");
      expect(res.body === free.get(file), file).toBe(false);
    }
  });

  it("the ZIP has press/ (release as Markdown and PDF, boilerplate, fact sheet, colours, logos), listed in README.txt", async () => {
    const { cookie, kit, slug } = await publishedKit();
    expect((await workspace(cookie, kit.id, { intent: "save-settings", pressRole: "Owner" })).status).toBe(303);
    const entries = await readZip(await drain((await kitZipResponse((await getKit(kit.id))!, { origin: TRUSTED })).body!));
    const names = entries.map((e) => e.name);
    const expected = ["press/press-release.md", "press/press-release.pdf", "press/boilerplate.txt", "press/fact-sheet.md", "press/colours.txt", "press/logo.svg", "press/logo-dark.svg", "press/mark.svg", "press/logo.png"];
    for (const p of expected) expect(names, p).toContain(p);
    const readme = entries.find((e) => e.name === "README.txt")!.data.toString();
    for (const p of expected) expect(readme, p).toContain(p);
    const md = entries.find((e) => e.name === "press/press-release.md")!.data.toString();
    expect(md).toMatch(/^# .+ launches /);
    expect(md).toContain(`<${TRUSTED}/p/${slug}/press>`);
    expect(md).toContain(", Owner of ");
    const pdf = await readPdf(entries.find((e) => e.name === "press/press-release.pdf")!.data);
    expect(pdf.text.join(" ")).toContain("PRESS RELEASE");
    const boilerplate = entries.find((e) => e.name === "press/boilerplate.txt")!.data.toString();
    const [, short, , long] = boilerplate.split("\n\n");
    expect(countWords(short!)).toBeLessThanOrEqual(50);
    expect(countWords(long!)).toBeLessThanOrEqual(100);
  });
});
