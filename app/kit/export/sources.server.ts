import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { logoImages } from "~/platform/db/schema";
import { renderDeckPdf } from "~/kit/assets/deck/render-pdf.server";
import { renderDeckPptx } from "~/kit/assets/deck/render-pptx.server";
import { DeckContentSchema } from "~/kit/assets/deck/schema";
import { renderGuidelinesPdf } from "~/kit/assets/guidelines/render-pdf.server";
import { conceptArtPreviewPng } from "~/kit/assets/logo/concept-art.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { FONTS, type FontId } from "~/kit/brand/fonts";
import { fontBytes, fontPath } from "~/kit/brand/fonts.server";
import { desktopFont } from "~/kit/brand/sfnt.server";
import { brandJson, designTokens, fontFiles, tailwindPreset, tokensCss } from "~/kit/brand/tokens";
import type { FileContext, KitFile } from "~/kit/file-types";

/**
 * The files of the brand (brand/), the deck (deck/) and the logo's concept
 * art, for the kit's file registry (files.server.ts). Every render is lazy
 * (the ZIP asks for one file at a time) and deterministic: dates come from the
 * asset rows, never from the clock, so a file in the ZIP and its single
 * download are the same bytes.
 */

/** The latest change of the assets a file is drawn from. */
function changedAt(ctx: FileContext, kinds: string[]): Date {
  const times = kinds.map((k) => ctx.asset(k)?.updatedAt?.getTime() ?? 0);
  return new Date(Math.max(0, ...times) || Date.UTC(2026, 0, 1));
}

const licences = new Map<string, Buffer>();
/** The font's licence (SIL OFL), shipped with its files as the licence asks. */
function licence(id: FontId): Buffer {
  let bytes = licences.get(id);
  if (!bytes) {
    bytes = fs.readFileSync(path.join(path.dirname(fontPath(id, 400)), "..", "LICENSE"));
    licences.set(id, bytes);
  }
  return bytes;
}

const text = (s: string) => Buffer.from(s, "utf8");

