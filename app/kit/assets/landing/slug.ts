import { z } from "zod";
import { stripControlCharacters } from "~/platform/text/text";

/**
 * The public address of a published landing page: /p/<slug>. Lower-case
 * letters, digits and single hyphens, 3 to 48 characters, not a reserved
 * word. Client-safe (the slug field validates as you type with JavaScript).
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 48;

/**
 * Words a page may not take: LaunchKit's own top-level paths, and names that
 * would let a page pass for LaunchKit itself (or for a system address).
 */
export const RESERVED_SLUGS = new Set([
  "about", "account", "admin", "administrator", "api", "app", "assets", "auth", "billing", "blog", "build",
  "checkout", "contact", "cookies", "dashboard", "docs", "download", "downloads", "favicon", "fonts", "help",
  "healthz", "home", "index", "kits", "launchkit", "lead", "leads", "legal", "login", "logout", "mail", "new",
  "newsletter", "null", "official", "og", "p", "pages", "pricing", "privacy", "process", "public", "reset-password",
  "forgot-password", "robots", "root", "samples", "security", "settings", "signin", "signout", "signup", "sitemap", "unpublished",
  "static", "status", "stripe", "support", "system", "templates", "terms", "thanks", "undefined", "webhook",
  "webhooks", "wizard", "www",
]);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SlugSchema = z
  .string({ error: "Enter an address for your page." })
  .overwrite(stripControlCharacters)
  .trim()
  .toLowerCase()
  .min(SLUG_MIN, `Use at least ${SLUG_MIN} characters.`)
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (not at the start or the end).")
  .refine((s) => !RESERVED_SLUGS.has(s), { message: "That address is reserved. Please choose another one." });

export function isValidSlug(slug: string): boolean {
  return SlugSchema.safeParse(slug).success;
}

/**
 * A slug from a business name: accents dropped, anything else between words
 * becomes one hyphen, cut at a hyphen within SLUG_MAX. Too short or reserved
 * gets a "-page" suffix, so the result is always valid.
 */
export function slugify(name: string): string {
  let slug = name
    .replace(/[øØ]/g, "o").replace(/[æÆ]/g, "ae").replace(/[œŒ]/g, "oe").replace(/ß/g, "ss").replace(/[łŁ]/g, "l").replace(/[đĐ]/g, "d")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length > SLUG_MAX) slug = slug.slice(0, SLUG_MAX).replace(/-[^-]*$/, "") || slug.slice(0, SLUG_MAX);
  slug = slug.replace(/-+$/g, "");
  if (slug.length < SLUG_MIN || RESERVED_SLUGS.has(slug)) slug = `${slug || "my"}-page`.replace(/^-/, "");
  return slug;
}

function* slugCandidates(base: string) {
  yield base;
  for (let n = 2; n < 10_000; n++) {
    const suffix = `-${n}`;
    yield `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
  }
}

/** `base`, else `base-2`, `base-3`…, the first one `isTaken` does not know (kept within SLUG_MAX). */
export function firstFreeSlug(base: string, isTaken: (slug: string) => boolean): string {
  for (const candidate of slugCandidates(base)) if (!isTaken(candidate)) return candidate;
  throw new Error("no free slug");
}

/** `firstFreeSlug` with a check that queries the database. */
export async function firstFreeSlugAsync(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (const candidate of slugCandidates(base)) if (!(await isTaken(candidate))) return candidate;
  throw new Error("no free slug");
}
