import postcss, { type AtRule, type ChildNode, type Container, type Root } from "postcss";

/**
 * The part of a stylesheet one document can use, for the pages that carry
 * their stylesheet inline (app/platform/render/inline-css.server.ts).
 *
 * The whole sheet is every page's classes (~76 KB); a page uses a third to a
 * half of it. The browser parses and matches every rule it is given before
 * the first paint, so what a page cannot use is work on the main thread of a
 * slow phone, and bytes in every response.
 *
 * A rule is kept when every class its selector names appears in one of the
 * document's `class` attributes (or, for a selector list, when one selector
 * qualifies). Everything else the selector says (elements, attributes,
 * `:hover`, `:where(...)`, `[open]`, `aria-*`) is not judged: the rule may
 * apply later, so it stays. Rules without classes (the base layer, `:root`
 * variables), `@property`, `@font-face`, `@keyframes` and layer statements
 * always stay. So a document styled by its own HTML looks the same with the
 * subset as with the whole sheet, also without JavaScript (hover and focus
 * states included); what JavaScript adds later (a dialog, client-side
 * navigation) gets the whole sheet, which the bootstrap switches on when
 * React starts (app/platform/render/defer-bootstrap.server.ts).
 */

type Node =
  | { kind: "text"; css: string }
  | { kind: "rule"; css: string; needs: string[][] }
  | { kind: "block"; open: string; children: Node[] };

const compiled = new WeakMap<Buffer, Node[]>();

/** The classes one selector requires (a selector list gives one set per selector). */
export function selectorClasses(selector: string): string[][] {
  const lists: string[][] = [];
  let current = new Set<string>();
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = closingQuote(selector, i);
      i = end;
      continue;
    }
    if (c === "[") {
      // An attribute selector: its value may contain dots that are not classes.
      i = closingBracket(selector, i);
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      lists.push([...current]);
      current = new Set();
    } else if (c === "." && /[-_a-zA-Z\\\u00a0-\uffff]/.test(selector[i + 1] ?? "")) {
      const [name, end] = readIdentifier(selector, i + 1);
      current.add(name);
      i = end - 1;
    }
  }
  lists.push([...current]);
  return lists;
}

function closingQuote(s: string, start: number) {
  const quote = s[start];
  for (let i = start + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === quote) return i;
  }
  return s.length;
}

function closingBracket(s: string, start: number) {
  for (let i = start + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"' || s[i] === "'") i = closingQuote(s, i);
    else if (s[i] === "]") return i;
  }
  return s.length;
}

/** A CSS identifier from `start`, unescaped (`\:` → `:`, `\32 xl` → `2xl`), and where it ends. */
function readIdentifier(s: string, start: number): [string, number] {
  let name = "";
  let i = start;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}/.exec(s.slice(i + 1, i + 7));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0], 16));
        i += 1 + hex[0].length;
        if (s[i] === " ") i++;
      } else {
        name += s[i + 1] ?? "";
        i += 2;
      }
    } else if (/[-_a-zA-Z0-9\u00a0-\uffff]/.test(c)) {
      name += c;
      i++;
    } else break;
  }
  return [name, i];
}

function compile(nodes: ChildNode[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.type === "comment") continue;
    if (node.type === "rule") {
      out.push({ kind: "rule", css: node.toString(), needs: selectorClasses(node.selector) });
    } else if (node.type === "atrule" && node.nodes && hasRules(node)) {
      out.push({ kind: "block", open: `@${node.name}${node.raws.afterName ?? " "}${node.params}${node.raws.between ?? ""}{`, children: compile(node.nodes) });
    } else {
      // Declarations at the top level of an at-rule (@font-face, @property), statements (@layer a, b;), keyframes' steps.
      out.push({ kind: "text", css: node.toString() + (node.type === "decl" || (node.type === "atrule" && !node.nodes) ? ";" : "") });
    }
  }
  return out;
}

/** An at-rule whose children are selectors (@media, @layer, @supports), not @keyframes' steps or @font-face's declarations. */
function hasRules(node: AtRule) {
  if (/keyframes$/i.test(node.name)) return false;
  return (node as Container).nodes!.some((n) => n.type === "rule" || n.type === "atrule");
}

/** The classes in a document's `class` attributes. */
export function documentClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(m[1]!).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function decodeEntities(s: string) {
  if (!s.includes("&")) return s;
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return s.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g, (_, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (named[name!] ?? ""),
  );
}

function emit(nodes: Node[], classes: Set<string>): string {
  let css = "";
  for (const node of nodes) {
    if (node.kind === "text") css += node.css;
    else if (node.kind === "rule") {
      if (node.needs.some((needed) => needed.every((c) => classes.has(c)))) css += node.css;
    } else {
      const inner = emit(node.children, classes);
      if (inner) css += node.open + inner + "}";
    }
  }
  return css;
}

/** The rules of `sheet` that `html` can use, in their order (the sheet is parsed once). */
export function stylesheetSubset(sheet: Buffer, html: string): Buffer {
  let nodes = compiled.get(sheet);
  if (!nodes) {
    const root: Root = postcss.parse(sheet.toString("utf8"));
    nodes = compile(root.nodes);
    compiled.set(sheet, nodes);
  }
  return Buffer.from(emit(nodes, documentClasses(html)), "utf8");
}
