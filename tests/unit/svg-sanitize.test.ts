import { Resvg } from "@resvg/resvg-js";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { MarkSchema, paintMark, type Mark } from "~/kit/assets/logo/mark";
import { sanitizeMarkSvg } from "~/kit/assets/logo/sanitize";

const palette = { primary: "#4F46E5", secondary: "#0EA5E9", accent: "#F59E0B", background: "#FFFFFF", text: "#0F172A" };
const ELEMENTS = new Set(["g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon"]);
const ATTRIBUTES = new Set(
  "d cx cy r rx ry x y width height x1 y1 x2 y2 points transform fill stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit fill-rule clip-rule opacity fill-opacity stroke-opacity".split(
    " ",
  ),
);
const svg = (inner: string, root = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"') => `<svg ${root}>${inner}</svg>`;
const DISC = '<circle cx="50" cy="50" r="30" fill="#4F46E5"/>';

type Node = { name: string; attrs: Record<string, string>; children: Node[]; depth: number };

/** The body re-read by an independent parse, as a flat list of elements with their depth. */
function elementsOf(body: string): Node[] {
  const parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", processEntities: false }).parse(
    `<root>${body}</root>`,
    true,
  ) as Record<string, unknown>[];
  const out: Node[] = [];
  const walk = (nodes: Record<string, unknown>[], depth: number) => {
    for (const n of nodes) {
      const name = Object.keys(n).find((k) => k !== ":@")!;
      if (name === "#text") {
        out.push({ name, attrs: {}, children: [], depth });
        continue;
      }
      out.push({ name, attrs: (n[":@"] ?? {}) as Record<string, string>, children: [], depth });
      walk(n[name] as Record<string, unknown>[], depth + 1);
    }
  };
  walk((parsed[0]!.root as Record<string, unknown>[]) ?? [], 1);
  return out;
}

function accept(input: string, label?: string): Mark {
  const result = sanitizeMarkSvg(input, { label });
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  expectSafe(result.mark);
  return result.mark;
}

function reject(input: string): string {
  const result = sanitizeMarkSvg(input);
  expect(result.ok).toBe(false);
  return result.ok ? "" : result.reason;
}

/** Every accepted mark: whitelisted elements and attributes only, nothing that can fetch or run, and it renders. */
function expectSafe(mark: Mark) {
  expect(() => MarkSchema.parse(mark)).not.toThrow();
  const { body } = mark;
  for (const needle of ["<script", "href", "url(", "javascript:", "data:", "<!", "<?", "&"]) expect(body.toLowerCase()).not.toContain(needle);
  expect(body).not.toMatch(/\son[a-z]*\s*=/i);
  const nodes = elementsOf(body);
  for (const n of nodes) {
    expect(ELEMENTS.has(n.name), `element ${n.name}`).toBe(true);
    expect(n.depth).toBeLessThanOrEqual(8);
    for (const [k, v] of Object.entries(n.attrs)) {
      expect(ATTRIBUTES.has(k), `attribute ${k}`).toBe(true);
      if (k === "fill" || k === "stroke") expect(v).toMatch(/^(none|@(primary|secondary|accent|background|text))$/);
    }
  }
  const image = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}">${paintMark(body, palette)}</svg>`, {
    fitTo: { mode: "width", value: 64 },
  }).render();
  expect(image.width).toBe(64);
  const pixels = image.pixels;
  let ink = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) ink++;
  expect(ink, "renders something").toBeGreaterThan(0);
}

const count = (body: string, tag: string) => body.split(`<${tag}`).length - 1;

