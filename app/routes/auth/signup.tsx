import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { requireAnonymous } from "~/features/auth/guards.server";
import { SignupSchema } from "~/features/auth/schemas";
import { createSession } from "~/features/auth/session.server";
import { sendConfirmationEmail } from "~/features/auth/email-confirmation.server";
import { getConfig } from "~/platform/config.server";
import { logError } from "~/platform/log.server";
import { CheckboxField, Field, FormError } from "~/ui/forms";
import { AuthLayout } from "~/ui/auth-layout";
import { useValidatedForm } from "~/ui/use-validated-form";
import { Button } from "~/ui/ui/button";
import { createUser, EmailTakenError } from "~/features/users/users.server";
import { clientIpContext } from "~/platform/http/request-context";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { safeRedirect } from "~/platform/http/safe-redirect";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [
  { title: "Create your account | LaunchKit" },
  { name: "description", content: "Create a free LaunchKit account and generate your first launch kit in minutes." },
];

const EMAIL_TAKEN = "An account with this email already exists. Try signing in instead.";
const signupsPerIp = new RateLimiter({ name: "signup-ip", limit: 10, windowMs: 60 * 60 * 1000 });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignupSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  if (!await signupsPerIp.hit(context.get(clientIpContext))) {
    return data(
      { result: submission.reply({ formErrors: ["Too many sign-up attempts. Please wait a moment and try again."], hideFields }) },
      { status: 429 },
    );
  }
  const { name, email, password, redirectTo } = submission.value;
  try {
    const user = await createUser({ name, email, password });
    // A failed confirmation e-mail does not fail the sign-up: the dashboard offers to send it again.
    await sendConfirmationEmail(request, user).catch((error) => logError("confirmation e-mail failed", error));
    if (getConfig().emailConfirmationRequired) return redirect("/confirm-email?sent", 303);
    const cookie = await createSession(request, user.id, false);
    return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data({ result: submission.reply({ formErrors: [EMAIL_TAKEN], hideFields }) }, { status: 409 });
    }
    throw error;
  }
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/signup") === true;
  const { form, fields, formProps, errorsFor } = useValidatedForm({ id: "signup", schema: SignupSchema, lastResult: actionData?.result });
  const signinHref = redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin";

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free. Your launch kits are saved to your dashboard."
      footer={
        <>
          Already have an account?{" "}
          <Link to={signinHref} className="font-semibold text-brand-700 hover:text-brand-800">
            Sign in
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
        {form.errors?.includes("An account with this email already exists. Try signing in instead.") ? (
          <p className="-mt-2 text-sm">
            <Link to={signinHref} className="font-semibold text-brand-700 hover:text-brand-800">
              Go to sign in
            </Link>
          </p>
        ) : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Full name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", maxLength: 100 }}
          errors={errorsFor("name", fields.name.errors)}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={errorsFor("email", fields.email.errors)}
        />
        <Field
          label="Password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={errorsFor("password", fields.password.errors)}
          hint="At least 8 characters with uppercase, lowercase, and a number."
        />
        <Field
          label="Confirm password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={errorsFor("confirmPassword", fields.confirmPassword.errors)}
        />
        <CheckboxField
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className="font-medium text-brand-700 underline">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="font-medium text-brand-700 underline">
                Privacy Policy
              </Link>
            </>
          }
          inputProps={getInputProps(fields.acceptTerms, { type: "checkbox" })}
          errors={errorsFor("acceptTerms", fields.acceptTerms.errors)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Creating account..." : "Create account"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
