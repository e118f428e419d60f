import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStats } from "~/features/admin/admin.server";
import { getDb } from "~/platform/db/client.server";
import { kitAssets, logoImages, users } from "~/platform/db/schema";
import { createSession } from "~/features/auth/session.server";
import { saveAssetContent } from "~/kit/assets/assets.server";
import { DeckContentSchema, type DeckContent } from "~/kit/assets/deck/schema";
import { createRequestContext } from "~/platform/http/request-context";
import { settleGenerations } from "~/kit/runner/job.server";
import { regenerateAsset, startGeneration } from "~/kit/runner/commands.server";
import { kitBrand } from "~/kit/content.server";
import { setProviderForTests } from "~/ai/index.server";
import { saveBrandEdit } from "~/kit/assets/brand/edit.server";
import { kitZipResponse } from "~/kit/export/zip.server";
import { fileContext, kitFiles } from "~/kit/files.server";
import { createKit, getKit, statsForUser, updateKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";
import { drain, readPptx, readZip } from "../support/readers";
import { routeArgs } from "../support/route-args";

const input: WizardInput = {
  idea: "Mobile dog grooming van for busy pet owners",
  audience: "Busy professionals, new parents",
  geography: "Leeds",
  tone: "friendly",
  competitors: "",
  goal: "book calls",
  vibe: "cozy",
};

let userId: string;
let dir: string;
let template: string;

/** A completed kit: a copy of the one generated once for this file (a whole generation takes a while). */
async function generatedKit() {
  const source = (await getKit(template))!;
  const kit = await createKit(userId, input);
  const db = getDb();
  for (const row of await db.select().from(kitAssets).where(eq(kitAssets.kitId, template))) await db.insert(kitAssets).values({ ...row, kitId: kit.id });
  const [art] = await db.select().from(logoImages).where(eq(logoImages.kitId, template));
  if (art) await db.insert(logoImages).values({ ...art, kitId: kit.id });
  await updateKit(kit.id, { status: "completed", generationProgress: 100, generatedPrompt: source.generatedPrompt, generatedLogoUrl: source.generatedLogoUrl, generationMetadata: source.generationMetadata });
  return (await getKit(kit.id))!;
}

/** Runs the system unzip and Python's zipfile on the archive: both must accept it. */
function checkWithTools(zip: Buffer) {
  const file = path.join(dir, `kit-${Date.now()}.zip`);
  fs.writeFileSync(file, zip);
  for (const [cmd, args] of [
    ["unzip", ["-t", file]],
    ["python3", ["-m", "zipfile", "-t", file]],
  ] as const) {
    const r = spawnSync(cmd, args, { encoding: "utf8" });
    if (r.error && (r.error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${cmd} is not installed (.ci/run installs it)`);
    expect(r.status, `${cmd}: ${r.stdout}${r.stderr}`).toBe(0);
  }
}

beforeAll(async () => {
  for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL"]) delete process.env[k];
  setProviderForTests(undefined);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchkit-export-test-"));
  userId = (await createUser({ name: "Exporter", email: "export@example.com", password: "Secret123" })).id;
  const kit = await createKit(userId, input);
  await startGeneration(kit);
  await settleGenerations();
  template = kit.id;
}, 240_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("Download kit (.zip)", { timeout: 120_000 }, () => {
  it("streams every file of the kit, README first, in the design note's layout; each entry is the single download's bytes", async () => {
    const kit = await generatedKit();
    expect(kit.status).toBe("completed");
    const res = await kitZipResponse(kit);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-launch-kit\.zip"$/);
    const bytes = await drain(res.body!);
    checkWithTools(bytes);
    const entries = await readZip(bytes);
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe("README.txt");
    // The notes for AI coding agents sit at the root, right after the README.
    expect(names.slice(1, 4)).toEqual(["DESIGN.md", "AGENTS.md", "CLAUDE.md"]);
    const design = entries.find((e) => e.name === "DESIGN.md")!.data.toString("utf8");
    expect(design).toMatch(/^---\nversion: alpha\n/);
    expect(design).toContain((await kitBrand(kit.id))!.palette.primary);
    const agents = entries.find((e) => e.name === "AGENTS.md")!.data.toString("utf8");
    // Every file AGENTS.md points to in backticks is in the ZIP.
    for (const [, ref] of agents.matchAll(/`((?:brand|logo|website)\/[^`]*|DESIGN\.md)`/g)) expect(names.some((n) => n === ref || n.startsWith(ref!)), ref).toBe(true);
    expect(entries.find((e) => e.name === "CLAUDE.md")!.data.toString("utf8")).toBe("@AGENTS.md\n");
    for (const p of [
      "brand/brand.json",
      "brand/tokens.json",
      "brand/tokens.css",
      "brand/tailwind.preset.js",
      "brand/guidelines.pdf",
      "logo/logo.svg",
      "logo/logo-1024.png",
      "logo/concept-art.svg",
      "website/website-builder-prompt.txt",
      "deck/pitch-deck.pptx",
      "deck/pitch-deck.pdf",
    ]) {
      expect(names).toContain(p);
    }
    const folders = names.slice(1).map((n) => n.split("/")[0]);
    const order = ["brand", "logo", "website", "social", "research", "deck", "launch", "press"];
    expect(folders.map((f) => order.indexOf(f!))).toEqual([...folders.map((f) => order.indexOf(f!))].sort((a, b) => a - b));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);

    const files = await kitFiles(await fileContext((await getKit(kit.id))!));
    expect(names.slice(1).sort()).toEqual(files.map((f) => f.path).sort());
    for (const entry of entries.slice(1)) {
      const single = await files.find((f) => f.path === entry.name)!.render();
      expect(entry.data.equals(single), entry.name).toBe(true);
    }
    // README.txt describes every file, each on its line with a space before the description.
    const readme = entries[0]!.data.toString("utf8");
    for (const n of names.slice(1)) expect(readme, n).toMatch(new RegExp(`^${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} +\\S`, "m"));
    expect(readme).toContain((await kitBrand(kit.id))!.name);
    const deck = await readPptx(entries.find((e) => e.name === "deck/pitch-deck.pptx")!.data);
    // The cover and the five slides.
    expect(deck.slides).toHaveLength(6);
  });

  it("marks the kit exported on its first export (dashboard and admin counts follow) and the kit stays editable", async () => {
    const kit = await generatedKit();
    const before = { user: (await statsForUser(userId)).exported, admin: (await adminStats()).exported };
    await drain((await kitZipResponse(kit)).body!);
    expect((await getKit(kit.id))!.status).toBe("exported");
    expect((await statsForUser(userId)).exported).toBe(before.user + 1);
    expect((await adminStats()).exported).toBe(before.admin + 1);
    // A second export changes nothing.
    await drain((await kitZipResponse((await getKit(kit.id))!)).body!);
    expect((await statsForUser(userId)).exported).toBe(before.user + 1);

    // Still editable: a brand edit shows up in the next ZIP, and assets can be regenerated.
    const brand = (await kitBrand(kit.id))!;
    await saveBrandEdit(kit.id, brand, { name: "Renamed Grooming", tagline: brand.tagline, ...brand.palette, heading: brand.fonts.heading, body: brand.fonts.body });
    expect(await regenerateAsset((await getKit(kit.id))!, "deck")).toBeNull();
    await settleGenerations();
    const entries = await readZip(await drain((await kitZipResponse((await getKit(kit.id))!)).body!));
    expect(JSON.parse(entries.find((e) => e.name === "brand/brand.json")!.data.toString()).name).toBe("Renamed Grooming");
    const deck = await readPptx(entries.find((e) => e.name === "deck/pitch-deck.pptx")!.data);
    expect(deck.slides.map((s) => s.texts.join(" ")).join(" ")).toContain("Renamed Grooming");
  });

  it("leaves out assets that are not ready and says so in README.txt; a draft kit stays a draft", async () => {
    const kit = await generatedKit();
    await getDb().update(kitAssets).set({ status: "failed", version: 0, error: "The AI model timed out." }).where(eq(kitAssets.kitId, kit.id));
    await getDb().update(kitAssets).set({ status: "ready", version: 1, error: null }).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
    const draft = { ...kit, status: "draft" as const };
    const entries = await readZip(await drain((await kitZipResponse(draft)).body!));
    expect(entries.some((e) => e.name.startsWith("deck/"))).toBe(false);
    const readme = entries[0]!.data.toString();
    expect(readme).toContain("NOT IN THIS ZIP YET");
    expect(readme).toMatch(/Pitch deck: generation failed: The AI model timed out\./);
    expect((await getKit(kit.id))!.status).toBe("completed");
  });

  it("writes no temporary file", async () => {
    const kit = await generatedKit();
    const tmp = fs.mkdtempSync(path.join(dir, "tmp-"));
    const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
    process.env.TMPDIR = process.env.TMP = process.env.TEMP = tmp;
    try {
      expect(os.tmpdir()).toBe(tmp);
      await drain((await kitZipResponse(kit)).body!);
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

describe("editing a slide after the brand was renamed", { timeout: 120_000 }, () => {
  it("saves the edit even when the longer name would push another slide past its limits, and swaps whole words only", async () => {
    const kit = await generatedKit();
    const user = (await getDb().select().from(users).where(eq(users.id, userId)))[0]!;
    const cookie = (await createSession(new Request("http://launchkit.test"), user.id, false)).split(";")[0]!;
    const old = (await kitBrand(kit.id))!;
    const deck = (await getDb().select().from(kitAssets).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "deck"))))[0]!.content as DeckContent;
    // The solution's callout is at its 60-character limit with the old name in it.
    const callout = `${old.name} ${"x".repeat(60 - old.name.length - 1)}`;
    await saveAssetContent(kit.id, "deck", { ...deck, writtenFor: old.name, solution: { ...deck.solution, callout } });
    await saveAssetContent(kit.id, "brand", { ...old, name: "Sunrise Mobile Grooming Collective TX" });

    const route = await import("~/routes/dashboard/workspace/deck");
    const body = new URLSearchParams({ intent: "save-slide", slide: "problem", title: "Busy owners lose a Saturday", bullets: "Salons are booked weeks ahead\nDogs hate the car", callout: "Half a day lost", notes: "Say it plainly." });
    const request = new Request(`http://launchkit.test/dashboard/kits/${kit.id}/deck`, { method: "POST", body, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } });
    let result: unknown;
    try {
      result = await route.action(routeArgs(request, { id: kit.id }, createRequestContext("10.0.0.1")));
    } catch (thrown) {
      result = thrown;
    }
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
    const saved = DeckContentSchema.parse((await getDb().select().from(kitAssets).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "deck"))))[0]!.content);
    expect(saved.problem.title).toBe("Busy owners lose a Saturday");
    expect(saved.solution.callout).toBe(callout);
  });
});
