import { z } from "zod";
import { toOneLine } from "~/utils/text";
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
