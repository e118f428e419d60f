import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { kitBrand } from "~/kit/content.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { ARM_NAMES, armRate, comparisonLabel, count, dayLabel, experimentDates, experimentStanding, FIELD_NAMES, percent, periodLabel, previousNote, topicFacts, windowLabel, type ReviewBody, type ReviewFigures } from "~/features/monthly/review";
import { REVIEW_WRITE_LIMITED, reviewWriteLimiter } from "~/features/monthly/limits.server";
import { isPeriod, reviewsAllowed, reviewsOfKit, writeReviewNow } from "~/features/monthly/review.server";
import { utcMonth } from "~/platform/jobs/schedule.server";
import type { Route } from "./+types/review";

/** The heading names the section, not the kit (the workspace layout route reads it). */
export const handle = { workspaceTitle: "Strategy review" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Strategy review · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/review: Pro's monthly strategy review (see
 * app/features/monthly). The reviews of past months (written on the 1st by the
 * schedule) with their PDFs, the one chosen (?period=2026-11, else the
 * newest), and a plain POST that writes "this month so far" (Pro or admin;
 * others get 403 and see what Pro adds). Another user's kit is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const pro = await reviewsAllowed(user);
  const brandReady = (await kitBrand(kit.id)) !== null;
  const reviews = await reviewsOfKit(kit.id);
  const wanted = new URL(request.url).searchParams.get("period") ?? "";
  const chosen = (isPeriod(wanted) ? reviews.find((r) => r.period === wanted) : undefined) ?? reviews[0] ?? null;
  return {
    pro,
    brandReady,
    thisMonth: periodLabel(utcMonth(new Date())),
    reviews: reviews.map((r) => ({ period: r.period, label: r.figures.partial ? `${periodLabel(r.period)} so far` : periodLabel(r.period), writtenAt: r.createdAt.toISOString() })),
    review: chosen ? { period: chosen.period, figures: chosen.figures, body: chosen.body, writtenAt: chosen.createdAt.toISOString() } : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  if (form.get("intent") !== "write") return data({ message: "Unknown action." }, { status: 400 });
  if (!(await reviewsAllowed(user))) return data({ message: "The monthly strategy review comes with Pro." }, { status: 403 });
  if (!(await kitBrand(kit.id))) return data({ message: "The review is written from your brand: come back once the brand is ready." }, { status: 409 });
  if (!(await reviewWriteLimiter.hit(kit.id))) return data({ message: REVIEW_WRITE_LIMITED }, { status: 429 });
  const period = await writeReviewNow(kit);
  return redirect(`/dashboard/kits/${kit.id}/review?period=${period}&saved=1`, 303);
}

