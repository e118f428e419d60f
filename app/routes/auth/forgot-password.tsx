import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/features/auth/reset-mail.server";
import { ForgotPasswordSchema } from "~/features/auth/schemas";
import { AuthLayout } from "~/ui/auth-layout";
import { RESET_SENT_MESSAGE, type ForgotPasswordResult as Result } from "~/ui/forgot-password-dialog";
import { Button } from "~/ui/ui/button";
import { logError } from "~/platform/log.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { clientIpContext } from "~/platform/http/request-context";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | LaunchKit" },
  { name: "description", content: "Request a link to choose a new LaunchKit password." },
];

const perIp = new RateLimiter({ name: "reset-ip", limit: 10, windowMs: 15 * 60 * 1000 });
const perEmail = new RateLimiter({ name: "reset-email", limit: 3, windowMs: 15 * 60 * 1000 });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data<Result>(
      { status: "error", message: parsed.error.issues[0]!.message, email: String(form.get("email") ?? "").slice(0, 254) },
      { status: 400 },
    );
  }
  if (!await perIp.hit(context.get(clientIpContext))) {
    return data<Result>({ status: "error", message: "Too many requests. Please wait a moment and try again." }, { status: 429 });
  }
  // The same answer whether or not the account exists; a flood for one address is dropped silently.
  if (await perEmail.hit(parsed.data.email.toLowerCase())) {
    try {
      await requestPasswordReset(request, parsed.data.email);
    } catch (error) {
      logError("password reset e-mail failed", error);
      const message = error instanceof Error && error.message ? error.message : "Failed to send reset email";
      return data<Result>({ status: "error", message }, { status: 502 });
    }
  }
  return data<Result>({ status: "sent" });
}

/** The page version of the reset dialog, for browsers without JavaScript. */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We'll e-mail you a link to choose a new one."
      footer={
        <Link to="/signin" className="font-semibold text-brand-700 hover:text-brand-800">
          Back to sign in
        </Link>
      }
    >
      {actionData?.status === "sent" ? (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {RESET_SENT_MESSAGE}
        </p>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <div>
            <label htmlFor="email" className="mb-1.5 block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={actionData?.status === "error" ? actionData.email : undefined}
              aria-invalid={actionData?.status === "error" ? true : undefined}
              aria-describedby={actionData?.status === "error" ? "email-error" : undefined}
              className="block w-full rounded-xl border-0 px-3.5 py-2.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
            />
            {actionData?.status === "error" ? (
              <p id="email-error" role="alert" className="mt-1.5 text-sm text-red-700">
                {actionData.message}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full" disabled={sending}>
            {sending ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
