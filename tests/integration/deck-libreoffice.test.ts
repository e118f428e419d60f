import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { renderDeckPptx } from "~/kits/assets/deck/render-pptx.server";
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
    fs.writeFileSync(path.join(dir, "pitch-deck.pptx"), await renderDeckPptx(brand, makeDeck(brand), makeLogo()));
    // Its own profile directory: no clash with a LibreOffice the developer has open.
    execFileSync(soffice, [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, path.join(dir, "pitch-deck.pptx")], {
      timeout: 150_000,
      stdio: "pipe",
    });
    const pdf = await readPdf(fs.readFileSync(path.join(dir, "pitch-deck.pdf")));
    expect(pdf.pages).toBe(5);
    expect(pdf.text.join(" ")).toContain(brand.name);
    expect(pdf.text[0]).toContain("Busy professionals are still underserved");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
