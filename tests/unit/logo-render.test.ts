import { inflateSync } from "node:zlib";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, test } from "vitest";
import type { Mark } from "~/kit/assets/logo/mark";
import {
  appleTouchIcon,
  faviconIco,
  LOGO_FILES,
  logoColors,
  logoPng,
  logoSvg,
  renderLogoFile,
  renderPng,
  type LogoInput,
} from "~/kit/assets/logo/render.server";
import { BrandSchema, type Brand, type Palette } from "~/kit/brand/brand";
import { FONT_IDS, type FontId } from "~/kit/brand/fonts";
import { contrastRatio } from "~/kit/brand/palette";
import { wordmark } from "~/kit/brand/wordmark.server";

const MARK: Mark = {
  viewBox: "0 0 100 100",
  body: '<circle cx="50" cy="50" r="40" fill="@primary"/><rect x="30" y="30" width="40" height="40" fill="@accent"/>',
  source: "builtin",
  label: "Test",
};
const WIDE: Mark = {
  viewBox: "0 0 200 80",
  body: '<rect x="0" y="0" width="200" height="80" rx="16" fill="@secondary"/><circle cx="40" cy="40" r="24" fill="@background"/><path d="M90 20h90v40H90z" fill="@text"/>',
  source: "ai",
  label: "Wide",
};
const LOGO: LogoInput = { marks: [MARK, WIDE], selected: 0 };
const PALETTE: Palette = { primary: "#4F46E5", secondary: "#0EA5E9", accent: "#F59E0B", background: "#FFFFFF", text: "#111827" };

function brand(over: { name?: string; heading?: FontId; palette?: Partial<Palette> } = {}): Brand {
  return BrandSchema.parse({
    name: over.name ?? "Acme & Co",
    nameIdeas: Array.from({ length: 5 }, (_, i) => ({ name: `Idea ${i}`, reason: "A reason." })),
    tagline: "Launch faster.",
    taglineAlternatives: ["One", "Two", "Three"],
    positioning: "For founders.",
    voice: { dos: ["a", "b", "c"], donts: ["d", "e", "f"], samples: ["g", "h"] },
    palette: { ...PALETTE, ...over.palette },
    fonts: { heading: over.heading ?? "space-grotesk", body: "inter" },
  });
}

/** A small PNG reader: signature, IHDR, and the pixels (8-bit RGB/RGBA, the five filters) to prove the file decodes. */
function decodePng(buf: Buffer) {
  expect(buf.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  let pos = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.subarray(pos + 4, pos + 8).toString("latin1");
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") ihdr = data;
    if (type === "IDAT") idat.push(data);
    pos += 12 + len;
    if (type === "IEND") break;
  }
  const width = ihdr!.readUInt32BE(0);
  const height = ihdr!.readUInt32BE(4);
  const colorType = ihdr![9]!;
  expect(ihdr![8]).toBe(8);
  expect([2, 6]).toContain(colorType);
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  expect(raw.length).toBe(height * (stride + 1));
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= bpp ? px[y * stride + x - bpp]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + x]! : 0;
      const c = x >= bpp && y > 0 ? px[(y - 1) * stride + x - bpp]! : 0;
      const paeth = () => {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const pred = [0, a, b, (a + b) >> 1, 0][filter] ?? 0;
      px[y * stride + x] = (v + (filter === 4 ? paeth() : pred)) & 255;
    }
  }
  const alphaAt = (x: number, y: number) => (bpp === 4 ? px[(y * width + x) * 4 + 3]! : 255);
  return { width, height, colorType, alphaAt };
}

function viewBox(svg: string) {
  const [, , w, h] = /viewBox="([^"]+)"/.exec(svg)![1]!.split(" ").map(Number);
  return { w: w!, h: h! };
}

describe("LOGO_FILES", () => {
  test("the catalogue: 6 SVGs, 12 PNGs, the favicon and the touch icon, unique names", () => {
    const names = LOGO_FILES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const base of ["logo-horizontal", "logo-stacked", "mark"]) {
      for (const variant of [base, `${base}-dark`]) {
        expect(names).toContain(`${variant}.svg`);
        expect(names).toContain(`${variant}-512.png`);
        expect(names).toContain(`${variant}-1024.png`);
      }
    }
    expect(names).toContain("favicon.ico");
    expect(names).toContain("apple-touch-icon.png");
    expect(names).toHaveLength(20);
    for (const f of LOGO_FILES) expect(f.describe.length).toBeGreaterThan(10);
  });

  test("every file renders with its content type, and the same input gives the same bytes", () => {
    const b = brand();
    for (const file of LOGO_FILES) {
      const first = renderLogoFile(b, LOGO, file.name)!;
      expect(first.contentType, file.name).toBe(file.contentType);
      expect(first.body.length, file.name).toBeGreaterThan(100);
      expect(renderLogoFile(brand(), { marks: [MARK, WIDE], selected: 0 }, file.name)!.body.equals(first.body), file.name).toBe(true);
      const ext = file.name.split(".").pop();
      expect(file.contentType).toBe({ svg: "image/svg+xml", png: "image/png", ico: "image/x-icon" }[ext!]);
    }
    expect(renderLogoFile(b, LOGO, "logo.gif")).toBeNull();
    expect(renderLogoFile(b, LOGO, "../etc/passwd")).toBeNull();
  });
});

