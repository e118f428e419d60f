import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GooglePreview, MetaPreview } from "~/ui/workspace/ad-previews";
import { CharCount } from "~/ui/workspace/launch-ui";
import { getDb } from "~/platform/db/client.server";
import { landingPages } from "~/platform/db/schema";
import { readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { AdsContentSchema } from "~/kit/assets/ads/schema";
import { COUNTER_NOTE } from "~/kit/assets/social/count";
import { overLimitMessage } from "~/kit/assets/social/schema";
import { founder, kitFor, resource, workspace } from "../support/landing-routes";

/**
 * Small things a founder notices: the ads preview shows the address the ads send
 * people to (the published page, or the page's /p/<slug> on this site), not
 * https://your-website.com; character counts read "66 of 150 characters" to
 * screen readers, never "66 / 150 characters characters".
 */

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

/** What a screen reader reads: the text without the parts hidden from it. */
const spoken = (html: string) =>
  html
    .replace(/<span aria-hidden="true">.*?<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

describe("character counts", () => {
  it("say characters once, and how the network counts when it counts its own way", () => {
    const plain = renderToStaticMarkup(createElement(CharCount, { count: 66, limit: 150, note: COUNTER_NOTE.utf16 }));
    expect(spoken(plain)).toBe("66 of 150 characters");
    expect(plain).toContain("66 / 150");
    const x = renderToStaticMarkup(createElement(CharCount, { count: 1234, limit: 2800, note: COUNTER_NOTE.x }));
    expect(spoken(x)).toBe("1,234 of 2,800 characters as X counts it");
    expect(x).toContain('title="Counted as X counts it"');
    expect(spoken(renderToStaticMarkup(createElement(CharCount, { count: 30, limit: 30, note: COUNTER_NOTE.google })))).toBe("30 of 30 characters as Google Ads counts it");
    for (const html of [plain, x]) expect(html).not.toMatch(/characters\s+characters/);
    // The same slip in the limit messages.
    expect(overLimitMessage("The Instagram bio", 150, "utf16", 160)).toBe("The Instagram bio must be at most 150 characters (this is 160).");
    expect(overLimitMessage("A X post", 280, "x", 300)).toBe("A X post must be at most 280 characters as X counts it (this is 300).");
  });
});

describe("the ads preview's address", () => {
  it("is the page's address on this site before and after publishing, and its own domain when it has one", async () => {
    const { user, cookie } = await founder("ads");
    const kit = await kitFor(user.id);
    const ads = (await readyContent(kit.id, "ads", AdsContentSchema))!;
    const section = () => resource("~/routes/dashboard/workspace/ads", cookie, `/dashboard/kits/${kit.id}/ads`, { id: kit.id });
    const site = (await workspace(cookie, kit.id)).data as { origin: string; suggestedSlug: string };

    const before = (await section()).data as { address: string };
    expect(before.address).toBe(`${site.origin}/p/${site.suggestedSlug}`);

    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "ads-address" })).status).toBe(303);
    const after = (await section()).data as { address: string };
    expect(after.address).toBe(`${site.origin}/p/ads-address`);

    const variant = ads.variants[0]!;
    const google = renderToStaticMarkup(createElement(GooglePreview, { name: "Boxworks", variant, address: after.address }));
    const meta = renderToStaticMarkup(createElement(MetaPreview, { name: "Boxworks", variant, avatar: null, creative: null, tile: { bg: "#000000", fg: "#FFFFFF" }, address: after.address }));
    expect(google).toContain(`>${site.origin}/p/ads-address<`);
    expect(meta).toContain(`>${site.origin.replace(/^https?:\/\//, "")}/p/ads-address<`);
    for (const html of [google, meta]) expect(html).not.toContain("your-website.com");

    // A custom domain proved for the live page: the ads send people there.
    await getDb().update(landingPages).set({ customDomain: "boxworks.example" }).where(eq(landingPages.kitId, kit.id));
    expect(((await section()).data as { address: string }).address).toBe("https://boxworks.example");
  });
});
