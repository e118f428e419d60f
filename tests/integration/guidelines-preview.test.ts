import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSetPlan } from "~/kit/plans/account.server";
import { FREE_ENTITLEMENTS } from "~/kit/plans/entitlements";
import { WATERMARK_TEXT } from "~/kit/plans/plans";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { founder, kitFor, resource } from "../support/landing-routes";
import { readPdf } from "../support/readers";

/**
 * Free users get a watermarked preview of the brand guidelines PDF
 * (it was refused like every download), opened in the browser; the file to
 * keep, without the watermark, stays with the paid plans, and every other
 * download stays refused on the free plan.
 */

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

const file = (cookie: string, kitId: string, path: string) =>
  resource("~/routes/dashboard/workspace/kit-file", cookie, `/dashboard/kits/${kitId}/files/${path}?v=1&download=1`, { id: kitId, "*": path });

describe("the guidelines on the free plan", () => {
  it("open as a watermarked preview; other downloads stay refused; paid plans get the clean file to keep", async () => {
    expect(FREE_ENTITLEMENTS).toMatchObject({ canDownload: false, canPreviewGuidelines: true, watermarked: true });
    const { user, cookie } = await founder("guide");
    const kit = await kitFor(user.id);

    const preview = await file(cookie, kit.id, "brand/guidelines.pdf");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toBe("application/pdf");
    expect(preview.headers.get("Content-Disposition")).toBe('inline; filename="guidelines-preview.pdf"');
    expect(preview.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(preview.headers.get("Content-Security-Policy")).toBeNull();
    const section = await resource("~/routes/dashboard/workspace/export", cookie, `/dashboard/kits/${kit.id}/export`, { id: kit.id });
    expect(section.data).toMatchObject({ hasGuidelines: true });
    // The plan the section's links follow is the shell's, read by the workspace's layout route.
    const shell = await resource("~/routes/dashboard/workspace/layout", cookie, `/dashboard/kits/${kit.id}/export`, { id: kit.id });
    expect(shell.data).toMatchObject({ summary: { plan: { canDownload: false, canPreviewGuidelines: true } } });

    // The same route, read as bytes: every page carries the watermark.
    const { loader } = await import("~/routes/dashboard/workspace/kit-file");
    const { routeArgs } = await import("../support/route-args");
    const { createRequestContext } = await import("~/platform/http/request-context");
    const bytes = async () => {
      const res = (await loader(routeArgs(new Request(`http://launchkit.test/dashboard/kits/${kit.id}/files/brand/guidelines.pdf?download=1`, { headers: { Cookie: cookie } }), { id: kit.id, "*": "brand/guidelines.pdf" }, createRequestContext("10.0.0.1")) as never)) as Response;
      return Buffer.from(await res.arrayBuffer());
    };
    const free = await readPdf(await bytes());
    expect(free.pages).toBe(8);
    for (const [i, page] of free.text.entries()) expect(page, `page ${i + 1}`).toContain(WATERMARK_TEXT);

    for (const other of ["deck/pitch-deck.pdf", "brand/tokens.json", "logo/logo.svg"]) {
      const refused = await file(cookie, kit.id, other);
      expect(refused.status, other).toBe(303);
      expect(refused.location, other).toMatch(/^\/upgrade\?need=download/);
    }

    await adminSetPlan(user.id, user.id, "starter");
    const paid = await file(cookie, kit.id, "brand/guidelines.pdf");
    expect(paid.status).toBe(200);
    expect(paid.headers.get("Content-Disposition")).toBe('attachment; filename="guidelines.pdf"');
    expect((await readPdf(await bytes())).text.join(" ")).not.toContain(WATERMARK_TEXT);
  });
});
