import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { checkResetToken, consumeResetToken, RESET_LINK_MESSAGES } from "~/features/auth/password-reset.server";
import { ResetPasswordSchema } from "~/features/auth/schemas";
import { createSession, destroyUserSessions } from "~/features/auth/session.server";
import { AuthLayout } from "~/ui/auth-layout";
import { useValidatedForm } from "~/ui/use-validated-form";
import { Field, FormError } from "~/ui/forms";
import { Button, ButtonLink } from "~/ui/ui/button";
import { setPassword } from "~/features/users/users.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | LaunchKit" },
  { name: "description", content: "Choose a new password for your LaunchKit account." },
  { name: "robots", content: "noindex" },
];

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const check = await checkResetToken(token);
  if (!check.ok) return data({ token: null, problem: RESET_LINK_MESSAGES[check.reason] }, { status: 400 });
  return { token: token!, problem: null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), problem: null }, { status: 400 });
  }
  const check = await consumeResetToken(submission.value.token);
  if (!check.ok) {
    return data({ result: submission.reply({ hideFields }), problem: RESET_LINK_MESSAGES[check.reason] }, { status: 400 });
  }
  await setPassword(check.userId, submission.value.password);
  // A reset ends every other session of the account.
  await destroyUserSessions(check.userId);
  const cookie = await createSession(request, check.userId, false);
  return redirect("/dashboard", { headers: { "Set-Cookie": cookie } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const problem = actionData?.problem ?? loaderData.problem;
  const { form, fields, formProps, errorsFor } = useValidatedForm({ id: "reset-password", schema: ResetPasswordSchema, lastResult: actionData?.result });

  if (problem || !loaderData.token) {
    return (
      <AuthLayout title="This link doesn't work" subtitle="Reset links work once and expire after 1 hour.">
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {problem}
        </div>
        <ButtonLink to="/forgot-password" className="mt-5 w-full">
          Request a new link
        </ButtonLink>
        <p className="mt-4 text-center text-sm">
          <Link to="/signin" className="font-semibold text-brand-700">
            Back to sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="You'll be signed in right after.">
      <Form
        method="post"
        {...formProps}
        className="space-y-5"
      >
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={errorsFor("password", fields.password.errors)}
          hint="At least 8 characters with uppercase, lowercase, and a number."
        />
        <Field
          label="Confirm password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={errorsFor("confirmPassword", fields.confirmPassword.errors)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthLayout>
  );
}
