import { z } from "zod";
import { emailField } from "~/platform/text/email-field";
import { toOneLine } from "~/platform/text/text";

export const PASSWORD_RULE_MESSAGE =
  "Password must be at least 8 characters with uppercase, lowercase, and number";
const TERMS_MESSAGE = "You must accept the terms and conditions";

/** The sign-up password rule, also used when choosing a new password. */
const newPassword = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .max(128, "Password must be at most 128 characters")
  .refine((p) => p.length >= 8 && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), {
    message: PASSWORD_RULE_MESSAGE,
  });

const confirmPassword = z.string({ error: "Please confirm your password" }).max(128, "Password must be at most 128 characters");

const redirectTo = z.string().max(2000).optional();

/**
 * "Passwords do not match", checked even while other fields still have
 * problems (a weak password, unticked terms), so the form lists everything
 * to fix at once; skipped when the confirmation has a problem of its own.
 */
const passwordsMatch: [(data: { password: string; confirmPassword: string }) => boolean, Parameters<z.ZodString["refine"]>[1]] = [
  (data) => data.password === data.confirmPassword,
  {
    message: "Passwords do not match",
    path: ["confirmPassword"],
    when: (payload: z.core.ParsePayload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof value?.password === "string" &&
        typeof value.confirmPassword === "string" &&
        !payload.issues.some((issue) => issue.path?.[0] === "confirmPassword")
      );
    },
  },
];

export const SignupSchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .overwrite(toOneLine)
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be at most 100 characters"),
    email: emailField,
    password: newPassword,
    confirmPassword,
    acceptTerms: z.boolean({ error: TERMS_MESSAGE }).refine((v) => v, TERMS_MESSAGE),
    redirectTo,
  })
  .refine(...passwordsMatch);

export const SigninSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
  rememberMe: z.boolean().optional(),
  redirectTo,
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "This password reset link is invalid." }).max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(...passwordsMatch);

/** Where a form's `redirectTo` may send the visitor: one helper for every redirect target a client sends. */
export { safeRedirect } from "~/platform/http/safe-redirect";
