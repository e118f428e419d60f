import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/platform/http/safe-redirect";

/**
 * A redirect target or back link from the client is a path
 * of this site, or the fallback; never another host, never a value that
 * cannot be a header (which made `redirect()` throw, a 500).
 */

/** What a browser makes of a link or Location on this site: its origin must stay ours. */
const SITE = "http://127.0.0.1:4400";
const staysOnSite = (target: string) => new URL(target, SITE).origin === SITE;

/** Header values may not hold CR, LF, NUL or anything outside Latin-1 (undici: "Invalid character in header content"). */
const validHeader = (value: string) => {
  try {
    new Headers({ Location: value });
    return !/[^\x21-\x7e]/.test(value);
  } catch {
    return false;
  }
};

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/kits/1?x=1", "/dashboard/kits/1?x=1"],
    ["/wizard?idea=a+b&goal=book%20calls#step", "/wizard?idea=a+b&goal=book%20calls#step"],
    ["/checkout?plan=starter", "/checkout?plan=starter"],
    ["/", "/"],
    // Normalised by the URL parser, still on the site.
    ["/dashboard/../account", "/account"],
    ["/caf\u00e9", "/caf%C3%A9"],
    // Encoded, a tab or slash in a query value is data.
    ["/wizard?idea=line%0Abreak", "/wizard?idea=line%0Abreak"],
  ])("keeps the path %j as %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  const HOSTILE = [
    // The case: %09 is decoded from the query, then the browser drops the tab.
    "/\t/127.0.0.2:4400/x",
    "/%09/127.0.0.2:4400/x",
    "/\t/evil.example",
    "\t//evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\n/evil.example",
    "/dashboard\nSet-Cookie: x=1",
    "/dashboard\r",
    "/dashboard\v",
    "/dashboard\f",
    "/dashboard\u0000",
    "/dashboard\u3000",
    "/\u3000/evil.example",
    "/dashboard\u2028",
    "/dashboard\u00a0",
    "/dashboard\u202E",
    "/dashboard\u200B",
    " /dashboard",
    "/dash board",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%0A/evil.example",
    "/%E3%80%80/evil.example",
    "/%ZZ",
    "https://evil.example",
    "http://127.0.0.1:4400/dashboard",
    "HTTPS://evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "dashboard",
    "",
    `/${"a".repeat(2001)}`,
  ];

  it.each(HOSTILE.map((h) => [JSON.stringify(h.length > 60 ? `${h.slice(0, 20)}…` : h), h]))("refuses %s", (_, input) => {
    expect(safeRedirect(input)).toBe("/dashboard");
    expect(safeRedirect(input, "/")).toBe("/");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, new File(["x"], "x.txt")]) expect(safeRedirect(value)).toBe("/dashboard");
  });

  it("every answer stays on the site and is a valid Location header", () => {
    const inputs = [...HOSTILE, "/dashboard", "/caf\u00e9?q=\u00fc#\u00e4", "/a?b=\u3000"];
    for (const input of inputs) {
      const out = safeRedirect(input);
      expect(staysOnSite(out), JSON.stringify(input)).toBe(true);
      expect(validHeader(out), JSON.stringify(input)).toBe(true);
      expect(out.startsWith("/") && !out.startsWith("//"), JSON.stringify(input)).toBe(true);
    }
  });
});
