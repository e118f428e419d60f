import { useEffect, useRef } from "react";
import { SelfRefresh } from "~/ui/self-refresh";
import { Form, Link, redirect, useFetcher, useNavigate, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { KitModal } from "~/routes/dashboard/kit-modal";
import { useHydrated } from "~/ui/use-hydrated";
import { useKitEvents } from "~/ui/wizard/use-kit-events";
import { requireUser } from "~/features/auth/guards.server";
import { ProgressBar, StatusBadge } from "~/ui/kit-ui";
import { ButtonLink } from "~/ui/ui/button";
import { audienceShort, businessName, formatDate, showsProgress } from "~/kit/format";
import { DASHBOARD_PAGE_SIZE, kitForUser, kitsForUser, statsForUser } from "~/kit/kits.server";
import { weekOfPublishedKits } from "~/features/analytics/report.server";
import { redirectPastLastPage, requestedPage } from "~/platform/text/pagination";
import type { Route } from "./+types/index";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | LaunchKit" },
  { name: "description", content: "Your launch kits." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = requestedPage(url);
  const openKit = url.searchParams.get("kit");
  if (openKit !== null && !(await kitForUser(openKit, user.id))) {
    // A link to a kit that is gone (or was never this user's): the list alone.
    const params = new URLSearchParams(url.search);
    params.delete("kit");
    throw redirect(`/dashboard${params.size ? `?${params}` : ""}`);
  }
  // Two indexed queries on the local SQLite file (synchronous, ~1 ms each): no
  // round trips to overlap, so they simply run one after the other.
  const stats = await statsForUser(user.id);
  redirectPastLastPage(url, page, stats.total, DASHBOARD_PAGE_SIZE);
  const kits = await kitsForUser(user.id, page);
  // Published pages' last 7 days (visitors, leads): one grouped query for the whole page of cards, none without one.
  const week = Object.fromEntries(await weekOfPublishedKits(kits.filter((k) => k.leadCount !== null).map((k) => k.id)));
  return {
    // The name given at sign-up (its first word); the e-mail's local part only if it has none.
    greeting: user.name.trim().split(/\s+/)[0] || user.email.split("@")[0]!,
    unconfirmedEmail: user.emailConfirmedAt ? null : user.email,
    kits,
    week,
    stats,
    page,
    hasNext: page * DASHBOARD_PAGE_SIZE < stats.total,
  };
}

/** A generating kit's bar follows the live events; when it finishes, the list reloads. */
function LiveCardProgress({ kitId, initial }: { kitId: string; initial: number | null }) {
  const live = useKitEvents(kitId, { progress: initial ?? 0 });
  const revalidator = useRevalidator();
  useEffect(() => {
    if (live.done) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.done]);
  return <ProgressBar value={live.progress} />;
}

/** The kit's vector mark (or its concept art for kits made before brands), else its initial. */
function KitThumbnail({ kit }: { kit: { id: string; businessIdea: string; brandName: string | null; brandVersion: number | null; logoVersion: number | null; generatedLogoUrl: string | null } }) {
  const src =
    kit.brandVersion && kit.logoVersion
      ? `/dashboard/kits/${kit.id}/logo/mark.svg?v=${kit.brandVersion}.${kit.logoVersion}`
      : kit.generatedLogoUrl;
  if (!src) {
    return (
      <span aria-hidden="true" className="kit-card-initial">
        {(kit.brandName ?? kit.businessIdea).trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return <img data-testid="kit-thumbnail" src={src} alt="" loading="lazy" width={44} height={44} className="h-11 w-11 shrink-0 rounded-xl bg-white object-contain p-1 ring-1 ring-slate-200" />;
}

function StatCard({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p data-testid={testId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {value}
      </p>
    </div>
  );
}

export const action = refusePost;

/** The open kit (`?kit=`) is view state: opening or closing it reloads nothing. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Submissions, explicit revalidations (same URL) and other pages: as usual.
  if (formMethod || currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutKit = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("kit");
    return params.toString();
  };
  return withoutKit(currentUrl) === withoutKit(nextUrl) ? false : defaultShouldRevalidate;
}

/**
 * With JavaScript a kit opens over the list as `?kit=<id>`: a history entry,
 * so Back closes it and a reload keeps it open. Closing goes back to the
 * entry the kit was opened from, or replaces the URL when it was opened
 * directly (a reload, a pasted link).
 */
function useOpenKit() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const openKit = searchParams.get("kit");
  const withKit = (id: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (id) params.set("kit", id);
    else params.delete("kit");
    const search = params.toString();
    return `/dashboard${search ? `?${search}` : ""}`;
  };
  return {
    openKit,
    open: (id: string) => navigate(withKit(id), { preventScrollReset: true, state: { kitOpenedHere: true } }),
    close: () => {
      const openedHere = (window.history.state?.usr as { kitOpenedHere?: boolean } | undefined)?.kitOpenedHere;
      if (openedHere) navigate(-1);
      else navigate(withKit(null), { replace: true, preventScrollReset: true });
    },
  };
}

/** Until the address is confirmed: what waits for it, and a real form to send the link again. */
function ConfirmEmailBanner({ email }: { email: string }) {
  return (
    <Form method="post" action="/confirm-email" className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="min-w-0 flex-1">
        Please confirm your e-mail address: open the link we sent to <strong className="break-all">{email}</strong>. You need it to publish a page or choose a plan.
      </p>
      <input type="hidden" name="intent" value="resend" />
      <button type="submit" className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100">
        Send the link again
      </button>
    </Form>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { greeting, kits, week, stats, page, hasNext, unconfirmedEmail } = loaderData;
  const anyGenerating = kits.some((k) => k.status === "generating");
  const hydrated = useHydrated();
  const { openKit, open: openKitModal, close: closeKitModal } = useOpenKit();
  const deleter = useFetcher();
  // Deleting from the modal: the modal closes first (back to the list's URL),
  // then the delete is posted, so the list reloads at a URL without the kit.
  const pendingDelete = useRef<string | null>(null);
  useEffect(() => {
    const id = pendingDelete.current;
    if (id && openKit !== id) {
      pendingDelete.current = null;
      void deleter.submit({ intent: "delete", mode: "modal" }, { method: "post", action: `/dashboard/kits/${id}` });
    }
  }, [openKit, deleter]);
  return (
    <main className="container-page pt-28 pb-12">
      {anyGenerating ? (
        <SelfRefresh seconds={3} />
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hi, {greeting}</h1>
          <p className="mt-1 text-slate-600">Your launch kits, newest first.</p>
        </div>
        <ButtonLink to="/wizard" data-wizard-trigger>
          New launch kit
        </ButtonLink>
      </div>
      {unconfirmedEmail ? <ConfirmEmailBanner email={unconfirmedEmail} /> : null}
      <section aria-label="Stats" className="mt-8 grid gap-4 sm:grid-cols-3">
        <StatCard label="Total kits created" value={stats.total} testId="stat-total" />
        <StatCard label="Exported kits" value={stats.exported} testId="stat-exported" />
        <StatCard label="Currently generating" value={stats.generating} testId="stat-generating" />
      </section>
      <section aria-labelledby="kits-heading" className="mt-10">
        <h2 id="kits-heading" className="text-lg font-semibold text-slate-900">
          Launch kits
        </h2>
        {kits.length === 0 ? (
          <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <p className="text-lg font-semibold text-slate-900">No launch kits yet</p>
            <p className="mt-2 text-sm text-slate-600">Answer three quick steps and get your first kit in under a minute.</p>
            <ButtonLink to="/wizard" className="mt-6" data-wizard-trigger>
              Create your first launch kit
            </ButtonLink>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {kits.map((kit) => (
              <li key={kit.id} data-testid="kit-card" data-kit-id={kit.id}>
                {/* A plain link: with JS a click opens the kit over the list (below), otherwise (no JS, a
                    new tab) the browser follows it. Router <Link>s for the 24 cards were ~4% of the page's CPU. */}
                <a
                  href={`/dashboard/kits/${kit.id}`}
                  onClick={(e) => {
                    // With JS the kit opens over the list; the link stays the no-JS path.
                    if (!hydrated || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    openKitModal(kit.id);
                  }}
                  className="kit-card"
                >
                  <div className="kit-card-head">
                    <div className="kit-card-name">
                      <KitThumbnail kit={kit} />
                      <h3 className="kit-card-title">{kit.brandName ?? businessName(kit.businessIdea)}</h3>
                    </div>
                    <StatusBadge status={kit.status} />
                  </div>
                  <p className="kit-card-line">{kit.businessIdea}</p>
                  <p className="kit-card-audience">{audienceShort(kit.targetAudience)}</p>
                  {kit.generatedPrompt ? (
                    <p data-testid="kit-prompt-preview" className="kit-card-prompt">
                      {kit.generatedPrompt}
                    </p>
                  ) : null}
                  {showsProgress(kit.generationProgress) ? (
                    <div className="mt-4">
                      {kit.status === "generating" ? (
                        <LiveCardProgress kitId={kit.id} initial={kit.generationProgress} />
                      ) : (
                        <ProgressBar value={kit.generationProgress} />
                      )}
                    </div>
                  ) : null}
                  <p className="kit-card-foot">
                    <span>Created {formatDate(kit.createdAt)}</span>
                    {kit.leadCount !== null ? (
                      <span data-testid="kit-lead-count" className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-600/20">
                        <span aria-hidden="true">●</span> Page live · {kit.leadCount} {kit.leadCount === 1 ? "lead" : "leads"}
                      </span>
                    ) : null}
                  </p>
                  {week[kit.id] ? (
                    <p data-testid="kit-week" className="mt-1 text-xs text-slate-600">
                      Last 7 days: <span className="font-semibold text-slate-800">{week[kit.id]!.visitors}</span> {week[kit.id]!.visitors === 1 ? "visitor" : "visitors"} ·{" "}
                      <span className="font-semibold text-slate-800">{week[kit.id]!.leads}</span> {week[kit.id]!.leads === 1 ? "lead" : "leads"}
                    </p>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        )}
        {page > 1 || hasNext ? (
          <nav aria-label="Pagination" className="mt-8 flex justify-between">
            {page > 1 ? <Link to={`?page=${page - 1}`} className="text-sm font-semibold text-brand-700">← Newer</Link> : <span />}
            {hasNext ? <Link to={`?page=${page + 1}`} className="text-sm font-semibold text-brand-700">Older →</Link> : null}
          </nav>
        ) : null}
      </section>
      {openKit && hydrated ? (
        <KitModal
          kitId={openKit}
          onClose={closeKitModal}
          onDelete={() => {
            pendingDelete.current = openKit;
            closeKitModal();
          }}
        />
      ) : null}
    </main>
  );
}
