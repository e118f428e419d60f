import { z } from "zod";

/** An e-mail address as every form takes it: trimmed, required, at most 254 characters (the spec's messages). */
export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Please enter a valid email address"));
