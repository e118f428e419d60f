/**
 * Control characters (C0 except tab and line breaks, DEL, and C1) have no
 * place in what people type into a form: they render as boxes, break CSV and
 * log lines, and can smuggle terminal escapes. Form schemas strip them before
 * any other check.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function stripControlCharacters(value: string) {
  return value.replace(CONTROL, "");
}
