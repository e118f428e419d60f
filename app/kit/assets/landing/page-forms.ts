import { z } from "zod";
import { toOneLine } from "~/platform/text/text";
import { SlugSchema } from "./slug";

/** The publishing forms of the landing page section (client-safe: the browser validates with them too). */

export const PageAddressSchema = z.object({ slug: SlugSchema });

const checkbox = z.preprocess((v) => v === "on" || v === true, z.boolean());

export const DOWNLOAD_URL_MAX = 2000;
export const PRESS_ROLE_MAX = 60;

export const PageSettingsSchema = z.object({
  indexable: checkbox,
  notifyLeads: checkbox,
  downloadUrl: z
    .string()
    .trim()
    .max(DOWNLOAD_URL_MAX, `Keep the link under ${DOWNLOAD_URL_MAX} characters.`)
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Use a full web address that starts with https://" }))
    .optional(),
  /** The founder's role at the business, for the press kit's bio and quote; empty: none. */
  pressRole: z.string().overwrite(toOneLine).trim().max(PRESS_ROLE_MAX, `Keep your role under ${PRESS_ROLE_MAX} characters.`).optional(),
});
export type PageSettingsInput = z.infer<typeof PageSettingsSchema>;

/** Where a page's form posts: its stable id, so a later change of address (or another founder taking the old one) moves nothing. */
export function leadFormAction(page: { pageId: string | null; slug: string }, origin = "", referralCode: string | null = null) {
  const action = page.pageId ? `${origin}/f/${page.pageId}` : `${origin}/p/${page.slug}/lead`;
  // A referral link's code rides in the form's address (the page stays plain HTML); the server checks it on sign-up.
  return referralCode ? `${action}?r=${referralCode}` : action;
}

/** The lead form's hidden field naming the experiment variant a cached copy shows; the server never reads it (a lead's variant is worked out again, count.server.ts). */
export const LEAD_VARIANT_FIELD = "variant";
