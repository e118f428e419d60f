import { z } from "zod";
import type { BusinessModel, CategorySection, PaymentModel, Understanding } from "./types";

/**
 * The understanding as data: the full one the brand asset stores
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

export const BUSINESS_MODELS = [
  "shipped-product",
  "subscription-delivered",
  "local-service",
  "class-or-event",
  "b2b-service",
  "software",
  "developer-tool",
  "marketplace",
] as const satisfies readonly BusinessModel[];

export const PRICE_PERIODS = ["hour", "day", "week", "month", "year", "session", "one-off"] as const;

/** A price the founder gave (see types.ts): the currency an ISO 4217 code. */
export const PriceSchema = z.object({
  text: z.string().trim().min(1).max(120),
  amount: z.string().trim().min(1).max(40),
  currency: z.string().trim().regex(/^[A-Z]{3}$/),
  period: z.enum(PRICE_PERIODS).nullable(),
  per: z.string().trim().min(1).max(40).nullable(),
  label: z.string().trim().min(1).max(80).nullable(),
});

export const EcosystemSchema = z.object({
  language: z.string().trim().min(1).max(40),
  install: z.string().trim().min(1).max(200).nullable(),
  repository: z.string().trim().min(1).max(200).nullable(),
  homebrew: z.boolean().optional(),
});

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
  // The founder's facts: each optional (understandings stored before them still read), and one that does not
  // parse is dropped alone rather than taking the whole understanding with it.
  model: z.enum(BUSINESS_MODELS).optional().catch(undefined),
  prices: z.array(PriceSchema).max(12).optional().catch(undefined),
  serviceArea: z.string().trim().min(1).max(200).nullable().optional().catch(undefined),
  ages: z.string().trim().min(1).max(60).nullable().optional().catch(undefined),
  facts: z.array(z.string().trim().min(1).max(200)).max(8).optional().catch(undefined),
  differentiator: z.string().trim().min(1).max(200).nullable().optional().catch(undefined),
  ecosystem: EcosystemSchema.nullable().optional().catch(undefined),
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
