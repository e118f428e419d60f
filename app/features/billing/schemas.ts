import { z } from "zod";
import { PLANS } from "~/platform/db/schema.sqlite"; // client-safe: ~/platform/db/schema picks the dialect from the server's configuration

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

/**
 * A custom domain for a published page (Pro): a host name such as
 * "www.acme.com" or "acme.com", lower-cased, without scheme, port or path.
 */
export const CustomDomainSchema = z.object({
  domain: z
    .string({ error: "Enter a domain such as www.example.com." })
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^https?:\/\//, "").replace(/\/+$/, "").replace(/\.$/, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter a domain such as www.example.com.")
        .max(253, "A domain has at most 253 characters.")
        .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, "Enter a domain such as www.example.com (letters, digits, hyphens and dots; no http://, port or path).")
        .refine((v) => !/^localhost$|\.localhost$|\.local$|\.internal$|\.test$|\.example$|\.invalid$/.test(v), "Use a public domain you own."),
    ),
});
