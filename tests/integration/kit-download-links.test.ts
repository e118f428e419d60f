import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetConfigForTests } from "~/platform/config.server";
import { getDb } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import { saveAssetContent, queueAsset } from "~/kit/assets/assets.server";
import { activeLinks, checkDownloadLink, createDownloadLink, downloadPath, LINK_TTL_MS, LINKS_PER_HOUR, revokeLink } from "~/kit/export/links.server";
import { emailKitLink } from "~/features/workspace/export-mail.server";
import { drainOutbox } from "~/platform/mail/mailer.server";
import { createKit, getKit, updateKit } from "~/kit/kits.server";
import { loader } from "~/routes/resources/kit-download";
import { createUser, type PublicUser } from "~/features/users/users.server";
import { makeBrand } from "../support/kit-fixtures";
import { drain, readZip } from "../support/readers";
import { decodeMail, startSmtpSink } from "../support/smtp-sink.mjs";
import { routeArgs } from "../support/route-args";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let mailDir: string;
let user: PublicUser;

const wizard = { idea: "Mobile dog grooming van", audience: "Busy owners", geography: "", tone: "friendly", competitors: "", goal: "book calls", vibe: "cozy" } as const;

async function completedKit() {
  const kit = await createKit(user.id, wizard);
  await queueAsset(kit.id, "brand");
  await saveAssetContent(kit.id, "brand", makeBrand());
  await updateKit(kit.id, { status: "completed", generatedPrompt: "Build a landing page." });
  return (await getKit(kit.id))!;
}

async function get(url: string) {
  const u = new URL(url, "http://launchkit.test");
  const [, , id, , linkId] = u.pathname.split("/");
  return loader(routeArgs(new Request(u), { id: decodeURIComponent(id!), linkId: decodeURIComponent(linkId!) }, {}));
}

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-links-mail-"));
  smtp = await startSmtpSink({ dir: mailDir });
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = "http://launchkit.test";
  resetConfigForTests();
  user = await createUser({ name: "Ada", email: "ada-links@example.com", password: "Secret123" });
  // The e-mailed link is part of the paid plans' export.
  await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, user.id));
});
afterAll(async () => {
  await smtp.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetConfigForTests();
  fs.rmSync(mailDir, { recursive: true, force: true });
});
beforeEach(() => {
  for (const f of fs.readdirSync(mailDir)) fs.rmSync(path.join(mailDir, f));
});

describe("E-mail me my kit", () => {
  it("mails the founder a link that downloads the kit's ZIP without signing in, and marks the kit exported", async () => {
    const kit = await completedKit();
    expect(await emailKitLink(new Request("http://launchkit.test/x"), user, kit, "Groomwell")).toEqual({ ok: true });
    await drainOutbox();
    const mails = fs.readdirSync(mailDir).map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([user.email]);
    const raw = decodeMail(mails[0].raw);
    expect(raw).toContain("Subject: Your launch kit: Groomwell");
    const link = raw.match(/http:\/\/launchkit\.test\/kits\/[^\s"<]+/)![0].replace(/&amp;/g, "&");
    expect(link).toContain(`/kits/${kit.id}/download/`);
    expect((await getKit(kit.id))!.status).toBe("exported");

    const res = await get(link);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const entries = await readZip(await drain(res.body!));
    expect(entries[0]!.name).toBe("README.txt");
    expect(entries.map((e) => e.name)).toContain("brand/tokens.json");
  });

  it("works for 7 days and not a millisecond after (the clock is injected)", async () => {
    const kit = await completedKit();
    const t0 = new Date("2026-06-01T12:00:00Z");
    const link = await createDownloadLink(kit.id, t0);
    const sig = new URL(downloadPath(link), "http://x").searchParams.get("sig");
    expect((await checkDownloadLink(kit.id, link.id, sig, new Date(t0.getTime() + LINK_TTL_MS - 1))).ok).toBe(true);
    expect(await checkDownloadLink(kit.id, link.id, sig, new Date(t0.getTime() + LINK_TTL_MS))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses an expired link over HTTP with 410 and a clear message", async () => {
    const kit = await completedKit();
    const link = await createDownloadLink(kit.id, new Date(Date.now() - LINK_TTL_MS - 1000));
    const res = await get(downloadPath(link));
    expect(res.status).toBe(410);
    expect(await res.text()).toMatch(/expired/);
    expect(await activeLinks(kit.id)).toHaveLength(0);
  });

  it("refuses a tampered signature, a missing one, and the link's signature on another kit's id", async () => {
    const kit = await completedKit();
    const other = await completedKit();
    const link = await createDownloadLink(kit.id);
    const good = downloadPath(link);
    const sig = new URL(good, "http://x").searchParams.get("sig")!;
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    for (const url of [good.replace(sig, flipped), good.replace(/\?sig=.*/, ""), good.replace(kit.id, other.id), `/kits/${kit.id}/download/nope?sig=${sig}`]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(await res.text()).toMatch(/not valid/);
    }
    expect((await get(good)).status).toBe(200);
  });

  it("a revoked link stops working; the founder's other links keep working", async () => {
    const kit = await completedKit();
    const a = await createDownloadLink(kit.id);
    const b = await createDownloadLink(kit.id);
    expect((await activeLinks(kit.id)).map((l) => l.id).sort()).toEqual([a.id, b.id].sort());
    expect(await revokeLink(kit.id, a.id)).toBe(true);
    expect(await revokeLink(kit.id, a.id)).toBe(false);
    const res = await get(downloadPath(a));
    expect(res.status).toBe(410);
    expect(await res.text()).toMatch(/turned off/);
    expect((await get(downloadPath(b))).status).toBe(200);
    expect((await activeLinks(kit.id)).map((l) => l.id)).toEqual([b.id]);
    // Another kit cannot revoke it.
    expect(await revokeLink((await completedKit()).id, b.id)).toBe(false);
  });

  it("stops working when the owner's plan no longer includes the export", async () => {
    const kit = await completedKit();
    const link = await createDownloadLink(kit.id);
    await getDb().update(users).set({ plan: "free" }).where(eq(users.id, user.id));
    try {
      const res = await get(downloadPath(link));
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/no longer includes/);
    } finally {
      await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, user.id));
    }
  });

  it(`sends at most ${LINKS_PER_HOUR} links an hour per kit`, async () => {
    const kit = await completedKit();
    const req = new Request("http://launchkit.test/x");
    for (let i = 0; i < LINKS_PER_HOUR; i++) expect((await emailKitLink(req, user, kit, "Groomwell")).ok).toBe(true);
    const refused = await emailKitLink(req, user, kit, "Groomwell");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    await drainOutbox();
    expect(fs.readdirSync(mailDir)).toHaveLength(LINKS_PER_HOUR);
  });
});
