import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrandPreview } from "~/ui/workspace/brand-preview";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand } from "~/kit/content.server";
import { saveBrandEdit } from "~/kit/assets/brand/edit.server";
import { renderGuidelinesPdf } from "~/kit/assets/guidelines/render-pdf.server";
import { PALETTE_ROLES, type Palette } from "~/kit/brand/brand";
import { AA_GRAPHICS, AA_TEXT, buttonTextColor, colourDistance, contrastRatio, DISTINCT, fixPalette, rgbToHex } from "~/kit/brand/palette";
import { createKit, getKit } from "~/kit/kits.server";
import { VIBES } from "~/kit/options";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_BRAND } from "../support/fake-structured.mjs";
import { makeBrand, makeLogo } from "../support/kit-fixtures";

/**
 * Every palette colour legible where it is used: the guidelines
 * PDF shows a light colour on a dark swatch (not on its white paper), a
 * primary that equals the text colour is made distinct, and the brand
 * preview's "PREVIEW" label reads at 4.5:1.
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let userId: string;
const input: WizardInput = { idea: "Coffee subscription box for remote teams", audience: "Remote-first startups", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "editorial" };

beforeAll(async () => {
  fake = await startFakeOpenAI();
  userId = (await createUser({ name: "Palette", email: "palette-legibility@example.com", password: "Secret123" })).id;
});
afterAll(async () => {
  await fake.close();
  clearFakeOpenAIEnv("AI_WEB_SEARCH");
});

const hasPdftoppm = spawnSync("sh", ["-c", "command -v pdftoppm"]).status === 0;

/** One page of a PDF as RGB pixels at 72 dpi (1 px = 1 pt), by poppler's pdftoppm. */
function rasterPage(pdf: Buffer, page: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-guidelines-"));
  try {
    fs.writeFileSync(path.join(dir, "g.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", "72", "-f", String(page), "-l", String(page), "-singlefile", path.join(dir, "g.pdf"), path.join(dir, "g")]);
    const ppm = fs.readFileSync(path.join(dir, "g.ppm"));
    const header = ppm.toString("latin1", 0, 40).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!;
    const w = Number(header[1]);
    const rgb = ppm.subarray(header[0].length);
    return (x: number, y: number) => {
      const i = (Math.round(y) * w + Math.round(x)) * 3;
      return rgbToHex({ r: rgb[i]!, g: rgb[i + 1]!, b: rgb[i + 2]! });
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the guidelines' palette page", () => {
  it.skipIf(!hasPdftoppm)("shows a light text colour on a dark swatch, and every colour where it reads", async () => {
    // A dark brand: light text (#F1F5F9) on a near-black background.
    const brand = makeBrand({ palette: { primary: "#38BDF8", secondary: "#A78BFA", accent: "#FACC15", background: "#0F172A", text: "#F1F5F9" } });
    expect(brand.palette.text).toBe("#F1F5F9");
    const pixel = rasterPage(await renderGuidelinesPdf(brand, makeLogo()), 5);
    // The page's five tiles: 48 pt margins, 14 pt gaps, 150 pt tall from y = 172.
    const w = (842 - 2 * 48 - 14 * 4) / 5;
    PALETTE_ROLES.forEach((role, i) => {
      const hex = brand.palette[role];
      const x = 48 + i * (w + 14);
      // The tile's surface, in its top right (clear of the label and the sample).
      const surface = pixel(x + w - 20, 172 + 6);
      if (contrastRatio(hex, "#FFFFFF") >= AA_GRAPHICS) {
        expect(surface, role).toBe(hex);
      } else {
        expect(contrastRatio(surface, hex), `${role} ${hex} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT);
        // The colour itself is there, as a band inside the dark swatch.
        expect(pixel(x + w / 2, 172 + 84), role).toBe(hex);
      }
    });
    // The text colour is one of them.
    const textTile = 48 + 4 * (w + 14);
    expect(contrastRatio(pixel(textTile + w - 20, 178), "#F1F5F9")).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe("a primary that equals the text colour", () => {
  const coffee: Palette = { primary: "#2B2118", secondary: "#B08968", accent: "#E6CCB2", background: "#FFFBF5", text: "#2B2118" };

  it("is made distinct, with a readable button label, and the change is recorded", () => {
    const { palette, adjustments } = fixPalette(coffee);
    expect(colourDistance(palette.primary, palette.text)).toBeGreaterThanOrEqual(DISTINCT);
    expect(colourDistance(palette.primary, palette.background)).toBeGreaterThanOrEqual(DISTINCT);
    expect(contrastRatio(buttonTextColor(palette), palette.primary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(palette.text).toBe(coffee.text);
    expect(adjustments).toEqual([expect.objectContaining({ role: "primary", from: "#2B2118", to: palette.primary, reason: expect.stringMatching(/stand apart from the text colour #2B2118/) })]);
    // Greys only: the primary itself moves in lightness.
    const grey = fixPalette({ primary: "#111827", secondary: "#1F2937", accent: "#111827", background: "#FFFFFF", text: "#111827" }).palette;
    expect(colourDistance(grey.primary, grey.text)).toBeGreaterThanOrEqual(DISTINCT);
    expect(contrastRatio(buttonTextColor(grey), grey.primary)).toBeGreaterThanOrEqual(AA_TEXT);
    // A distinct palette is left alone.
    expect(fixPalette({ ...coffee, primary: "#9A3412" }).adjustments).toEqual([]);
  });

  it("from the model, from the builtin generator and from a founder's edit, the stored brand has a distinct primary", async () => {
    useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
    fake.queue("chat", { structured: true, match: "(content: brand)", content: JSON.stringify({ ...FAKE_BRAND, palette: coffee }) });
    const modelKit = await createKit(userId, input);
    await startGeneration(modelKit);
    await settleGenerations();
    const fromModel = (await kitBrand(modelKit.id))!;
    expect(colourDistance(fromModel.palette.primary, fromModel.palette.text)).toBeGreaterThanOrEqual(DISTINCT);
    expect(fromModel.paletteAdjustments.some((a) => a.role === "primary")).toBe(true);

    useBuiltinProvider("AI_WEB_SEARCH");
    for (const vibe of VIBES) {
      const kit = await createKit(userId, { ...input, vibe });
      await startGeneration(kit);
      await settleGenerations();
      const brand = (await kitBrand(kit.id))!;
      expect(colourDistance(brand.palette.primary, brand.palette.text), vibe).toBeGreaterThanOrEqual(DISTINCT);
    }

    const kit = (await getKit(modelKit.id))!;
    const brand = (await kitBrand(kit.id))!;
    await saveBrandEdit(kit.id, brand, { name: brand.name, tagline: brand.tagline, ...brand.palette, primary: brand.palette.text, heading: brand.fonts.heading, body: brand.fonts.body });
    const edited = (await kitBrand(kit.id))!;
    expect(colourDistance(edited.palette.primary, edited.palette.text)).toBeGreaterThanOrEqual(DISTINCT);
  });
});

describe("the brand preview's label", () => {
  it("reads at 4.5:1 on the background, whatever the secondary colour", () => {
    for (const secondary of ["#E6CCB2", "#FACC15", "#FFFFFF", "#84A98C"]) {
      const palette: Palette = { primary: "#9A3412", secondary, accent: "#E6CCB2", background: "#FFFBF5", text: "#2B2118" };
      const html = renderToStaticMarkup(createElement(BrandPreview, { name: "Boxworks", tagline: "Coffee for remote teams", palette, heading: "fraunces", body: "nunito" }));
      const label = html.match(/data-testid="brand-preview-label"[^>]*style="color:(#[0-9A-Fa-f]{6})"[^>]*>Preview</);
      expect(label, html.slice(0, 400)).not.toBeNull();
      expect(contrastRatio(label![1]!, palette.background), secondary).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
