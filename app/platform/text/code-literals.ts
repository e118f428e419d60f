/**
 * Values written into generated code (the kit's tailwind.preset.js and
 * tokens.css) as literals that cannot end early: a brand name is the
 * founder's (or a model's) text, and a line break, a quote or a comment's end
 * in it must stay text, never become code that `require` runs or a rule a
 * stylesheet applies.
 */

/**
 * JSON as JavaScript source. JSON.stringify leaves U+2028 and U+2029 as they
 * are: line terminators to older engines, and to any tool that reads the line
 * a `//` comment is on, so they are escaped too.
 */
export function jsLiteral(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * A CSS string (CSS Syntax 3, §4.3.5): the quote and backslash escaped with a
 * backslash, control characters, line breaks and `<` (so the string is safe
 * inside an HTML <style> too) as hex escapes followed by a space, which ends
 * the escape. U+2028/U+2029 are escaped for the same reason as in JavaScript.
 */
export function cssString(value: string, quote: '"' | "'" = '"'): string {
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029<]|["'\\]/g, (c) =>
    c === "\\" || c === '"' || c === "'" ? `\\${c}` : `\\${c.charCodeAt(0).toString(16).toUpperCase()} `,
  );
  return `${quote}${escaped}${quote}`;
}

/**
 * Text for inside a CSS comment, which has no escapes: `*\/` (and `<`, for an
 * HTML <style>) would end more than the comment, so the slash after a star
 * gets a backslash, and line breaks and control characters become spaces.
 */
export function cssCommentText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ")
      .replace(/\*\//g, "*\\/")
      .replace(/</g, "\\3C ")
  );
}
