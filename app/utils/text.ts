/**
 * Control characters (C0 except tab and line breaks, DEL, and C1) have no
 * place in what people type into a form: they render as boxes, break CSV and
 * log lines, and can smuggle terminal escapes. Bidi controls (embeddings,
 * overrides, isolates) reorder the text around them, so a published page or
 * an e-mail could read differently from what was typed ("Trojan Source").
 * Form schemas clean text before any other check.
 */

/** Line breaks by any standard: CR, LF, VT, FF, NEL, line and paragraph separators. */
const BREAKS = "\\n\\v\\f\\r\\u0085\\u2028\\u2029";
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAK = new RegExp(`\\r\\n|[${BREAKS}]`, "g");
const BREAK_RUN = new RegExp(`[ \\t${BREAKS}]*[\\t${BREAKS}][ \\t${BREAKS}]*`, "g");
const NOT_ONE_LINE = new RegExp(`${CONTROL.source}|[\\t${BREAKS}]`);

/**
 * For multi-line fields (messages, descriptions): every kind of line break
 * becomes "\n" (a textarea posts "\r\n"; U+2028 is invisible in most
 * editors), tabs stay, other control and bidi characters go.
 */
export function stripControlCharacters(value: string) {
  return value.replace(CONTROL, "").replace(LINE_BREAK, "\n");
}

/**
 * For one-line fields (names, subjects, titles): as above, and a line break or
 * tab, with the spaces around it, becomes one space. A one-line value ends up
 * in e-mail subjects and bodies, CSV cells, headers and generated code, where
 * a line break would let the sender write lines of their own.
 */
export function toOneLine(value: string) {
  return value.replace(CONTROL, "").replace(BREAK_RUN, " ");
}

/** Whether a value has anything toOneLine would remove or replace (forms that refuse instead of cleaning). */
export function hasLineBreaksOrControls(value: string) {
  return NOT_ONE_LINE.test(value);
}
