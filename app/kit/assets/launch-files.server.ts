import type { FileContext, KitFile } from "~/kit/file-types";
import { LogoContentSchema } from "./logo/schema";
import { adsCsv } from "./ads/csv.server";
import { AdsContentSchema } from "./ads/schema";
import { postsCsv } from "./calendar/csv.server";
import { calendarIcs } from "./calendar/ics";
import { CalendarContentSchema } from "./calendar/schema";
import { researchMarkdown } from "./research/markdown";
import { ResearchContentSchema } from "./research/schema";
import { SOCIAL_IMAGES, socialImagePng, type LogoChoice, type SocialImageName } from "./social/images.server";
import { SocialContentSchema } from "./social/schema";
import { biosText } from "./social/text";

/**
 * The files of the social, calendar, ads and research assets, by their ZIP
 * path (social/…, research/research.md). files.server.ts lists them in the
 * ZIP; the sections' download routes serve the same bytes.
 */

const TEXT = "text/plain; charset=utf-8";
const CSV = "text/csv; charset=utf-8";

function parsed<T>(ctx: FileContext, kind: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  return ctx.parsed(kind, schema);
}

function logoOf(ctx: FileContext): LogoChoice {
  return parsed(ctx, "logo", LogoContentSchema);
}

/** social/: the four images (from the brand, so they exist as soon as the social asset does), bios.txt. */
export function socialFiles(ctx: FileContext): KitFile[] {
  const social = parsed(ctx, "social", SocialContentSchema);
  const brand = ctx.brand;
  if (!social || !brand) return [];
  const images: KitFile[] = (Object.keys(SOCIAL_IMAGES) as SocialImageName[]).map((name) => ({
    path: `social/${name}`,
    contentType: "image/png",
    describe: SOCIAL_IMAGES[name].describe,
    render: () => socialImagePng(name, brand, logoOf(ctx), { watermark: ctx.watermark, layout: social.layout }),
  }));
  return [
    { path: "social/bios.txt", contentType: TEXT, describe: "Profile bios for X, Instagram, TikTok and LinkedIn", render: () => Buffer.from(biosText(brand.name, social.bios)) },
    ...images,
  ];
}

/** social/posts.csv and social/calendar.ics: the posts on their dates (needs the launch date). */
export function calendarFiles(ctx: FileContext): KitFile[] {
  const social = parsed(ctx, "social", SocialContentSchema);
  const calendar = parsed(ctx, "calendar", CalendarContentSchema);
  if (!social || !calendar) return [];
  const stamp = () => {
    const times = ["social", "calendar"].map((k) => ctx.asset(k)?.updatedAt?.getTime() ?? 0);
    return new Date(Math.max(...times, 0));
  };
  const name = ctx.brand?.name ?? "Launch";
  return [
    { path: "social/posts.csv", contentType: CSV, describe: "The 10 launch posts with their dates, for a spreadsheet or a scheduler", render: () => Buffer.from(postsCsv(calendar.launchDate, social.posts)) },
    {
      path: "social/calendar.ics",
      contentType: "text/calendar; charset=utf-8",
      describe: "The posts as all-day events, for Google Calendar, Outlook or Apple Calendar",
      render: () => Buffer.from(calendarIcs({ kitId: ctx.kit.id, calendarName: `${name} launch posts`, launchDate: calendar.launchDate, posts: social.posts, stamp: stamp() })),
    },
  ];
}

export function adsFiles(ctx: FileContext): KitFile[] {
  const ads = parsed(ctx, "ads", AdsContentSchema);
  return ads ? [{ path: "social/ads.csv", contentType: CSV, describe: "3 ad variants for Google search and Meta feeds", render: () => Buffer.from(adsCsv(ads)) }] : [];
}

export function researchFiles(ctx: FileContext): KitFile[] {
  const research = parsed(ctx, "research", ResearchContentSchema);
  if (!research) return [];
  const name = ctx.brand?.name ?? "Your business";
  return [{ path: "research/research.md", contentType: "text/markdown; charset=utf-8", describe: "Research snapshot: ideal customer and 5 competitors", render: () => Buffer.from(researchMarkdown(research, name)) }];
}
