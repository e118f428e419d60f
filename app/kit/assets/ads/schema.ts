import { z } from "zod";
import { countWith, hasEmoji, type Counter } from "../social/count";
import { overLimitMessage } from "../social/schema";

/**
 * The ads asset: 3 variants, each testing one angle, each written for a
 * Google responsive search ad (5 headlines ≤ 30, 2 descriptions ≤ 90, as
 * Google Ads counts: double-width characters count 2; no emoji and no "!" in
 * headlines, which Google's editorial policy rejects) and a Meta feed ad
 * (primary text ≤ 125, headline ≤ 40, description ≤ 30: the lengths Meta
 * shows before cutting, counted in UTF-16 like its composer; a button from
 * Meta's call-to-action list). Client-safe.
 */

export const AD_LIMITS = {
  googleHeadline: { limit: 30, counter: "google", label: "Google headline" },
  googleDescription: { limit: 90, counter: "google", label: "Google description" },
  metaPrimaryText: { limit: 125, counter: "utf16", label: "Meta primary text" },
  metaHeadline: { limit: 40, counter: "utf16", label: "Meta headline" },
  metaDescription: { limit: 30, counter: "utf16", label: "Meta description" },
} as const satisfies Record<string, { limit: number; counter: Counter; label: string }>;
export type AdField = keyof typeof AD_LIMITS;

/**
 * Meta's call-to-action buttons (Ads Manager labels, with the Marketing API's
 * call_to_action type), the ones that fit a launch.
 */
export const META_CTAS = [
  { label: "Learn More", type: "LEARN_MORE" },
  { label: "Sign Up", type: "SIGN_UP" },
  { label: "Subscribe", type: "SUBSCRIBE" },
  { label: "Shop Now", type: "SHOP_NOW" },
  { label: "Order Now", type: "ORDER_NOW" },
  { label: "Book Now", type: "BOOK_NOW" },
  { label: "Contact Us", type: "CONTACT_US" },
  { label: "Download", type: "DOWNLOAD" },
  { label: "Get Offer", type: "GET_OFFER" },
  { label: "Get Quote", type: "GET_QUOTE" },
  { label: "Apply Now", type: "APPLY_NOW" },
  { label: "Get Started", type: "GET_STARTED" },
  { label: "Send Message", type: "MESSAGE_PAGE" },
  { label: "Watch More", type: "WATCH_MORE" },
] as const;
export const META_CTA_LABELS = META_CTAS.map((c) => c.label) as unknown as readonly [string, ...string[]];
export type MetaCta = (typeof META_CTAS)[number]["label"];

function adText(field: AdField, extra?: (text: string, ctx: z.RefinementCtx) => void) {
  const { limit, counter, label } = AD_LIMITS[field];
  return z
    .string()
    .trim()
    .min(1, `Write the ${label.toLowerCase()}.`)
    .superRefine((text, ctx) => {
      const n = countWith(counter, text);
      if (n > limit) ctx.addIssue({ code: "custom", message: overLimitMessage(`A ${label}`, limit, counter, n) });
      extra?.(text, ctx);
    });
}

const noEmoji = (text: string, ctx: z.RefinementCtx) => {
  if (hasEmoji(text)) ctx.addIssue({ code: "custom", message: "Google Ads does not accept emoji." });
};

export const GoogleAdSchema = z.object({
  headlines: z
    .array(
      adText("googleHeadline", (t, ctx) => {
        noEmoji(t, ctx);
        if (t.includes("!")) ctx.addIssue({ code: "custom", message: "Google Ads does not accept \"!\" in headlines." });
      }),
    )
    .length(5)
    .refine((hs) => new Set(hs.map((h) => h.toLowerCase())).size === hs.length, "The 5 headlines must all be different."),
  descriptions: z.array(adText("googleDescription", noEmoji)).length(2),
});

export const MetaAdSchema = z.object({
  primaryText: adText("metaPrimaryText"),
  headline: adText("metaHeadline"),
  description: adText("metaDescription"),
  cta: z.enum(META_CTA_LABELS, `Choose a Meta button: ${META_CTA_LABELS.join(", ")}.`),
});

export const AdVariantSchema = z.object({
  /** The angle it tests, in a few words: "Pain", "Outcome", "Objection: price"... */
  angle: z.string().trim().min(2).max(40),
  /** What the test tells you, in one sentence. */
  hypothesis: z.string().trim().min(1).max(240),
  google: GoogleAdSchema,
  meta: MetaAdSchema,
  trimmed: z.boolean().optional(),
});
export type AdVariant = z.infer<typeof AdVariantSchema>;

export const AdsContentSchema = z.object({ variants: z.array(AdVariantSchema).length(3) });
export type AdsContent = z.infer<typeof AdsContentSchema>;
