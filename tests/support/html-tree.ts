import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * A small HTML reader for tests of LaunchKit's own generated documents: a
 * real parser (fast-xml-parser, with HTML's void elements and raw-text
 * <style>), so a test sees the elements and attributes a browser would, not
 * what a regular expression guesses.
 */

export type El = { tag: string; attrs: Record<string, string>; children: Node[] };
export type Node = El | { text: string };

const VOID = ["meta", "link", "input", "br", "img", "hr", "source"];

type Raw = Record<string, unknown>;

function convert(list: Raw[]): Node[] {
  const out: Node[] = [];
  for (const item of list) {
    const attrs: Record<string, string> = {};
    let tag: string | null = null;
    let children: Node[] = [];
    for (const [k, v] of Object.entries(item)) {
      if (k === ":@") {
        for (const [a, val] of Object.entries(v as Raw)) attrs[a.replace(/^@_/, "")] = val === true ? "" : String(val);
      } else if (k === "#text") {
        out.push({ text: String(v) });
      } else {
        tag = k;
        children = Array.isArray(v) ? convert(v as Raw[]) : [];
      }
    }
    if (tag && tag !== "!doctype") out.push({ tag, attrs, children });
  }
  return out;
}

export function parseHtml(html: string): El {
  const body = html.replace(/^<!doctype html>\s*/i, "");
  const valid = XMLValidator.validate(body, { allowBooleanAttributes: true, unpairedTags: VOID });
  if (valid !== true) throw new Error(`Not well-formed: ${JSON.stringify(valid.err)}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    allowBooleanAttributes: true,
    preserveOrder: true,
    unpairedTags: VOID,
    stopNodes: ["*.style"],
    trimValues: false,
    processEntities: true,
    htmlEntities: true,
    parseTagValue: false,
    parseAttributeValue: false,
  });
  const roots = convert(parser.parse(body) as Raw[]).filter((n): n is El => "tag" in n);
  const html_ = roots.find((r) => r.tag === "html");
  if (!html_) throw new Error("no <html>");
  return html_;
}

export function all(root: El, pred: (el: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (el: El) => {
    if (pred(el)) out.push(el);
    for (const c of el.children) if ("tag" in c) walk(c);
  };
  walk(root);
  return out;
}

export const byTag = (root: El, tag: string) => all(root, (e) => e.tag === tag);
export const byId = (root: El, id: string) => all(root, (e) => e.attrs.id === id)[0];

export function text(node: Node): string {
  if ("text" in node) return node.text;
  return node.children.map(text).join("");
}