function Figure({ name, label, value, note }: { name: string; label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-figure={name}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900" data-value>
        {value}
      </p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}

function ReviewView({ figures: f, body, period, writtenAt, kitId }: { figures: ReviewFigures; body: ReviewBody; period: string; writtenAt: string; kitId: string }) {
  return (
    <article className="space-y-6" data-testid="review" aria-labelledby="review-title">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-title" className="text-xl font-semibold text-slate-900">
            {f.partial ? `${periodLabel(f.period)} so far` : periodLabel(f.period)}
          </h2>
          <p className="text-sm text-slate-600">
            {windowLabel(f.from, f.to)} (UTC), {comparisonLabel(f)} · written {dayLabel(writtenAt)}
          </p>
        </div>
        <a href={`/dashboard/kits/${kitId}/review/${period}.pdf`} className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50" download data-testid="review-pdf">
          Download PDF
        </a>
      </header>

      <Panel title="Where the numbers stand" id="review-numbers">
        <p className="text-sm text-slate-700" data-testid="review-summary">
          {body.summary}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="review-figures">
          <Figure name="visitors" label="Visitors" value={count(f.visitors)} note={previousNote(f, count(f.previous.visitors))} />
          <Figure name="leads" label="Leads" value={count(f.leads)} note={previousNote(f, count(f.previous.leads))} />
          <Figure name="conversion" label="Conversion" value={percent(f.conversionRate)} note={previousNote(f, percent(f.previous.conversionRate))} />
          <Figure name="pageviews" label="Page views" value={count(f.pageviews)} />
          <Figure name="emails-sent" label="E-mails sent" value={count(f.emails.sent)} note={`${count(f.emails.unsubscribed)} unsubscribed`} />
          <Figure name="subscribers" label="Subscribers" value={count(f.emails.subscribers)} note="At the end of the period" />
        </div>
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Top sources</h3>
        {f.topSources.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No visits from the published page in this period.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="review-sources">
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-semibold">Source</th>
                  <th className="py-1 pr-3 text-right font-semibold">Visitors</th>
                  <th className="py-1 text-right font-semibold">Leads</th>
                </tr>
              </thead>
              <tbody>
                {f.topSources.map((s) => (
                  <tr key={s.source} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{s.source}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">{count(s.visitors)}</td>
                    <td className="py-1 text-right tabular-nums">{count(s.leads)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Experiments</h3>
        {f.experiments.length === 0 ? <p className="mt-1 text-sm text-slate-600">No experiment ran in this period.</p> : null}
        {f.experiments.map((e) => (
          <div key={e.id} className="mt-2" data-testid="review-experiment">
            <p className="text-sm text-slate-700">
              <span className="font-semibold">{FIELD_NAMES[e.field] ?? e.field}</span> · {experimentDates(e)} · {experimentStanding(e)}
            </p>
            <div className="overflow-x-auto">
              <table className="mt-1 w-full text-left text-sm">
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    <th className="py-1 pr-3 font-semibold">Version</th>
                    <th className="py-1 pr-3 text-right font-semibold">Visitors</th>
                    <th className="py-1 pr-3 text-right font-semibold">Leads</th>
                    <th className="py-1 text-right font-semibold">Rate</th>
                  </tr>
                </thead>
                <tbody>
                  {e.arms.map((a) => (
                    <tr key={a.label} className="border-t border-slate-100">
                      <td className="py-1 pr-3">
                        <span className="font-medium">{ARM_NAMES(a.label)}</span>: {a.text}
                      </td>
                      <td className="py-1 pr-3 text-right tabular-nums">{count(a.visitors)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{count(a.leads)}</td>
                      <td className="py-1 text-right tabular-nums">{percent(armRate(a))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </Panel>

      <Panel title="What competitors did" id="review-competitors">
        <p className="text-sm text-slate-700">{body.competitors}</p>
        {f.competitorChanges.length > 0 ? (
          <ul className="mt-3 space-y-2" data-testid="review-changes">
            {f.competitorChanges.map((c, i) => (
              <li key={i} className={`border-l-4 pl-3 text-sm ${c.importance === "high" ? "border-brand-600" : "border-slate-200"}`}>
                <p className="text-xs font-semibold text-slate-500">
                  {c.competitor} · {c.page} · {dayLabel(c.at)}
                  {c.importance === "high" ? " · important" : ""}
                </p>
                <p className="text-slate-800">{c.summary}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>

      <Panel title="Three priorities for the next 30 days" id="review-priorities">
        <ol className="space-y-5" data-testid="review-priorities">
          {body.priorities.map((p, i) => (
            <li key={p.topic} className="flex gap-3" data-topic={p.topic}>
              <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                {i + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{p.title}</h3>
                <ul className="mt-1 space-y-0.5 text-sm font-medium text-brand-800">
                  {topicFacts(p.topic, f).map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-slate-700">{p.why}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {p.actions.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel title="The 30/60/90-day plan" id="review-plan">
        <div className="grid gap-4 md:grid-cols-3" data-testid="review-plan">
          {(
            [
              ["First 30 days", body.plan.days30],
              ["Days 31 to 60", body.plan.days60],
              ["Days 61 to 90", body.plan.days90],
            ] as const
          ).map(([label, steps]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-4">
              <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {steps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Panel>
    </article>
  );
}

export default function ReviewSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { pro, brandReady, reviews, review, thisMonth } = loaderData;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <div className="space-y-6" data-testid="review-section">
        {params.get("saved") ? <Notice tone="success">Review written: every number in it is read from your page&rsquo;s records.</Notice> : null}
        {actionData?.message ? (
          <Notice tone="error" role="alert">
            {actionData.message}
          </Notice>
        ) : null}
        {!pro ? (
          <div data-testid="review-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">A monthly strategy review with Pro</p>
            <p className="mt-1">
              On the 1st of each month, a review of your page: visitors, leads, conversion and sources against the month before, your experiments and their result, your e-mails, what competitors
              changed, three priorities for the next 30 days with concrete actions, and a 30/60/90-day plan. In the app and as a PDF in your brand. Every number comes from your own records.
            </p>
            <Link to="/upgrade" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
              Upgrade to Pro →
            </Link>
          </div>
        ) : !brandReady ? (
          <Notice tone="info">The review is written from your brand: come back once the brand is ready.</Notice>
        ) : (
          <Panel title="Write this month's review" id="review-write">
            <p className="text-sm text-slate-700">Each month&rsquo;s review is written on the 1st of the next month. You can also write one now for {thisMonth} so far; writing it again replaces it.</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="write" />
              <Button type="submit" disabled={busy}>
                {busy ? "Writing…" : `Write the review of ${thisMonth} so far`}
              </Button>
            </Form>
          </Panel>
        )}
        {reviews.length > 0 ? (
          <Panel title="Reviews" id="review-list">
            <ul className="divide-y divide-slate-100 text-sm" data-testid="review-list">
              {reviews.map((r) => (
                <li key={r.period} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link to={`?period=${r.period}`} className={`font-semibold ${review?.period === r.period ? "text-slate-900" : "text-brand-700 hover:text-brand-800"}`} aria-current={review?.period === r.period ? "page" : undefined}>
                    {r.label}
                  </Link>
                  <a href={`/dashboard/kits/${summary.id}/review/${r.period}.pdf`} download className="text-brand-700 hover:text-brand-800">
                    PDF
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
        ) : pro ? (
          <Notice tone="info">No review yet: the first one is written on the 1st of next month, or now with the button above.</Notice>
        ) : null}
        {review ? <ReviewView figures={review.figures} body={review.body} period={review.period} writtenAt={review.writtenAt} kitId={summary.id} /> : null}
      </div>
    </>
  );
}
