import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { slideTexts } from "~/kit/assets/deck/geometry";
import { renderDeckPptx } from "~/kit/assets/deck/render-pptx.server";
import { makeBrand, makeDeck, makeLogo } from "../support/kit-fixtures";
import { readPdf } from "../support/readers";

/**
 * A real viewer opens the PPTX: LibreOffice Impress (Debian package
 * libreoffice-impress, installed by .ci/run) converts it to PDF headless,
 * and the PDF has the 5 slides. One conversion, about ten seconds.
 */
function findSoffice(): string | null {
  for (const bin of ["soffice", "libreoffice"]) {
    const r = spawnSync("sh", ["-c", `command -v ${bin}`], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

it("LibreOffice opens the pitch deck and converts it to a 5-page PDF", { timeout: 180_000 }, async (ctx) => {
  const soffice = findSoffice();
  if (!soffice) {
    console.warn(
      "\n\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n" +
        "!!  SKIPPED: the real-viewer check of the PPTX needs LibreOffice (soffice).  !!\n" +
        "!!  Install it: apt-get install -y --no-install-recommends libreoffice-impress !!\n" +
        "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n",
    );
    ctx.skip();
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-soffice-"));
  try {
    const brand = makeBrand();
    const deck = makeDeck(brand);
    fs.writeFileSync(path.join(dir, "pitch-deck.pptx"), await renderDeckPptx(brand, deck, makeLogo()));
    // Its own profile directory: no clash with a LibreOffice the developer has open.
    execFileSync(soffice, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, path.join(dir, "pitch-deck.pptx")], {
      timeout: 150_000,
      stdio: "pipe",
    });
    const pdf = await readPdf(fs.readFileSync(path.join(dir, "pitch-deck.pdf")));
    // The cover, then the five slides.
    expect(pdf.pages).toBe(6);
    expect(pdf.text[0]).toContain(brand.name);
    // The problem slide's first bullet, whatever the builtin writer says in it (its start: a line may break after it).
    expect(pdf.text[1]).toContain(deck.problem.bullets[0]!.split(" ").slice(0, 3).join(" "));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The words of a text as a viewer may break lines: at spaces and after hyphens, without the punctuation around them. */
const words = (text: string) => text.split(/[\s\-–—]+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter(Boolean);

it("LibreOffice without the brand's fonts breaks no word: every word of every slide is whole in the PDF", { timeout: 240_000 }, async (ctx) => {
  const soffice = findSoffice();
  if (!soffice) {
    console.warn("\n!!  SKIPPED: the word-break check of the PPTX needs LibreOffice (soffice).  !!\n");
    ctx.skip();
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-soffice-"));
  try {
    // None of the brand fonts is installed where the tests run: LibreOffice substitutes a wider font (DejaVu).
    // The narrow display faces get the largest sizes, so they are the hardest case.
    const headings = ["fraunces", "dm-serif-display", "playfair-display", "space-grotesk"] as const;
    const decks = [];
    for (const heading of headings) {
      const brand = makeBrand({ name: "Boxworks", fonts: { heading, body: "nunito" } });
      const deck = makeDeck(brand);
      deck.solution.callout = "Boxworks";
      deck.ask.callout = "Download it";
      const slides = slideTexts(brand, deck);
      const file = path.join(dir, `deck-${heading}.pptx`);
      fs.writeFileSync(file, await renderDeckPptx(brand, deck, makeLogo()));
      decks.push({ heading, file, slides });
    }
    execFileSync(soffice, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, ...decks.map((d) => d.file)], { timeout: 200_000, stdio: "pipe" });
    for (const { heading, file, slides } of decks) {
      const pdf = await readPdf(fs.readFileSync(file.replace(/\.pptx$/, ".pdf")));
      // The slides are the last pages (a cover may come first).
      const first = pdf.pages - slides.length;
      expect(first, heading).toBeGreaterThanOrEqual(0);
      slides.forEach((slide, i) => {
        const page = new Set(words(pdf.text[first + i]!));
        for (const text of [slide.title, slide.callout, ...slide.bullets]) {
          for (const word of words(text)) expect(page.has(word), `${heading}, slide ${i + 1}: "${word}" of "${text}" is broken or missing`).toBe(true);
        }
      });
      const all = pdf.text.join(" ");
      expect(all, heading).not.toMatch(/Boxwork\s+s\b|Downloa\s+d\b/);
      expect(all, heading).toContain("Download it");
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
