import { Icon } from "~/ui/marketing/icons";
import { CtaBand, IconBadge, PageHero, SectionHeading } from "~/ui/marketing/section";
import { ROADMAP, TEAM, VALUES } from "~/features/marketing/about";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/about";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "About us: our mission, team and roadmap",
    description:
      "LaunchKit exists so no founder stalls at the blank page. Meet the team of three, our values and our 2025 roadmap.",
  });

const valueTones = ["brand", "sky", "emerald", "amber"] as const;

const statusStyle: Record<(typeof ROADMAP)[number]["status"], string> = {
  Shipped: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "In progress": "bg-amber-50 text-amber-800 ring-amber-200",
  Planned: "bg-slate-100 text-slate-700 ring-slate-200",
};

export const action = refusePost;

export default function About() {
  return (
    <main>
      <PageHero
        eyebrow="About LaunchKit"
        icon="rocket"
        title="We help founders get from idea to launch, fast"
        lead="Our mission: no good idea should die on a blank page. LaunchKit gives every founder the brand, site and launch plan that used to take an agency and a month."
      />

      <section aria-labelledby="mission-heading" className="container-page">
        <div className="grid items-center gap-10 rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-12 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Our mission
            </h2>
            <div className="mt-5 space-y-4 leading-7 text-slate-600">
              <p>
                Most ideas don't fail because they're bad. They stall in the gap between "I should do this" and a
                page a customer can actually see. Naming, logo, copy, research, social posts: every one is a small
                project, and together they are weeks of work.
              </p>
              <p>
                LaunchKit closes that gap. You describe your idea in a few sentences; we turn it into a launch kit
                you can review, edit and ship the same afternoon. It is built to be accessible, honest about its
                sources and entirely yours to export.
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {[
              { value: "500+", label: "launch kits generated" },
              { value: "1-2 min", label: "typical generation time" },
              { value: "3", label: "people on the team" },
              { value: "2025", label: "founded" },
            ].map((s) => (
              <div key={s.label} className="flex flex-col gap-1 rounded-2xl bg-slate-50 p-5 ring-1 ring-inset ring-slate-200">
                <dt className="text-sm text-slate-600">{s.label}</dt>
                <dd className="order-first text-2xl font-extrabold tracking-tight text-slate-900">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="container-page pt-24">
        <SectionHeading id="team-heading" eyebrow="Team" title="Small team, big launches" lead="Three people who have launched, designed and engineered products for a living." />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TEAM.map((m) => (
            <li key={m.name} className="rounded-3xl border border-slate-200 bg-white p-7 text-center shadow-sm">
              <span
                aria-hidden="true"
                className={`mx-auto inline-flex h-20 w-20 items-center justify-center rounded-full bg-linear-to-br text-2xl font-bold text-white shadow-lg ring-4 ring-white ${m.gradient}`}
              >
                {m.initials}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{m.name}</h3>
              <p className="text-sm font-medium text-brand-700">{m.role}</p>
              <p className="mt-3 text-sm leading-6 text-slate-600">{m.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-heading" className="container-page pt-24">
        <SectionHeading id="values-heading" eyebrow="Values" title="What we stand for" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v, i) => (
            <li key={v.title} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge name={v.icon} tone={valueTones[i % valueTones.length]} />
              <h3 className="mt-5 font-semibold text-slate-900">{v.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{v.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="roadmap-heading" className="container-page pt-24">
        <SectionHeading
          id="roadmap-heading"
          eyebrow="Roadmap"
          title="Where we're headed in 2025"
          lead="What we've shipped and what's next, quarter by quarter."
        />
        <ol className="mt-12 grid gap-6 lg:grid-cols-3">
          {ROADMAP.map((q) => (
            <li key={q.quarter} className="relative rounded-3xl border border-slate-200 bg-white p-7 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-bold text-brand-700">{q.quarter}</p>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyle[q.status]}`}>
                  {q.status}
                </span>
              </div>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{q.title}</h3>
              <ul className="mt-4 space-y-2.5 text-sm text-slate-700">
                {q.items.map((item) => (
                  <li key={item} className="flex gap-2.5">
                    <Icon
                      name={q.status === "Shipped" ? "check" : "arrow-right"}
                      className={`mt-0.5 h-4 w-4 shrink-0 ${q.status === "Shipped" ? "text-emerald-600" : "text-slate-500"}`}
                    />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <CtaBand
        headingId="about-cta-heading"
        title="Build your launch with us"
        body="Questions, partnerships or press? We'd love to hear from you. Or jump straight in and start your kit."
        cta="Start your launch kit"
        secondary={{ label: "Contact us", to: "/contact" }}
      />
    </main>
  );
}
