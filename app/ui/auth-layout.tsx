import type { ReactNode } from "react";
import { LogoMark } from "~/ui/layout/logo";

/** The centred card shared by sign-in, sign-up and the password pages. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  // Top-aligned on phones: centred in the viewport's height, the card moved
  // whenever that height changed (the address bar, a late viewport): a layout shift.
  return (
    <main className="relative flex min-h-[85vh] items-start justify-center px-4 pt-28 pb-12 sm:items-center">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-100/70 to-transparent" />
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoMark className="h-11 w-11" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}
