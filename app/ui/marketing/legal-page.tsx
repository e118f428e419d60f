import type { ReactNode } from "react";
import { Link } from "react-router";
import { HeroGlow } from "./section";

export const LEGAL_LAST_UPDATED = "January 1, 2025";

export type LegalSection = {
  id: string;
  heading: string;
  body: ReactNode;
};

const legalLinks = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/cookies", label: "Cookie Policy" },
];

/** Shared layout of /privacy, /terms and /cookies: title, date, contents, sections. */
export function LegalPage({
  title,
  intro,
  sections,
  eyebrow = "Legal",
  updated = { iso: "2025-01-01", label: LEGAL_LAST_UPDATED },
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** The small heading above the title ("Legal" for the policies). */
  eyebrow?: string;
  /** When the page last changed: ISO date and how it reads. */
  updated?: { iso: string; label: string };
}) {
  return (
    <main className="relative isolate">
      <HeroGlow />
      <div className="container-page pb-8 pt-32 sm:pt-40">
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm font-medium text-slate-600">
            Last updated <time dateTime={updated.iso}>{updated.label}</time>
          </p>
          <div className="mt-6 text-lg leading-8 text-slate-700">{intro}</div>
        </div>
      </div>
      <div className="container-page">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[14rem_1fr]">
          <aside className="lg:sticky lg:top-28 lg:self-start">
            <nav aria-label="On this page" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="text-sm font-semibold text-slate-900">On this page</p>
              <ol className="mt-3 space-y-2 text-sm">
                {sections.map((s, i) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} className="text-slate-600 hover:text-brand-700">
                      {i + 1}. {s.heading}
                    </a>
                  </li>
                ))}
              </ol>
              <p className="mt-5 border-t border-slate-100 pt-4 text-sm font-semibold text-slate-900">Other policies</p>
              <ul className="mt-3 space-y-2 text-sm">
                {legalLinks.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-slate-600 hover:text-brand-700">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <article className="min-w-0 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
            {sections.map((s, i) => (
              <section key={s.id} aria-labelledby={s.id} className={i > 0 ? "mt-10" : undefined}>
                <h2 id={s.id} className="scroll-mt-28 text-xl font-bold tracking-tight text-slate-900">
                  {i + 1}. {s.heading}
                </h2>
                <div className="mt-3 space-y-4 leading-7 text-slate-700">{s.body}</div>
              </section>
            ))}
            <div className="mt-12 rounded-2xl bg-slate-50 p-5 text-sm leading-6 text-slate-700 ring-1 ring-inset ring-slate-200">
              Questions about this policy? Write to us through the{" "}
              <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                contact form
              </Link>{" "}
              and choose "General question". We answer within 24-48 hours.
            </div>
          </article>
        </div>
      </div>
    </main>
  );
}

/** A bulleted list styled for legal text. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-500">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
