import { confirmationTokenState, confirmLead } from "~/features/site/sequences/sequences.server";
import { leadPage } from "~/features/site/sequences/public-page.server";
import { linkOrigin, siteOrigin } from "~/platform/http/site-origin.server";
import { confirmedPage } from "~/features/site/waitlist/pages.server";
import { entryOfLead, statusOfEntry, waitlistOn } from "~/features/site/waitlist/waitlist.server";
import type { Route } from "./+types/email-confirm";

/**
 * /e/confirm/<lead>.<issued>.<signature>: double opt-in. GET shows a button
 * (link scanners confirm nobody), POST confirms; the signature (HMAC of the
 * lead id and the time the link was sent) is checked on POST, and a link
 * older than 7 days has expired (410, saying how to get a new one). No
 * session, no script.
 */
const TOKEN = /^[\w-]{8,64}(\.[0-9a-z]{1,12})?\.[\w-]{20,64}$/;

const notFound = () => leadPage(404, "Link not found", ["This confirmation link is not valid."]);
const expired = () => leadPage(410, "This link has expired", ["Confirmation links work for 7 days after we send them.", "To get a new one, sign up again on the page: we will e-mail you a fresh link."]);

export async function loader({ params }: Route.LoaderArgs) {
  const state = TOKEN.test(params.token) ? await confirmationTokenState(params.token) : "invalid";
  if (state === "invalid") return notFound();
  if (state === "expired") return expired();
  return leadPage(200, "Confirm your sign-up", ["One click and you will get our e-mails. You can unsubscribe from any of them."], { action: `/e/confirm/${params.token}`, button: "Yes, send me e-mails" });
}

export async function action({ params, request }: Route.ActionArgs) {
  const confirmed = TOKEN.test(params.token) ? await confirmLead(params.token) : null;
  if (confirmed === "expired") return expired();
  if (confirmed === "unsubscribed-since") return leadPage(410, "This link no longer signs you up", ["You unsubscribed after we sent it, so it cannot undo that. To get our e-mails again, open the unsubscribe link of an e-mail from us and ask for a new confirmation link."]);
  if (!confirmed) return notFound();
  // On a referral waitlist: the lead's place and personal link, right away (app/features/site/waitlist).
  const entry = await entryOfLead(confirmed.leadId);
  if (entry && (await waitlistOn(entry.kitId))) return confirmedPage(await statusOfEntry(entry), (await linkOrigin(request)) ?? siteOrigin(request));
  return leadPage(200, "You are confirmed", ["Thank you: your first e-mail is on its way."]);
}
