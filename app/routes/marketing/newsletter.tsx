import { data, Link } from "react-router";
import { buttonClasses } from "~/ui/ui/button";
import { NEWSLETTER_RATE_LIMIT_MESSAGE, newsletterRateLimiter, subscribe } from "~/features/marketing/newsletter.server";
import { NewsletterSchema } from "~/features/marketing/schemas";
import { clientIpContext } from "~/platform/http/request-context";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter | LaunchKit" },
  { name: "description", content: "Join 1,000+ founders getting LaunchKit's launch tips." },
];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const ip = context.get(clientIpContext);
  if (await newsletterRateLimiter.isLimited(ip)) {
    return data({ ok: false, message: NEWSLETTER_RATE_LIMIT_MESSAGE }, { status: 429 });
  }
  const parsed = NewsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  // Counted only for a valid address; hit() checks again, so two requests at once cannot both take the last one.
  if (!(await newsletterRateLimiter.hit(ip))) {
    return data({ ok: false, message: NEWSLETTER_RATE_LIMIT_MESSAGE }, { status: 429 });
  }
  const added = await subscribe(parsed.data.email);
  return {
    ok: true,
    message: added
      ? "You're in! Watch your inbox for launch tips."
      : "You're already subscribed. Nothing more to do.",
  };
}

/** Without JavaScript the footer form lands here and shows its result. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <main className="container-page flex min-h-[60vh] flex-col items-center justify-center pt-32 text-center">
      <h1 className="text-3xl font-bold tracking-tight">LaunchKit newsletter</h1>
      <p
        role="status"
        className={`mt-4 text-lg ${actionData && !actionData.ok ? "text-red-700" : "text-slate-700"}`}
      >
        {actionData?.message ?? "Use the form at the bottom of any page to join 1,000+ founders."}
      </p>
      <Link to="/" className={buttonClasses("primary", "md", "mt-8")}>
        Back to home
      </Link>
    </main>
  );
}