describe("SVG", () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  test("standalone, titled, no text and no script, in the palette's colours", () => {
    const b = brand();
    for (const file of LOGO_FILES.filter((f) => f.name.endsWith(".svg"))) {
      const svg = renderLogoFile(b, LOGO, file.name)!.body.toString("utf8");
      expect(XMLValidator.validate(svg), file.name).toBe(true);
      const root = parser.parse(svg).svg;
      expect(root["@_xmlns"]).toBe("http://www.w3.org/2000/svg");
      expect(root["@_role"]).toBe("img");
      expect(root.title).toBe("Acme & Co");
      expect(svg).toContain("<title>Acme &amp; Co</title>");
      expect(Number(root["@_width"])).toBeGreaterThan(0);
      expect(svg).not.toMatch(/<text|<script|<foreignObject|<image|href=|on\w+=/i);
      const dark = file.name.includes("dark");
      // The light files are the palette as proposed; the dark ones keep the accent (already bright enough).
      if (!dark) for (const c of [PALETTE.primary, PALETTE.accent]) expect(svg, file.name).toContain(c);
      expect(svg, file.name).toContain(PALETTE.accent);
      if (!file.name.startsWith("mark")) expect(svg, file.name).toContain(`fill="${dark ? "#FFFFFF" : PALETTE.text}"`);
    }
  });

  test("the name is outlined and sits inside the canvas, for short and 40-character names", () => {
    for (const name of ["Io", "Acme & Co", "Jigsaw Puppy", "Extraordinarily Long Business Name Group"]) {
      for (const heading of ["inter", "playfair-display"] as const) {
        const b = brand({ name, heading });
        const w = wordmark(name, heading, { fontSize: 100 });
        for (const lockup of ["horizontal", "stacked"] as const) {
          const svg = logoSvg(b, LOGO, lockup, "light");
          const { w: width, h: height } = viewBox(svg);
          const [, x, y] = /<path fill="[^"]+" transform="translate\(([-\d.]+) ([-\d.]+)\)"/.exec(svg)!.map(Number);
          const label = `${name} ${heading} ${lockup}`;
          expect(svg, label).toContain(w.d);
          expect(x! + w.bounds!.minX, label).toBeGreaterThan(0);
          expect(x! + w.bounds!.maxX, label).toBeLessThan(width);
          expect(y! + w.bounds!.minY, label).toBeGreaterThan(0);
          expect(y! + w.bounds!.maxY, label).toBeLessThan(height);
          if (lockup === "horizontal") expect(width / height, label).toBeGreaterThan(name.length > 30 ? 12 : 1.5);
        }
      }
    }
  });

  test("the mark file is square", () => {
    const { w, h } = viewBox(logoSvg(brand(), LOGO, "mark", "light"));
    expect(w).toBe(h);
  });

  test("the dark variant keeps the name and every mark colour visible on a dark surface", () => {
    for (const palette of [
      PALETTE,
      { ...PALETTE, primary: "#1E1B4B", accent: "#3F3F46" },
      { primary: "#A3E635", secondary: "#38BDF8", accent: "#F472B6", background: "#0B0B0F", text: "#F5F5F5" },
    ]) {
      const { surface, ink, mark } = logoColors(palette, "dark");
      expect(contrastRatio(ink, surface)).toBeGreaterThanOrEqual(4.5);
      for (const role of ["primary", "secondary", "accent", "text"] as const) {
        expect(contrastRatio(mark[role], surface), `${role} ${mark[role]} on ${surface}`).toBeGreaterThanOrEqual(3);
      }
    }
    // The light variant of a light palette is the palette itself.
    expect(logoColors(PALETTE, "light")).toEqual({ surface: "#FFFFFF", ink: PALETTE.text, mark: PALETTE });
  });

  test("a dark palette's light variant uses its dark colour for the name", () => {
    const dark = { primary: "#A3E635", secondary: "#38BDF8", accent: "#F472B6", background: "#0B0B0F", text: "#F5F5F5" };
    const { ink, surface } = logoColors(dark, "light");
    expect(ink).toBe("#0B0B0F");
    expect(surface).toBe("#F5F5F5");
  });

  test("changing the primary colour or the heading font changes the files", () => {
    const base = logoSvg(brand(), LOGO, "horizontal", "light");
    expect(logoSvg(brand({ palette: { primary: "#BE123C" } }), LOGO, "horizontal", "light")).not.toBe(base);
    expect(logoSvg(brand({ palette: { primary: "#BE123C" } }), LOGO, "horizontal", "light")).toContain("#BE123C");
    expect(logoSvg(brand({ heading: "merriweather" }), LOGO, "horizontal", "light")).not.toBe(base);
    expect(logoPng(brand({ palette: { primary: "#BE123C" } }), LOGO, "mark", "light", 512).equals(logoPng(brand(), LOGO, "mark", "light", 512))).toBe(false);
    expect(faviconIco(brand({ palette: { primary: "#BE123C" } }), LOGO).equals(faviconIco(brand(), LOGO))).toBe(false);
    const fonts = new Set(FONT_IDS.map((heading) => logoSvg(brand({ heading }), LOGO, "stacked", "dark")));
    expect(fonts.size).toBe(FONT_IDS.length);
  });

  test("the selected mark is drawn; odd inputs still give a logo", () => {
    const b = brand();
    expect(logoSvg(b, { marks: [MARK, WIDE], selected: 1 }, "mark", "light")).toContain('<path d="M90 20h90v40H90z"');
    expect(logoSvg(b, { marks: [MARK], selected: 2 }, "mark", "light")).toContain("<circle");
    // No mark at all: a monogram on the primary colour.
    const mono = logoSvg(b, { marks: [], selected: 0 }, "horizontal", "light");
    expect(mono).toContain(`fill="${PALETTE.primary}"`);
    // A name no font can draw: the mark alone, still titled.
    const cjk = logoSvg(brand({ name: "東京寿司" }), LOGO, "horizontal", "light");
    expect(XMLValidator.validate(cjk)).toBe(true);
    expect(cjk).toContain("<title>東京寿司</title>");
    // Characters XML 1.0 forbids never reach the file (a browser would reject it whole).
    const odd = logoSvg(brand({ name: "Bell\u0007 Co \uD800<b>" }), LOGO, "stacked", "dark");
    expect(odd).toContain("<title>Bell Co &lt;b&gt;</title>");
    expect(XMLValidator.validate(odd)).toBe(true);
  });
});

