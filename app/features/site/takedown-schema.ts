import { z } from "zod";
import { stripControlCharacters } from "~/platform/text/text";

/** An admin's takedown of a published page: the founder reads the reason in their workspace. */
export const TakedownSchema = z.object({
  kitId: z.string().trim().min(1).max(100),
  reason: z
    .string({ error: "Give the founder a reason." })
    .overwrite(stripControlCharacters)
    .trim()
    .min(5, "Give the founder a reason (at least 5 characters).")
    .max(500, "Keep the reason under 500 characters."),
});
