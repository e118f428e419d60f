import type { RequestHandler } from "express";

const HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];

/** The same headers as a flat [name, value, ...] list (the page cache bakes them into its entries). */
export function securityHeaderList(): string[] {
  return HEADERS.flat();
}

/**
 * Headers for every response (HSTS over https only). The
 * Content-Security-Policy of HTML documents is set in entry.server.tsx, from
 * the hashes of the document's own inline scripts.
 */
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of HEADERS) res.setHeader(name, value);
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}
