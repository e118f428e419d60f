import fs from "node:fs";
import path from "node:path";
import express from "express";
import { acceptedEncodings } from "~/platform/render/page-cache.server";
import { COMPRESSIBLE, walk } from "./precompress";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * The built client files (`build/client`): hashed files under /assets are
 * immutable for a year, the others (favicon, images) are cached for a week.
 * A file with a `.br` or `.gz` twin written at build time (vite.config.ts)
 * is sent compressed when the client accepts it, with `Vary: Accept-Encoding`
 * on every compressible file: no compression work per request.
 */
function decodedPath(p: string) {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

export function staticFiles(root: string): express.RequestHandler {
  // The build's files are known at start-up: a page URL goes on without a
  // file system lookup, a file URL finds its compressed twins in a map.
  const files = new Set<string>();
  const twins = new Map<string, { br: boolean; gzip: boolean }>();
  if (fs.existsSync(root)) {
    for (const file of walk(root)) {
      const url = `/${path.relative(root, file).split(path.sep).join("/")}`;
      files.add(url);
      if (COMPRESSIBLE.test(file)) twins.set(url, { br: fs.existsSync(`${file}.br`), gzip: fs.existsSync(`${file}.gz`) });
    }
  }
  const setHeaders = (res: express.Response, file: string) => {
    const url = `/${path.relative(root, file).split(path.sep).join("/")}`;
    res.setHeader(
      "Cache-Control",
      url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=604800",
    );
  };
  const serve = express.static(root, { index: false, setHeaders, cacheControl: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = decodedPath(req.path);
    if (!file || !files.has(file)) return next();
    const twin = twins.get(file);
    if (!twin) return serve(req, res, next);
    res.setHeader("Vary", "Accept-Encoding");
    const accepts = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = accepts.br && twin.br ? "br" : accepts.gzip && twin.gzip ? "gzip" : "identity";
    if (encoding === "identity") return serve(req, res, next);
    res.setHeader("Content-Type", TYPES[path.extname(req.path)] ?? "application/octet-stream");
    res.setHeader("Content-Encoding", encoding);
    const original = req.url;
    req.url = `${req.path}.${encoding === "br" ? "br" : "gz"}`;
    serve(req, res, (error?: unknown) => {
      // No twin on disk after all (a file removed since start-up): the plain file.
      req.url = original;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      if (error) next(error);
      else serve(req, res, next);
    });
  };
}
