import { z } from "zod";
import { SlugSchema } from "./slug";

/** The publishing forms of the landing page section (client-safe: the browser validates with them too). */

export const PageAddressSchema = z.object({ slug: SlugSchema });

const checkbox = z.preprocess((v) => v === "on" || v === true, z.boolean());

export const DOWNLOAD_URL_MAX = 2000;

export const PageSettingsSchema = z.object({
  indexable: checkbox,
  notifyLeads: checkbox,
  downloadUrl: z
    .string()
    .trim()
    .max(DOWNLOAD_URL_MAX, `Keep the link under ${DOWNLOAD_URL_MAX} characters.`)
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Use a full web address that starts with https://" }))
    .optional(),
});
export type PageSettingsInput = z.infer<typeof PageSettingsSchema>;
