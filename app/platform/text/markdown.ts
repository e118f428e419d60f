import { toOneLine } from "./text";

/**
 * User text inside generated Markdown (DESIGN.md, AGENTS.md, llms.txt): one
 * line, with every character that could start Markdown syntax or inline HTML
 * escaped by a backslash (CommonMark lets any ASCII punctuation be escaped):
 * emphasis, code, links, tags, entities, tables, and a block marker at its
 * start (a heading, quote or list inside a list item). A name like
 * "<b>*Acme*</b>" reads as those characters, never as markup; ordinary
 * punctuation (apostrophes, full stops, dashes inside words) stays readable.
 */
export function mdText(value: string): string {
  return toOneLine(value)
    .trim()
    .replace(/[\\`*_[\]<>&|~]/g, (c) => `\\${c}`)
    .replace(/^([#>+=-])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/** A URL as a Markdown link destination, bare (as llms.txt readers expect), with the characters that could end it percent-encoded. */
export function mdUrl(url: string): string {
  return url.replace(/[<>()\s]/g, (c) => encodeURIComponent(c));
}

/** Two texts as consecutive sentences: a full stop between them unless the first already ends one. */
export function sentences(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i, all) => (i < all.length - 1 && !/[.!?…:;)"”’]$/.test(p) ? `${p}.` : p))
    .join(" ");
}
