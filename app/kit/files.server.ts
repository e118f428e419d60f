import type { LaunchKit } from "~/platform/db/schema";
import { getConfig } from "~/platform/config.server";
import { assetsOfKit } from "./assets/assets.server";
import { parseReady, readyContentOf } from "./content.server";
import { landingFileHtml } from "./assets/landing/files.server";
import { pressFiles } from "./assets/landing/press-files.server";
import { adsFiles, calendarFiles, researchFiles, socialFiles } from "./assets/launch-files.server";
import { launchFiles } from "./assets/launch/files.server";
import { LOGO_FILES, renderLogoFile } from "./assets/logo/render.server";
import { LogoContentSchema } from "./assets/logo/schema";
import { BrandSchema } from "./brand/brand";
import { agentsMd, claudeMd, designMd } from "./brand/design-md";
import type { FileContext, KitFile } from "./file-types";
import { LandingContentSchema } from "./assets/landing/schema";
import { brandFiles, conceptArtFiles, deckFiles } from "./export/sources.server";

/**
 * Every file a kit can give its founder, by path in the kit's ZIP (the layout
 * of shared/design/launch-kit.md): the single source for the ZIP export and
 * for the single downloads, so both hold the same bytes. Each asset kind adds
 * its files here; a kind whose asset is not ready adds none.
 */

export type { FileContext, KitFile };

type FileSource = { kind: string; files(ctx: FileContext): KitFile[] | Promise<KitFile[]> };

/** The ZIP's logo/ folder: the main names of the design note, then every lockup. */
const LOGO_ZIP_NAMES: Record<string, string> = {
  "logo-horizontal.svg": "logo.svg",
  "logo-horizontal-dark.svg": "logo-dark.svg",
  "logo-horizontal-512.png": "logo-512.png",
  "logo-horizontal-1024.png": "logo-1024.png",
};

const SOURCES: FileSource[] = [
  // brand/: the brand as data, tokens and guidelines
  { kind: "brand", files: brandFiles },
  {
    kind: "logo",
    files(ctx) {
      const logo = ctx.parsed("logo", LogoContentSchema);
      const brand = ctx.brand;
      if (!logo || !brand) return [];
      return LOGO_FILES.map((f) => ({
        path: `logo/${LOGO_ZIP_NAMES[f.name] ?? f.name}`,
        contentType: f.contentType,
        describe: f.describe,
        render: () => {
          const file = renderLogoFile(brand, logo, f.name, { watermark: ctx.watermark })!;
          return typeof file.body === "string" ? Buffer.from(file.body) : file.body;
        },
      }));
    },
  },
  {
    kind: "landing",
    files(ctx) {
      if (!ctx.content("landing") || !ctx.brand) return [];
      const html = () => landingFileHtml(ctx.kit, { origin: ctx.origin, watermark: ctx.watermark });
      return [
        {
          path: "website/index.html",
          contentType: "text/html; charset=utf-8",
          describe: "Your landing page as one self-contained file (fonts inside): open it, or host it anywhere",
          render: async () => Buffer.from((await html()) ?? ""),
        },
      ];
    },
  },
  {
    kind: "prompt",
    files(ctx) {
      const prompt = ctx.kit.generatedPrompt;
      return prompt
        ? [
            {
              path: "website/website-builder-prompt.txt",
              contentType: "text/plain; charset=utf-8",
              describe: "The prompt for an AI website builder (Lovable, Bolt, v0...)",
              render: () => Buffer.from(`${prompt}\n`),
            },
          ]
        : [];
    },
  },
  // logo/concept-art.*: the image model's picture
  { kind: "logo", files: conceptArtFiles },
  // social/ and research/
  { kind: "social", files: socialFiles },
  { kind: "calendar", files: calendarFiles },
  { kind: "ads", files: adsFiles },
  { kind: "research", files: researchFiles },
  // deck/: the pitch deck
  { kind: "deck", files: deckFiles },
  // launch/: Product Hunt's images, the launch posts and the plan
  { kind: "launch", files: launchFiles },
  // press/: the press kit published with the page, as files (release as Markdown and PDF, boilerplate, fact sheet, colours, logos)
  { kind: "landing", files: pressFiles },
];

/**
 * The kit's files are drawn from its asset rows as they are now: read in one
 * query, so every file of one ZIP comes from the same versions.
 */
export async function fileContext(kit: LaunchKit, options: { watermark?: boolean; origin?: string } = {}): Promise<FileContext> {
  const rows = new Map((await assetsOfKit(kit.id)).map((r) => [r.kind, r]));
  const content = (kind: string) => readyContentOf(rows.get(kind));
  const parsed = <T>(kind: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null =>
    parseReady(rows.get(kind), schema);
  return {
    kit,
    brand: parsed("brand", BrandSchema),
    watermark: options.watermark ?? false,
    origin: options.origin ?? getConfig().appUrl ?? "",
    content,
    parsed,
    asset: (kind) => rows.get(kind),
  };
}

/**
 * The kit's root files for AI coding agents: DESIGN.md (the brand as a design
 * system), AGENTS.md (where everything is) and CLAUDE.md (a one-line import
 * of AGENTS.md, the file Claude Code looks for). AGENTS.md names only the
 * files the kit has, so it is made after the others.
 */
export function agentFiles(ctx: FileContext, paths: string[]): KitFile[] {
  const brand = ctx.brand;
  if (!brand) return [];
  const input = () => ({ brand, landing: ctx.parsed("landing", LandingContentSchema), logo: ctx.parsed("logo", LogoContentSchema) != null });
  const markdown = "text/markdown; charset=utf-8";
  return [
    { path: "DESIGN.md", contentType: markdown, describe: "Your brand as a design system for AI coding agents: tokens, roles, components, logo use, voice", render: () => Buffer.from(designMd(input())) },
    { path: "AGENTS.md", contentType: markdown, describe: "The note AI coding agents (Codex, Cursor...) read first: where the brand's files are, and the rules", render: () => Buffer.from(agentsMd({ ...input(), files: paths })) },
    { path: "CLAUDE.md", contentType: markdown, describe: "The same note for Claude Code (it points to AGENTS.md)", render: () => Buffer.from(claudeMd()) },
  ];
}

/** All files of a kit, in a stable order. */
export async function kitFiles(ctx: FileContext): Promise<KitFile[]> {
  const files = (await Promise.all(SOURCES.map((s) => s.files(ctx)))).flat();
  return [...agentFiles(ctx, files.map((f) => f.path)), ...files];
}
