import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import type { LaunchKit } from "~/platform/db/schema";
import { FONT_IDS, FONTS } from "~/kit/brand/fonts";
import { fontBytes } from "~/kit/brand/fonts.server";
import { woffToSfnt } from "~/kit/brand/sfnt.server";
import { brandFiles } from "~/kit/export/sources.server";
import { readmeText } from "~/kit/export/zip.server";
import type { FileContext } from "~/kit/files.server";
import { makeBrand } from "../support/kit-fixtures";

/**
 * Exports that survive other machines: the kit's ZIP carries the
 * brand's fonts as desktop TrueType files (converted from the packages'
 * WOFF), with a note on installing them, next to the web fonts.
 */

function context(brand = makeBrand()): FileContext {
  return {
    kit: { id: "kit", businessIdea: "Coffee subscription box for remote teams" } as LaunchKit,
    brand,
    content: () => null,
    parsed: () => null,
    asset: () => undefined,
    watermark: false,
    origin: "http://launchkit.test",
  };
}

/** Every table's checksum and the file's checkSumAdjustment, as the OpenType spec defines them. */
function checksumsHold(font: Buffer) {
  const sum = (b: Buffer) => {
    let s = 0;
    const p = b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b;
    for (let i = 0; i < p.length; i += 4) s = (s + p.readUInt32BE(i)) >>> 0;
    return s;
  };
  const n = font.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const tag = font.toString("latin1", at, at + 4);
    const offset = font.readUInt32BE(at + 8);
    const table = Buffer.from(font.subarray(offset, offset + font.readUInt32BE(at + 12)));
    if (tag === "head") table.writeUInt32BE(0, 8);
    if (sum(table) !== font.readUInt32BE(at + 4)) return `${tag} checksum`;
  }
  return sum(font) === 0xb1b0afba ? null : "file checksum";
}

describe("desktop fonts in the kit", () => {
  it("every catalogue face converts from WOFF to a valid TrueType file with the same glyphs and names", () => {
    for (const id of FONT_IDS) {
      for (const weight of FONTS[id].weights) {
        const woff = fontBytes(id, weight);
        const ttf = woffToSfnt(woff);
        expect(ttf.ext, id).toBe("ttf");
        expect(ttf.bytes.readUInt32BE(0), id).toBe(0x00010000);
        expect(checksumsHold(ttf.bytes), `${id} ${weight}`).toBeNull();
        const a = fontkit.create(woff) as fontkit.Font;
        const b = fontkit.create(ttf.bytes) as fontkit.Font;
        expect(b.type, id).toBe("TTF");
        expect(b.familyName, id).toBe(FONTS[id].family);
        expect(b.subfamilyName, id).toBe(weight === 400 ? "Regular" : "Bold");
        expect(b.numGlyphs, id).toBe(a.numGlyphs);
        expect(b.layout("Boxworks").glyphs.map((g) => g.path.toSVG())).toEqual(a.layout("Boxworks").glyphs.map((g) => g.path.toSVG()));
      }
    }
    expect(() => woffToSfnt(fontBytes("inter", 400, "latin", "woff2"))).toThrow(/WOFF 1\.0/);
  });

  it("the ZIP's brand/fonts/ has a .ttf per face next to its .woff, and INSTALL.txt says how to install them", async () => {
    const brand = makeBrand({ fonts: { heading: "fraunces", body: "nunito" } });
    const files = brandFiles(context(brand));
    const paths = files.map((f) => f.path);
    for (const face of ["Fraunces-700", "Nunito-400", "Nunito-700"]) {
      expect(paths).toContain(`brand/fonts/${face}.woff`);
      expect(paths).toContain(`brand/fonts/${face}.ttf`);
    }
    const ttf = files.find((f) => f.path === "brand/fonts/Fraunces-700.ttf")!;
    expect(ttf.contentType).toBe("font/ttf");
    const bytes = await ttf.render();
    expect((fontkit.create(bytes) as fontkit.Font).fullName).toBe("Fraunces Bold");

    const install = (await files.find((f) => f.path === "brand/fonts/INSTALL.txt")!.render()).toString("utf8");
    expect(install).toContain("Fraunces and Nunito");
    for (const f of ["Fraunces-700.ttf", "Nunito-400.ttf", "Nunito-700.ttf"]) expect(install).toContain(f);
    expect(install).toMatch(/Windows: right-click each \.ttf file, then Install/);
    expect(install).toMatch(/macOS: double-click/);
    expect(install).toContain("\r\n");

    const readme = readmeText(context(brand).kit, brand, files, [], new Date("2026-01-01T00:00:00Z"));
    expect(readme).toMatch(/^brand\/fonts\/Fraunces-700\.ttf +\S/m);
    expect(readme).toContain("INSTALL.txt");

    // A system's font tools read it as the family it names (fontconfig, when installed).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-ttf-"));
    try {
      const file = path.join(dir, "Fraunces-700.ttf");
      fs.writeFileSync(file, bytes);
      const scan = spawnSync("fc-scan", ["--format", "%{family}|%{style}", file], { encoding: "utf8" });
      if (!scan.error) expect(scan.stdout).toBe("Fraunces|Bold");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
