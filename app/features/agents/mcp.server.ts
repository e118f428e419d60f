import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { pageTotals } from "~/features/analytics/index.server";
import { RANGES, type RangeDays } from "~/features/analytics/index.server";
import { unconfirmedMessage } from "~/features/auth/index.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { regenerate } from "~/kit/plans/regenerations.server";
import type { LaunchKit } from "~/platform/db/schema";
import { kitBrand, readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { llmsTxtAddress } from "~/kit/assets/landing/llms";
import { PageAddressSchema } from "~/kit/assets/landing/page-forms";
import { allLeadsOfKit, landingPageOf, publishPage, unpublishPage } from "~/kit/assets/landing/pages.server";
import { applyCopyEdit, LandingContentSchema, LandingCopyEditSchema } from "~/kit/assets/landing/schema";
import { canonicalAddress } from "~/kit/assets/landing/seo.server";
import { LogoContentSchema } from "~/kit/assets/logo/schema";
import { designTokens } from "~/kit/brand/tokens";
import { FONTS } from "~/kit/brand/fonts";
import { fileContext, kitFiles, type KitFile } from "~/kit/files.server";
import { businessName } from "~/kit/format";
import { getKit, kitForUser, kitsForUser } from "~/kit/kits.server";
import { KIT_PLAN, planEntry } from "~/kit/plan";
import { logTokenWrite, type TokenGrant } from "./tokens.server";

/**
 * LaunchKit's MCP server: one founder's kits for their AI agent, built for
 * each request from the token's grant (stateless Streamable HTTP: the
 * transport is in mcp-http.server.ts). Everything goes through the same
 * functions as the workspace: another user's kit is "not found", the copy is
 * checked and cleaned by the editor's schema, a regeneration counts against
 * the month's allowance, publishing needs a confirmed address, and files
 * follow the plan (the free plan's images are watermarked, its other
 * downloads refused, as in the workspace). The write and leads tools are
 * refused over HTTP before they get here when the token lacks the scope
 * (WRITE_TOOLS, LEADS_TOOLS); they check again here.
 */

export const WRITE_TOOLS = new Set(["update_landing_copy", "regenerate_asset", "publish_page", "unpublish_page"]);
export const LEADS_TOOLS = new Set(["list_leads"]);

const NOT_FOUND = "Kit not found.";

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: "text", text: value }], ...(isError ? { isError: true } : {}) });
const json = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> });

class NotFound extends Error {}

