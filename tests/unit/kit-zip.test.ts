import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { KitAsset } from "~/platform/db/schema";
import { isSafeZipPath, leftOutAssets, readmeText, zipEntries, zipFileName, zipStream } from "~/kit/export/zip.server";
import { makeBrand } from "../support/kit-fixtures";
import { drain, readZip } from "../support/readers";

const file = (path: string, body = path) => ({ path, contentType: "text/plain", render: () => Buffer.from(body) });

describe("file names in the ZIP", () => {
  it("accepts the kit's layout and refuses names that break on Windows, macOS or Linux", () => {
    for (const ok of ["README.txt", "brand/tokens.json", "logo/logo-512.png", "deck/pitch-deck.pptx", "brand/fonts/OFL-Fraunces.txt"]) expect(isSafeZipPath(ok)).toBe(true);
    for (const bad of ["", "../etc/passwd", "a/../b", "/abs.txt", "brand\\x.txt", "con.txt", "logo/NUL", "a/b.", "a/b ", "what?.txt", "a:b", "ünï.txt", "a//b", ".hidden", "x".repeat(121)]) {
      expect(isSafeZipPath(bad), bad).toBe(false);
    }
  });

  it("orders the folders as the design note does, drops unsafe and case-duplicate paths", () => {
    const files = [file("deck/a.pdf"), file("social/b.csv"), file("brand/c.json"), file("logo/d.svg"), file("brand/C.json"), file("brand/bad?.txt"), file("website/e.html"), file("research/f.md")];
    expect(zipEntries(files).map((f) => f.path)).toEqual(["brand/c.json", "logo/d.svg", "website/e.html", "social/b.csv", "research/f.md", "deck/a.pdf"]);
  });

  it("names the download after the brand in safe letters", () => {
    expect(zipFileName("Groomwell")).toBe("groomwell-launch-kit.zip");
    expect(zipFileName("Café & Ünïcode: Dogs!")).toBe("cafe-unicode-dogs-launch-kit.zip");
    expect(zipFileName("🚀🚀")).toBe("launch-kit.zip");
  });
});

describe("README.txt", () => {
  const row = (kind: string, status: KitAsset["status"], version: number, error: string | null = null) => ({ kind, status, version, error }) as KitAsset;
  it("lists what is inside, what is left out and why, and the brand in one page", () => {
    const leftOut = leftOutAssets([row("brand", "ready", 1), row("prompt", "ready", 1), row("logo", "ready", 1), row("deck", "failed", 0, "The model timed out."), row("social", "generating", 0)], true);
    expect(leftOut.map((l) => l.kind)).toEqual(expect.arrayContaining(["deck", "social"]));
    expect(leftOut.find((l) => l.kind === "deck")!.reason).toContain("The model timed out.");
    const brand = makeBrand();
    const text = readmeText({ businessIdea: "Mobile dog grooming" }, brand, [{ ...file("brand/brand.json"), describe: "Your brand as data" }], leftOut, new Date("2026-05-06T00:00:00Z"));
    expect(text).toContain("Groomwell: launch kit");
    expect(text).toMatch(/brand\/brand\.json\s+Your brand as data/);
    expect(text).toContain("NOT IN THIS ZIP YET");
    expect(text).toMatch(/Pitch deck: generation failed: The model timed out\./);
    expect(text).toContain(brand.palette.primary);
    expect(text).toContain("\r\n");
    expect(text).not.toMatch(/[^\r]\n/);
  });
  it("keeps a space between a path longer than the column and its description", () => {
    const long = "logo/logo-horizontal-dark-1024.png";
    const text = readmeText({ businessIdea: "Mobile dog grooming" }, makeBrand(), [{ ...file(long), describe: "Horizontal logo" }, { ...file("a.txt"), describe: "Short" }], [], new Date());
    expect(text).toContain(`${long} Horizontal logo`);
    expect(text).toMatch(/^a\.txt {2,}Short/m);
  });
  it("names the guidelines as left out when there is no brand", () => {
    expect(leftOutAssets([], false).map((l) => l.kind)).toContain("guidelines");
  });
});

describe("the ZIP stream", () => {
  it("renders each entry only when the archive reaches it, with the consumer's pace", async () => {
    const rendered: string[] = [];
    // 2 MB that does not compress (an image, stored as it is).
    const big = crypto.randomBytes(2 * 1024 * 1024);
    const entries = ["a.txt", "b.png", "c.txt", "d.txt"].map((p) => ({ path: p, render: () => (rendered.push(p), p === "b.png" ? big : Buffer.from(`${p}\n`)) }));
    const stream = zipStream(entries);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    // The consumer has taken one chunk: the 2 MB entry holds the rest back.
    expect(rendered).not.toContain("d.txt");
    const rest: Buffer[] = [Buffer.from(first.value!)];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest.push(Buffer.from(value));
    }
    expect(rendered).toEqual(["a.txt", "b.png", "c.txt", "d.txt"]);
    const zip = await readZip(Buffer.concat(rest));
    expect(zip.map((e) => e.name)).toEqual(["a.txt", "b.png", "c.txt", "d.txt"]);
    expect(zip[1]!.data.equals(big)).toBe(true);
    expect(zip.every((e) => e.mode === 0o644)).toBe(true);
  });

  it("fails the download instead of sending a truncated archive when a file cannot be rendered", async () => {
    const stream = zipStream([file("a.txt"), { path: "b.txt", render: () => Promise.reject(new Error("renderer broke")) }, file("c.txt")]);
    await expect(drain(stream)).rejects.toThrow();
  });

  it("stops rendering when the client goes away", async () => {
    const rendered: string[] = [];
    const controller = new AbortController();
    const entries = Array.from({ length: 20 }, (_, i) => ({ path: `f${i}.bin`, render: () => (rendered.push(`f${i}`), Buffer.alloc(512 * 1024, i)) }));
    const reader = zipStream(entries, { signal: controller.signal }).getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => {});
    await new Promise((r) => setTimeout(r, 100));
    expect(rendered.length).toBeLessThan(20);
  });
});
