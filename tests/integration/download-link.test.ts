import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { landingPages } from "~/platform/db/schema";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { landingFileHtml } from "~/kit/assets/landing/files.server";
import { DOWNLOAD_LINK_MESSAGE, landingPageOf } from "~/kit/assets/landing/pages.server";
import { getKit } from "~/kit/kits.server";
import { founder, kitFor, postLead, publicGet, resource, workspace } from "../support/landing-routes";

/**
 * Nothing embarrassing published: a downloads page (goal
 * "downloads") is not published without its download link, and its
 * thank-you page never says "Your download is ready" without one.
 */

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

const LINK = "https://files.example.com/field-guide.pdf";
const thanksAfter = (slug: string, location: string) => resource("~/routes/public/thanks", null, location, { slug });

describe("a downloads page and its link", () => {
  it("can't be published without its link; the settings form says so", async () => {
    const { user, cookie } = await founder("dl");
    const kit = await kitFor(user.id, "downloads");

    const section = await workspace(cookie, kit.id);
    expect(section.status).toBe(200);

    const refused = await workspace(cookie, kit.id, { intent: "publish", slug: "guide-no-link" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ intent: "publish", message: DOWNLOAD_LINK_MESSAGE });
    expect(JSON.stringify(refused.data)).toContain("Add your download link under Settings before you publish");
    expect((await landingPageOf(kit.id))?.published ?? false).toBe(false);
    expect((await publicGet("guide-no-link")).status).toBe(404);

    // A bad link is refused by the form; a good one lets the page go live.
    expect((await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: "javascript:alert(1)" })).status).toBe(400);
    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "guide-no-link" })).status).toBe(409);
    expect((await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: LINK })).status).toBe(303);
    const published = await workspace(cookie, kit.id, { intent: "publish", slug: "guide-with-link" });
    expect(published.status).toBe(303);
    expect((await publicGet("guide-with-link")).status).toBe(200);

    // Live, the link can be replaced but not removed.
    const removed = await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: "" });
    expect(removed.status).toBe(400);
    expect(JSON.stringify(removed.data)).toContain("unpublish the page before removing it");
    expect((await landingPageOf(kit.id))!.downloadUrl).toBe(LINK);
    expect((await workspace(cookie, kit.id, { intent: "unpublish" })).status).toBe(303);
    expect((await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: "" })).status).toBe(303);
    expect((await landingPageOf(kit.id))!.downloadUrl).toBeNull();
  });

  it("other goals publish without a link", async () => {
    const { user, cookie } = await founder("dlw");
    const kit = await kitFor(user.id, "waitlist");
    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "waitlist-no-link" })).status).toBe(303);
  });

  it("a developer tool's page without the sign-up form shows its download link itself (issue 28)", async () => {
    const { user, cookie } = await founder("dldev");
    const kit = await kitFor(user.id, "downloads", "An open-source tool that turns Figma files into React code");
    expect((await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: LINK })).status).toBe(303);
    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "figma-tool" })).status).toBe(303);
    const page = await publicGet("figma-tool");
    expect(page.status).toBe(200);
    // No form on this page: the download is the main button of the hero and of the closing section.
    expect(page.body).not.toContain("<form");
    const links = [...page.body!.matchAll(new RegExp(`<a class="btn[^"]*" href="${LINK.replace(/[.]/g, "\\.")}"`, "g"))];
    expect(links.length).toBeGreaterThanOrEqual(2);
    const hero = page.body!.slice(page.body!.indexOf('id="hero-title"'), page.body!.indexOf("</section>", page.body!.indexOf('id="hero-title"')));
    expect(hero).toContain(`href="${LINK}"`);
    // The install command stays on the page.
    expect(page.body).toContain("npm install");
    // The downloaded index.html and the workspace preview give the link the same way.
    const file = (await landingFileHtml((await getKit(kit.id))!, { origin: "http://127.0.0.1:3000", watermark: false }))!;
    expect(file).not.toContain("<form");
    expect(file).toContain(`href="${LINK}"`);
    const preview = await resource("~/routes/dashboard/workspace/website-preview", cookie, `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain(`href="${LINK}"`);
  });

  it("the thank-you page says the download is ready only above a working link", async () => {
    const { user, cookie } = await founder("dlt");
    const kit = await kitFor(user.id, "downloads");
    expect((await workspace(cookie, kit.id, { intent: "save-settings", downloadUrl: LINK })).status).toBe(303);
    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "guide-thanks" })).status).toBe(303);

    const first = await postLead("guide-thanks", { email: "reader1@example.com" });
    expect(first.status).toBe(303);
    const ready = await thanksAfter("guide-thanks", first.location!);
    expect(ready.body).toContain("Your download is ready");
    expect(ready.body).toContain(`href="${LINK}"`);

    // A page published before the rule, or whose stored link no longer parses: no promise, no contradiction.
    for (const stored of [null, "not a link"]) {
      await getDb().update(landingPages).set({ downloadUrl: stored }).where(eq(landingPages.kitId, kit.id));
      const signedUp = await postLead("guide-thanks", { email: `reader-${stored ? "bad" : "none"}@example.com` });
      expect(signedUp.status).toBe(303);
      const page = await thanksAfter("guide-thanks", signedUp.location!);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain("Your download is ready");
      expect(page.body).not.toContain("one click away");
      expect(page.body).not.toContain("Download now");
      expect(page.body).toContain("Thank you for signing up");
      expect(page.body).toContain("The download isn&#39;t available yet");
    }
  });
});
