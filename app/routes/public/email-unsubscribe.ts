import { enrolmentByToken, requestResubscribe, unsubscribe } from "~/features/site/sequences/sequences.server";
import { leadPage } from "~/features/site/sequences/public-page.server";
import type { Route } from "./+types/email-unsubscribe";

/**
 * /e/u/<token>: the List-Unsubscribe URL of every sequence e-mail and
 * broadcast. GET (the footer link) shows a page whose button confirms, so a
 * mail scanner that opens links unsubscribes nobody; POST unsubscribes and
 * answers 200, whether it is that button or a mail client's RFC 8058
 * one-click POST (List-Unsubscribe=One-Click, no cookies). Each e-mail
 * carries its own signed token, valid for 180 days after it was sent
 * (docs/decisions/034-lead-email-limits.md). The unsubscribed page offers a
 * new confirmation link: the only way back for a suppressed address. A
 * resource route: no session is read and no same-origin check applies.
 */
const expired = () =>
  leadPage(410, "This link has expired", ["Unsubscribe links work for 180 days after the e-mail was sent. Every e-mail from us has a fresh one at the bottom: use the link in a newer e-mail."]);
const notFound = (extra = "") => leadPage(404, "Link not found", [`This unsubscribe link is not valid${extra}.`]);

const unsubscribed = (token: string, email: string, note?: string) =>
  leadPage(200, "You are unsubscribed", [`${email} gets no more e-mails from this list.`, ...(note ? [note] : []), "Changed your mind? We can e-mail you a link to confirm that you want our e-mails again."], {
    action: `/e/u/${token}`,
    button: "Send me a confirmation link",
    hidden: { intent: "resubscribe" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const row = await enrolmentByToken(params.token);
  if (row === "expired") return expired();
  if (!row) return notFound(" (it may have been copied incompletely)");
  if (row.status === "unsubscribed") return unsubscribed(params.token, row.email);
  return leadPage(200, "Unsubscribe?", [`Stop all e-mails from this list to ${row.email}.`], { action: `/e/u/${params.token}`, button: "Unsubscribe" });
}

export async function action({ request, params }: Route.ActionArgs) {
  const row = await enrolmentByToken(params.token);
  if (row === "expired") return expired();
  if (!row) return notFound();
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "resubscribe") {
    // The same answer whether an e-mail went now or not (one a day at most): nothing to learn from it.
    await requestResubscribe(row);
    return leadPage(200, "Check your inbox", [`If ${row.email} is still unsubscribed, a confirmation link is on its way to it (at most one a day). Follow it to get our e-mails again.`]);
  }
  await unsubscribe(row);
  return unsubscribed(params.token, row.email);
}
