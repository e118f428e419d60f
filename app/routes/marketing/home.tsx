import { Link } from "react-router";
import { DemoDialog, DemoTrigger } from "~/ui/marketing/demo-modal";
import { Icon, type IconName } from "~/ui/marketing/icons";
import { CtaBand, Eyebrow, HeroGlow, IconBadge, SectionHeading } from "~/ui/marketing/section";
import { buttonClasses } from "~/ui/ui/button";
import { seo } from "~/features/marketing/seo";
import { WIZARD_PATH } from "~/features/marketing/site";
import type { Route } from "./+types/home";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "LaunchKit: describe your idea, get a launch kit in minutes",
    description:
      "Describe your business idea and get a launch kit in minutes: brand, landing page, social posts, ads and research, ready to export. 500+ launch kits generated.",
  });

const valueTiles: Array<{ title: string; body: string; icon: IconName; tone: "brand" | "emerald" | "amber" | "sky" }> = [
  {
    title: "Fast setup",
    body: "Three short steps about your idea. Most kits are ready in 1-2 minutes, complex ones in up to 5.",
    icon: "bolt",
    tone: "amber",
  },
  {
    title: "Accessible",
    body: "Semantic structure, readable contrast and alt text are built into every page we help you create.",
    icon: "accessibility",
    tone: "sky",
  },
  {
    title: "Exportable assets",
    body: "Logos, copy, landing page and deck are real files you own and can take to any tool.",
    icon: "download",
    tone: "emerald",
  },
  {
    title: "Citation-backed",
    body: "Market research comes with its sources, so you can check every claim before you rely on it.",
    icon: "citation",
    tone: "brand",
  },
];

const features: Array<{
  title: string;
  body: string;
  points: string[];
  icon: IconName;
  tone: "brand" | "emerald" | "amber" | "rose" | "sky";
  wide?: boolean;
}> = [
  {
    title: "Brand in a click",
    body: "A name-ready logo, a 3-colour palette and a type pairing that match the vibe you pick.",
    points: ["Logo in SVG and PNG", "Colour palette with hex codes", "Brand guidelines"],
    icon: "palette",
    tone: "rose",
    wide: true,
  },
  {
    title: "Site and deploy",
    body: "A conversion-focused landing page written for your audience, deployed in one click.",
    points: ["Website-builder prompt", "HTML/CSS landing page", "One-click deploy and custom domain"],
    icon: "globe",
    tone: "sky",
    wide: true,
  },
  {
    title: "Socials and ads",
    body: "Show up everywhere from day one with copy that sounds like you.",
    points: ["Bios for every platform", "10 starter posts", "3 ad variants", "A posting calendar"],
    icon: "megaphone",
    tone: "amber",
  },
  {
    title: "Research snapshot",
    body: "Know who you're selling to and who you're up against.",
    points: ["Ideal customer profile (ICP)", "5 competitors compared", "Sources for every claim"],
    icon: "search",
    tone: "emerald",
  },
  {
    title: "Export everything",
    body: "Take your whole launch kit with you, no lock-in.",
    points: ["One zip with every asset", "Email delivery", "Yours to use commercially"],
    icon: "archive",
    tone: "brand",
  },
];

const stats = [
  { value: "500+", label: "launch kits generated" },
  { value: "1-2 min", label: "for most kits" },
  { value: "10", label: "starter posts per kit" },
  { value: "5", label: "competitors researched" },
];

const steps = [
  { title: "Tell us your idea", body: "A few sentences about what you're building and who it's for." },
  { title: "Pick your brand starter", body: "Choose a tone, a goal and a visual vibe." },
  { title: "Review your launch kit", body: "Landing page, socials, ads and deck, side by side." },
  { title: "Deploy and export", body: "Go live in one click or download everything." },
];