describe("sanitizeMarkSvg: hostile input", () => {
  it.each([
    ["<script>", `<script>alert(1)</script>${DISC}`],
    ["<SCRIPT>", `<SCRIPT>alert(1)</SCRIPT>${DISC}`],
    ["namespaced svg:script", `<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script><svg:circle xmlns:svg="http://www.w3.org/2000/svg" r="9"/>${DISC}`],
    [
      "foreignObject with HTML",
      `<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><iframe src="javascript:alert(1)"></iframe></div></foreignObject>${DISC}`,
    ],
    ["iframe and unknown elements", `<iframe src="http://evil.test/"/><blink/>${DISC}`],
    ["<use> with href to http:", `<use href="http://evil.test/a.svg#x"/>${DISC}`],
    ["<use> with xlink:href javascript:", `<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"/>${DISC}`],
    ["<image> with a data: URL", `<image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" width="10" height="10"/>${DISC}`],
    ["<a> around shapes", `<a href="javascript:alert(1)"><circle r="40" fill="#000"/></a>${DISC}`],
    ["<style> with @import and url()", `<style>@import url(http://evil.test/x.css); circle { fill: url(#x) }</style>${DISC}`],
    ["defs, filter, mask, clipPath, animate, set", `<defs><filter id="f"/><mask id="m"/><clipPath id="c"/></defs><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/>${DISC}`],
    ["CDATA", `<![CDATA[<script>alert(1)</script>]]>${DISC}`],
    ["processing instruction", `<?xml-stylesheet href="http://evil.test/x.css"?>${DISC}`],
    ["comment", `<!-- <script>alert(1)</script> -->${DISC}`],
    ["text, tspan, textPath", `<text x="10" y="10">Acme<tspan>Co</tspan><textPath href="#p">x</textPath></text>${DISC}`],
  ])("drops %s and keeps the shapes", (_, inner) => {
    const mark = accept(svg(inner));
    expect(count(mark.body, "circle")).toBe(1);
    expect(mark.body).toContain('fill="@primary"');
  });

  it("drops on* handlers in any case, style, class and id attributes, keeping the element", () => {
    const mark = accept(
      svg(
        `<circle cx="50" cy="50" r="30" fill="#4F46E5" onclick="alert(1)" OnMouseOver="alert(1)" style="fill:url(javascript:alert(1))" class="a" id="b"/><rect width="10" height="10" ONLOAD="x" fill="#0EA5E9"/>`,
        'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)"',
      ),
    );
    expect(mark.body).toBe('<circle cx="50" cy="50" r="30" fill="@primary"/><rect width="10" height="10" fill="@secondary"/>');
  });

  it("drops namespaced attributes and values with url(, javascript: or data:", () => {
    const mark = accept(
      svg(
        `<path d="M10 10 H90 V90 Z" xml:space="preserve" xlink:title="x" fill="url(http://evil.test/x)" stroke="javascript:alert(1)" transform="url(#x)"/>`,
        'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100"',
      ),
    );
    // The rejected fill still meant "painted": it becomes the primary colour, not SVG's default black.
    expect(mark.body).toBe('<path d="M10 10 H90 V90 Z" fill="@primary"/>');
  });

  it("never decodes entity-encoded javascript", () => {
    const mark = accept(svg(`<circle r="20" cx="20" cy="20" fill="&#106;avascript:alert(1)" stroke="&#x6a;avascript:x"/>${DISC}`));
    expect(mark.body).not.toMatch(/avascript/i);
  });

  it("rejects a DOCTYPE with entities (billion laughs) before parsing", () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`),
      "]>",
    ].join("\n");
    const started = performance.now();
    expect(reject(`${lol}${svg(`<circle r="10" fill="&lol9;"/>`)}`)).toMatch(/DOCTYPE/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("rejects ENTITY and other declarations without a DOCTYPE, in any case", () => {
    reject(`<!entity x "y">${svg(DISC)}`);
    reject(svg(`<!ELEMENT circle ANY>${DISC}`));
    reject(`<!doctype svg>${svg(DISC)}`);
  });

  it("rejects input over 200 KB before parsing, such as a 5 MB path", () => {
    const huge = svg(`<path d="M0 0${" L1 1".repeat(1_000_000)}"/>`);
    expect(huge.length).toBeGreaterThan(5_000_000);
    const started = performance.now();
    expect(reject(huge)).toMatch(/KB/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("drops a path over 20,000 characters with a reason, and rejects when nothing else is left", () => {
    const long = `<path d="M0 0${" L1 1".repeat(5_000)}" fill="#000"/>`;
    const result = sanitizeMarkSvg(svg(long + DISC));
    expect(result.ok && result.dropped).toContain("path data over 20000 characters");
    expect(reject(svg(long))).toMatch(/nothing drawable/);
  });

  it("keeps the body under 60,000 characters", () => {
    const path = (i: number) => `<path d="M${i} 0${" l1 1".repeat(3_700)}" stroke="#000" fill="none"/>`;
    const result = sanitizeMarkSvg(svg([1, 2, 3, 4].map(path).join("")));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mark.body.length).toBeLessThanOrEqual(60_000);
    expect(count(result.mark.body, "path")).toBe(3);
    expect(result.dropped).toContain("elements past 60000 characters");
  });

  it("caps 10,000 circles at 200 elements", () => {
    const input = svg('<circle r="1"/>'.repeat(10_000));
    const started = performance.now();
    const result = sanitizeMarkSvg(input);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expectSafe(result.mark);
    expect(count(result.mark.body, "circle")).toBe(200);
    expect(result.dropped).toContain("elements after the first 200");
  });

  it("drops what is nested deeper than 8 and rejects absurd nesting", () => {
    const nest = (n: number, inner: string) => "<g>".repeat(n) + inner + "</g>".repeat(n);
    const mark = accept(svg(nest(7, '<circle r="5" fill="#000"/>') + nest(12, '<rect width="5" height="5"/>')));
    expect(count(mark.body, "circle")).toBe(1);
    expect(count(mark.body, "rect")).toBe(0);
    expect(Math.max(...elementsOf(mark.body).map((n) => n.depth))).toBe(8);
    reject(svg(nest(5_000, DISC)));
  });

  it("rejects a namespaced or foreign root and answers without an <svg>", () => {
    reject(`<svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><svg:circle r="4"/></svg:svg>`);
    reject(`<svg xmlns="http://www.w3.org/1999/xhtml" viewBox="0 0 10 10"><circle r="4"/></svg>`);
    reject("Sorry, I cannot draw logos.");
    reject("<svg viewBox='0 0 10 10'><circle r='4'>");
  });

  it("survives attribute names that collide with object properties", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "prototype"]) {
      const result = sanitizeMarkSvg(svg(`<circle r="9" ${name}="x"/>${DISC}`));
      if (result.ok) expectSafe(result.mark);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("rejects shapes that carry no paint or geometry", () => {
    expect(reject(svg('<circle cx="5" cy="5"/><rect width="0" height="9"/><path d="M0 0" fill="none"/><line x2="9" y2="9"/>'))).toMatch(
      /nothing drawable/,
    );
  });
});

describe("sanitizeMarkSvg: model answers", () => {
  it("accepts a fenced answer with prose around it, even when the prose mentions <svg>", () => {
    const answer = [
      "Sure! Here is a simple <svg> logo mark for Acme:",
      "",
      "```svg",
      '<?xml version="1.0" encoding="UTF-8"?>',
      svg(DISC),
      "```",
      "",
      "The circle stands for unity. Let me know if you want a </svg> variant.",
    ].join("\n");
    const mark = accept(answer, "Unity circle");
    expect(mark).toEqual({ viewBox: "0 0 100 100", body: '<circle cx="50" cy="50" r="30" fill="@primary"/>', source: "ai", label: "Unity circle" });
  });

  it("reads the viewBox, or width and height when there is none", () => {
    expect(accept(svg(DISC, 'viewBox="-10 -10.5 120,120"')).viewBox).toBe("-10 -10.5 120 120");
    expect(accept(svg(DISC, 'width="64px" height="48"')).viewBox).toBe("0 0 64 48");
    reject(svg(DISC, 'viewBox="0 0 0 100"'));
    reject(svg(DISC, 'viewBox="0 0 100"'));
    reject(svg(DISC, 'viewBox="0 0 1e400 100"'));
    reject(svg(DISC, 'width="100%" height="100%"'));
    reject(svg(DISC, ""));
  });

  it("turns colours into palette roles", () => {
    const mark = accept(
      svg(
        [
          '<rect width="100%" height="100%" fill="#FFFFFF"/>',
          '<circle cx="30" cy="30" r="10" fill="#4f46e5"/>',
          '<circle cx="60" cy="30" r="10" fill="rgb(14, 165, 233)" stroke="#4F46E6" stroke-width="2"/>',
          '<circle cx="30" cy="60" r="10" fill="orange"/>',
          '<circle cx="60" cy="60" r="10" fill="#f0f"/>',
          '<rect x="10" y="80" width="80" height="10" fill="#111"/>',
          '<rect x="10" y="90" width="80" height="5" fill="black" stroke="none"/>',
          '<circle cx="90" cy="10" r="5" fill="currentColor"/>',
          '<circle cx="90" cy="10" r="5" fill="none" stroke="#FAFAFA"/>',
          '<circle cx="90" cy="10" r="5" fill="hsl(0, 100%, 50%)"/>',
        ].join(""),
      ),
    );
    const fills = elementsOf(mark.body).map((n) => [n.attrs.fill, n.attrs.stroke].filter(Boolean).join("/"));
    expect(fills).toEqual([
      "@background",
      "@primary",
      "@secondary/@primary",
      "@accent",
      "@accent",
      "@text",
      "@text/none",
      "@primary",
      "none/@background",
      "@primary", // an unsupported colour syntax: dropped, then painted as the mark
    ]);
    // Percentages are resolved against the viewBox.
    expect(mark.body).toContain('<rect width="100" height="100" fill="@background"/>');
  });

  it("makes SVG's implicit black fill explicit and intended", () => {
    const mark = accept(
      svg(
        '<circle r="10" cx="20" cy="20"/><path d="M10 50 L90 50" stroke="#0EA5E9" stroke-width="4"/><g fill="#0EA5E9"><rect width="5" height="5"/></g><g stroke="#F59E0B"><circle r="3" cx="50" cy="50"/></g>',
      ),
    );
    expect(mark.body).toBe(
      [
        '<circle cx="20" cy="20" r="10" fill="@primary"/>',
        '<path d="M10 50 L90 50" fill="none" stroke="@secondary" stroke-width="4"/>',
        '<g fill="@secondary"><rect width="5" height="5"/></g>',
        '<g stroke="@accent"><circle cx="50" cy="50" r="3" fill="none"/></g>',
      ].join(""),
    );
  });

  it("keeps paint set on the root <svg> on a wrapping group", () => {
    const mark = accept(svg('<path d="M10 10 L90 90"/><circle r="5" cx="50" cy="50"/>', 'viewBox="0 0 100 100" fill="none" stroke="#4F46E5" stroke-width="6" stroke-linecap="round"'));
    expect(mark.body).toBe(
      '<g fill="none" stroke="@primary" stroke-width="6" stroke-linecap="round"><path d="M10 10 L90 90"/><circle cx="50" cy="50" r="5"/></g>',
    );
  });

  it("keeps a gradient fill as its first stop colour", () => {
    const mark = accept(
      svg(
        '<defs><linearGradient id="g1" x1="0" x2="1"><stop offset="0" stop-color="#0EA5E9"/><stop offset="1" stop-color="#4F46E5"/></linearGradient></defs><circle cx="50" cy="50" r="40" fill="url(#g1)"/><rect width="9" height="9" fill="url(#missing)" stroke="#000"/>',
      ),
    );
    expect(mark.body).toBe('<circle cx="50" cy="50" r="40" fill="@primary"/><rect width="9" height="9" fill="@primary" stroke="@text"/>');
  });

  it("validates numbers, points, transforms and keywords", () => {
    const mark = accept(
      svg(
        [
          '<rect x="10px" y=" 5 " width="1e1" height="4" rx="abc" fill="#000"/>',
          '<rect width="5" height="-4" fill="#000"/>',
          '<rect x="0" y="0" width="20" height="20" transform="translate(10,20) rotate(45 50 50) scale(2) skewX(10) matrix(1 0 0 1 0 0)" fill="#000" fill-rule="EVENODD" opacity="0.5" fill-opacity="2" stroke-linecap="bogus" stroke-miterlimit="0.5"/>',
          '<rect width="20" height="20" transform="rotate(45) translate(1 2 3)" fill="#000"/>',
          '<polygon points="10,10 90,10 50 90" fill="#000"/>',
          '<polyline points="10,10 90" stroke="#000"/>',
          '<path d="M0 0 L10 10 javascript:alert(1)" fill="#000"/>',
          '<line x1="0" y1="0" x2="100" y2="100" stroke="#000" stroke-width="4" fill="#000"/>',
        ].join(""),
      ),
    );
    expect(elementsOf(mark.body).map((n) => n.attrs)).toEqual([
      { x: "10", y: "5", width: "10", height: "4", fill: "@text" },
      {
        x: "0",
        y: "0",
        width: "20",
        height: "20",
        transform: "translate(10 20) rotate(45 50 50) scale(2) skewX(10) matrix(1 0 0 1 0 0)",
        fill: "@text",
        "fill-rule": "evenodd",
        opacity: "0.5",
      },
      { width: "20", height: "20", fill: "@text" },
      { points: "10,10 90,10 50,90", fill: "@text" },
      { x1: "0", y1: "0", x2: "100", y2: "100", fill: "@text", stroke: "@text", "stroke-width": "4" },
    ]);
  });

  it("keeps the shapes of a realistic model answer", () => {
    const answer = `Here's a minimalist logo mark for "Northwind Coffee":

\`\`\`svg
<svg width="512" height="512" viewBox="0 0 512 512" fill="none" xmlns="http://www.w3.org/2000/svg">
  <!-- Background circle -->
  <circle cx="256" cy="256" r="240" fill="#1E3A8A"/>
  <!-- Mountain peaks -->
  <path d="M96 368L208 192L272 288L320 224L416 368H96Z" fill="#FFFFFF"/>
  <!-- Steam -->
  <path d="M232 144C232 120 256 120 256 96M280 144C280 120 304 120 304 96" stroke="#F59E0B" stroke-width="16" stroke-linecap="round"/>
  <g transform="translate(256 400)">
    <rect x="-96" y="-8" width="192" height="16" rx="8" fill="#0D9488"/>
    <ellipse cx="0" cy="40" rx="48" ry="12" fill="#0D9488" opacity="0.6"/>
  </g>
  <text x="256" y="480" font-family="Arial" text-anchor="middle" fill="#1E3A8A">NORTHWIND</text>
</svg>
\`\`\`

The peaks evoke the north, and the steam ties it to coffee.`;
    const mark = accept(answer, "Northwind peaks");
    expect(mark.viewBox).toBe("0 0 512 512");
    expect(elementsOf(mark.body).map((n) => n.name)).toEqual(["g", "circle", "path", "path", "g", "rect", "ellipse"]);
    expect(mark.body).toContain('<g fill="none">');
    expect(mark.body).toContain('<circle cx="256" cy="256" r="240" fill="@primary"/>');
    expect(mark.body).toContain('fill="@background"/>');
    expect(mark.body).toContain('stroke="@secondary"');
    expect(mark.body).toContain('<rect x="-96" y="-8" rx="8" width="192" height="16" fill="@accent"/>');
    expect(mark.body).not.toContain("NORTHWIND");
  });

  it("is deterministic and idempotent", () => {
    const input = svg('<g transform="rotate(10 50 50)"><circle cx="50" cy="50" r="30" fill="#4F46E5" stroke="#F59E0B" stroke-width="3"/></g><polygon points="0,0 10,0 5,9" fill="#0EA5E9"/>');
    const first = accept(input);
    expect(accept(input)).toEqual(first);
    const again = accept(svg(paintMark(first.body, palette), `viewBox="${first.viewBox}"`));
    expect(again.body).toBe(first.body);
  });

  it("labels the mark, trimmed to 60 characters", () => {
    expect(accept(svg(DISC)).label).toBe("AI mark");
    expect(accept(svg(DISC), `  ${"x".repeat(80)} `).label).toBe("x".repeat(60));
  });
});
