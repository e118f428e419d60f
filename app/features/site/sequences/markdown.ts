import { escapeHtml } from "~/platform/text/html";

/**
 * The simple Markdown of a sequence e-mail, to HTML (every character of the
 * founder's text escaped; only https/http/mailto links kept) and to plain
 * text. Blocks: paragraphs, "# " / "## " headings, "- " or "* " lists,
 * "1. " lists; inline: **bold**, *italic* or _italic_, [text](url) and bare
 * https URLs. Pure and client-safe (the editor's preview can use it).
 */

export type MarkdownStyle = { text: string; link: string; headingFont: string; bodyFont: string };

type Block = { kind: "p" | "h1" | "h2" | "ul" | "ol"; lines: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current = null as Block | null;
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      current = null;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d{1,3}[.)]\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: heading[1]!.length === 1 ? "h1" : "h2", lines: [heading[2]!] });
      current = null;
    } else if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (current?.kind !== kind) blocks.push((current = { kind, lines: [] }));
      current.lines.push((bullet ?? numbered)![1]!);
    } else if (current?.kind === "p") {
      current.lines.push(line);
    } else {
      blocks.push((current = { kind: "p", lines: [line] }));
    }
  }
  return blocks;
}

const SAFE_URL = /^(https?:\/\/[^\s<>"']+|mailto:[^\s<>"']+)$/i;
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|(?<![\w*])\*([^*\n]+)\*(?![\w*])|(?<![\w_])_([^_\n]+)_(?![\w_])|(https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?])/g;

function inlineHtml(text: string, style: MarkdownStyle): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += escapeHtml(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      const url = m[2]!;
      out += SAFE_URL.test(url) ? `<a href="${escapeHtml(url)}" style="color:${style.link}">${escapeHtml(m[1])}</a>` : escapeHtml(m[0]);
    } else if (m[3] !== undefined) out += `<strong>${escapeHtml(m[3])}</strong>`;
    else if (m[4] !== undefined || m[5] !== undefined) out += `<em>${escapeHtml(m[4] ?? m[5]!)}</em>`;
    else out += `<a href="${escapeHtml(m[6]!)}" style="color:${style.link}">${escapeHtml(m[6]!)}</a>`;
  }
  return out + escapeHtml(text.slice(last));
}

function inlineText(text: string): string {
  return text.replace(INLINE, (whole, label, url, bold, em1, em2, bare) => {
    if (label !== undefined) return SAFE_URL.test(url) ? `${label} (${url})` : whole;
    return bold ?? em1 ?? em2 ?? bare;
  });
}

export function markdownToHtml(source: string, style: MarkdownStyle): string {
  const p = `margin:0 0 16px;font-family:${style.bodyFont};font-size:16px;line-height:1.6;color:${style.text}`;
  return parseBlocks(source)
    .map((b) => {
      if (b.kind === "h1" || b.kind === "h2") {
        const size = b.kind === "h1" ? 24 : 20;
        return `<${b.kind} style="margin:0 0 12px;font-family:${style.headingFont};font-size:${size}px;line-height:1.3;color:${style.text}">${inlineHtml(b.lines[0]!, style)}</${b.kind}>`;
      }
      if (b.kind === "p") return `<p style="${p}">${b.lines.map((l) => inlineHtml(l, style)).join("<br>")}</p>`;
      const items = b.lines.map((l) => `<li style="margin:0 0 6px">${inlineHtml(l, style)}</li>`).join("");
      return `<${b.kind} style="${p};padding-left:24px">${items}</${b.kind}>`;
    })
    .join("\n");
}

export function markdownToText(source: string): string {
  return parseBlocks(source)
    .map((b) => {
      if (b.kind === "h1" || b.kind === "h2") return inlineText(b.lines[0]!).toUpperCase();
      if (b.kind === "p") return b.lines.map(inlineText).join("\n");
      return b.lines.map((l, i) => `${b.kind === "ul" ? "-" : `${i + 1}.`} ${inlineText(l)}`).join("\n");
    })
    .join("\n\n");
}
