import { z } from "zod";
import type { CategorySection, PaymentModel, Understanding } from "./types";

/**
 * The understanding as data (issue 28): the full one the brand asset stores
 * (what every later step reads), and the short one a model returns in the
 * brand step's structured output (what is sold, to whom, where, how it is
 * paid for, the category). Client-safe: no taxonomy here (refine.ts checks a
 * model's answer against it on the server).
 */

export const PAYMENT_MODELS = ["subscription", "one-off", "free", "open-source", "local-service", "booking", "marketplace", "freemium"] as const satisfies readonly PaymentModel[];

export const CATEGORY_SECTIONS = [
  "service-area",
  "prices",
  "booking",
  "install",
  "repository",
  "in-the-box",
  "origin",
  "menu",
  "schedule",
  "portfolio",
] as const satisfies readonly CategorySection[];

// Generous limits: the offline reading quotes the founder's words, which may be long words.
const words = (max: number) => z.array(z.string().trim().min(1).max(200)).max(max);

/** The understanding as stored in the brand asset. */
export const UnderstandingSchema = z.object({
  category: z.string().trim().min(1).max(60),
  categoryLabel: z.string().trim().min(1).max(80),
  product: z.string().trim().min(1).max(200),
  productWord: z.string().trim().min(1).max(200),
  customers: z.string().trim().min(1).max(200),
  place: z.string().trim().min(1).max(200).nullable(),
  payment: z.enum(PAYMENT_MODELS),
  keywords: words(20),
  hashtags: words(20),
  motifs: words(20),
  channels: words(12),
  sections: z.array(z.enum(CATEGORY_SECTIONS)).max(12),
}) satisfies z.ZodType<Understanding>;

/** The fields of the short understanding a model returns (the category's schema is the caller's: an enum of the taxonomy's ids on the server). */
export function modelUnderstandingShape<C extends z.ZodType<string>>(category: C) {
  return {
    category,
    product: z.string().trim().min(1).max(200).describe("What is sold, as a short noun phrase of the idea's words: 'coffee subscription box'."),
    productWord: z.string().trim().min(1).max(200).describe("The one word (or two) of the idea that names what is sold: 'coffee', 'dog grooming'."),
    customers: z.string().trim().min(1).max(200).describe("Who buys it, as a short phrase: 'remote teams'."),
    place: z.string().trim().max(200).nullable().describe("The town or region served when the answers name one, else null."),
    payment: z.enum(PAYMENT_MODELS),
    keywords: z.array(z.string().trim().min(1).max(200)).max(12).describe("Search keywords made only of words of the answers."),
    hashtags: z.array(z.string().trim().min(1).max(40)).max(8).describe("Hashtags without '#', made only of words of the answers."),
  };
}

/** The short understanding with any category id (client-safe reading of a model's answer). */
export const ModelUnderstandingBaseSchema = z.object(modelUnderstandingShape(z.string().trim().min(1).max(60)));
export type ModelUnderstanding = z.infer<typeof ModelUnderstandingBaseSchema>;

/** The short form of a full understanding: what the builtin provider answers, from `understandIdea`. */
export function toModelUnderstanding(u: Understanding): ModelUnderstanding {
  return {
    category: u.category,
    product: u.product,
    productWord: u.productWord,
    customers: u.customers,
    place: u.place,
    payment: u.payment,
    keywords: u.keywords.slice(0, 12),
    hashtags: u.hashtags.slice(0, 8),
  };
}