describe("PNG, ICO", () => {
  test("every PNG decodes at the asked width, with the SVG's aspect ratio", () => {
    const b = brand({ name: "Extraordinarily Long Business Name Group" });
    for (const file of LOGO_FILES.filter((f) => /-\d+\.png$/.test(f.name))) {
      const size = Number(/-(\d+)\.png$/.exec(file.name)![1]);
      const png = decodePng(renderLogoFile(b, LOGO, file.name)!.body);
      const svg = renderLogoFile(b, LOGO, file.name.replace(/-\d+\.png$/, ".svg"))!.body.toString();
      const { w, h } = viewBox(svg);
      expect(png.width, file.name).toBe(size);
      expect(Math.abs(png.height - (size * h) / w), file.name).toBeLessThanOrEqual(1);
      if (file.name.startsWith("mark")) expect(png.height).toBe(size);
      // Transparent background: the corner is see-through.
      expect(png.alphaAt(0, 0), file.name).toBe(0);
    }
  });

  test("favicon.ico holds 16, 32 and 48 px PNGs with a visible mark", () => {
    const ico = faviconIco(brand(), LOGO);
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(3);
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const e = 6 + 16 * i;
      const px = ico.readUInt8(e);
      expect(ico.readUInt8(e + 1)).toBe(px);
      expect(ico.readUInt16LE(e + 4)).toBe(1);
      expect(ico.readUInt16LE(e + 6)).toBe(32);
      const len = ico.readUInt32LE(e + 8);
      const offset = ico.readUInt32LE(e + 12);
      const png = decodePng(ico.subarray(offset, offset + len));
      expect([png.width, png.height]).toEqual([px, px]);
      expect(png.alphaAt(px / 2, px / 2)).toBe(255);
      sizes.push(px);
    }
    expect(sizes).toEqual([16, 32, 48]);
    const last = 6 + 16 * 2;
    expect(ico.readUInt32LE(last + 12) + ico.readUInt32LE(last + 8)).toBe(ico.length);
  });

  test("the icons paint the mark in the palette as proposed, on its own background", () => {
    const dark = { primary: "#A3E635", secondary: "#38BDF8", accent: "#F472B6", background: "#0B0B0F", text: "#F5F5F5" };
    const knockout: Mark = { ...MARK, body: '<circle cx="50" cy="50" r="40" fill="@primary"/><circle cx="50" cy="50" r="15" fill="@background"/>' };
    const b = brand({ palette: dark });
    const a = faviconIco(b, { marks: [knockout], selected: 0 });
    const same = faviconIco(brand({ palette: { ...dark, text: "#FFFFFF" } }), { marks: [knockout], selected: 0 });
    // The text colour is not in this mark, so it cannot change the icon.
    expect(a.equals(same)).toBe(true);
  });

  test("apple-touch-icon.png is 180 × 180 and fully opaque", () => {
    const png = decodePng(appleTouchIcon(brand(), LOGO));
    expect([png.width, png.height]).toEqual([180, 180]);
    for (let y = 0; y < 180; y += 3) for (let x = 0; x < 180; x += 3) expect(png.alphaAt(x, y)).toBe(255);
  });

  test("a 1024 px PNG renders in well under a second", () => {
    const b = brand({ name: "Speedy Rendering Co" });
    logoPng(b, LOGO, "horizontal", "light", 1024);
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) renderPng(logoSvg(b, LOGO, "stacked", "dark"), 1024);
    expect((performance.now() - t0) / 5).toBeLessThan(500);
  });
});
