import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { readPdf, readPptx, readZip } from "../support/readers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, mailsTo, query, signUp, test, randomIp } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

/** A kit through the wizard's plain form post, waited for until its pitch deck is ready. */
async function createDeckKit(page: Page) {
  const { idea } = uniqueIdea();
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals, new parents", geography: "Austin, Texas", tone: "friendly", competitors: "", goal: "book calls", vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'deck'", id)[0]?.status, { timeout: 40_000 }).toBe("ready");
  await expect.poll(() => query<{ n: number }>("select count(*) as n from kit_assets where kit_id = ? and status in ('queued', 'generating')", id)[0]?.n, { timeout: 40_000 }).toBe(0);
  return id;
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: (d as Download).suggestedFilename(), bytes: fs.readFileSync((await (d as Download).path())!) };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  if (!isNoJs(test.info().project.name)) await hydrated(page);
}

test.describe("deck, guidelines and export", () => {
  test.describe.configure({ timeout: 120_000 });

  test("download the ZIP, the deck and the guidelines; the kit becomes exported on the dashboard", async ({ page }) => {
    const email = await signUp(page);
    grantPlan(email, "starter");
    const id = await createDeckKit(page);
    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-exported")).toHaveText("0");

    // The deck: the cover and five slides as HTML, each with its notes; both files.
    await open(page, `/dashboard/kits/${id}/deck`);
    for (const key of ["cover", "problem", "solution", "market", "businessModel", "ask"]) await expect(page.getByTestId(`slide-${key}`)).toBeVisible();
    const box = (await page.getByTestId("slide-problem").boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    const pptx = await download(page, () => page.getByTestId("download-pptx").click());
    expect(pptx.name).toBe("pitch-deck.pptx");
    const deck = await readPptx(pptx.bytes);
    expect(deck.slides).toHaveLength(6);
    await expect(page.getByTestId("slide-cover")).toContainText(deck.slides[0]!.title);
    await expect(page.getByTestId("slide-problem")).toContainText(deck.slides[1]!.title);
    expect(deck.slides.every((s) => s.notes.length > 0)).toBe(true);
    const pdf = await download(page, () => page.getByTestId("download-pdf").click());
    expect(pdf.name).toBe("pitch-deck.pdf");
    expect((await readPdf(pdf.bytes)).pages).toBe(6);

    // Export: guidelines and the whole kit.
    await open(page, `/dashboard/kits/${id}/export`);
    const guide = await download(page, () => page.getByTestId("download-guidelines").click());
    expect(guide.name).toBe("guidelines.pdf");
    const guidePdf = await readPdf(guide.bytes);
    expect(guidePdf.pages).toBe(8);
    const zip = await download(page, () => page.getByTestId("download-zip").click());
    expect(zip.name).toMatch(/^[a-z0-9-]+-launch-kit\.zip$/);
    const entries = await readZip(zip.bytes);
    expect(entries[0]!.name).toBe("README.txt");
    const entry = (name: string) => entries.find((e) => e.name === name)!.data;
    // Every entry is the single download's bytes.
    expect(entry("deck/pitch-deck.pptx").equals(pptx.bytes)).toBe(true);
    expect(entry("deck/pitch-deck.pdf").equals(pdf.bytes)).toBe(true);
    expect(entry("brand/guidelines.pdf").equals(guide.bytes)).toBe(true);
    const tokens = await page.request.get(`/dashboard/kits/${id}/files/brand/tokens.json?download=1`);
    expect(Buffer.from(await tokens.body()).equals(entry("brand/tokens.json"))).toBe(true);
    for (const p of ["brand/brand.json", "brand/tokens.css", "brand/tailwind.preset.js", "logo/logo.svg", "website/website-builder-prompt.txt"]) expect(entries.map((e) => e.name)).toContain(p);
    // The notes for AI coding agents: listed under their own heading, each a single download with the ZIP's bytes.
    expect(entries.slice(1, 4).map((e) => e.name)).toEqual(["DESIGN.md", "AGENTS.md", "CLAUDE.md"]);
    const agentFiles = page.getByRole("heading", { name: "For AI coding agents", exact: true }).locator("..");
    await expect(agentFiles.getByRole("link")).toHaveText(["DESIGN.md", "AGENTS.md", "CLAUDE.md"]);
    const design = await download(page, () => agentFiles.getByRole("link", { name: "DESIGN.md" }).click());
    expect(design.name).toBe("DESIGN.md");
    expect(design.bytes.equals(entry("DESIGN.md"))).toBe(true);

    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-exported")).toHaveText("1");
    await expect(page.locator(`[data-kit-id="${id}"]`).getByText("exported")).toBeVisible();
    // Still editable after the export: the deck section takes an edit.
    await open(page, `/dashboard/kits/${id}/deck`);
    await expect(page.getByRole("button", { name: "Regenerate deck" })).toBeEnabled();
  });

  test("edit a slide without the AI; a bad edit is refused with a message and keeps the text", async ({ page }) => {
    await signUp(page);
    const id = await createDeckKit(page);
    await open(page, `/dashboard/kits/${id}/deck`);
    const slide = page.locator("#slide-problem");
    await slide.getByText("Edit this slide").click();
    await slide.getByLabel("Headline").fill("Grooming eats the weekend");
    await slide.getByLabel("Bullets (one a line)").fill("Only one bullet");
    await slide.getByRole("button", { name: "Save slide" }).click();
    await expect(slide.getByText("Write 2 to 4 bullets, one a line.")).toBeVisible();
    await expect(slide.getByLabel("Headline")).toHaveValue("Grooming eats the weekend");
    await slide.getByLabel("Bullets (one a line)").fill("Salons are booked for weeks\nThe drive takes an hour");
    await slide.getByRole("button", { name: "Save slide" }).click();
    await expect(page.getByText("Slide saved.")).toBeVisible();
    await expect(page.getByTestId("slide-problem")).toContainText("Grooming eats the weekend");
    await expect(page.getByTestId("slide-problem")).toContainText("The drive takes an hour");
    const content = JSON.parse(query<{ content: string }>("select content from kit_assets where kit_id = ? and kind = 'deck'", id)[0]!.content);
    expect(content.problem.bullets).toEqual(["Salons are booked for weeks", "The drive takes an hour"]);
  });

  test("e-mail me my kit: the link downloads the ZIP without signing in until it is revoked", async ({ page, browser }) => {
    const email = await signUp(page);
    grantPlan(email, "starter");
    const id = await createDeckKit(page);
    await open(page, `/dashboard/kits/${id}/export`);
    await page.getByRole("button", { name: "E-mail me my kit" }).click();
    await expect(page.getByText(`Sent to ${email}`)).toBeVisible();
    // The kit e-mail (the account's confirmation e-mail came first).
    const kitMails = () => mailsTo(email).map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).filter((raw) => raw.includes("/download/"));
    await expect.poll(() => kitMails().length).toBe(1);
    const raw = kitMails()[0]!;
    const link = raw.match(/https?:\/\/[^\s"<>]+\/kits\/[^\s"<>]+\/download\/[^\s"<>]+/)![0].replace(/&amp;/g, "&");

    // Someone without a session (a fresh browser context) downloads the kit.
    const anonymous = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
    const res = await anonymous.request.get(link);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/zip");
    expect((await readZip(Buffer.from(await res.body())))[0]!.name).toBe("README.txt");
    const sig = new URL(link).searchParams.get("sig")!;
    const tampered = await anonymous.request.get(link.replace(sig, sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A")));
    expect(tampered.status()).toBe(403);

    await page.getByTestId("active-links").getByRole("button", { name: /Revoke/ }).click();
    await expect(page.getByText("The link is off")).toBeVisible();
    await expect(page.getByText("No active links.")).toBeVisible();
    expect((await anonymous.request.get(link)).status()).toBe(410);
    await anonymous.close();
  });

  test("on the free plan the export section says what the paid plans add, and the ZIP leads to the plans", async ({ page }) => {
    await signUp(page);
    const id = await createDeckKit(page);
    await open(page, `/dashboard/kits/${id}/export`);
    await expect(page.getByTestId("export-plan-note")).toBeVisible();
    const res = await page.request.get(`/dashboard/kits/${id}/kit.zip`, { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toMatch(/^\/upgrade\?need=export/);
    expect(query<{ status: string }>("select status from launch_kits where id = ?", id)[0]!.status).toBe("completed");
  });

  for (const width of [1280, 375]) {
    test(`deck and export sections at ${width}px: no serious axe violations, no sideways scroll`, async ({ browser, clientIp }, info) => {
      // axe runs inside the page: JavaScript stays on, and the no-JS project blocks the app's own scripts.
      const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
      if (isNoJs(info.project.name)) await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
      const page = await context.newPage();
      const email = await signUp(page);
      grantPlan(email, "starter");
      const id = await createDeckKit(page);
      for (const section of ["deck", "export"]) {
        await page.goto(`/dashboard/kits/${id}/${section}`);
        if (!isNoJs(info.project.name)) await hydrated(page);
        await expectAxeCleanAndNoSidewaysScroll(page, section);
        if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${section}-${info.project.name}-${width}.png`, fullPage: true });
      }
      await context.close();
    });
  }
});
