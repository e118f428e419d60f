import { inflateSync } from "node:zlib";
import type { FontId } from "./fonts";
import { fontBytes } from "./fonts.server";

/**
 * Desktop font files from the web fonts LaunchKit ships: the @fontsource
 * packages hold WOFF and WOFF2 only, which browsers read but PowerPoint,
 * Keynote and Word cannot install. A WOFF 1.0 file is an sfnt (TrueType or
 * OpenType) whose tables were compressed one by one with zlib
 * (https://www.w3.org/TR/WOFF/): unpacked and laid out again with a fresh
 * table directory and checksums, it is the original font file, ready to
 * install. Deterministic: the same WOFF gives the same bytes.
 */

export type DesktopFont = { bytes: Buffer; ext: "ttf" | "otf" };

const WOFF = 0x774f4646; // "wOFF"
const OTTO = 0x4f54544f; // "OTTO": CFF outlines

/** Sum of the big-endian uint32s of `data` (zero-padded to 4 bytes), modulo 2^32: the sfnt table checksum. */
function checksum(data: Buffer): number {
  let sum = 0;
  const padded = data.length % 4 ? Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]) : data;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The sfnt inside a WOFF 1.0 file. Throws on anything else (a WOFF2, a truncated file). */
export function woffToSfnt(woff: Buffer): DesktopFont {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF) throw new Error("not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    if (offset + compLength > woff.length) throw new Error("truncated WOFF file");
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : Buffer.from(stored);
    if (data.length !== origLength) throw new Error("a WOFF table did not unpack to its size");
    tables.push({ tag, data });
  }
  tables.sort((a, b) => a.tag - b.tag);

  const pow2 = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow2 * 16, 6);
  header.writeUInt16BE(Math.log2(pow2), 8);
  header.writeUInt16BE(numTables * 16 - pow2 * 16, 10);

  const HEAD = 0x68656164; // "head"
  const body: Buffer[] = [];
  let offset = header.length;
  let headAt = -1;
  tables.forEach(({ tag, data }, i) => {
    if (tag === HEAD) {
      // Its checksum is taken with checkSumAdjustment at zero; the file's is set once all is laid out.
      data.writeUInt32BE(0, 8);
      headAt = offset;
    }
    const record = 12 + i * 16;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(checksum(data), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padding = (4 - (data.length % 4)) % 4;
    body.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  const font = Buffer.concat([header, ...body]);
  if (headAt >= 0) font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headAt + 8);
  return { bytes: font, ext: flavor === OTTO ? "otf" : "ttf" };
}

const cache = new Map<string, DesktopFont>();

/** The catalogue font's desktop file (its Latin subset, as shipped), cached per process. */
export function desktopFont(id: FontId, weight: number): DesktopFont {
  const key = `${id}/${weight}`;
  let font = cache.get(key);
  if (!font) {
    font = woffToSfnt(fontBytes(id, weight, "latin", "woff"));
    cache.set(key, font);
  }
  return font;
}
