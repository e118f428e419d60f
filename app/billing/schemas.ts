import { z } from "zod";
import { PLANS } from "~/db/schema";

/** The pricing buttons' form (and the checkout page's). */
export const CheckoutSchema = z.object({
  plan: z.enum(["starter", "pro"], { error: "Choose Starter or Pro." }),
});

/** The admin's plan override in /admin/users. */
export const AdminPlanSchema = z.object({
  userId: z.string({ error: "Choose a user." }).min(1, "Choose a user.").max(100),
  plan: z.enum(PLANS, { error: "Choose free, starter or pro." }),
  note: z
    .string()
    .trim()
    .max(200, "Keep the note under 200 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
