import { PassThrough, Readable } from "node:stream";
import yazl from "yazl";
import type { KitAsset, LaunchKit } from "~/platform/db/schema";
import { assetsOfKit } from "~/kit/assets/assets.server";
import { businessName } from "~/kit/format";
import { fileContext, kitFiles, type KitFile } from "~/kit/files.server";
import { FONTS } from "~/kit/brand/fonts";
import { KIT_PLAN } from "~/kit/plan";
import { setKitStatus } from "~/kit/kits.server";
import { logError } from "~/platform/log.server";
import type { Brand } from "~/kit/brand/brand";

/**
 * "Download kit (.zip)": every file of the kit's registry in the layout of
 * the design note, README.txt first. The archive is built as it is sent: yazl
 * asks for one entry at a time (addReadStreamLazy), the entry is rendered
 * then, and the output stream's backpressure reaches the renderers, so only
 * the entry being written is in memory, whatever the kit's size. Nothing is
 * written to disk.
 */

/** The ZIP's top-level folders in the design note's order; anything else goes last. */
const FOLDERS = ["brand", "logo", "website", "social", "research", "deck", "launch", "press"];

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A path every unzip tool writes the same on Windows, macOS and Linux: ASCII
 * letters, digits, dot, dash and underscore; no empty, "." or ".." segment,
 * no reserved Windows device name, no trailing dot or space, short enough for
 * Windows' 260-character limit with room for the folder it is unzipped into.
 */
export function isSafeZipPath(p: string): boolean {
  if (p.length === 0 || p.length > 120) return false;
  return p.split("/").every((seg) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(seg) && seg.length <= 64 && !/[. ]$/.test(seg) && !WINDOWS_RESERVED.test(seg));
}

/** The download's file name: the brand's name in safe letters, then "-launch-kit.zip". */
export function zipFileName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
  return base ? `${base}-launch-kit.zip` : "launch-kit.zip";
}

export type LeftOut = { kind: string; label: string; reason: string };

/** The kinds of the plan with no usable version: their files are not in the ZIP. */
export function leftOutAssets(rows: KitAsset[], hasBrand: boolean): LeftOut[] {
  const out: LeftOut[] = [];
  for (const entry of KIT_PLAN) {
    const row = rows.find((r) => r.kind === entry.kind);
    if (row && row.version > 0) continue;
    const reason = !row
      ? "not generated yet"
      : row.status === "failed"
        ? `generation failed${row.error ? `: ${row.error}` : ""} Retry it in your workspace.`
        : "still being generated";
    out.push({ kind: entry.kind, label: entry.label, reason });
  }
  if (!hasBrand) out.push({ kind: "guidelines", label: "Brand guidelines", reason: "needs the brand" });
  return out;
}

function rank(path: string) {
  // Files at the root (DESIGN.md, AGENTS.md) come first, after the README.
  if (!path.includes("/")) return -1;
  const i = FOLDERS.indexOf(path.split("/")[0]!);
  return i < 0 ? FOLDERS.length : i;
}

/** The files of the ZIP in their order (folder order of the design note, registry order inside), safe paths only, no duplicates. */
export function zipEntries(files: KitFile[]): KitFile[] {
  const seen = new Set<string>();
  const kept: KitFile[] = [];
  for (const f of files) {
    const key = f.path.toLowerCase();
    if (!isSafeZipPath(f.path) || seen.has(key)) {
      logError("kit file left out of the ZIP", undefined, { path: f.path, reason: seen.has(key) ? "duplicate" : "unsafe name" });
      continue;
    }
    seen.add(key);
    kept.push(f);
  }
  return kept.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f.path) - rank(b.f.path) || a.i - b.i).map(({ f }) => f);
}

