import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSetPlan } from "~/kit/plans/account.server";
import { readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { copyFields, founder, kitFor, publicGet, resource, workspace } from "../support/landing-routes";

/**
 * Nothing embarrassing published: the placeholder testimonials a
 * kit starts with show in the workspace preview only (labelled), never on the
 * published page nor in the downloaded index.html, until the founder ticks
 * that they are real in the landing editor.
 */

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

describe("placeholder testimonials", () => {
  it("show in the preview only until the founder ticks that they are real", async () => {
    const { user, cookie } = await founder("proof");
    await adminSetPlan(user.id, user.id, "starter");
    const kit = await kitFor(user.id);
    const content = (await readyContent(kit.id, "landing", LandingContentSchema))!;
    expect(content.proofIsReal).toBe(false);
    const quote = content.proof.items[0]!.quote;
    const html = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

    const preview = () => resource("~/routes/dashboard/workspace/website-preview", cookie, `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id });
    const download = () => resource("~/routes/dashboard/workspace/website-download", cookie, `/dashboard/kits/${kit.id}/website/index.html`, { id: kit.id });

    // The workspace preview shows them, each labelled.
    const shown = await preview();
    expect(shown.status).toBe(200);
    expect(html(shown.body)).toContain(quote);
    expect(shown.body.match(/<span class="tag">Placeholder<\/span>/g)).toHaveLength(3);

    // Published and downloaded: no quote, no label, no empty section.
    expect((await workspace(cookie, kit.id, { intent: "publish", slug: "proof-test" })).status).toBe(303);
    const live = await publicGet("proof-test");
    expect(live.status).toBe(200);
    expect(html(live.body)).not.toContain(quote);
    expect(live.body).not.toContain("Placeholder");
    expect(live.body).not.toContain('id="proof"');
    expect(html(live.body)).not.toContain(content.proof.heading);
    const file = await download();
    expect(file.status).toBe(200);
    expect(html(file.body)).not.toContain(quote);
    expect(file.body).not.toContain("Placeholder");
    expect(file.body).not.toContain('id="proof"');

    // The founder writes real quotes and ticks the box (the copy form, as the browser posts it).
    const fields = copyFields(content);
    const real = "Our dog came back calm and fluffy, and we never left the house.";
    const saved = await workspace(cookie, kit.id, { ...fields, "proof.items[0].quote": real, "proof.items[0].name": "Maya R.", "proof.real": "on" });
    expect(saved.status).toBe(303);
    const after = await publicGet("proof-test");
    expect(after.body).toContain('id="proof"');
    expect(html(after.body)).toContain(real);
    expect(after.body).not.toContain("Placeholder</span>");
    expect(html((await download()).body)).toContain(real);

    // Unticked again: gone from the page, still in the preview.
    expect((await workspace(cookie, kit.id, { ...fields, "proof.items[0].quote": real, "proof.items[0].name": "Maya R." })).status).toBe(303);
    expect(html((await publicGet("proof-test")).body)).not.toContain(real);
    expect(html((await preview()).body)).toContain(real);
  });

});
