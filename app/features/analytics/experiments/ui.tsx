import { Link } from "react-router";
import { formatDate } from "~/kit/format";
import { chance, mismatchSentence, percent, points, pValue, trafficSentence, verdictSentence, visitorsNeeded, waitingSentence } from "./format";
import type { ExperimentView } from "./view";
import { armLabel } from "./schema";

/**
 * The view pieces of an experiment (client-safe; the data comes from
 * report.server.ts through a loader): its versions, the numbers per version,
 * and the reading in plain sentences.
 */

const count = (n: number) => n.toLocaleString("en-US");

export function Versions({ view }: { view: ExperimentView }) {
  return (
    <ol className="space-y-2" data-testid="experiment-versions">
      {view.texts.map((t) => (
        <li key={t.key} className="rounded-xl bg-slate-50 px-3.5 py-2.5 ring-1 ring-inset ring-slate-200">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {armLabel(t.key)}
            {view.appliedKey === t.key ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 normal-case tracking-normal text-emerald-800">applied</span> : null}
          </p>
          <p className="mt-0.5 break-words text-sm font-medium text-slate-900">{t.text}</p>
          {t.reason ? <p className="mt-0.5 text-xs text-slate-600">{t.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

const COLUMNS = ["Visitors", "Leads", "Conversion", "Chance to beat original", "Expected loss", "p-value", "Visitors needed"] as const;

function cells(arm: ExperimentView["reading"]["arms"][number]): string[] {
  // A variant's chance and loss need visitors on both sides; until then the cell says so rather than a prior's 50%.
  const waiting = arm.key !== "a" && arm.probabilityToBeat === null ? "needs visitors" : null;
  return [count(arm.visitors), count(arm.conversions), arm.visitors ? percent(arm.rate) : "—", waiting ?? chance(arm.probabilityToBeat), waiting ?? points(arm.expectedLoss), pValue(arm.pValue), visitorsNeeded(arm.neededPerArm)];
}

/** The numbers per version: a table from small tablets up, one card per version on phones. */
export function ResultsTable({ view }: { view: ExperimentView }) {
  const winner = view.reading.verdict.kind === "winner" ? view.reading.verdict.key : null;
  return (
    <>
      <ul className="space-y-3 sm:hidden" data-testid="experiment-results-cards">
        {view.reading.arms.map((arm) => (
          <li key={arm.key} className={`rounded-xl p-3 ring-1 ring-inset ${arm.key === winner ? "bg-emerald-50 ring-emerald-300" : "ring-slate-200"}`}>
            <p className="text-sm font-semibold text-slate-900">{armLabel(arm.key)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm tabular-nums">
              {cells(arm).map((value, i) => (
                <div key={COLUMNS[i]}>
                  <dt className="text-xs text-slate-600">{COLUMNS[i]}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <ResultsGrid view={view} winner={winner} />
    </>
  );
}

function ResultsGrid({ view, winner }: { view: ExperimentView; winner: string | null }) {
  return (
    // Focusable: a keyboard can scroll it when the window is narrower than the table.
    <div className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 sm:block" tabIndex={0} role="region" aria-label={`Results of the ${view.fieldLabel.toLowerCase()} experiment`}>
      <table data-testid="experiment-results" className="w-full min-w-[46rem] text-left text-sm tabular-nums">
        <caption className="sr-only">Results per version of the {view.fieldLabel.toLowerCase()} experiment</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Version</th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.reading.arms.map((arm) => (
            <tr key={arm.key} data-arm={arm.key} className={arm.key === winner ? "bg-emerald-50" : undefined}>
              <th scope="row" className="whitespace-nowrap px-3 py-2 font-semibold text-slate-900">
                {armLabel(arm.key)}
              </th>
              {cells(arm).map((value, i) => (
                <td key={COLUMNS[i]} className="px-3 py-2 text-right">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The verdict, the sample-ratio warning and the little-traffic sentence. */
export function Reading({ view }: { view: ExperimentView }) {
  const mismatch = mismatchSentence(view.reading);
  const traffic = trafficSentence(view.reading);
  const waiting = waitingSentence(view.reading);
  return (
    <div className="space-y-2 text-sm">
      {mismatch ? (
        <p role="alert" data-testid="experiment-srm" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-red-900">
          {mismatch}
        </p>
      ) : null}
      <p data-testid="experiment-verdict" className="font-medium text-slate-900">
        {verdictSentence(view.reading)}
      </p>
      {traffic ? (
        <p data-testid="experiment-traffic" className="text-slate-700">
          {traffic}
        </p>
      ) : null}
      {waiting ? (
        <p data-testid="experiment-waiting" className="text-slate-700">
          {waiting}
        </p>
      ) : null}
    </div>
  );
}

export function Dates({ view }: { view: ExperimentView }) {
  return (
    <p className="text-xs text-slate-600">
      Started {formatDate(view.startedAt)}
      {view.stoppedAt ? ` · stopped ${formatDate(view.stoppedAt)}` : " · running"}
      {view.status === "stopped" ? ` · ${view.appliedKey && view.appliedKey !== "a" ? `${armLabel(view.appliedKey)} applied to the page` : "the original kept"}` : ""}
    </p>
  );
}

/** What the columns mean, under the table. */
export function Glossary() {
  return (
    <details className="text-xs text-slate-600">
      <summary className="cursor-pointer font-semibold text-slate-700">What these numbers mean</summary>
      <dl className="mt-2 space-y-1.5">
        <div>
          <dt className="inline font-semibold">Visitors, leads, conversion: </dt>
          <dd className="inline">people who saw each version (one a day, no cookie), how many of them signed up, and the share who did.</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Chance to beat original: </dt>
          <dd className="inline">how likely the version's true sign-up rate is higher than the original's, given the numbers so far (shown once the version and the original both have visitors).</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Expected loss: </dt>
          <dd className="inline">how much sign-up rate you would give up, on average, if you chose this version and it is in fact worse (percentage points).</dd>
        </div>
        <div>
          <dt className="inline font-semibold">p-value: </dt>
          <dd className="inline">how often a difference this large would appear by chance if both versions were the same (two-proportion z-test); below 0.05 is the usual bar.</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Visitors needed: </dt>
          <dd className="inline">per version, for the difference seen so far to be detected reliably (80% of the time at 5% significance).</dd>
        </div>
      </dl>
    </details>
  );
}

/**
 * The Experiments panel of the Analytics section: the running experiment's
 * numbers and verdict at a glance, and the way to the experiments page
 * (where they are started, stopped and applied).
 */
export function ExperimentsSummary({ kitId, running }: { kitId: string; running: ExperimentView | null }) {
  const href = `/dashboard/kits/${kitId}/experiments`;
  return (
    <section aria-labelledby="experiments-summary-heading" data-testid="experiments-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="experiments-summary-heading" className="text-base font-semibold text-slate-900">
          Experiments
        </h2>
        <Link to={href} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          {running ? "Open the experiment →" : "Start an experiment →"}
        </Link>
      </div>
      <div className="mt-4 space-y-3">
        {running ? (
          <>
            <p className="text-sm text-slate-700">
              Testing the {running.fieldLabel.toLowerCase()}: {running.texts.length - 1} {running.texts.length === 2 ? "variant" : "variants"} against the original.
            </p>
            <Reading view={running} />
            <ResultsTable view={running} />
          </>
        ) : (
          <p className="text-sm text-slate-700">No experiment is running. Test another headline, subheadline or button against your page's own, with variants suggested for your business.</p>
        )}
      </div>
    </section>
  );
}
