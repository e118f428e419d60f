import { Link } from "react-router";
import { Icon } from "~/ui/marketing/icons";
import { CtaBand, PageHero } from "~/ui/marketing/section";
import { buttonClasses } from "~/ui/ui/button";
import {
  ALL_SAMPLES_LABEL,
  categoryLabel,
  filterSamples,
  NO_SAMPLES_MESSAGE,
  SAMPLE_CATEGORIES,
  SAMPLES,
  type Sample,
} from "~/features/marketing/samples";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/samples";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Sample launch kits",
    description:
      "Browse sample launch kits made with LaunchKit for local services, ecommerce shops, courses, SaaS products and creators.",
  });

export function loader({ url }: Route.LoaderArgs) {
  const category = url.searchParams.get("category");
  return filterSamples(category);
}

const chipBase =
  "inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold transition-colors ring-1 ring-inset";
const chipActive = "bg-slate-900 text-white ring-slate-900";
const chipIdle = "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:text-slate-900";

function SampleCard({ sample }: { sample: Sample }) {
  return (
    <li className="group flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={sample.image}
          alt={sample.imageAlt}
          width={640}
          height={480}
          loading="lazy"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <span className="absolute left-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-800 shadow-sm">
          {categoryLabel(sample.category)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-semibold text-slate-900">{sample.title}</h3>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{sample.description}</p>
        <div className="mt-5">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Palette</p>
          <ul className="mt-2 flex gap-2" aria-label={`${sample.title} colour palette`}>
            {sample.palette.map((c) => (
              <li key={c.hex} className="flex flex-1 flex-col gap-1.5">
                <span
                  className="h-9 rounded-lg ring-1 ring-inset ring-slate-900/10"
                  style={{ backgroundColor: c.hex }}
                  aria-hidden="true"
                />
                <span className="text-xs text-slate-700">
                  <span className="sr-only">{c.name}, </span>
                  <span aria-hidden="true">{c.name}</span>
                  <span className="block font-mono text-[0.7rem] text-slate-600">{c.hex}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          disabled
          aria-describedby="full-kit-note"
          className={buttonClasses("secondary", "md", "mt-6 w-full")}
        >
          <Icon name="lock" className="h-4 w-4" />
          View full kit
        </button>
      </div>
    </li>
  );
}

export const action = refusePost;

export default function Samples({ loaderData }: Route.ComponentProps) {
  const { active, samples } = loaderData;
  const chips = [{ slug: null, label: ALL_SAMPLES_LABEL }, ...SAMPLE_CATEGORIES];
  return (
    <main>
      <PageHero
        eyebrow="Samples"
        icon="sparkles"
        title="See what a launch kit looks like"
        lead="Real-world ideas turned into brands, landing pages and launch plans. Filter by the kind of business closest to yours."
      />

      <section aria-labelledby="samples-heading" className="container-page">
        <h2 id="samples-heading" className="sr-only">
          Sample kits
        </h2>
        <nav aria-label="Filter samples by category">
          <ul className="flex flex-wrap justify-center gap-2">
            {chips.map((chip) => {
              const isActive = chip.slug === active;
              return (
                <li key={chip.label}>
                  <Link
                    to={chip.slug ? `/samples?category=${chip.slug}` : "/samples"}
                    preventScrollReset
                    aria-current={isActive ? "page" : undefined}
                    className={`${chipBase} ${isActive ? chipActive : chipIdle}`}
                  >
                    {chip.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {samples.length > 0 ? (
          <p id="full-kit-note" className="mt-6 text-center text-sm text-slate-600">
            Showing {samples.length} of {SAMPLES.length} samples. Full kit walkthroughs are coming soon.
          </p>
        ) : null}

        {samples.length > 0 ? (
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {samples.map((s) => (
              <SampleCard key={s.slug} sample={s} />
            ))}
          </ul>
        ) : (
          <div className="mx-auto mt-10 max-w-lg rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <span className="mx-auto inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
              <Icon name="filter" className="h-7 w-7" />
            </span>
            <p className="mt-5 text-lg font-semibold text-slate-900">{NO_SAMPLES_MESSAGE}</p>
            <p className="mt-2 text-sm text-slate-600">Try another category, or see every sample at once.</p>
            <Link to="/samples" className={buttonClasses("primary", "md", "mt-6")}>
              Clear filters
            </Link>
          </div>
        )}
      </section>

      <CtaBand
        headingId="samples-cta-heading"
        title="Like what you see? Make one for your idea"
        body="Your own launch kit takes a few answers and about a minute. The preview is free."
        cta="Create my launch kit"
        secondary={{ label: "Browse templates", to: "/templates" }}
      />
    </main>
  );
}
