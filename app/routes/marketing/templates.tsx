import { Icon } from "~/ui/marketing/icons";
import { CtaBand, PageHero } from "~/ui/marketing/section";
import { buttonClasses } from "~/ui/ui/button";
import { seo } from "~/features/marketing/seo";
import { sectionPreview, TEMPLATES, type Template } from "~/features/marketing/templates";
import type { Route } from "./+types/templates";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Launch templates for every kind of business",
    description:
      "Start from a proven structure: Local Service, Digital Product, Micro-SaaS, Coaching, Event and Nonprofit launch templates.",
  });

const accents: Record<Template["accent"], { bg: string; icon: string; dot: string }> = {
  blue: { bg: "from-blue-500 to-sky-400", icon: "text-blue-700", dot: "bg-blue-500" },
  violet: { bg: "from-brand-600 to-fuchsia-500", icon: "text-brand-700", dot: "bg-brand-500" },
  emerald: { bg: "from-emerald-500 to-teal-400", icon: "text-emerald-700", dot: "bg-emerald-500" },
  amber: { bg: "from-amber-400 to-orange-500", icon: "text-amber-700", dot: "bg-amber-500" },
  rose: { bg: "from-rose-500 to-pink-400", icon: "text-rose-700", dot: "bg-rose-500" },
  teal: { bg: "from-teal-500 to-cyan-400", icon: "text-teal-700", dot: "bg-teal-500" },
};

function TemplateCard({ template }: { template: Template }) {
  const { shown, more } = sectionPreview(template);
  const accent = accents[template.accent];
  return (
    <li
      className={`relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ${
        template.popular ? "ring-2 ring-brand-500 shadow-lg shadow-brand-900/10" : "border border-slate-200"
      }`}
    >
      <div aria-hidden="true" className={`relative h-36 bg-linear-to-br ${accent.bg}`}>
        <div className="absolute inset-x-6 bottom-0 h-24 rounded-t-xl bg-white/95 p-3 shadow-lg">
          <div className="flex items-center gap-2">
            <span className={`inline-flex h-7 w-7 items-center justify-center rounded-lg bg-slate-100 ${accent.icon}`}>
              <Icon name={template.icon} className="h-4 w-4" />
            </span>
            <span className="h-2 w-20 rounded bg-slate-300" />
            <span className={`ml-auto h-4 w-12 rounded ${accent.dot}`} />
          </div>
          <div className="mt-3 h-2 w-3/4 rounded bg-slate-200" />
          <div className="mt-1.5 h-2 w-1/2 rounded bg-slate-200" />
        </div>
      </div>
      {template.popular ? (
        <p className="absolute right-4 top-4 rounded-full bg-white px-3 py-1 text-xs font-bold text-brand-700 shadow">
          Most popular
        </p>
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold text-slate-900">{template.name}</h3>
        <p className="mt-2 text-sm leading-6 text-slate-600">{template.useCase}</p>
        <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-slate-600">Sections</p>
        <ul className="mt-2 flex-1 space-y-2 text-sm text-slate-700">
          {shown.map((s, i) => (
            <li key={s} className="flex items-center gap-2.5">
              <span className="inline-flex h-5 w-5 items-center justify-center rounded-md bg-slate-100 text-[0.7rem] font-bold text-slate-700">
                {i + 1}
              </span>
              {s}
            </li>
          ))}
          {more > 0 ? <li className="pl-7 font-medium text-brand-700">+{more} more sections</li> : null}
        </ul>
        <button
          type="button"
          disabled
          aria-describedby="templates-note"
          className={buttonClasses(template.popular ? "primary" : "secondary", "md", "mt-6 w-full")}
        >
          Use this template
        </button>
      </div>
    </li>
  );
}

export const action = refusePost;

export default function Templates() {
  return (
    <main>
      <PageHero
        eyebrow="Templates"
        icon="layout"
        title="Start from a structure that already works"
        lead="Each template is a proven page outline for a kind of business. LaunchKit fills it with your brand, your words and your offer."
      />
      <section aria-labelledby="templates-heading" className="container-page">
        <h2 id="templates-heading" className="sr-only">
          All templates
        </h2>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {TEMPLATES.map((t) => (
            <TemplateCard key={t.slug} template={t} />
          ))}
        </ul>
        <p id="templates-note" className="mt-8 text-center text-sm text-slate-600">
          Picking a template directly is coming soon. Today the wizard chooses the best fit for your idea.
        </p>
      </section>
      <CtaBand
        headingId="templates-cta-heading"
        title="Not sure which template fits?"
        body="Describe your idea and LaunchKit picks the right structure for you, then fills it in."
        cta="Start your launch kit"
        secondary={{ label: "See samples", to: "/samples" }}
      />
    </main>
  );
}
