import { useFetcher } from "react-router";

/** What /newsletter answers a sign-up with (its action, in the route module). */
export type NewsletterResult = { ok: boolean; message: string };

/** 'Join 1,000+ founders': posts to /newsletter; without JS that page shows the result. */
export function NewsletterForm({ idPrefix = "footer" }: { idPrefix?: string }) {
  const fetcher = useFetcher<NewsletterResult>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/newsletter" className="mt-6" noValidate>
      <label htmlFor={`${idPrefix}-newsletter-email`} className="text-sm font-semibold text-slate-900">
        Launch tips, twice a month
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${idPrefix}-newsletter-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@startup.com"
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={result ? `${idPrefix}-newsletter-status` : undefined}
          className="min-w-0 flex-1 rounded-xl border-0 bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
        />
        <button
          type="submit"
          disabled={busy}
          className="shrink-0 rounded-xl bg-slate-900 px-3.5 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
        >
          Join 1,000+ founders
        </button>
      </div>
      {result ? (
        <p
          id={`${idPrefix}-newsletter-status`}
          role="status"
          className={`mt-2 text-sm ${result.ok ? "text-emerald-700" : "text-red-700"}`}
        >
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
