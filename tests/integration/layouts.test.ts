import { beforeAll, describe, expect, it } from "vitest";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { DeckContentSchema } from "~/kit/assets/deck/schema";
import { repositoryFromIdea } from "~/kit/assets/landing/category";
import { renderLandingHtml } from "~/kit/assets/landing/render.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { socialImageSvg } from "~/kit/assets/social/images.server";
import { SocialContentSchema } from "~/kit/assets/social/schema";
import { fileContext, kitFiles } from "~/kit/files.server";
import { createKit, getKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createSession } from "~/features/auth/session.server";
import { createRequestContext } from "~/platform/http/request-context";
import { useBuiltinProvider } from "../support/ai-env";
import { all, byId, byTag, parseHtml, type El } from "../support/html-tree";
import { readPdf, readPptx } from "../support/readers";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";
import { createConfirmedUser } from "../support/users";

/**
 * Kits that do not all look alike: three kits of different vibes and categories, made
 * offline, get different landing layouts, social compositions and deck
 * layouts, the deck opens on a cover in both files, and the category's own
 * sections are on the page.
 */

const base = { audience: "Busy professionals", tone: "friendly", competitors: "" } as const;
const KITS = {
  local: { ...base, idea: "Mobile dog grooming van for busy pet owners", geography: "Austin, Texas", goal: "book calls", vibe: "cozy" },
  developer: { ...base, idea: "An open-source tool that turns Figma files into React code", audience: "Frontend developers", geography: "", goal: "collect emails", vibe: "neon tech" },
  product: { ...base, idea: "A coffee subscription box for remote teams", audience: "Remote-first startups", geography: "", goal: "pre-orders", vibe: "minimalist" },
} satisfies Record<string, WizardInput>;
type Which = keyof typeof KITS;

type Made = { kitId: string; html: string; root: El; pdf: Buffer; pptx: Buffer; files: Map<string, () => Promise<Buffer>> };
const made = {} as Record<Which, Made>;
let cookie = "";
const ORIGIN = "http://launchkit.test";

async function make(which: Which, userId: string): Promise<Made> {
  const kit = await createKit(userId, KITS[which]);
  await startGeneration(kit);
  await settleGenerations();
  const files = new Map((await kitFiles(await fileContext((await getKit(kit.id))!))).map((f) => [f.path, async () => Buffer.from(await f.render())]));
  const html = (await files.get("website/index.html")!()).toString("utf8");
  return { kitId: kit.id, html, root: parseHtml(html), pdf: await files.get("deck/pitch-deck.pdf")!(), pptx: await files.get("deck/pitch-deck.pptx")!(), files };
}

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  const userId = (await createConfirmedUser({ name: "Variety", email: "variety@example.com", password: "Secret123" })).id;
  cookie = (await createSession(new Request(ORIGIN), userId, false)).split(";")[0]!;
  for (const which of Object.keys(KITS) as Which[]) made[which] = await make(which, userId);
}, 120_000);

const bodyClass = (root: El) => byTag(root, "body")[0]!.attrs.class ?? "";
const classes = (el: El) => (el.attrs.class ?? "").split(/\s+/).filter(Boolean);
/** The hero's shape: its tags and classes, depth first, without text. */
function skeleton(el: El): string {
  const kids = el.children.filter((c): c is El => "tag" in c && c.tag !== "svg");
  return `${el.tag}${classes(el).map((c) => `.${c}`).join("")}${kids.length ? `(${kids.map(skeleton).join(",")})` : ""}`;
}
const hero = (root: El) => all(root, (e) => e.tag === "section" && classes(e).includes("hero"))[0]!;
const sectionIds = (root: El) => all(byTag(root, "main")[0]!, (e) => e.tag === "section").map((s) => s.attrs.id ?? "hero");

