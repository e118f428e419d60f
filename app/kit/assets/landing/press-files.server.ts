import PDFDocument from "pdfkit";
import type { FileContext, KitFile } from "~/kit/file-types";
import { renderLogoFile } from "~/kit/assets/logo/render.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import type { Brand } from "~/kit/brand/brand";
import { AA_TEXT, nearestPassingColor } from "~/kit/brand/palette";
import { drawText, registerBrandFonts, type FontRole, type PdfFonts } from "~/kit/pdf/fonts.server";
import { collectPdf } from "~/platform/pdf/output.server";
import { landingPageOf, pageOwner } from "./pages.server";
import { boilerplateText, coloursText, factSheetMarkdown, pressAddress, pressKit, PRESS_LOGOS, pressReleaseMarkdown, type PressKit } from "./press";
import { publishedContent } from "./proof";
import { LandingContentSchema } from "./schema";
import { canonicalAddress } from "./seo.server";

/**
 * The kit ZIP's press/ folder: the same press kit as the published page
 * (press.ts), as files to send or attach: the release as Markdown and PDF,
 * the boilerplate, the fact sheet, the colours and the logo files (the free
 * plan's watermarked, as every logo file of its kit). The page's address and
 * the contact form's are in them only while the page is live.
 */

const MARKDOWN = "text/markdown; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";

async function pressKitOf(ctx: FileContext): Promise<{ kit: PressKit; contactUrl: string | null } | null> {
  const brand = ctx.brand;
  const content = ctx.parsed("landing", LandingContentSchema);
  if (!brand || !content) return null;
  const [page, owner] = await Promise.all([landingPageOf(ctx.kit.id), pageOwner(ctx.kit.id)]);
  const pageUrl = await canonicalAddress(ctx.kit.id, ctx.origin ? new Request(ctx.origin) : undefined);
  const kit = pressKit({
    brand,
    content: publishedContent(content),
    pageUrl,
    launched: page?.published ? page.publishedAt : null,
    today: new Date(),
    founder: { name: owner?.name ?? "", role: page?.pressRole ?? null },
  });
  return { kit, contactUrl: pageUrl ? pressAddress(pageUrl) : null };
}

export async function pressFiles(ctx: FileContext): Promise<KitFile[]> {
  const made = await pressKitOf(ctx);
  const brand = ctx.brand;
  if (!made || !brand) return [];
  const { kit, contactUrl } = made;
  const logo = ctx.parsed("logo", LogoContentSchema);
  const files: KitFile[] = [
    { path: "press/press-release.md", contentType: MARKDOWN, describe: "Your launch press release (Markdown), with a founder quote and About", render: () => Buffer.from(pressReleaseMarkdown(kit, contactUrl)) },
    { path: "press/press-release.pdf", contentType: "application/pdf", describe: "The same press release as a PDF to send", render: () => renderPressReleasePdf(brand, kit, contactUrl) },
    { path: "press/boilerplate.txt", contentType: TEXT, describe: "About your business in 50 and in 100 words", render: () => Buffer.from(boilerplateText(kit)) },
    { path: "press/fact-sheet.md", contentType: MARKDOWN, describe: "Fact sheet: what, who for, where, launched, pricing, links, founder", render: () => Buffer.from(factSheetMarkdown(kit)) },
    { path: "press/colours.txt", contentType: TEXT, describe: "Your brand colours as hex codes", render: () => Buffer.from(coloursText(kit)) },
  ];
  if (logo) {
    for (const l of PRESS_LOGOS) {
      files.push({
        path: `press/${l.name}`,
        contentType: l.name.endsWith(".svg") ? "image/svg+xml" : "image/png",
        describe: l.label,
        render: () => {
          const file = renderLogoFile(brand, logo, l.from, { watermark: ctx.watermark })!;
          return typeof file.body === "string" ? Buffer.from(file.body) : file.body;
        },
      });
    }
  }
  return files;
}

// ---- the PDF --------------------------------------------------------------------

const W = 595;
const H = 842;
const M = 56;
const CW = W - 2 * M;
const INK = "#111827";
const MUTED = "#4B5563";
/** A fixed date in the file's metadata: the same kit gives the same bytes. */
const EPOCH = new Date(Date.UTC(2024, 0, 1));

/** The press release as an A4 PDF in the brand's fonts, with its colour as a rule: text only, so nothing in it needs a watermark. */
export async function renderPressReleasePdf(brand: Brand, kit: PressKit, contactUrl: string | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [W, H],
    margins: { top: M, bottom: M, left: M, right: M },
    info: { Title: kit.release.headline, Author: kit.name, Subject: `${kit.name} press release`, Creator: "LaunchKit", Producer: "LaunchKit", CreationDate: EPOCH, ModDate: EPOCH },
    lang: "en",
    displayTitle: true,
  });
  const fonts: PdfFonts = registerBrandFonts(doc, brand);
  const strong = nearestPassingColor(brand.palette.primary, "#FFFFFF", AA_TEXT).hex;
  const para = (role: FontRole, size: number, text: string, color = INK, gap = 10) => {
    drawText(doc, fonts, role, size, text, M, doc.y, { width: CW, lineHeight: 1.45, color });
    doc.y += gap;
  };
  doc.rect(0, 0, W, 8).fill(brand.palette.primary);
  doc.y = M;
  para("bodyBold", 9, "PRESS RELEASE · FOR IMMEDIATE RELEASE", strong, 14);
  para("heading", 22, kit.release.headline, INK, 16);
  para("bodyBold", 11, kit.release.dateline, INK, 4);
  para("body", 11, kit.release.lead);
  for (const p of kit.release.body) para("body", 11, p);
  const top = doc.y;
  drawText(doc, fonts, "body", 12, `“${kit.release.quote}”`, M + 14, top, { width: CW - 14, lineHeight: 1.45, color: INK });
  drawText(doc, fonts, "bodyBold", 10, `— ${kit.release.quoteBy}`, M + 14, doc.y + 4, { width: CW - 14, color: MUTED });
  doc.save().rect(M, top, 3, doc.y - top).fill(brand.palette.primary).restore();
  doc.y += 18;
  para("heading", 14, `About ${kit.name}`, INK, 6);
  para("body", 11, kit.release.about);
  para("heading", 14, "Media contact", INK, 6);
  para("body", 11, contactUrl ? `${kit.release.quoteBy}: write through the form at ${contactUrl}` : kit.release.quoteBy);
  para("bodyBold", 10, "###", MUTED, 0);
  return collectPdf(doc);
}
