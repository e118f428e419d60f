import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { adminSetPlan } from "~/kit/plans/account.server";
import { first, getDb } from "~/platform/db/client.server";
import { logoImages } from "~/platform/db/schema";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { coverMarkSvg } from "~/kit/assets/deck/cover.server";
import { LOGO_FILES } from "~/kit/assets/logo/render.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { fileContext, kitFiles } from "~/kit/files.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { watermarkLayout } from "~/kit/watermark.server";
import { createUser } from "~/features/users/users.server";
import { createRequestContext } from "~/platform/http/request-context";
import { routeArgs } from "../support/route-args";
import { rasterize, type Raster } from "../support/svg-tamper";

/** Per page of a PDF: how many pictures it paints and how many paths it draws (pdfjs's operator list). */
async function pdfOperators(bytes: Buffer) {
  const { getDocument, OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: Array<{ images: number; paths: number }> = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const { fnArray } = await (await doc.getPage(i)).getOperatorList();
    pages.push({ images: fnArray.filter((f) => f === OPS.paintImageXObject).length, paths: fnArray.filter((f) => f === OPS.constructPath).length });
  }
  await doc.destroy();
  return pages;
}

/**
 * The free plan gets no clean logo from any URL it can fetch: the concept art
 * (/kits/:id/logo, whose offline picture draws the first mark with the mark's
 * own paths), every logo file of the section and every logo/ file of the kit
 * carry the PREVIEW watermark, the deck section's cover mark too, and the
 * guidelines PDF it may open holds the
 * logo only as watermarked pictures, no drawing to lift out. Starter gets
 * the clean files.
 */

const ORIGIN = "http://launchkit.test";
const input: WizardInput = { idea: "Coffee subscription box for remote teams", audience: "Remote-first startups", geography: "", tone: "friendly", competitors: "", goal: "collect emails", vibe: "editorial" };

let n = 0;
async function founderWithKit() {
  const user = await createUser({ name: "Free", email: `free-logo${++n}@watermark.test`, password: "Secret123" });
  const cookie = (await createSession(new Request(ORIGIN), user.id, false)).split(";")[0]!;
  const kit = await createKit(user.id, input);
  await startGeneration(kit);
  await settleGenerations();
  const brand = (await kitBrand(kit.id))!;
  const logo = (await readyContent(kit.id, "logo", LogoContentSchema))!;
  expect(brand && logo).toBeTruthy();
  return { user, cookie, kit: (await getKit(kit.id))!, logo };
}

async function call(module: Promise<{ loader: (args: never) => unknown }>, path: string, params: Record<string, string>, cookie: string): Promise<Response> {
  const { loader } = await module;
  try {
    return (await loader(routeArgs(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), params, createRequestContext("10.0.0.1")))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const conceptArt = (cookie: string, kitId: string) => call(import("~/routes/resources/kit-logo"), `/kits/${kitId}/logo?v=1`, { id: kitId }, cookie);
const logoFile = (cookie: string, kitId: string, file: string) => call(import("~/routes/dashboard/workspace/logo-file"), `/dashboard/kits/${kitId}/logo/${file}?v=1`, { id: kitId, file }, cookie);
const kitFile = (cookie: string, kitId: string, path: string) => call(import("~/routes/dashboard/workspace/kit-file"), `/dashboard/kits/${kitId}/files/${path}`, { id: kitId, "*": path }, cookie);

/** Any image type resvg reads, drawn on a 1024 px square as the preview is. */
function picture(data: Buffer, contentType: string): Raster {
  const href = `data:${contentType};base64,${data.toString("base64")}`;
  return rasterize(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024"><image href="${href}" width="1024" height="1024" preserveAspectRatio="xMidYMid meet"/></svg>`, 1024)!;
}

/** Share of the pixels inside and outside `box` where `a` and `b` differ visibly. */
function difference(a: Raster, b: Raster, box: { minX: number; minY: number; maxX: number; maxY: number }) {
  const counts = { inside: 0, insideAll: 0, outside: 0, outsideAll: 0 };
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const differs = [0, 1, 2, 3].some((c) => Math.abs(a.pixels[i + c]! - b.pixels[i + c]!) > 24);
      const inBox = x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
      if (inBox) {
        counts.insideAll++;
        if (differs) counts.inside++;
      } else {
        counts.outsideAll++;
        if (differs) counts.outside++;
      }
    }
  }
  return { inside: counts.inside / counts.insideAll, outside: counts.outside / counts.outsideAll };
}

/** The PREVIEW word is burnt into `served`: it differs from the clean picture where the word's rows lie, and (nearly) nowhere else. */
function expectWatermarkedPicture(served: Buffer, servedType: string, clean: Buffer, cleanType: string) {
  const d = difference(picture(served, servedType), picture(clean, cleanType), watermarkLayout(1024, 1024).box);
  expect(d.inside).toBeGreaterThan(0.1);
  expect(d.outside).toBeLessThan(0.01);
}

beforeAll(() => setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 })));
afterAll(() => setProviderForTests(undefined));

