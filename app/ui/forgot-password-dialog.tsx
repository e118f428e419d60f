import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/ui/ui/dialog";
import { Button } from "~/ui/ui/button";

export const RESET_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.";

/** What /forgot-password's action answers (the dialog posts to it; the page renders it without JavaScript). */
export type ForgotPasswordResult = { status: "sent" } | { status: "error"; message: string; email?: string };

/** The reset dialog: idle, 'Sending...', sent. Posts to /forgot-password. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ForgotPasswordResult>();
  const [email, setEmail] = useState("");
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const sent = result?.status === "sent";
  const [editedSinceError, setEdited] = useState(false);
  useEffect(() => setEdited(false), [result]);
  const error = result && result.status === "error" && !editedSinceError ? result.message : null;

  return (
    <Dialog open={open} onClose={onClose} title="Reset your password" labelledBy="forgot-title">
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">{RESET_SENT_MESSAGE}</p>
          <Button type="button" variant="secondary" className="w-full" onClick={onClose}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <fetcher.Form method="post" action="/forgot-password" noValidate className="space-y-4">
          <p className="text-sm text-slate-600">Enter your account's email and we'll send you a link to choose a new password.</p>
          <div>
            <label htmlFor="forgot-email" className="mb-1.5 block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEdited(true);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "forgot-error" : undefined}
              className="block w-full rounded-xl border-0 px-3.5 py-2.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
            />
            {error ? (
              <p id="forgot-error" role="alert" className="mt-1.5 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full" disabled={sending}>
            {sending ? "Sending..." : "Send reset link"}
          </Button>
        </fetcher.Form>
      )}
    </Dialog>
  );
}
