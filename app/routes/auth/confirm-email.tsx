import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CONFIRMATION_INVALID_MESSAGE } from "~/features/auth/confirmation-messages";
import {
  confirmEmail,
  sendConfirmationEmail,
  userOfConfirmationToken,
} from "~/features/auth/email-confirmation.server";
import { getUser } from "~/features/auth/session.server";
import { requireUser } from "~/features/auth/guards.server";
import { AuthLayout } from "~/ui/auth-layout";
import { Button, ButtonLink } from "~/ui/ui/button";
import { getConfig } from "~/platform/config.server";
import { logError } from "~/platform/log.server";
import type { Route } from "./+types/confirm-email";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your e-mail | LaunchKit" },
  { name: "robots", content: "noindex" },
];

type View =
  | { kind: "confirm"; token: string; email: string }
  | { kind: "invalid" }
  | { kind: "sent"; required: boolean }
  | { kind: "done"; signedIn: boolean }
  | { kind: "limit" };

/**
 * /confirm-email?token=… shows a button (opening the link changes nothing:
 * mail scanners follow links); its POST confirms. ?sent and ?done are the
 * pages after sending a link and after confirming.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (token !== null) {
    const user = await userOfConfirmationToken(token);
    if (!user) return data<View>({ kind: "invalid" }, { status: 400 });
    return data<View>({ kind: "confirm", token, email: user.email });
  }
  if (url.searchParams.has("done")) return data<View>({ kind: "done", signedIn: !!(await getUser(request)) });
  if (url.searchParams.has("limit")) return data<View>({ kind: "limit" });
  return data<View>({ kind: "sent", required: getConfig().emailConfirmationRequired });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "resend") {
    const user = await requireUser(request);
    if (user.emailConfirmedAt) return redirect("/confirm-email?done", 303);
    try {
      if (!(await sendConfirmationEmail(request, user))) return redirect("/confirm-email?limit", 303);
    } catch (error) {
      logError("confirmation e-mail failed", error);
      return data<View>({ kind: "invalid" }, { status: 502 });
    }
    return redirect("/confirm-email?sent", 303);
  }
  const token = form.get("token");
  const user = typeof token === "string" ? await userOfConfirmationToken(token) : null;
  if (!user) return data<View>({ kind: "invalid" }, { status: 400 });
  await confirmEmail(user);
  return redirect("/confirm-email?done", 303);
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (view.kind === "confirm") {
    return (
      <AuthLayout title="Confirm your e-mail" subtitle={<>Is <strong className="text-slate-900">{view.email}</strong> your address?</>}>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={view.token} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Confirming..." : "Yes, confirm my e-mail address"}
          </Button>
        </Form>
      </AuthLayout>
    );
  }
  if (view.kind === "done") {
    return (
      <AuthLayout title="E-mail address confirmed" subtitle="Thank you. You can publish your pages and choose a plan now.">
        <ButtonLink to={view.signedIn ? "/dashboard" : "/signin"} className="w-full">
          {view.signedIn ? "Go to your dashboard" : "Sign in"}
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (view.kind === "sent") {
    return (
      <AuthLayout title="Check your e-mail" subtitle="We sent you a link to confirm your address. It works for 7 days.">
        <p role="status" className="text-sm text-slate-700">
          {view.required
            ? "Please check your email and click the confirmation link before signing in."
            : "Open the link in the e-mail to confirm your address. Until then you can build kits, but not publish a page or choose a plan."}
        </p>
        <p className="mt-5 text-center text-sm">
          <Link to={view.required ? "/signin" : "/dashboard"} className="font-semibold text-brand-700">
            {view.required ? "Back to sign in" : "Go to your dashboard"}
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={view.kind === "limit" ? "Please wait a little" : "This link doesn't work"}>
      <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {view.kind === "limit"
          ? "We already sent you several links this hour. Please use the newest one, or try again later."
          : CONFIRMATION_INVALID_MESSAGE}
      </div>
      <p className="mt-5 text-center text-sm">
        <Link to="/dashboard" className="font-semibold text-brand-700">
          Go to your dashboard
        </Link>
      </p>
    </AuthLayout>
  );
}
