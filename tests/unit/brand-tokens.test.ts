import { describe, expect, it } from "vitest";
import { PALETTE_ROLES } from "~/kit/brand/brand";
import { buttonTextColor, hexToRgb } from "~/kit/brand/palette";
import { brandJson, designTokens, fontFamilyList, fontFiles, tailwindPreset, tokensCss } from "~/kit/brand/tokens";
import { makeBrand } from "../support/kit-fixtures";

const brand = makeBrand();

describe("brand files", () => {
  it("tokens.json is W3C DTCG: typed groups, sRGB colours with their hex, font families as stacks", () => {
    const t = JSON.parse(designTokens(brand));
    expect(t.color.$type).toBe("color");
    for (const role of PALETTE_ROLES) {
      const v = t.color[role].$value;
      const { r, g, b } = hexToRgb(brand.palette[role]);
      expect(v.colorSpace).toBe("srgb");
      expect(v.hex).toBe(brand.palette[role].toLowerCase());
      expect(v.components.map((c: number) => Math.round(c * 255))).toEqual([r, g, b]);
      expect(typeof t.color[role].$description).toBe("string");
    }
    expect(t.color["on-primary"].$value.hex).toBe(buttonTextColor(brand.palette).toLowerCase());
    expect(t.font.family.$type).toBe("fontFamily");
    expect(t.font.family.heading.$value[0]).toBe("Fraunces");
    expect(t.font.family.body.$value).toEqual(fontFamilyList("nunito"));
    expect(t.font.family.body.$value.at(-1)).toBe("sans-serif");
    expect(t.font.weight.$type).toBe("fontWeight");
    expect(t.font.weight.heading.$value).toBe(700);
    // Every token (an object with $value) sits in a group whose $type says what it is.
    const walk = (node: Record<string, unknown>, type?: string): void => {
      const here = (node.$type as string | undefined) ?? type;
      if ("$value" in node) return void expect(here).toBeTruthy();
      for (const [k, v] of Object.entries(node)) if (!k.startsWith("$") && v && typeof v === "object") walk(v as Record<string, unknown>, here);
    };
    walk(t);
  });

  it("tokens.css declares the colours and font stacks, and @font-face rules for the files shipped in brand/fonts/", () => {
    const css = tokensCss(brand);
    for (const role of PALETTE_ROLES) expect(css).toContain(`--color-${role}: ${brand.palette[role]};`);
    expect(css).toContain("--font-heading: 'Fraunces', ui-serif, Georgia");
    expect(css).toMatch(/--font-body: 'Nunito', .*sans-serif;/);
    for (const f of fontFiles(brand)) expect(css).toContain(`url('fonts/${f.file}.woff')`);
    expect(fontFiles(brand).map((f) => f.file)).toEqual(["Fraunces-700", "Nunito-400", "Nunito-700"]);
  });

  it("the Tailwind preset is a module whose theme has the brand's colours and fonts", () => {
    const module = { exports: {} as { theme?: { extend: { colors: { brand: Record<string, string> }; fontFamily: Record<string, string[]> } } } };
    new Function("module", "exports", tailwindPreset(brand))(module, module.exports);
    const ext = module.exports.theme!.extend;
    expect(ext.colors.brand.primary).toBe(`var(--color-primary, ${brand.palette.primary})`);
    expect(ext.fontFamily.heading?.[0]).toBe("Fraunces");
  });

  it("brand.json is the brand as data", () => {
    const j = JSON.parse(brandJson(brand));
    expect(j.name).toBe(brand.name);
    expect(j.palette).toEqual(brand.palette);
    expect(j.fonts.heading.family).toBe("Fraunces");
    expect(j.voice).toEqual(brand.voice);
  });
});
