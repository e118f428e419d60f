import { describe, expect, it } from "vitest";
import { documentClasses, selectorClasses, stylesheetSubset } from "~/platform/render/css-subset.server";

// The shapes Tailwind 4 writes, minified: layer statements, @property, layers with @media and
// @supports inside, variants as :hover / :where() / attribute selectors, escaped class names.
const SHEET = [
  "@layer properties;@layer theme,base,components,utilities;",
  "@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-shadow:0 0 #0000}}}",
  "@layer theme{:root,:host{--color-brand-600:#4f46e5;--spacing:.25rem}}",
  "@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}a{color:inherit}}",
  "@layer utilities{.sr-only{position:absolute;width:1px}.flex{display:flex}.hidden{display:none}",
  ":where(.space-y-4>:not(:last-child)){margin-block-end:calc(var(--spacing)*4)}",
  ".w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}.after\\:content-\\[\\'\\*\\'\\]:after{content:\"*\"}",
  ".group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}",
  ".hover\\:bg-brand-600:hover{background-color:var(--color-brand-600)}",
  ".open\\:block[open],a[href$=\".pdf\"] .pdf-icon{display:block}",
  "@media (min-width:40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}}",
  "@property --tw-shadow{syntax:\"*\";inherits:false;initial-value:0 0 #0000}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@font-face{font-family:Inter;src:url(/fonts/inter.woff2)format(\"woff2\")}",
].join("");

const subset = (html: string) => stylesheetSubset(Buffer.from(SHEET), html).toString();

describe("selectorClasses", () => {
  it("reads each selector's classes, unescaped, and none from attribute values or strings", () => {
    expect(selectorClasses(".\\32 xl\\:w-1\\/2:hover")).toEqual([["2xl:w-1/2"]]);
    expect(selectorClasses(":where(.space-y-4>:not(:last-child))")).toEqual([["space-y-4"]]);
    expect(selectorClasses(".group-hover\\:underline:is(:where(.group):hover *)")).toEqual([["group-hover:underline", "group"]]);
    expect(selectorClasses('a[href$=".pdf"] .pdf-icon, .b.c')).toEqual([["pdf-icon"], ["b", "c"]]);
    expect(selectorClasses("*,:after,:before")).toEqual([[], [], []]);
    expect(selectorClasses(".after\\:content-\\[\\'\\*\\'\\]:after")).toEqual([["after:content-['*']"]]);
  });
});

describe("documentClasses", () => {
  it("collects every class attribute's names, entities decoded", () => {
    expect([...documentClasses('<p class="a  b"></p><svg class="c"></svg><i class="after:content-[&#x27;*&#x27;] x&amp;y"></i>')]).toEqual(["a", "b", "c", "after:content-['*']", "x&y"]);
  });
});

describe("stylesheetSubset", () => {
  it("is the whole sheet, byte for byte, for a document that uses every class", () => {
    const every = "flex hidden sr-only space-y-4 w-1/2 2xl:p-4 after:content-['*'] group-hover:underline group hover:bg-brand-600 open:block pdf-icon sm:flex sm:hidden";
    expect(subset(`<div class="${every.replaceAll("'", "&#x27;")}"></div>`)).toBe(SHEET);
  });

  it("keeps what has no class (base, variables, @property, keyframes, fonts, layer order) and the rules of the document's classes", () => {
    const css = subset('<main class="flex space-y-4"><a class="hover:bg-brand-600" href="/">x</a><ul class="sm:hidden"></ul></main>');
    expect(css).toContain("@layer properties;@layer theme,base,components,utilities;");
    expect(css).toContain("@layer theme{:root,:host{--color-brand-600:#4f46e5;--spacing:.25rem}}");
    expect(css).toContain("@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}a{color:inherit}}");
    expect(css).toContain("@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-shadow:0 0 #0000}}}");
    expect(css).toContain("@property --tw-shadow{");
    expect(css).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(css).toContain("@font-face{font-family:Inter;");
    // Kept: the document's classes, with their states (hover) and structural variants.
    expect(css).toContain("@layer utilities{.flex{display:flex}:where(.space-y-4>:not(:last-child)){");
    expect(css).toContain(".hover\\:bg-brand-600:hover{");
    expect(css).toContain("@media (min-width:40rem){.sm\\:hidden{display:none}}");
    // Dropped: classes the document does not use, and a @media left empty.
    for (const gone of [".hidden{", ".sr-only{", ".w-1\\/2{", ".sm\\:flex{", ".group-hover", ".open\\:block"]) expect(css).not.toContain(gone);
  });

  it("keeps a rule when one selector of its list applies, and a compound selector only with all its classes", () => {
    expect(subset('<a class="pdf-icon"></a>')).toContain('.open\\:block[open],a[href$=".pdf"] .pdf-icon{display:block}');
    expect(subset('<a class="group-hover:underline"></a>')).not.toContain(".group-hover");
    expect(subset('<a class="group"><b class="group-hover:underline"></b></a>')).toContain(".group-hover\\:underline:is(:where(.group):hover *){");
  });

  it("drops whole layers and media blocks with nothing left in them", () => {
    const css = subset("<p>plain</p>");
    expect(css).not.toContain("@layer utilities{");
    expect(css).not.toContain("@media");
  });
});