function KitPreview() {
  return (
    <div
      role="img"
      aria-label="Preview of a generated launch kit: the idea 'Mobile dog grooming for busy pet parents in Austin' becomes a logo, a colour palette, a landing page, social posts and ad variants."
      className="relative mx-auto mt-16 max-w-5xl"
    >
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-500/20 via-fuchsia-500/10 to-sky-400/20 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-2xl shadow-brand-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="h-3 w-3 rounded-full bg-rose-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-emerald-400" />
          <span className="ml-3 hidden rounded-md bg-white px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200 sm:block">
            launchkit.app/dashboard
          </span>
        </div>
        <div className="grid gap-0 md:grid-cols-[0.9fr_1.4fr]">
          <div className="border-b border-slate-100 p-6 md:border-b-0 md:border-r">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Your idea</p>
            <p className="mt-3 rounded-xl bg-slate-50 p-4 text-sm leading-6 text-slate-800 ring-1 ring-inset ring-slate-200">
              Mobile dog grooming for busy pet parents in Austin. We come to you, in a van, on your schedule.
            </p>
            <div className="mt-4 flex flex-wrap gap-2 text-xs font-medium">
              <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-800 ring-1 ring-amber-200">Friendly</span>
              <span className="rounded-full bg-sky-50 px-2.5 py-1 text-sky-800 ring-1 ring-sky-200">Book calls</span>
              <span className="rounded-full bg-rose-50 px-2.5 py-1 text-rose-800 ring-1 ring-rose-200">Cozy</span>
            </div>
            <div className="mt-6">
              <div className="flex justify-between text-xs font-medium text-slate-700">
                <span>Generating your kit</span>
                <span>100%</span>
              </div>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full w-full rounded-full bg-linear-to-r from-brand-500 to-fuchsia-500" />
              </div>
              <p className="mt-2 flex items-center gap-1.5 text-xs text-emerald-700">
                <Icon name="check" className="h-4 w-4" /> Ready in 1 min 12 s
              </p>
            </div>
          </div>
          <div className="grid gap-4 bg-slate-50/60 p-6 sm:grid-cols-2">
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Brand</p>
              <div className="mt-3 flex items-center gap-3">
                {/* /images/samples/logo-paws.svg drawn inline: as an <img> it was an SVG document of its own to build on load. */}
                <svg viewBox="0 0 96 96" aria-hidden="true" className="h-12 w-12 shrink-0 rounded-xl" width={48} height={48}>
                  <defs>
                    <linearGradient id="home-paws-gradient" x1="0" y1="0" x2="1" y2="1">
                      <stop offset="0" stopColor="#3b82f6" />
                      <stop offset="1" stopColor="#1d4ed8" />
                    </linearGradient>
                  </defs>
                  <rect width="96" height="96" rx="24" fill="url(#home-paws-gradient)" />
                  <g fill="#FBBF24" transform="translate(48 52)">
                    <ellipse cx="0" cy="8" rx="14" ry="12" />
                    <circle cx="-17" cy="-9" r="6" />
                    <circle cx="-6" cy="-18" r="6" />
                    <circle cx="6" cy="-18" r="6" />
                    <circle cx="17" cy="-9" r="6" />
                  </g>
                  <path d="M20 78 h56" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="4" strokeLinecap="round" />
                </svg>
                <div>
                  <p className="font-bold text-slate-900">Paws on Wheels</p>
                  <p className="text-xs text-slate-600">Grooming that comes to you</p>
                </div>
              </div>
              <div className="mt-4 flex gap-2">
                <span className="h-8 flex-1 rounded-lg" style={{ background: "#2563EB" }} />
                <span className="h-8 flex-1 rounded-lg" style={{ background: "#FBBF24" }} />
                <span className="h-8 flex-1 rounded-lg ring-1 ring-inset ring-slate-200" style={{ background: "#FFF7ED" }} />
              </div>
            </div>
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Landing page</p>
              <div className="mt-3 rounded-lg p-3" style={{ background: "#FFF7ED" }}>
                <div className="h-2 w-2/3 rounded bg-slate-800" />
                <div className="mt-2 h-1.5 w-full rounded bg-slate-300" />
                <div className="mt-1 h-1.5 w-4/5 rounded bg-slate-300" />
                <div className="mt-3 h-5 w-20 rounded-md" style={{ background: "#2563EB" }} />
              </div>
            </div>
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Socials and ads</p>
              <ul className="mt-3 space-y-2 text-sm text-slate-700">
                <li className="flex items-center gap-2"><Icon name="megaphone" className="h-4 w-4 text-amber-600" /> 10 starter posts</li>
                <li className="flex items-center gap-2"><Icon name="target" className="h-4 w-4 text-rose-600" /> 3 ad variants</li>
                <li className="flex items-center gap-2"><Icon name="calendar" className="h-4 w-4 text-sky-600" /> 30-day calendar</li>
              </ul>
            </div>
            <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Research</p>
              <ul className="mt-3 space-y-2 text-sm text-slate-700">
                <li className="flex items-center gap-2"><Icon name="users" className="h-4 w-4 text-brand-600" /> ICP: dual-income pet owners</li>
                <li className="flex items-center gap-2"><Icon name="search" className="h-4 w-4 text-emerald-600" /> 5 competitors mapped</li>
                <li className="flex items-center gap-2"><Icon name="citation" className="h-4 w-4 text-slate-600" /> 12 cited sources</li>
              </ul>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export const action = refusePost;

export default function Home() {
  return (
    <main>
      <section className="relative isolate overflow-hidden pb-20 pt-32 sm:pt-40">
        <HeroGlow />
        <div className="container-page text-center">
          <Eyebrow icon="sparkles">500+ launch kits generated</Eyebrow>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 text-balance sm:text-6xl">
            Describe your idea. Get a{" "}
            <span className="bg-linear-to-r from-brand-700 to-fuchsia-700 bg-clip-text text-transparent">
              launch kit in minutes
            </span>
            .
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600 text-pretty">
            Tell LaunchKit what you're building and who it's for. Get a brand, a landing page, social posts, ads
            and a research snapshot, ready to publish or export.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={WIZARD_PATH} className={buttonClasses("primary", "lg", "shadow-lg shadow-brand-600/25")} data-wizard-trigger>
              Try free
              <Icon name="arrow-right" className="h-5 w-5" />
            </Link>
            <DemoTrigger />
          </div>
          <p className="mt-5 flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5"><Icon name="check" className="h-4 w-4 text-emerald-600" /> No credit card needed</span>
            <span className="inline-flex items-center gap-1.5"><Icon name="check" className="h-4 w-4 text-emerald-600" /> Free preview forever</span>
            <span className="inline-flex items-center gap-1.5"><Icon name="check" className="h-4 w-4 text-emerald-600" /> Ready in 1-2 minutes</span>
          </p>
          <KitPreview />
        </div>
      </section>

      <section aria-label="LaunchKit in numbers" className="below-fold border-y border-slate-200 bg-white [contain-intrinsic-block-size:auto_10rem]">
        <dl className="container-page grid grid-cols-2 gap-y-8 py-10 text-center md:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label} className="flex flex-col gap-1">
              <dt className="text-sm text-slate-600">{s.label}</dt>
              <dd className="order-first text-3xl font-extrabold tracking-tight text-slate-900">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="why-heading" className="below-fold container-page py-20 sm:py-28">
        <SectionHeading
          id="why-heading"
          eyebrow="Why LaunchKit"
          title="Built for founders who'd rather launch than fiddle"
          lead="Skip the blank page. Every kit is fast to make, accessible by default, yours to export and backed by real sources."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {valueTiles.map((tile) => (
            <li key={tile.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
              <IconBadge name={tile.icon} tone={tile.tone} />
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{tile.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{tile.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-heading" className="below-fold bg-white py-20 sm:py-28 [contain-intrinsic-block-size:auto_60rem]">
        <div className="container-page">
          <SectionHeading
            id="features-heading"
            eyebrow="What's in the kit"
            title="Everything you need for launch day"
            lead="One short wizard, five ready-to-use building blocks."
          />
          <ul className="mt-14 grid gap-6 lg:grid-cols-6">
            {features.map((f) => (
              <li
                key={f.title}
                className={`relative flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-linear-to-b from-white to-slate-50 p-7 shadow-sm ${
                  f.wide ? "lg:col-span-3" : "lg:col-span-2"
                }`}
              >
                <IconBadge name={f.icon} tone={f.tone} size="lg" />
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{f.body}</p>
                <ul className="mt-5 space-y-2.5 text-sm text-slate-700">
                  {f.points.map((p) => (
                    <li key={p} className="flex gap-2.5">
                      <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                      {p}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="below-fold container-page py-20 sm:py-28">
        <SectionHeading
          id="how-heading"
          eyebrow="How it works"
          title="From idea to launch kit in four steps"
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-linear-to-br from-brand-600 to-fuchsia-600 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{s.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-center">
          <Link to="/process" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800">
            See the full process <Icon name="arrow-right" className="h-4 w-4" />
          </Link>
        </p>
      </section>

      <CtaBand
        headingId="home-cta-heading"
        title="Your launch kit is a few answers away"
        body="Join the founders behind 500+ launch kits. Preview yours free, and only pay when you're ready to export."
        cta="Start your launch kit"
        secondary={{ label: "See pricing", to: "/pricing" }}
      />
      <DemoDialog />
    </main>
  );
}
