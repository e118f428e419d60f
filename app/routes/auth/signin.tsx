import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { authenticator, INVALID_CREDENTIALS_MESSAGE, InvalidCredentialsError } from "~/features/auth/authenticator.server";
import { EMAIL_NOT_CONFIRMED_MESSAGE } from "~/features/auth/email-confirmation.server";
import { requireAnonymous } from "~/features/auth/guards.server";
import { safeRedirect, SigninSchema } from "~/features/auth/schemas";
import { createSession } from "~/features/auth/session.server";
import { signinThrottle, TOO_MANY_ATTEMPTS } from "~/features/auth/throttle.server";
import { AuthLayout } from "~/ui/auth-layout";
import { useValidatedForm } from "~/ui/use-validated-form";
import { ForgotPasswordDialog } from "~/ui/forgot-password-dialog";
import { CheckboxField, Field, FormError } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { getConfig } from "~/platform/config.server";
import { logError } from "~/platform/log.server";
import { clientIpContext } from "~/platform/http/request-context";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | LaunchKit" },
  { name: "description", content: "Sign in to LaunchKit to see and edit your launch kits." },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // remix-auth's form strategy reads the body itself: we validate on a clone.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: SigninSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { email, rememberMe, redirectTo } = submission.value;
  const ip = context.get(clientIpContext);
  if (await signinThrottle.isBlocked(email, ip)) {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields }) }, { status: 429 });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    // EMAIL_CONFIRMATION=required: the right password is not enough until the address is confirmed.
    if (getConfig().emailConfirmationRequired && !user.emailConfirmedAt) {
      return data({ result: submission.reply({ formErrors: [EMAIL_NOT_CONFIRMED_MESSAGE], hideFields }) }, { status: 403 });
    }
    await signinThrottle.recordSuccess(email, ip);
    const cookie = await createSession(request, user.id, rememberMe === true);
    return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      await signinThrottle.recordFailure(email, ip);
      return data({ result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE], hideFields }) }, { status: 401 });
    }
    logError("sign-in failed", error);
    return data(
      { result: submission.reply({ formErrors: ["An unexpected error occurred. Please try again."], hideFields }) },
      { status: 500 },
    );
  }
}

export default function Signin({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin") === true;
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { form, fields, formProps, errorsFor } = useValidatedForm({ id: "signin", schema: SigninSchema, lastResult: actionData?.result });
  const signupHref = redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup";

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to see your launch kits."
      footer={
        <>
          New to LaunchKit?{" "}
          <Link to={signupHref} className="font-semibold text-brand-700 hover:text-brand-800">
            Create an account
          </Link>
        </>
      }
    >
      <Form
        method="post"
        {...formProps}
        className="space-y-5"
      >
        <FormError id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={errorsFor("email", fields.email.errors)}
        />
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: showPassword ? "text" : "password" }),
            autoComplete: "current-password",
          }}
          errors={errorsFor("password", fields.password.errors)}
          trailing={
            hydrated ? (
              <button
                type="button"
                onClick={() => setShowPassword((s) => !s)}
                aria-pressed={showPassword}
                className="rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
              >
                {showPassword ? "Hide" : "Show"}
              </button>
            ) : null
          }
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField label="Remember me" inputProps={getInputProps(fields.rememberMe, { type: "checkbox" })} />
          <Link
            to="/forgot-password"
            onClick={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              setForgotOpen(true);
            }}
            className="text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      {forgotOpen ? <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} /> : null}
    </AuthLayout>
  );
}
