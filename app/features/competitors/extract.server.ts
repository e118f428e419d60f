import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

/**
 * The main text of a competitor's page, as lines (headings, paragraphs, list
 * items and table rows each on a line of their own), for change detection.
 *
 * Readability (on linkedom, a small DOM without layout: far lighter than
 * jsdom for a weekly batch) finds the article. Pricing pages and feature
 * grids are often not "article-like" and lose their plan cards there, so when
 * Readability's text is much shorter than the page's body text (less nav,
 * header/footer, scripts, forms and cookie banners) the body text is used.
 *
 * needsBrowser: the page has (almost) no text of its own but scripts, an
 * empty app root or a <noscript> "enable JavaScript": an empty shell that
 * only a browser would fill.
 */

// Elements whose text ends a line before and after them.
const BLOCK = new Set([
  "ADDRESS", "ARTICLE", "ASIDE", "BLOCKQUOTE", "BODY", "BR", "CAPTION", "DD", "DETAILS", "DIALOG", "DIV", "DL", "DT",
  "FIELDSET", "FIGCAPTION", "FIGURE", "FOOTER", "FORM", "H1", "H2", "H3", "H4", "H5", "H6", "HEADER", "HGROUP", "HR",
  "LI", "MAIN", "NAV", "OL", "P", "PRE", "SECTION", "SUMMARY", "TABLE", "TBODY", "TFOOT", "THEAD", "TR", "UL", "OPTION",
]);
const CELL = new Set(["TD", "TH"]);
const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "CANVAS", "IFRAME", "OBJECT", "EMBED", "HEAD", "TITLE", "META", "LINK", "SELECT", "BUTTON", "INPUT", "TEXTAREA"]);
// Not the page's content: site navigation and chrome, banners, dialogs.
const CHROME = "nav, footer, aside, form, [role=navigation], [role=banner], [role=contentinfo], [role=dialog], [aria-hidden=true], [hidden]";
const BANNER = /(^|[\s_-])(cookie|cookies|consent|gdpr|cc-banner|onetrust|truste)([\s_-]|$)/i;

type El = Element;

function linesOf(root: Node): string[] {
  const lines: string[] = [];
  let current = "";
  // Set at an inline element's edge: "<span>Starter</span><span>$9/month</span>" reads "Starter $9/month".
  let edge = false;
  const flush = () => {
    const line = current.replace(/\s+/g, " ").trim();
    if (line) lines.push(line);
    current = "";
    edge = false;
  };
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = node.textContent ?? "";
      if (edge && /[\p{L}\p{N}]$/u.test(current) && /^[\p{L}\p{N}$€£¥₹]/u.test(text)) current += " ";
      if (text) edge = false;
      current += text;
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const el = node as El;
    const tag = (el.tagName ?? "").toUpperCase();
    if (SKIP.has(tag)) return;
    if (tag === "IMG") {
      // An image's alt text is part of a plan card or a logo wall only when it says something.
      return;
    }
    if (tag === "TR") {
      flush();
      const cells: string[] = [];
      for (const cell of Array.from(el.children)) {
        if (!CELL.has(cell.tagName.toUpperCase())) continue;
        const text = linesOf(cell).join(" ").trim();
        cells.push(text || "–");
      }
      const row = cells.join(" | ").trim();
      if (cells.some((c) => c !== "–")) lines.push(row);
      return;
    }
    const block = BLOCK.has(tag);
    if (block) flush();
    if (tag === "BR") return;
    if (!block) edge = true;
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
    else edge = true;
  };
  walk(root);
  flush();
  return lines;
}