const wrap = (s: string, width = 76, indent = "") => {
  const lines: string[] = [];
  let line = "";
  for (const word of s.split(/\s+/).filter(Boolean)) {
    if (line && (indent + line + " " + word).length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\r\n");
};

/** README.txt: what is inside, what is left out and why, and the brand in one page. CRLF, so Notepad shows it right too. */
export function readmeText(kit: Pick<LaunchKit, "businessIdea">, brand: Brand | null, files: KitFile[], leftOut: LeftOut[], date: Date): string {
  const name = brand?.name ?? businessName(kit.businessIdea);
  const out: string[] = [];
  out.push(`${name}: launch kit`, "=".repeat(Math.min(60, name.length + 12)));
  if (brand) out.push(brand.tagline);
  out.push("", `Made with LaunchKit on ${date.toISOString().slice(0, 10)}.`, "");
  out.push("WHAT IS INSIDE", "--------------");
  const width = Math.min(34, Math.max(...files.map((f) => f.path.length), 10) + 2);
  // A path longer than the column still gets a space before its description.
  for (const f of files) out.push(f.describe ? `${f.path.padEnd(width - 1)} ${f.describe}` : f.path);
  out.push("");
  if (leftOut.length) {
    out.push("NOT IN THIS ZIP YET", "-------------------");
    for (const l of leftOut) out.push(wrap(`- ${l.label}: ${l.reason}`, 76));
    out.push("When they are ready, download the kit again from your LaunchKit dashboard.", "");
  } else {
    out.push("Every part of your kit is in this ZIP.", "");
  }
  if (brand) {
    const p = brand.palette;
    out.push("THE BRAND IN ONE PAGE", "---------------------");
    out.push(`Name:        ${brand.name}`, `Tagline:     ${brand.tagline}`, "");
    out.push(wrap(`Positioning: ${brand.positioning}`), "");
    out.push("Colours:");
    for (const role of ["primary", "secondary", "accent", "background", "text"] as const) out.push(`  ${role.padEnd(11)} ${p[role]}`);
    out.push("", `Fonts:       ${FONTS[brand.fonts.heading].family} (headings), ${FONTS[brand.fonts.body].family} (text)`);
    out.push(wrap("Both are free Google Fonts (SIL Open Font License). To see the deck and documents in them in PowerPoint, Keynote or Word, install the .ttf files of brand/fonts/ on your computer (brand/fonts/INSTALL.txt says how); the .woff files are for websites. Google Slides has them built in.", 76, "             ").trimStart());
    out.push("", "Voice, do:");
    for (const d of brand.voice.dos) out.push(wrap(`- ${d}`, 76, "  "));
    out.push("Voice, don't:");
    for (const d of brand.voice.donts) out.push(wrap(`- ${d}`, 76, "  "));
    out.push("");
  }
  return `${out.join("\r\n")}\r\n`;
}

/** A rendered file in 64 KiB pieces, handed over as the archive asks for them (one piece would pass backpressure whole). */
function* slices(bytes: Buffer) {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

const STORED = /\.(png|jpe?g|webp|woff2?|pptx|ico|zip)$/i;

export type ZipEntry = { path: string; render(): Buffer | Promise<Buffer> };

/**
 * The archive as a web stream, each entry rendered only when yazl reaches it.
 * A failed render ends the stream with an error (the download fails visibly
 * rather than delivering a truncated ZIP); an abort (the client went away)
 * stops rendering.
 */
export function zipStream(entries: ZipEntry[], options: { mtime?: Date; signal?: AbortSignal } = {}): ReadableStream<Uint8Array> {
  const zip = new yazl.ZipFile();
  // A PassThrough at run time (the types say only NodeJS.ReadableStream).
  const output = zip.outputStream as PassThrough;
  const mtime = options.mtime ?? new Date();
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    if (!options.signal?.aborted) logError("kit ZIP failed", error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { mtime, mode: 0o100644, compress: !STORED.test(entry.path) }, (cb) => {
      if (options.signal?.aborted || failed) return cb(new Error("export cancelled"), new PassThrough());
      Promise.resolve()
        .then(() => entry.render())
        .then(
          (bytes) => cb(null, Readable.from(slices(bytes))),
          (error: unknown) => cb(error instanceof Error ? error : new Error(String(error)), new PassThrough()),
        );
    });
  }
  zip.end();
  options.signal?.addEventListener("abort", () => fail(new Error("export cancelled")), { once: true });
  // An explicit budget in bytes for the web stream's own queue, whatever the Node version's default.
  return Readable.toWeb(output, { strategy: new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }) }) as ReadableStream<Uint8Array>;
}

/**
 * The kit's ZIP as a download response. The first export of a completed
 * kit marks it exported (the dashboard and admin counts follow); the kit
 * stays editable.
 */
export async function kitZipResponse(kit: LaunchKit, options: { watermark?: boolean; origin?: string; signal?: AbortSignal; now?: Date } = {}): Promise<Response> {
  const ctx = await fileContext(kit, { watermark: options.watermark, origin: options.origin });
  const files = zipEntries(await kitFiles(ctx));
  const now = options.now ?? new Date();
  const readme = readmeText(kit, ctx.brand, files, leftOutAssets(await assetsOfKit(kit.id), !!ctx.brand), now);
  const body = zipStream([{ path: "README.txt", render: () => Buffer.from(readme, "utf8") }, ...files], { mtime: now, signal: options.signal });
  if (kit.status === "completed") await setKitStatus(kit.id, "exported");
  const filename = zipFileName(ctx.brand?.name ?? businessName(kit.businessIdea));
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