export function createMcpServer(grant: TokenGrant): McpServer {
  const server = new McpServer(
    { name: "launchkit", title: "LaunchKit", version: "1.0.0" },
    {
      instructions:
        "LaunchKit holds the founder's launch kits: each kit's brand (colours with their roles, fonts, voice), its DESIGN.md and AGENTS.md, logo files and landing page. Read a kit's DESIGN.md before building anything for the brand, and use its tokens and logo files as they are.",
    },
  );
  const user = grant.user;

  /** The founder's own kit, or NotFound: another user's kit and an unknown id are the same answer. */
  async function ownKit(kitId: string): Promise<LaunchKit> {
    const kit = typeof kitId === "string" && kitId.length <= 64 ? await kitForUser(kitId, user.id) : undefined;
    if (!kit) throw new NotFound(NOT_FOUND);
    return kit;
  }
  async function filesOf(kit: LaunchKit): Promise<{ files: KitFile[]; plan: Awaited<ReturnType<typeof entitlementsFor>> }> {
    const plan = await entitlementsFor(user.id);
    return { files: await kitFiles(await fileContext(kit, { watermark: plan.watermarked })), plan };
  }
  /** As a single download in the workspace (kitFileResponse): images as watermarked previews on the free plan, the rest with a paid plan. */
  const mayRead = (file: KitFile, plan: { canDownload: boolean; canPreviewGuidelines: boolean }) =>
    plan.canDownload || file.contentType.startsWith("image/") || (file.preview === "guidelines" && plan.canPreviewGuidelines);
  const PAID_ONLY = "Downloading this file comes with a paid plan (the free plan shows watermarked images). See the plans on LaunchKit's pricing page.";

  /** A tool's body, with "not found" and refusals answered as tool errors (the model can read them) rather than protocol errors. */
  const run = (fn: () => Promise<CallToolResult>) =>
    fn().catch((error: unknown) => {
      if (error instanceof NotFound) return text(error.message, true);
      throw error;
    });
  const needs = (scope: "write" | "leads") => (scope === "write" ? grant.scope === "write" : grant.leads);

  // ---- resources ----------------------------------------------------------------

  const kitList = async () => {
    const kits = await kitsForUser(user.id, 1, 100);
    return Promise.all(
      kits.map(async (k) => {
        const brand = await kitBrand(k.id);
        return { id: k.id, name: brand?.name ?? businessName(k.businessIdea), idea: k.businessIdea, status: k.status, createdAt: k.createdAt };
      }),
    );
  };
  const listKitResources = (suffix: string, mimeType: string, label: string) => async () => ({
    resources: (await kitList()).map((k) => ({ uri: `launchkit://kits/${k.id}/${suffix}`, name: `${k.name}: ${label}`, mimeType })),
  });
  const kitIdOf = (variables: Record<string, string | string[]>) => String(Array.isArray(variables.kitId) ? variables.kitId[0] : variables.kitId);

  server.registerResource("kits", "launchkit://kits", { title: "Your kits", description: "The founder's launch kits: id, name, idea and status.", mimeType: "application/json" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await kitList(), null, 2) }],
  }));

  const fileResource = async (uri: URL, kitId: string, path: string): Promise<ReadResourceResult> => {
    const kit = await ownKit(kitId);
    const { files, plan } = await filesOf(kit);
    const file = files.find((f) => f.path === path);
    if (!file) throw new NotFound(`${path} is not in this kit yet.`);
    if (!mayRead(file, plan)) throw new NotFound(PAID_ONLY);
    const bytes = await file.render();
    const mimeType = file.contentType.split(";")[0]!;
    const isText = /^(text\/|application\/json|image\/svg\+xml)/.test(mimeType) || mimeType.endsWith("javascript");
    return { contents: [isText ? { uri: uri.href, mimeType, text: bytes.toString("utf8") } : { uri: uri.href, mimeType, blob: bytes.toString("base64") }] };
  };

  server.registerResource(
    "brand-tokens",
    new ResourceTemplate("launchkit://kits/{kitId}/brand.json", { list: listKitResources("brand.json", "application/json", "brand tokens") }),
    { title: "Brand tokens", description: "A kit's colours and fonts as W3C design tokens (the kit's brand/tokens.json).", mimeType: "application/json" },
    async (uri, variables) => {
      const kit = await ownKit(kitIdOf(variables));
      const brand = await kitBrand(kit.id);
      if (!brand) throw new NotFound("This kit has no brand yet.");
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: designTokens(brand) }] };
    },
  );
  for (const doc of ["DESIGN.md", "AGENTS.md"] as const) {
    server.registerResource(
      doc.toLowerCase().replace(".md", "-md"),
      new ResourceTemplate(`launchkit://kits/{kitId}/${doc}`, { list: listKitResources(doc, "text/markdown", doc) }),
      {
        title: doc,
        description: doc === "DESIGN.md" ? "A kit's brand as a design system: tokens with their roles, contrast pairs, type, components, logo use, voice." : "Where an agent finds the kit's brand files, and the rules.",
        mimeType: "text/markdown",
      },
      async (uri, variables) => {
        const kit = await ownKit(kitIdOf(variables));
        // Readable on every plan: the brand as the workspace shows it, not a download.
        const ctx = await fileContext(kit, { watermark: false });
        const file = (await kitFiles(ctx)).find((f) => f.path === doc);
        if (!file) throw new NotFound("This kit has no brand yet.");
        return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: (await file.render()).toString("utf8") }] };
      },
    );
  }
  server.registerResource(
    "landing-copy",
    new ResourceTemplate("launchkit://kits/{kitId}/landing.json", { list: listKitResources("landing.json", "application/json", "landing page copy") }),
    { title: "Landing page copy", description: "A kit's landing page copy, section order and layout, as the editor stores it.", mimeType: "application/json" },
    async (uri, variables) => {
      const kit = await ownKit(kitIdOf(variables));
      const content = await readyContent(kit.id, "landing", LandingContentSchema);
      if (!content) throw new NotFound("This kit's landing page isn't ready yet.");
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(content, null, 2) }] };
    },
  );
  server.registerResource(
    "logo-files",
    new ResourceTemplate("launchkit://kits/{kitId}/logo/{file}", {
      list: async () => {
        const resources = [];
        for (const k of await kitList()) {
          const kit = await getKit(k.id);
          if (!kit || !(await readyContent(kit.id, "logo", LogoContentSchema))) continue;
          const { files } = await filesOf(kit);
          for (const f of files.filter((f) => f.path.startsWith("logo/") && !f.path.startsWith("logo/concept-art"))) {
            resources.push({ uri: `launchkit://kits/${k.id}/${f.path}`, name: `${k.name}: ${f.path}`, mimeType: f.contentType.split(";")[0]!, description: f.describe });
          }
        }
        return { resources };
      },
    }),
    { title: "Logo files", description: "A kit's logo as SVG (text) and PNG (binary): lockups for light and dark backgrounds, favicon. Watermarked on the free plan." },
    async (uri, variables) => fileResource(uri, kitIdOf(variables), `logo/${String(variables.file)}`),
  );

  // The launch material (posts, bios, calendar, ads, research) where it exists; there is no press kit yet.
  for (const folder of ["social", "research"] as const) {
    server.registerResource(
      `${folder}-files`,
      new ResourceTemplate(`launchkit://kits/{kitId}/${folder}/{file}`, {
        list: async () => {
          const resources = [];
          for (const k of await kitList()) {
            const kit = await getKit(k.id);
            if (!kit) continue;
            const { files } = await filesOf(kit);
            for (const f of files.filter((f) => f.path.startsWith(`${folder}/`) && !f.contentType.startsWith("image/"))) {
              resources.push({ uri: `launchkit://kits/${k.id}/${f.path}`, name: `${k.name}: ${f.path}`, mimeType: f.contentType.split(";")[0]!, description: f.describe });
            }
          }
          return { resources };
        },
      }),
      {
        title: folder === "social" ? "Launch material" : "Research",
        description: folder === "social" ? "A kit's launch posts, bios, calendar and ads as text files (with a paid plan, as downloads in the workspace)." : "A kit's research snapshot: ideal customer and competitors (with a paid plan).",
      },
      async (uri, variables) => fileResource(uri, kitIdOf(variables), `${folder}/${String(variables.file)}`),
    );
  }

  // ---- tools ----------------------------------------------------------------------

  const kitId = z.string().min(1).max(64).describe("The kit's id (list_kits gives it).");

  server.registerTool("list_kits", { title: "List kits", description: "The founder's launch kits: id, name, idea and status.", annotations: { readOnlyHint: true } }, async () => {
    const kits = await kitList();
    return json({ kits });
  });

  server.registerTool(
    "get_brand",
    { title: "Get the brand", description: "A kit's brand: name, tagline, positioning, palette with roles, fonts and voice.", inputSchema: { kitId }, annotations: { readOnlyHint: true } },
    async (args) =>
      run(async () => {
        const kit = await ownKit(args.kitId);
        const brand = await kitBrand(kit.id);
        if (!brand) return text("This kit has no brand yet.", true);
        return json({
          name: brand.name,
          tagline: brand.tagline,
          positioning: brand.positioning,
          palette: brand.palette,
          roles: { primary: "actions, buttons, links", secondary: "supporting shapes", accent: "small details", background: "page surfaces", text: "headings and body text" },
          fonts: { heading: FONTS[brand.fonts.heading].family, body: FONTS[brand.fonts.body].family },
          voice: brand.voice,
          designMd: `launchkit://kits/${kit.id}/DESIGN.md`,
        });
      }),
  );

  server.registerTool(
    "get_file",
    {
      title: "Get a kit file",
      description: "One file of a kit by its path in the kit's ZIP (e.g. logo/logo.svg, brand/tokens.css, DESIGN.md). Without a path: the list of files.",
      inputSchema: { kitId, path: z.string().max(200).optional().describe("The file's path, e.g. logo/mark.svg") },
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      run(async () => {
        const kit = await ownKit(args.kitId);
        const { files, plan } = await filesOf(kit);
        if (!args.path) return json({ files: files.map((f) => ({ path: f.path, contentType: f.contentType, describe: f.describe ?? null, available: mayRead(f, plan) })) });
        const file = files.find((f) => f.path === args.path);
        if (!file) return text(`${args.path} is not in this kit. Call get_file without a path for the list.`, true);
        if (!mayRead(file, plan)) return text(PAID_ONLY, true);
        const bytes = await file.render();
        const mimeType = file.contentType.split(";")[0]!;
        if (/^(text\/|application\/json|image\/svg\+xml)/.test(mimeType) || mimeType.endsWith("javascript")) return text(bytes.toString("utf8"));
        if (mimeType.startsWith("image/") && mimeType !== "image/x-icon") return { content: [{ type: "image", data: bytes.toString("base64"), mimeType }] };
        return { content: [{ type: "resource", resource: { uri: `launchkit://kits/${kit.id}/${file.path}`, mimeType, blob: bytes.toString("base64") } }] };
      }),
  );

  server.registerTool(
    "update_landing_copy",
    {
      title: "Update the landing page copy",
      description:
        "Replaces the landing page's copy, checked and cleaned as in the editor (limits per field, 3 benefits, 3 steps, 3 quotes, 4 to 6 FAQ items). Send every field of the copy (read launchkit://kits/{kitId}/landing.json first). The published page shows it at once.",
      inputSchema: { kitId, copy: z.record(z.string(), z.unknown()).describe("The copy: hero, benefits, how, proof (with real: true when the quotes are real), faq, cta") },
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    async (args) =>
      run(async () => {
        if (!needs("write")) return text("This token may only read. Create a read and write token in your LaunchKit account.", true);
        const kit = await ownKit(args.kitId);
        const current = await readyContent(kit.id, "landing", LandingContentSchema);
        if (!current) return text("The landing page isn't ready yet.", true);
        const row = await getAsset(kit.id, "landing");
        if (row?.status === "queued" || row?.status === "generating") return text("New copy is being written. Please wait for it, then edit.", true);
        const parsed = LandingCopyEditSchema.safeParse(args.copy);
        if (!parsed.success) return text(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"), true);
        const saved = LandingContentSchema.parse(applyCopyEdit(current, parsed.data));
        await saveAssetContent(kit.id, "landing", saved);
        logTokenWrite(grant, "update_landing_copy", { kitId: kit.id });
        return json({ saved: true, copy: saved });
      }),
  );

  const regenerable = KIT_PLAN.filter((e) => e.regenerable).map((e) => e.kind) as [string, ...string[]];
  server.registerTool(
    "regenerate_asset",
    {
      title: "Regenerate an asset",
      description: `Writes a new version of one asset of a kit (${regenerable.join(", ")}). Counts against the month's regenerations, as in the workspace; the first generation is free.`,
      inputSchema: { kitId, kind: z.enum(regenerable) },
      annotations: { destructiveHint: true },
    },
    async (args) =>
      run(async () => {
        if (!needs("write")) return text("This token may only read. Create a read and write token in your LaunchKit account.", true);
        const kit = await ownKit(args.kitId);
        if (!planEntry(args.kind)?.regenerable) return text("That asset cannot be regenerated.", true);
        const refused = await regenerate(user.id, kit, args.kind);
        if (refused) return text(refused.message, true);
        logTokenWrite(grant, "regenerate_asset", { kitId: kit.id, kind: args.kind });
        return text(`A new ${planEntry(args.kind)!.label.toLowerCase()} is being written. Read it again in a minute.`);
      }),
  );

  server.registerTool(
    "publish_page",
    {
      title: "Publish the landing page",
      description: "Puts the kit's landing page online at LaunchKit's /p/<slug> address (its current address unless a new slug is given). Needs a confirmed e-mail address.",
      inputSchema: { kitId, slug: z.string().max(80).optional().describe("The page's address, lowercase letters, digits and dashes") },
    },
    async (args) =>
      run(async () => {
        if (!needs("write")) return text("This token may only read. Create a read and write token in your LaunchKit account.", true);
        const kit = await ownKit(args.kitId);
        const unconfirmed = unconfirmedMessage(user);
        if (unconfirmed) return text(unconfirmed, true);
        const slug = args.slug ?? (await landingPageOf(kit.id))?.slug;
        const address = PageAddressSchema.safeParse({ slug });
        if (!address.success) return text(address.error.issues[0]?.message ?? "Choose an address for the page.", true);
        if (!(await readyContent(kit.id, "landing", LandingContentSchema))) return text("The landing page isn't ready yet.", true);
        const result = await publishPage(kit.id, address.data.slug);
        if (!result.ok) return text(result.message, true);
        logTokenWrite(grant, "publish_page", { kitId: kit.id });
        const url = await canonicalAddress(kit.id);
        return json({ published: true, url, llmsTxt: url ? llmsTxtAddress(url) : null });
      }),
  );

  server.registerTool(
    "unpublish_page",
    { title: "Unpublish the landing page", description: "Takes the kit's landing page offline: its address answers 'not found' until it is published again.", inputSchema: { kitId }, annotations: { destructiveHint: true, idempotentHint: true } },
    async (args) =>
      run(async () => {
        if (!needs("write")) return text("This token may only read. Create a read and write token in your LaunchKit account.", true);
        const kit = await ownKit(args.kitId);
        await unpublishPage(kit.id);
        logTokenWrite(grant, "unpublish_page", { kitId: kit.id });
        return json({ published: false });
      }),
  );

  server.registerTool(
    "get_analytics",
    {
      title: "Analytics summary",
      description: "Visitors, page views and leads of the kit's published page over the last 7, 30 or 90 days.",
      inputSchema: { kitId, days: z.union([z.literal(7), z.literal(30), z.literal(90)]).optional() },
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      run(async () => {
        const kit = await ownKit(args.kitId);
        const page = await landingPageOf(kit.id);
        const days = (args.days ?? 7) as RangeDays;
        if (!(RANGES as readonly number[]).includes(days)) return text("Choose 7, 30 or 90 days.", true);
        const totals = await pageTotals(page?.pageId, days);
        return json({ days, published: !!page?.published && !page.takenDownAt, ...totals });
      }),
  );

  server.registerTool(
    "list_leads",
    { title: "List leads", description: "The sign-ups of the kit's landing page, newest first (personal data: needs a token with the leads scope).", inputSchema: { kitId }, annotations: { readOnlyHint: true } },
    async (args) =>
      run(async () => {
        if (!needs("leads")) return text("This token may not read leads. Create a token with leads ticked in your LaunchKit account.", true);
        const kit = await ownKit(args.kitId);
        const rows = await allLeadsOfKit(kit.id);
        return json({ leads: rows.map((l) => ({ email: l.email, name: l.name, phone: l.phone, preferredTime: l.preferredTime, signedUpAt: l.createdAt.toISOString() })) });
      }),
  );

  // ---- prompts --------------------------------------------------------------------

  server.registerPrompt(
    "build_landing_page",
    { title: "Build my landing page with this brand", description: "Build or restyle a landing page with a kit's brand, copy and logo.", argsSchema: { kitId: z.string().describe("The kit's id") } },
    async (args) => {
      const kit = await ownKit(args.kitId).catch(() => null);
      const brand = kit ? await kitBrand(kit.id) : null;
      const name = brand?.name ?? "my brand";
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: [
                `Build my landing page for ${name} with its brand from LaunchKit.`,
                `1. Read launchkit://kits/${args.kitId}/DESIGN.md and follow it: its colour roles, the text pairs that pass contrast, the type scale, spacing, radii and components.`,
                `2. Use the tokens of launchkit://kits/${args.kitId}/brand.json (or brand/tokens.css and the Tailwind preset of the kit's files); never hard-code look-alikes.`,
                `3. Use the copy of launchkit://kits/${args.kitId}/landing.json as it is, section by section, in its order.`,
                `4. Use the logo files (launchkit://kits/${args.kitId}/logo/logo.svg, mark.svg for small sizes) unchanged.`,
                "5. Keep it accessible: one h1, labelled form fields, visible focus, WCAG AA contrast.",
              ].join("\n"),
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    "write_in_my_voice",
    {
      title: "Write a post in my voice",
      description: "Write a social post (or any short text) in a kit's brand voice.",
      argsSchema: { kitId: z.string().describe("The kit's id"), topic: z.string().max(500).describe("What the post is about") },
    },
    async (args) => {
      const kit = await ownKit(args.kitId).catch(() => null);
      const brand = kit ? await kitBrand(kit.id) : null;
      if (!brand) return { messages: [{ role: "user", content: { type: "text", text: `Write a short post about: ${args.topic}` } }] };
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: [
                `Write a short post for ${brand.name} (${brand.tagline}) about: ${args.topic}`,
                `Who we are: ${brand.positioning}`,
                `Do: ${brand.voice.dos.join("; ")}`,
                `Don't: ${brand.voice.donts.join("; ")}`,
                `How we sound: ${brand.voice.samples.map((s) => `"${s}"`).join(" ")}`,
                "Never invent customers, numbers or quotes.",
              ].join("\n"),
            },
          },
        ],
      };
    },
  );

  return server;
}
