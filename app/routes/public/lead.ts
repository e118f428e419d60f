import { redirect } from "react-router";
import { addLead } from "~/kits/assets/landing/pages.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { badgeOptions, LEAD_HONEYPOT, LEAD_RATE_LIMIT_MESSAGE, leadRateLimiter, notifyFounder, publicHtmlHeaders, publicPage, type PublicPage } from "~/kits/assets/landing/public.server";
import { renderSignupPageHtml, type FormState } from "~/kits/assets/landing/render.server";
import { ctaKind, leadSchema } from "~/kits/assets/landing/schema";
import { thanksPass } from "~/kits/assets/landing/thanks-pass.server";
import { clientIpContext } from "~/utils/request-context";
import { notFound } from "~/utils/responses.server";
import type { Route } from "./+types/lead";

/**
 * A published page's sign-up form posts here. A public endpoint that needs
 * no session: a resource route, so React Router's same-origin check for
 * actions does not apply (there is no signed-in user to forge a request
 * for), which also lets the downloaded copy of the page, hosted anywhere,
 * post its sign-ups here. Per-IP rate limit, honeypot, server-side
 * validation; one row per page and e-mail.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const data = await publicPage(params.slug);
  if (!data) throw notFound();
  const slug = data.page.slug;
  if (!(await leadRateLimiter.hit(context.get(clientIpContext)))) {
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

  const parsed = leadSchema(ctaKind(data.goal)).safeParse({ email: value("email"), name: value("name"), time: value("time") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] as FormState["field"];
    const values = { email: value("email")?.slice(0, 254), name: value("name")?.slice(0, 100), time: value("time")?.slice(0, 100) };
    return refused(request, data, 400, "Please check your details", { error: issue.message, field, values });
  }
  const lead = { email: parsed.data.email, name: parsed.data.name, preferredTime: parsed.data.time };
  const { created } = await addLead(data.page.kitId, lead);
  if (created) await notifyFounder(data.page, data.brand.name, lead, siteOrigin(request));
  // The pass lets the thank-you page hand over the download (app/kits/assets/landing/thanks-pass.server.ts).
  return redirect(`/p/${slug}/thanks?pass=${thanksPass(data.page.kitId)}`, 303);
}

/** Opening the form's address directly: the page itself. */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/p/${params.slug}`, 303);
}

function refused(request: Request, data: PublicPage, status: number, title: string, state: FormState, headers: Record<string, string> = {}) {
  const html = renderSignupPageHtml(data.brand, data.content, {
    goal: data.goal,
    logo: data.logo,
    pageUrl: `/p/${data.page.slug}`,
    formAction: `/p/${data.page.slug}/lead`,
    fonts: { mode: "linked" },
    ...badgeOptions(data, request),
    title,
    state,
  });
  return new Response(html, { status, headers: { ...publicHtmlHeaders(html, false), "Cache-Control": "no-store", ...headers } });
}