describe("three kits of different vibes and categories", () => {
  it("store three different layouts of each asset, chosen by the step", async () => {
    const layouts = await Promise.all(
      (Object.keys(KITS) as Which[]).map(async (w) => ({
        landing: (await readyContent(made[w].kitId, "landing", LandingContentSchema))!.layout,
        social: (await readyContent(made[w].kitId, "social", SocialContentSchema))!.layout,
        deck: (await readyContent(made[w].kitId, "deck", DeckContentSchema))!.layout,
      })),
    );
    for (const asset of ["landing", "social", "deck"] as const) expect(new Set(layouts.map((l) => l[asset])).size, asset).toBe(3);
  });

  it("get landing pages of different structure: the body's layout, the hero's skeleton, the sections", () => {
    const pages = Object.values(made);
    expect(new Set(pages.map((m) => bodyClass(m.root))).size).toBe(3);
    expect(new Set(pages.map((m) => skeleton(hero(m.root)))).size).toBe(3);
    expect(new Set(pages.map((m) => sectionIds(m.root).join(" "))).size).toBe(3);
    for (const m of pages) {
      // Still one h1, in the hero, and headings never skip a level.
      expect(byTag(m.root, "h1")).toHaveLength(1);
      const levels = all(m.root, (e) => /^h[1-6]$/.test(e.tag)).map((e) => Number(e.tag[1]));
      levels.forEach((l, i) => i > 0 && expect(l - levels[i - 1]!).toBeLessThanOrEqual(1));
      // No script but the JSON-LD data blocks, which hold no "<" at all.
      expect(m.html.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "")).not.toMatch(/<script/i);
    }
  });

  it("a local service's page says where it works; a developer tool's has the install snippet and no e-mail form; a product's what is in the box", () => {
    const local = made.local.root;
    const area = byId(local, "area")!;
    expect(area).toBeTruthy();
    expect(JSON.stringify(area)).toContain("Austin");
    // No price was given: the page shows none (the workspace asks for it), never "Quote on request" made up.
    expect(byId(local, "prices")).toBeFalsy();
    expect(byTag(local, "form")).toHaveLength(1);
    // How booking goes, beside the form.
    expect(all(byId(local, "signup")!, (e) => classes(e).includes("booking"))).toHaveLength(1);

    const dev = made.developer.root;
    const install = byId(dev, "install")!;
    expect(install).toBeTruthy();
    const code = all(install, (e) => e.tag === "code")[0]!;
    expect(JSON.stringify(code)).toMatch(/(npm install|npx|pip install) [a-z0-9-]+/);
    expect(byTag(dev, "form")).toHaveLength(0);
    expect(made.developer.html).not.toMatch(/type="email"/);
    // And its copy never asks for an e-mail it has no form for.
    expect(JSON.stringify(byTag(dev, "main")[0])).not.toMatch(/e-?mail|sign up/i);
    // Every call to action goes to the install snippet (or the repository), none to a sign-up.
    const ctas = all(dev, (e) => e.tag === "a" && classes(e).includes("btn")).map((a) => a.attrs.href);
    expect(ctas.length).toBeGreaterThan(0);
    expect(ctas.every((href) => href === "#install" || /^https:\/\//.test(href!))).toBe(true);

    const product = made.product.root;
    expect(byId(product, "in-the-box")).toBeTruthy();
    expect(byId(product, "area")).toBeFalsy();
    expect(byId(product, "install")).toBeFalsy();
  });

  it("a developer tool's repository, once known (from the idea or the founder), is linked from the install section and the calls to action", async () => {
    expect(repositoryFromIdea("A CLI that lints Figma files, code at https://github.com/acme/figlint.")).toBe("https://github.com/acme/figlint");
    expect(repositoryFromIdea("A tool that turns Figma files into React code")).toBeNull();
    const content = (await readyContent(made.developer.kitId, "landing", LandingContentSchema))!;
    const brand = (await kitBrand(made.developer.kitId))!;
    const repo = "https://github.com/acme/figma-react";
    const root = parseHtml(renderLandingHtml(brand, { ...content, category: { ...content.category, repository: repo } }, { goal: "collect emails", logo: null, formAction: "/f/x" }));
    const links = all(root, (e) => e.tag === "a" && e.attrs.href === repo);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(all(byId(root, "install")!, (e) => e.tag === "a" && e.attrs.href === repo)).toHaveLength(1);
    expect(byTag(root, "form")).toHaveLength(0);
    // Turned back on by the founder, the form is there again.
    expect(byTag(parseHtml(renderLandingHtml(brand, { ...content, emailForm: true }, { goal: "collect emails", logo: null, formAction: "/f/x" })), "form")).toHaveLength(1);
  });

  it("the founder edits the category sections with a plain form: the repository, the install command, the e-mail form, the prices", async () => {
    const route = await import("~/routes/dashboard/workspace/website");
    const post = (kitId: string, fields: Record<string, string>) =>
      call(() =>
        route.action(
          routeArgs(
            new Request(`${ORIGIN}/dashboard/kits/${kitId}/website`, { method: "POST", body: new URLSearchParams({ intent: "save-category", ...fields }), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } }),
            { id: kitId },
            createRequestContext("10.0.0.1"),
          ),
        ),
      );
    const dev = made.developer.kitId;
    expect((await post(dev, { command: "npx figlint", repository: "javascript:alert(1)" })).status).toBe(400);
    expect((await post(dev, { command: "", repository: "" })).status).toBe(400);
    expect((await post(dev, { command: "npx figlint", repository: "https://github.com/acme/figlint" })).status).toBe(303);
    let content = (await readyContent(dev, "landing", LandingContentSchema))!;
    expect(content.category).toMatchObject({ repository: "https://github.com/acme/figlint", install: { command: "npx figlint" } });
    expect(content.emailForm).toBe(false);
    expect((await post(dev, { command: "npx figlint", repository: "https://github.com/acme/figlint", emailForm: "on" })).status).toBe(303);
    expect((await readyContent(dev, "landing", LandingContentSchema))!.emailForm).toBe(true);

    const local = made.local.kitId;
    const before = (await readyContent(local, "landing", LandingContentSchema))!;
    const ok = await post(local, { areaBody: "Austin and Round Rock.", places: "Austin, Round Rock", pricesBody: "Prices include the visit.", prices: "Full groom: from $60\nNail trim" });
    expect(ok.status, JSON.stringify(ok.data)).toBe(303);
    content = (await readyContent(local, "landing", LandingContentSchema))!;
    expect(content.category.area).toMatchObject({ body: "Austin and Round Rock.", places: ["Austin", "Round Rock"] });
    expect(content.category.prices!.items).toEqual([{ name: "Full groom", price: "from $60" }, { name: "Nail trim", price: "Quote on request" }]);
    // Not a developer tool: the form stays whatever the checkbox says.
    expect(content.emailForm).toBe(before.emailForm);
  });

  it("get social images of different compositions", async () => {
    const svgs = await Promise.all(
      (Object.keys(KITS) as Which[]).map(async (w) => {
        const brand = (await kitBrand(made[w].kitId))!;
        const social = (await readyContent(made[w].kitId, "social", SocialContentSchema))!;
        const logo = await readyContent(made[w].kitId, "logo", LogoContentSchema);
        return { layout: social.layout, svg: socialImageSvg("launch-post.png", brand, logo, { layout: social.layout }) };
      }),
    );
    const pattern = svgs.find((s) => s.layout === "pattern");
    if (pattern) expect(pattern.svg).toContain("<pattern");
    for (const s of svgs.filter((x) => x.layout !== "pattern")) expect(s.svg).not.toContain("<pattern");
    // The files are the composition the kit stored.
    for (const w of Object.keys(KITS) as Which[]) {
      const png = await made[w].files.get("social/launch-post.png")!();
      expect(png.subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("open the deck on a cover (name, tagline, mark) in the PDF and the PPTX, then the five slides in different geometries", async () => {
    const offsets: string[] = [];
    for (const w of Object.keys(KITS) as Which[]) {
      const brand = (await kitBrand(made[w].kitId))!;
      const pdf = await readPdf(made[w].pdf);
      expect(pdf.pages).toBe(6);
      expect(pdf.text[0]).toContain(brand.name);
      expect(pdf.text[0]).toContain(brand.tagline.split(" ")[0]);
      // Letter-spaced small capitals come out of the PDF as single letters.
      const squeezed = pdf.text.map((t) => t.replace(/\s/g, ""));
      expect(squeezed[0]).toContain("PITCHDECK");
      expect(squeezed[1]).toContain("PROBLEM");

      const pptx = await readPptx(made[w].pptx);
      expect(pptx.slides).toHaveLength(6);
      const slide1 = await pptx.read("ppt/slides/slide1.xml");
      expect(pptx.slides[0]!.title).toBe(brand.name);
      expect(pptx.slides[0]!.texts).toContain(brand.tagline);
      // The mark is a picture on the cover.
      expect(slide1).toContain("<p:pic>");
      expect(pptx.slides[1]!.texts.join(" ")).toContain("PROBLEM");
      // Where the title, the bullets and the callout sit on slide 2.
      const slide2 = await pptx.read("ppt/slides/slide2.xml");
      offsets.push([...slide2.matchAll(/<a:off x="(\d+)" y="(\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => m.slice(1).join(",")).join(" "));
    }
    expect(new Set(offsets).size).toBe(3);
  });
});
