import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { adminSetPlan } from "~/kit/plans/account.server";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { publishPage } from "~/kit/assets/landing/pages.server";
import { landingTheme } from "~/kit/assets/landing/styles";
import { logoSvg, type Lockup, type LogoTheme } from "~/kit/assets/logo/render.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { createRequestContext } from "~/platform/http/request-context";
import { routeArgs } from "../support/route-args";
import { differingPixels, inkBox, rasterize, tamperedVariants } from "../support/svg-tamper";

/**
 * The free plan gets no clean logo. The published page
 * inlines the preview's watermarked logo and favicon, and the logo files
 * carry a watermark that is part of the drawing (no single element or
 * attribute deleted gives the clean logo back) and is not clipped by the
 * logo's box. Paid plans get the clean logo everywhere.
 */

const ORIGIN = "http://launchkit.test";
const input: WizardInput = { idea: "Coffee subscription box for remote teams", audience: "Remote-first startups", geography: "", tone: "friendly", competitors: "", goal: "collect emails", vibe: "editorial" };

let n = 0;
async function founderWithKit() {
  const user = await createUser({ name: "Mark", email: `wm${++n}@watermark.test`, password: "Secret123" });
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  const kit = await createKit(user.id, input);
  await startGeneration(kit);
  await settleGenerations();
  const brand = (await kitBrand(kit.id))!;
  const logo = (await readyContent(kit.id, "logo", LogoContentSchema))!;
  expect(brand && logo).toBeTruthy();
  return { user, cookie, kit: (await getKit(kit.id))!, brand, logo };
}

