import { confirmLead } from "~/sequences/sequences.server";
import { leadPage } from "~/sequences/public-page.server";
import type { Route } from "./+types/email-confirm";

/**
 * /e/confirm/<lead>.<signature>: double opt-in. GET shows a button (link
 * scanners confirm nobody), POST confirms; the signature (HMAC of the lead
 * id) is checked on POST. No session, no script.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!/^[\w-]{8,64}\.[\w-]{20,64}$/.test(params.token)) return leadPage(404, "Link not found", ["This confirmation link is not valid."]);
  return leadPage(200, "Confirm your sign-up", ["One click and you will get our e-mails. You can unsubscribe from any of them."], { action: `/e/confirm/${params.token}`, button: "Yes, send me e-mails" });
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = await confirmLead(params.token);
  if (!confirmed) return leadPage(404, "Link not found", ["This confirmation link is not valid."]);
  return leadPage(200, "You are confirmed", ["Thank you: your first e-mail is on its way."]);
}
