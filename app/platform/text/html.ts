/**
 * Text for HTML text and attribute values. Characters that are not allowed in
 * HTML at all (C0 controls but tab and line breaks, lone surrogates,
 * non-characters) are dropped, and so are bidi controls (embeddings,
 * overrides, isolates), which would let text a model or a visitor wrote read
 * differently on a published page or in an e-mail than it is stored; the five
 * special characters are escaped.
 */
export function escapeHtml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