async function call(module: Promise<{ loader: (args: never) => unknown }>, path: string, params: Record<string, string>, cookie?: string): Promise<Response> {
  const { loader } = await module;
  try {
    return (await loader(routeArgs(new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), params, createRequestContext("10.0.0.1")))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const publicPageHtml = async (slug: string) => (await call(import("~/routes/public/page"), `/p/${slug}`, { slug })).text();
const kitFile = (cookie: string, kitId: string, path: string) => call(import("~/routes/dashboard/workspace/kit-file"), `/dashboard/kits/${kitId}/files/${path}`, { id: kitId, "*": path }, cookie);
/** The logo as the landing page inlines it (render.server.ts's inlineSvg). */
const inline = (svg: string) => svg.trim().replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ');
const unescapeAttr = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const faviconOf = (html: string) => decodeURIComponent(unescapeAttr(/<link rel="icon" href="([^"]+)">/.exec(html)![1]!).replace(/^data:image\/svg\+xml,/, ""));
const ogImageOf = (html: string) => unescapeAttr(/<meta property="og:image" content="([^"]+)">/.exec(html)![1]!);

/** Every single-deletion variant of `svg` still differs visibly from `clean` (a quarter of the watermark at least). */
function expectNoCleanVariant(svg: string, clean: string) {
  const cleanPixels = rasterize(clean)!;
  const full = differingPixels(rasterize(svg), cleanPixels);
  expect(full).toBeGreaterThan(0);
  const variants = tamperedVariants(svg);
  expect(variants.length).toBeGreaterThan(20);
  for (const v of variants) expect(differingPixels(rasterize(v.svg), cleanPixels), v.what).toBeGreaterThan(full / 4);
}

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

describe("the published page of a free plan", () => {
  it("inlines the watermarked logo and favicon and links a watermarked OpenGraph image; once paid, the clean ones", async () => {
    const { user, kit, brand, logo } = await founderWithKit();
    const slug = `wm-page-${n}`;
    expect(await publishPage(kit.id, slug)).toMatchObject({ ok: true });
    const theme: LogoTheme = landingTheme(brand).dark ? "dark" : "light";
    const svgOf = (lockup: Lockup, watermark: boolean) => logoSvg(brand, logo, lockup, theme, { watermark });

    const free = await publicPageHtml(slug);
    // The header's lockup and the hero's mark: the preview's, not the clean logo.
    expect(free).toContain(inline(svgOf("horizontal", true)));
    expect(free).toContain(inline(svgOf("mark", true)));
    expect(free).not.toContain(inline(svgOf("horizontal", false)));
    expect(free).not.toContain(inline(svgOf("mark", false)));
    // The favicon is the watermarked mark, and no single deletion cleans it.
    const favicon = faviconOf(free);
    expect(favicon).toBe(svgOf("mark", true).trim());
    expectNoCleanVariant(favicon, svgOf("mark", false));
    // No preview banner on a published page: the badge only.
    expect(free).not.toContain('class="watermark"');
    expect(free).toMatch(/<a class="made" href="[^"]*">Made with LaunchKit<\/a>/);

    // The thank-you page shows the same preview logo.
    const thanks = await (await call(import("~/routes/public/thanks"), `/p/${slug}/thanks`, { slug })).text();
    expect(thanks).toContain(inline(svgOf("horizontal", true)));

    // The OpenGraph image embeds the logo: the free plan's differs from the paid one, under another URL.
    const freeOg = ogImageOf(free);
    const og = async () => {
      const url = new URL(ogImageOf(await publicPageHtml(slug)));
      return Buffer.from(await (await call(import("~/routes/public/og-image"), url.pathname + url.search, { slug })).arrayBuffer());
    };
    const freeOgPng = await og();

    await adminSetPlan(user.id, user.id, "starter");
    const paid = await publicPageHtml(slug);
    expect(paid).toContain(inline(svgOf("horizontal", false)));
    expect(paid).toContain(inline(svgOf("mark", false)));
    expect(faviconOf(paid)).toBe(svgOf("mark", false).trim());
    expect(paid).not.toMatch(/data-watermark|lk-wm-/);
    expect(ogImageOf(paid)).not.toBe(freeOg);
    const paidOgPng = await og();
    expect(paidOgPng.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(paidOgPng.equals(freeOgPng)).toBe(false);
  });

  it("the workspace's preview of the page shows the watermarked logo too", async () => {
    const { cookie, kit, brand, logo } = await founderWithKit();
    const theme: LogoTheme = landingTheme(brand).dark ? "dark" : "light";
    const html = await (await call(import("~/routes/dashboard/workspace/website-preview"), `/dashboard/kits/${kit.id}/website/preview`, { id: kit.id }, cookie)).text();
    expect(html).toContain(inline(logoSvg(brand, logo, "horizontal", theme, { watermark: true })));
    expect(faviconOf(html)).toBe(logoSvg(brand, logo, "mark", theme, { watermark: true }).trim());
  });
});

describe("/dashboard/kits/:id/files/logo/*.svg on the free plan", () => {
  it("logo.svg and mark.svg: no element or attribute deleted gives the clean logo, the watermark is not clipped, and paid gets the clean file", async () => {
    const { user, cookie, kit, brand, logo } = await founderWithKit();
    const files: Array<[string, Lockup, LogoTheme]> = [
      ["logo/logo.svg", "horizontal", "light"],
      ["logo/mark.svg", "mark", "light"],
      ["logo/logo-stacked-dark.svg", "stacked", "dark"],
    ];
    const served = new Map<string, string>();
    for (const [path, lockup, theme] of files) {
      const res = await kitFile(cookie, kit.id, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
      const svg = await res.text();
      served.set(path, svg);
      const clean = logoSvg(brand, logo, lockup, theme);
      expect(svg).not.toBe(clean);
      expectNoCleanVariant(svg, clean);

      // Not clipped: the word's letters, rendered on their own, lie inside the viewBox.
      const [w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number) as [number, number];
      const letters = /<path data-watermark="preview"[^>]*\/>/.exec(svg)![0];
      const box = inkBox(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${letters}</svg>`)!;
      const tol = (w * 3) / 1200;
      expect(box.minX).toBeGreaterThanOrEqual(-tol);
      expect(box.minY).toBeGreaterThanOrEqual(-tol);
      expect(box.maxX).toBeLessThanOrEqual(w + tol);
      expect(box.maxY).toBeLessThanOrEqual(h + tol);
    }

    await adminSetPlan(user.id, user.id, "starter");
    for (const [path, lockup, theme] of files) {
      const svg = await (await kitFile(cookie, kit.id, path)).text();
      expect(svg, path).toBe(logoSvg(brand, logo, lockup, theme));
      expect(svg).not.toBe(served.get(path));
    }
  });
});