function removeChrome(root: Element) {
  for (const el of Array.from(root.querySelectorAll(CHROME))) el.remove();
  // The site's header (logo and menu) is chrome; a header inside the content, or a hero with its heading, is not.
  for (const el of Array.from(root.querySelectorAll("header"))) {
    if (el.parentElement?.closest("main, article, section, [role=main]")) continue;
    if (!el.querySelector("h1, h2")) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll("[id], [class]"))) {
    const marker = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`;
    if (BANNER.test(marker)) el.remove();
  }
}

/** A whole document even for a fragment or plain text (linkedom leaves those without a body). */
function wholeDocument(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  const head = /<head[\s>][\s\S]*?<\/head>/i.exec(html)?.[0] ?? "<head></head>";
  const rest = html
    .replace(/<!doctype[^>]*>/i, "")
    .replace(/<head[\s>][\s\S]*?<\/head>/i, "")
    .replace(/<\/?html[^>]*>/gi, "");
  return `<!doctype html><html>${head}<body>${rest}</body></html>`;
}

function parse(html: string): Document {
  return parseHTML(wholeDocument(html)).document as unknown as Document;
}

const READABILITY_MAX_CHARS = 1_000_000;
const PRICE = /[$€£¥₹]\s?\d|\d\s?(?:€|£|usd|eur|gbp)\b/i;
function priceLines(lines: string[]) {
  return lines.filter((l) => PRICE.test(l)).length;
}

function textLength(lines: string[]) {
  return lines.reduce((n, l) => n + l.length, 0);
}

/** Readability's article as lines, on a copy of the page without its chrome; null when it finds none. */
function readArticle(html: string, url: string): { title: string; lines: string[] } | null {
  try {
    const readable = parse(html);
    if (readable.body) removeChrome(readable.body);
    const base = readable.createElement("base");
    base.setAttribute("href", url);
    readable.head?.appendChild(base);
    const article = new Readability<Node>(readable, { serializer: (node) => node, charThreshold: 200 }).parse();
    if (!article?.content) return null;
    return { title: (article.title ?? "").trim(), lines: linesOf(article.content) };
  } catch {
    // A page Readability cannot take apart still has its body text.
    return null;
  }
}

const JS_NOTICE = /(enable|turn on|requires?|needs?|activate)\s+(your\s+)?javascript|javascript\s+(is\s+)?(required|disabled|needed)|javascript to (run|use|view)/i;

export function mainText(html: string, url: string): { title: string; text: string; needsBrowser: boolean } {
  try {
    return extract(html, url);
  } catch {
    // Markup no parser makes sense of: no text to compare (the watcher says the page could not be read).
    return { title: "", text: "", needsBrowser: false };
  }
}

function extract(html: string, url: string): { title: string; text: string; needsBrowser: boolean } {
  // Body text without the chrome: the fallback and the measure of the page.
  const doc = parse(html);
  const title = (doc.querySelector("title")?.textContent ?? "").replace(/\s+/g, " ").trim();
  const noscriptText = Array.from(doc.querySelectorAll("noscript")).map((n) => n.textContent ?? "").join(" ");
  const scripts = doc.querySelectorAll("script").length;
  const body = doc.body ?? doc.documentElement;
  removeChrome(body);
  const main = body.querySelector("main, [role=main]");
  const bodyLines = linesOf(body);
  const mainLines = main ? linesOf(main) : [];
  // <main> when the page marks it and it holds most of the text.
  const fallback = mainLines.length > 0 && textLength(mainLines) >= 0.5 * textLength(bodyLines) ? mainLines : bodyLines;

  let lines = fallback;
  let articleTitle = "";
  // Readability scores every node: on a very large page it costs seconds of CPU for little gain.
  const article = html.length <= READABILITY_MAX_CHARS ? readArticle(html, url) : null;
  if (article) {
    articleTitle = article.title;
    // Readability keeps an article; when it kept much less than the page shows (feature grids), or
    // fewer prices (plan cards beside a long FAQ), the page's own text is used.
    if (textLength(article.lines) >= 0.7 * textLength(fallback) && priceLines(article.lines) >= priceLines(fallback)) lines = article.lines;
  }

  const visible = textLength(bodyLines);
  const emptyRoot = Array.from(doc.querySelectorAll("#root, #app, #__next, #__nuxt, #svelte, [data-reactroot], app-root")).some(
    (el) => (el.textContent ?? "").trim().length < 40,
  );
  const needsBrowser = visible < 200 && (JS_NOTICE.test(noscriptText) || emptyRoot || (scripts > 0 && visible < 80));

  return { title: title || articleTitle, text: lines.join("\n"), needsBrowser };
}
