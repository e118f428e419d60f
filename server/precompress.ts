import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a
 * built client directory (at the highest levels: this runs once per build).
 * Files that do not shrink by at least 5% are left alone.
 */
export function precompressDirectory(dir: string) {
  let written = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 512) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = zlib.gzipSync(body, { level: 9 });
    if (br.length < body.length * 0.95) {
      fs.writeFileSync(`${file}.br`, br);
      written++;
    }
    if (gz.length < body.length * 0.95) {
      fs.writeFileSync(`${file}.gz`, gz);
      written++;
    }
  }
  return written;
}

export function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
