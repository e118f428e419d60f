import { redirect } from "react-router";
import { attributeLead } from "~/features/analytics/index.server";
import { addressOf } from "~/features/analytics/index.server";
import { enrolLeadSafely } from "~/features/site/sequences/sequences.server";
import { logError } from "~/platform/log.server";
import { CODE_PATTERN, joinWaitlist, waitlistOn } from "~/features/site/waitlist/waitlist.server";
import { addLead } from "~/kit/assets/landing/pages.server";
import { badgeOptions, LEAD_HONEYPOT, LEAD_RATE_LIMIT_MESSAGE, leadRateLimiter, notifyFounder, publicHtmlHeaders } from "./public.server";
import type { PublicPage } from "~/kit/assets/landing/public-page";
import { renderSignupPageHtml, type FormState } from "~/kit/assets/landing/render.server";
import { leadFormAction } from "~/kit/assets/landing/page-forms";
import { ctaKind, leadSchema } from "~/kit/assets/landing/schema";
import { thanksPass } from "./thanks-pass.server";

/**
 * A sign-up posted to a published page: by its form on LaunchKit (or the
 * founder's domain) and by downloaded copies hosted anywhere, which post to
 * the page's stable id (/f/<page_id>). A public endpoint that needs no
 * session: a resource route, so React Router's same-origin check for
 * actions does not apply (there is no signed-in user to forge a request
 * for). Per-IP rate limit, honeypot, server-side validation; one row per
 * page and e-mail.
 */
export async function postLead(request: Request, clientIp: string, data: PublicPage): Promise<Response> {
  const slug = data.page.slug;
  // Keyed by the address analytics caps by: an IPv6 home or phone holds a whole /64 and may pick any address in it.
  if (!(await leadRateLimiter.hit(addressOf(clientIp)))) {
    return refused(request, data, 429, "Please try again later", { error: LEAD_RATE_LIMIT_MESSAGE }, { "Retry-After": "600" });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(request, data, 400, "Please check your details", { error: "Please fill in the form and try again." });
  }
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  // A filled-in honeypot means a bot: answer like a success, store nothing (and no pass).
  if (value(LEAD_HONEYPOT)?.trim()) return redirect(`/p/${slug}/thanks`, 303);

  const parsed = leadSchema(ctaKind(data.goal, data.brand.understanding?.model)).safeParse({ email: value("email"), name: value("name"), phone: value("phone"), time: value("time"), date: value("date"), places: value("places") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] as FormState["field"];
    const values = { email: value("email")?.slice(0, 254), name: value("name")?.slice(0, 100), phone: value("phone")?.slice(0, 100), time: value("time")?.slice(0, 100), date: value("date")?.slice(0, 10), places: value("places")?.slice(0, 4) };
    return refused(request, data, 400, "Please check your details", { error: issue.message, field, values });
  }
  const lead = { email: parsed.data.email, name: parsed.data.name, phone: parsed.data.phone, preferredTime: parsed.data.time, bookingDate: parsed.data.date, partySize: parsed.data.places };
  // A conversion: the lead takes its visitor's source and the variant the server showed them (app/features/analytics), and counts once, when new.
  const attribution = await attributeLead(request, clientIp, data.page);
  const { created } = await addLead(data.page.kitId, { ...lead, source: attribution.source, variant: attribution.variant });
  if (created) attribution.count();
  if (created) await notifyFounder(request, data.page, data.brand.name, lead);
  // A referral waitlist (app/features/site/waitlist): the lead's entry, with who referred it (the form's ?r=, checked against this page's codes).
  if (await waitlistOn(data.page.kitId)) {
    try {
      await joinWaitlist({ kitId: data.page.kitId, pageId: data.page.pageId, email: lead.email, referralCode: referralCodeOf(request), ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" });
    } catch (error) {
      logError("waitlist: a sign-up's entry was not written", error);
    }
  }
  // E-mail sequences (app/features/site/sequences): the lead joins the page's sequence, or is asked to confirm (double opt-in).
  await enrolLeadSafely(data.page.kitId, lead.email);
  // The pass lets the thank-you page hand over the download (app/features/site/thanks-pass.server.ts).
  return redirect(`/p/${slug}/thanks?pass=${thanksPass(data.page.kitId)}`, 303);
}


function refused(request: Request, data: PublicPage, status: number, title: string, state: FormState, headers: Record<string, string> = {}) {
  const html = renderSignupPageHtml(data.brand, data.content, {
    goal: data.goal,
    logo: data.logo,
    pageUrl: `/p/${data.page.slug}`,
    formAction: leadFormAction(data.page, "", referralCodeOf(request)),
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
    title,
    state,
  });
  return new Response(html, { status, headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", ...headers } });
}

/** The referral code a page or form request carries (?r=), when it has the shape of one. */
export function referralCodeOf(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("r");
  return code && CODE_PATTERN.test(code) ? code : null;
}
