import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/ui/ui/button";
import { WIZARD_PATH } from "~/features/marketing/site";
import { Icon, type IconName } from "./icons";

/** Soft brand-coloured glow behind page heroes (pure CSS, decorative). */
export function HeroGlow() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] overflow-hidden">
      <div className="absolute left-1/2 top-[-10rem] h-[32rem] w-[60rem] -translate-x-1/2 rounded-full bg-linear-to-br from-brand-200 via-fuchsia-100 to-sky-100 opacity-70 blur-3xl" />
      <div
        className="absolute inset-0 opacity-[0.35]"
        style={{
          backgroundImage:
            "linear-gradient(to right, rgb(148 163 184 / 0.18) 1px, transparent 1px), linear-gradient(to bottom, rgb(148 163 184 / 0.18) 1px, transparent 1px)",
          backgroundSize: "44px 44px",
          maskImage: "radial-gradient(ellipse at top, black 20%, transparent 70%)",
        }}
      />
    </div>
  );
}

export function Eyebrow({ children, icon }: { children: ReactNode; icon?: IconName }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-200">
      {icon ? <Icon name={icon} className="h-4 w-4" /> : null}
      {children}
    </p>
  );
}

/** The top of every marketing page below home: eyebrow, h1, lead paragraph. */
export function PageHero({
  eyebrow,
  icon,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  icon?: IconName;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate pb-12 pt-32 sm:pb-16 sm:pt-40">
      <HeroGlow />
      <div className="container-page text-center">
        <Eyebrow icon={icon}>{eyebrow}</Eyebrow>
        <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600 text-pretty">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 text-balance sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-8 text-slate-600 text-pretty">{lead}</p> : null}
    </div>
  );
}

/** A coloured rounded square holding an icon. */
export function IconBadge({
  name,
  tone = "brand",
  size = "md",
}: {
  name: IconName;
  tone?: "brand" | "emerald" | "amber" | "rose" | "sky" | "violet" | "teal" | "blue";
  size?: "md" | "lg";
}) {
  const tones = {
    brand: "bg-brand-50 text-brand-700 ring-brand-100",
    emerald: "bg-emerald-50 text-emerald-700 ring-emerald-100",
    amber: "bg-amber-50 text-amber-700 ring-amber-100",
    rose: "bg-rose-50 text-rose-700 ring-rose-100",
    sky: "bg-sky-50 text-sky-700 ring-sky-100",
    violet: "bg-violet-50 text-violet-700 ring-violet-100",
    teal: "bg-teal-50 text-teal-700 ring-teal-100",
    blue: "bg-blue-50 text-blue-700 ring-blue-100",
  } as const;
  const sizes = { md: "h-11 w-11 rounded-xl", lg: "h-14 w-14 rounded-2xl" } as const;
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ring-1 ring-inset ${tones[tone]} ${sizes[size]}`}>
      <Icon name={name} className={size === "lg" ? "h-7 w-7" : "h-6 w-6"} />
    </span>
  );
}

/** The dark gradient call-to-action band that closes most pages. */
export function CtaBand({
  title,
  body,
  cta,
  to = WIZARD_PATH,
  secondary,
  headingId,
}: {
  title: string;
  body: string;
  cta: string;
  to?: string;
  secondary?: { label: string; to: string };
  headingId?: string;
}) {
  const isWizard = to === WIZARD_PATH;
  return (
    <section aria-labelledby={headingId} className="container-page py-16 sm:py-24">
      <div className="relative isolate overflow-hidden rounded-3xl bg-slate-900 px-6 py-14 text-center shadow-2xl sm:px-16 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10"
          style={{
            background:
              "radial-gradient(60% 80% at 15% 0%, rgb(99 102 241 / 0.55), transparent 70%), radial-gradient(50% 70% at 100% 100%, rgb(192 38 211 / 0.45), transparent 70%)",
          }}
        />
        <h2 id={headingId} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-slate-200">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={to}
            className={buttonClasses("secondary", "lg", "ring-0 text-brand-800 shadow-lg hover:bg-brand-50")}
            data-wizard-trigger={isWizard ? true : undefined}
          >
            {cta}
            <Icon name="arrow-right" className="h-5 w-5" />
          </Link>
          {secondary ? (
            <Link
              to={secondary.to}
              className={buttonClasses("ghost", "lg", "text-white ring-1 ring-inset ring-white/40 hover:bg-white/10 hover:text-white")}
            >
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function CheckItem({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "emerald" }) {
  return (
    <li className="flex gap-3">
      <span
        className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full ${
          tone === "brand" ? "bg-brand-100 text-brand-700" : "bg-emerald-100 text-emerald-700"
        }`}
      >
        <Icon name="check" className="h-3.5 w-3.5" />
      </span>
      <span>{children}</span>
    </li>
  );
}
