import type { FileContext, KitFile } from "~/kit/file-types";
import { LandingContentSchema } from "../landing/schema";
import { LogoContentSchema } from "../logo/schema";
import { SocialContentSchema } from "../social/schema";
import { launchIcs } from "./ics";
import { GALLERY, GALLERY_NAMES, galleryCopy, galleryPng, THUMBNAIL, thumbnailPng } from "./images.server";
import { launchMarkdown } from "./markdown";
import { LaunchContentSchema } from "./schema";
import { launchPlan } from "./timeline";
import { goalCopy } from "../launch-copy";

/** The launch asset's files (ZIP folder launch/); the section's downloads serve the same bytes. */
export function launchFiles(ctx: FileContext): KitFile[] {
  const launch = ctx.parsed("launch", LaunchContentSchema);
  const brand = ctx.brand;
  if (!launch || !brand) return [];
  const logo = ctx.parsed("logo", LogoContentSchema);
  const layout = ctx.parsed("social", SocialContentSchema)?.layout;
  const copy = () => galleryCopy(brand, ctx.parsed("landing", LandingContentSchema), { description: launch.productHunt.description, cta: goalCopy(ctx.kit.primaryGoal).cta });
  const name = brand.name;
  const stamp = () => ctx.asset("launch")?.updatedAt ?? new Date(0);
  const describe = ["Product Hunt gallery 1: the hero", "Product Hunt gallery 2: first benefit", "Product Hunt gallery 3: second benefit", "Product Hunt gallery 4: third benefit", "Product Hunt gallery 5: the call to action"];
  return [
    { path: "launch/launch-posts.md", contentType: "text/markdown; charset=utf-8", describe: "Every launch-day text (Product Hunt, Show HN, Reddit, Indie Hackers, X, LinkedIn, e-mails) and the plan", render: () => Buffer.from(launchMarkdown(launch, launchPlan(launch), name)) },
    {
      path: "launch/launch-plan.ics",
      contentType: "text/calendar; charset=utf-8",
      describe: "The launch plan (two weeks before to a week after) as timed events carrying the copy to post",
      render: () => Buffer.from(launchIcs({ kitId: ctx.kit.id, calendarName: `${name} launch plan`, timeZone: launch.timeZone, tasks: launchPlan(launch), stamp: stamp() })),
    },
    { path: `launch/${THUMBNAIL.name}`, contentType: "image/png", describe: `Product Hunt thumbnail, ${THUMBNAIL.width} × ${THUMBNAIL.height}`, render: () => thumbnailPng(brand, logo, { watermark: ctx.watermark, layout }) },
    ...GALLERY_NAMES.map((g, i) => ({
      path: `launch/${g}`,
      contentType: "image/png",
      describe: `${describe[i]}, ${GALLERY.width} × ${GALLERY.height}`,
      render: () => galleryPng(g, brand, logo, copy(), { watermark: ctx.watermark, layout }),
    })),
  ];
}
