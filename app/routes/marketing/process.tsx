import { FaqList } from "~/ui/marketing/faq-list";
import { Icon, type IconName } from "~/ui/marketing/icons";
import { CtaBand, IconBadge, PageHero, SectionHeading } from "~/ui/marketing/section";
import { PROCESS_FAQ } from "~/features/marketing/faq";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/process";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "How it works: from idea to launch kit in four steps",
    description:
      "Tell us your idea, pick your brand starter, review your launch kit and deploy or export it. See how LaunchKit works, step by step.",
  });

const steps: Array<{
  title: string;
  body: string;
  details?: string[];
  icon: IconName;
  tone: "brand" | "amber" | "emerald" | "sky";
  time: string;
}> = [
  {
    title: "Tell us your idea",
    body: "Describe what you're building in plain words: the problem, who it's for and where you'll sell. No business plan needed; a few sentences are plenty.",
    icon: "lightbulb",
    tone: "amber",
    time: "About 1 minute",
  },
  {
    title: "Pick your brand starter",
    body: "Choose the tone of voice, your primary goal and the visual vibe. These steer every word and colour in your kit so it feels like one brand.",
    icon: "palette",
    tone: "brand",
    time: "About 30 seconds",
  },
  {
    title: "Review your launch kit",
    body: "Everything arrives in your dashboard, side by side, ready to tweak.",
    details: ["Landing page", "Social bios/posts", "3 ad concepts", "5-slide deck"],
    icon: "layout",
    tone: "sky",
    time: "Ready in 1-2 minutes",
  },
  {
    title: "Deploy and export",
    body: "Go live today or take your assets anywhere you like.",
    details: ["One-click deploy", "Custom domain", "Asset download", "Email delivery"],
    icon: "deploy",
    tone: "emerald",
    time: "One click",
  },
];

export const action = refusePost;

export default function Process() {
  return (
    <main>
      <PageHero
        eyebrow="How it works"
        icon="sparkles"
        title="From idea to launch kit in four steps"
        lead="LaunchKit asks the questions a good strategist would, then writes, designs and researches your launch while you grab a coffee."
      />

      <section aria-labelledby="steps-heading" className="container-page">
        <h2 id="steps-heading" className="sr-only">
          The four steps
        </h2>
        <div className="relative mx-auto max-w-4xl">
        <div aria-hidden="true" className="absolute bottom-8 left-[3.75rem] top-8 hidden w-px bg-linear-to-b from-brand-300 via-fuchsia-300 to-emerald-300 sm:block" />
        <ol className="relative space-y-6">
          {steps.map((step, i) => (
            <li key={step.title} className="relative flex flex-col gap-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:p-8">
              <div className="flex items-center gap-4 sm:flex-col sm:items-center">
                <IconBadge name={step.icon} tone={step.tone} size="lg" />
              </div>
              <div className="flex-1">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-sm font-semibold text-brand-700">Step {i + 1}</span>
                  <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                    <Icon name="clock" className="h-3.5 w-3.5" /> {step.time}
                  </span>
                </div>
                <h3 className="mt-2 text-xl font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{step.body}</p>
                {step.details ? (
                  <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                    {step.details.map((d) => (
                      <li key={d} className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-200">
                        <Icon name="check" className="h-4 w-4 text-emerald-600" />
                        {d}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        </div>
      </section>

      <section aria-labelledby="faq-heading" id="faq" className="container-page scroll-mt-24 pt-24">
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Questions founders ask"
          lead="Everything you want to know before starting your first kit."
        />
        <FaqList items={PROCESS_FAQ} />
      </section>

      <CtaBand
        headingId="process-cta-heading"
        title="Start now: your idea deserves a launch"
        body="Four steps, a couple of minutes, and you'll have a brand, a landing page and a plan to share."
        cta="Start now"
        secondary={{ label: "Browse samples", to: "/samples" }}
      />
    </main>
  );
}
