import type { z } from "zod";
import { BrandContentSchema } from "~/kit/brand/brand";
import { ModelUnderstandingSchema } from "~/kit/understanding/refine";

/**
 * What a provider answers in the brand step: the brand, and what it
 * understood of the idea (category, product word, customers, place, payment
 * model, keywords, hashtags), which the step checks against the answers
 * (refineUnderstanding) before the brand stores it. Server-side: the
 * category is an enum of the taxonomy's ids.
 */
export const BrandAnswerSchema = BrandContentSchema.extend({ understanding: ModelUnderstandingSchema });
export type BrandAnswer = z.infer<typeof BrandAnswerSchema>;