/** brand/fonts/INSTALL.txt: which files go on a computer, and how. CRLF, for Notepad. */
export function fontInstallNote(families: string[], files: string[]): string {
  const lines = [
    `Fonts of your brand: ${families.join(" and ")}`,
    "",
    "Install the .ttf files on every computer that edits your deck and documents, so",
    "PowerPoint, Keynote, Word and LibreOffice show them in your fonts (without them",
    "they substitute another font):",
    "",
    ...files.map((f) => `  ${f}`),
    "",
    "- Windows: right-click each .ttf file, then Install (or Install for all users).",
    "- macOS: double-click each .ttf file, then Install Font (Font Book).",
    "- Linux: copy them to ~/.local/share/fonts/, then run fc-cache -f.",
    "",
    "Restart the application after installing. Google Slides has these families",
    "built in: choose them from its font menu.",
    "",
    "The .woff files are for websites (tokens.css loads them). The files hold the",
    "Latin letters (English and Western European languages); for other scripts,",
    "install the full families from fonts.google.com.",
    "",
    "Licence: SIL Open Font License (the OFL-*.txt files): free to use, share and",
    "embed, also in commercial work.",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export function brandFiles(ctx: FileContext): KitFile[] {
  const brand = ctx.brand;
  if (!brand) return [];
  const logo = () => ctx.parsed("logo", LogoContentSchema);
  const fonts = fontFiles(brand);
  const families = [...new Set(fonts.map((f) => f.id))];
  return [
    { path: "brand/brand.json", contentType: "application/json; charset=utf-8", describe: "Your brand as data: name, tagline, palette, fonts, voice", render: () => text(brandJson(brand)) },
    { path: "brand/tokens.json", contentType: "application/json; charset=utf-8", describe: "Colours and fonts as W3C design tokens (DTCG format)", render: () => text(designTokens(brand)) },
    { path: "brand/tokens.css", contentType: "text/css; charset=utf-8", describe: "The same as CSS custom properties, with @font-face rules", render: () => text(tokensCss(brand)) },
    { path: "brand/tailwind.preset.js", contentType: "text/javascript; charset=utf-8", describe: "A Tailwind CSS preset with your colours and fonts", render: () => text(tailwindPreset(brand)) },
    {
      path: "brand/guidelines.pdf",
      contentType: "application/pdf",
      describe: "Brand guidelines: logo use, colours, typography, voice (8 pages)",
      preview: "guidelines" as const,
      render: () => renderGuidelinesPdf(brand, logo(), { watermark: ctx.watermark, date: changedAt(ctx, ["brand", "logo"]) }),
    },
    ...fonts.map((f) => ({
      path: `brand/fonts/${f.file}.woff`,
      contentType: "font/woff",
      describe: `${FONTS[f.id].family} ${f.weight === 400 ? "regular" : "bold"} (web font, used by tokens.css)`,
      render: () => fontBytes(f.id, f.weight),
    })),
    ...fonts.map((f) => {
      const ext = desktopFont(f.id, f.weight).ext;
      return {
        path: `brand/fonts/${f.file}.${ext}`,
        contentType: ext === "otf" ? "font/otf" : "font/ttf",
        describe: `${FONTS[f.id].family} ${f.weight === 400 ? "regular" : "bold"} to install on your computer (see INSTALL.txt)`,
        render: () => desktopFont(f.id, f.weight).bytes,
      };
    }),
    {
      path: "brand/fonts/INSTALL.txt",
      contentType: "text/plain; charset=utf-8",
      describe: "How to install the fonts for PowerPoint, Keynote and Word",
      render: () => text(fontInstallNote(families.map((id) => FONTS[id].family), fonts.map((f) => `${f.file}.${desktopFont(f.id, f.weight).ext}`))),
    },
    ...families.map((id) => ({
      path: `brand/fonts/OFL-${FONTS[id].family.replace(/[^A-Za-z0-9]+/g, "")}.txt`,
      contentType: "text/plain; charset=utf-8",
      describe: `The licence of ${FONTS[id].family} (SIL Open Font License: free to use and share)`,
      render: () => licence(id),
    })),
  ];
}

export function deckFiles(ctx: FileContext): KitFile[] {
  const brand = ctx.brand;
  const deck = ctx.parsed("deck", DeckContentSchema);
  if (!brand || !deck) return [];
  const options = () => ({ watermark: ctx.watermark, date: changedAt(ctx, ["brand", "logo", "deck"]) });
  const logo = () => ctx.parsed("logo", LogoContentSchema);
  return [
    {
      path: "deck/pitch-deck.pptx",
      contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      describe: "The 5-slide pitch deck for PowerPoint, Keynote or Google Slides, with speaker notes",
      render: () => renderDeckPptx(brand, deck, logo(), options()),
    },
    { path: "deck/pitch-deck.pdf", contentType: "application/pdf", describe: "The same deck as a PDF to send", render: () => renderDeckPdf(brand, deck, logo(), options()) },
  ];
}

const ART_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/svg+xml": "svg" };

/**
 * The image model's concept art of the logo (a picture to inspire, stored in
 * the database). On the free preview it is the watermarked PNG whatever was
 * stored (conceptArtPreviewPng), under a .png name.
 */
export async function conceptArtFiles(ctx: FileContext): Promise<KitFile[]> {
  // Only the type here: the bytes are read when the file is rendered.
  const row = await first(getDb().select({ contentType: logoImages.contentType }).from(logoImages).where(eq(logoImages.kitId, ctx.kit.id)));
  const ext = row ? ART_EXTENSIONS[row.contentType] : undefined;
  if (!row || !ext) return [];
  const stored = async () => (await first(getDb().select({ data: logoImages.data }).from(logoImages).where(eq(logoImages.kitId, ctx.kit.id))))?.data ?? Buffer.alloc(0);
  const surface = ctx.brand?.palette.background ?? "#FFFFFF";
  return [
    {
      path: `logo/concept-art.${ctx.watermark ? "png" : ext}`,
      contentType: ctx.watermark ? "image/png" : row.contentType,
      describe: "The AI image model's concept art of your logo (for inspiration, not a vector file)",
      render: ctx.watermark ? async () => conceptArtPreviewPng(await stored(), row.contentType, surface) : stored,
    },
  ];
}