describe("every logo file a free account can fetch is watermarked", () => {
  it("the concept art at /kits/:id/logo: a watermarked PNG, never the stored picture with the clean mark; Starter gets the stored picture", async () => {
    const { user, cookie, kit } = await founderWithKit();
    const stored = (await first(getDb().select().from(logoImages).where(eq(logoImages.kitId, kit.id))))!;
    // The offline concept art draws the first mark itself: the clean mark was in it.
    expect(stored.contentType).toBe("image/svg+xml");
    expect(kit.generatedLogoUrl).toMatch(new RegExp(`^/kits/${kit.id}/logo\\?v=`));

    const free = await conceptArt(cookie, kit.id);
    expect(free.status).toBe(200);
    expect(free.headers.get("Content-Type")).toBe("image/png");
    // A preview must not outlive an upgrade in the browser's cache.
    expect(free.headers.get("Cache-Control")).toBe("private, no-cache");
    const freeBody = await bytes(free);
    expect(freeBody.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(freeBody.includes(stored.data)).toBe(false);
    expectWatermarkedPicture(freeBody, "image/png", stored.data, stored.contentType);

    await adminSetPlan(user.id, user.id, "starter");
    const paid = await conceptArt(cookie, kit.id);
    expect(paid.headers.get("Content-Type")).toBe(stored.contentType);
    expect((await bytes(paid)).equals(stored.data)).toBe(true);
  });

  it("every file of the logo section (lockups, PNGs, icons, mark variants) and every logo/ file of the kit, concept art included", async () => {
    const { user, cookie, kit, logo } = await founderWithKit();
    const sectionNames = [...LOGO_FILES.map((f) => f.name), ...logo.marks.map((_, i) => `variant-${i}.svg`)];
    const freeKitPaths = (await kitFiles(await fileContext(kit, { watermark: true }))).map((f) => f.path).filter((p) => p.startsWith("logo/"));
    const paidKitPaths = (await kitFiles(await fileContext(kit))).map((f) => f.path).filter((p) => p.startsWith("logo/"));
    // The concept art is among the free kit's files, as a PNG whatever was stored; the stored name gives nothing.
    expect(freeKitPaths).toContain("logo/concept-art.png");
    expect(paidKitPaths).toContain("logo/concept-art.svg");
    expect((await kitFile(cookie, kit.id, "logo/concept-art.svg")).status).toBe(404);

    const freeBodies = new Map<string, Buffer>();
    for (const name of sectionNames) {
      const res = await logoFile(cookie, kit.id, name);
      expect(res.status, name).toBe(200);
      const body = await bytes(res);
      if (name.endsWith(".svg")) expect(body.toString(), name).toContain('data-watermark="preview"');
      freeBodies.set(`section:${name}`, body);
    }
    for (const path of freeKitPaths) {
      const res = await kitFile(cookie, kit.id, path);
      expect(res.status, path).toBe(200);
      const body = await bytes(res);
      if (path.endsWith(".svg")) expect(body.toString(), path).toContain('data-watermark="preview"');
      freeBodies.set(`kit:${path}`, body);
    }

    await adminSetPlan(user.id, user.id, "starter");
    for (const name of sectionNames) {
      const body = await bytes(await logoFile(cookie, kit.id, name));
      expect(body.toString(), name).not.toContain("data-watermark");
      // Each free file is another picture than the clean one.
      expect(body.equals(freeBodies.get(`section:${name}`)!), name).toBe(false);
    }
    for (const path of freeKitPaths.filter((p) => p !== "logo/concept-art.png")) {
      const body = await bytes(await kitFile(cookie, kit.id, path));
      expect(body.toString(), path).not.toContain("data-watermark");
      expect(body.equals(freeBodies.get(`kit:${path}`)!), path).toBe(false);
    }
    const art = await kitFile(cookie, kit.id, "logo/concept-art.svg");
    expect(art.status).toBe(200);
    const stored = (await first(getDb().select().from(logoImages).where(eq(logoImages.kitId, kit.id))))!;
    const cleanArt = await bytes(art);
    expect(cleanArt.equals(stored.data)).toBe(true);
    expectWatermarkedPicture(freeBodies.get("kit:logo/concept-art.png")!, "image/png", cleanArt, "image/svg+xml");
  });
});

describe("the guidelines PDF a free account may open", () => {
  it("draws every logo as a watermarked picture, none as vectors; Starter's file draws them as vectors", async () => {
    const { user, cookie, kit } = await founderWithKit();
    const pdf = async () => {
      const res = await kitFile(cookie, kit.id, "brand/guidelines.pdf");
      expect(res.status).toBe(200);
      return bytes(res);
    };
    const free = await pdfOperators(await pdf());
    await adminSetPlan(user.id, user.id, "starter");
    const paid = await pdfOperators(await pdf());
    expect(free).toHaveLength(paid.length);
    // Page 2 shows the logo large and every lockup on light and dark; page 3 its clear space and minimum sizes; page 4 the don'ts.
    for (const i of [1, 2, 3]) {
      expect(paid[i]!.images, `page ${i + 1}`).toBe(0);
      expect(free[i]!.images, `page ${i + 1}`).toBeGreaterThanOrEqual(3);
      // Every path the logos drew is gone: what is left is the page's own rules and boxes.
      expect(free[i]!.paths, `page ${i + 1}`).toBeLessThanOrEqual(paid[i]!.paths - free[i]!.images);
    }
  }, 60_000);
});

describe("the deck section's cover mark on the free plan", () => {
  it("is the watermarked mark, on either cover; Starter's is clean", async () => {
    const { user, cookie, kit, logo } = await founderWithKit();
    const brand = (await kitBrand(kit.id))!;
    for (const on of ["background", "primary"] as const) {
      expect(coverMarkSvg(brand, logo, on, { watermark: true }), on).toContain('data-watermark="preview"');
      expect(coverMarkSvg(brand, logo, on), on).not.toContain("data-watermark");
    }
    const coverMark = async () => {
      const { loader } = await import("~/routes/dashboard/workspace/deck");
      const data = (await loader(routeArgs(new Request(`${ORIGIN}/dashboard/kits/${kit.id}/deck`, { headers: { Cookie: cookie } }), { id: kit.id }, createRequestContext("10.0.0.1")) as never)) as { coverMarkUrl: string | null };
      expect(data.coverMarkUrl).toMatch(/^data:image\/svg\+xml,/);
      return decodeURIComponent(data.coverMarkUrl!.replace(/^data:image\/svg\+xml,/, ""));
    };
    expect(await coverMark()).toContain('data-watermark="preview"');
    await adminSetPlan(user.id, user.id, "starter");
    expect(await coverMark()).not.toContain("data-watermark");
  });
});
