import { enrolmentByToken, unsubscribe } from "~/sequences/sequences.server";
import { leadPage } from "~/sequences/public-page.server";
import type { Route } from "./+types/email-unsubscribe";

/**
 * /e/u/<token>: the List-Unsubscribe URL of every sequence e-mail and
 * broadcast. GET (the footer link) shows a page whose button confirms, so a
 * mail scanner that opens links unsubscribes nobody; POST unsubscribes and
 * answers 200, whether it is that button or a mail client's RFC 8058
 * one-click POST (List-Unsubscribe=One-Click, no cookies). A resource
 * route: no session is read and no same-origin check applies.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const row = await enrolmentByToken(params.token);
  if (!row) return leadPage(404, "Link not found", ["This unsubscribe link is not valid (it may have been copied incompletely)."]);
  if (row.status === "unsubscribed") return leadPage(200, "You are unsubscribed", [`${row.email} gets no more e-mails from this list.`]);
  return leadPage(200, "Unsubscribe?", [`Stop all e-mails from this list to ${row.email}.`], { action: `/e/u/${params.token}`, button: "Unsubscribe" });
}

export async function action({ params }: Route.ActionArgs) {
  const row = await enrolmentByToken(params.token);
  if (!row || !(await unsubscribe(params.token))) return leadPage(404, "Link not found", ["This unsubscribe link is not valid."]);
  return leadPage(200, "You are unsubscribed", [`${row.email} gets no more e-mails from this list. Changed your mind? Sign up again on the page.`]);
}
