import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { buttonClasses } from "~/ui/ui/button";
import { isCurrent, useAppLinkClicks } from "./app-links";
import { Wordmark } from "./logo";

export type NavUser = { name: string; email: string; role: "user" | "admin" } | null;

const links = [
  { to: "/", label: "Home" },
  { to: "/process", label: "Process" },
  { to: "/templates", label: "Templates" },
  { to: "/pricing", label: "Pricing" },
  { to: "/samples", label: "Samples" },
  { to: "/blog", label: "Blog" },
];

const HIDE_AFTER_PX = 100;

/** Hides when scrolling down past 100px, shows again when scrolling up. */
function useHideOnScroll() {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > HIDE_AFTER_PX && y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}

function navLinkClass(isActive: boolean) {
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
  }`;
}

/** A navbar link: a plain `<a>` (see app-links.tsx) marked as the current page the way NavLink marks it. */
function NavItem({ to, label, current, className = "" }: { to: string; label: string; current: boolean; className?: string }) {
  return (
    <a href={to} data-app-link aria-current={current ? "page" : undefined} className={`${className}${navLinkClass(current)}`}>
      {label}
    </a>
  );
}

function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/signout">
      <button type="submit" className={className ?? buttonClasses("ghost", "sm")}>
        Sign out
      </button>
    </Form>
  );
}

export function Navbar({ user }: { user: NavUser }) {
  const hidden = useHideOnScroll();
  const location = useLocation();
  const onLinkClick = useAppLinkClicks();
  const current = (to: string) => isCurrent(location.pathname, to, to === "/");
  const allLinks = user ? [...links, { to: "/dashboard", label: "Dashboard" }] : links;
  if (user?.role === "admin") allLinks.push({ to: "/admin", label: "Admin" });

  return (
    <header
      data-testid="navbar"
      data-hidden={hidden ? "true" : "false"}
      className={`fixed inset-x-0 top-3 z-40 px-3 transition-transform duration-300 ${
        hidden ? "-translate-y-[150%]" : "translate-y-0"
      }`}
    >
      <nav
        aria-label="Main"
        onClick={onLinkClick}
        className="mx-auto flex max-w-6xl items-center justify-between gap-4 rounded-2xl border border-slate-200/80 bg-white/85 px-4 py-2.5 shadow-lg shadow-slate-900/5 backdrop-blur"
      >
        <a href="/" data-app-link aria-label="LaunchKit home">
          <Wordmark />
        </a>
        <ul className="hidden items-center gap-1 lg:flex">
          {allLinks.map((l) => (
            <li key={l.to}>
              <NavItem to={l.to} label={l.label} current={current(l.to)} />
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <>
              <NavItem to="/account" label="Account" current={current("/account")} />
              <SignOutButton />
            </>
          ) : (
            <>
              <NavItem to="/signin" label="Sign in" current={current("/signin")} />
              <a href="/wizard" data-app-link className={buttonClasses("primary", "sm")} data-wizard-trigger>
                Try free
              </a>
            </>
          )}
        </div>
        {/* Mobile menu: a <details> element, so it opens without JavaScript. */}
        <details key={location.pathname} className="group relative lg:hidden">
          <summary
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-label="Menu"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6 group-open:hidden" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <svg viewBox="0 0 24 24" className="hidden h-6 w-6 group-open:block" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="absolute right-0 mt-3 w-64 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl">
            <ul className="flex flex-col gap-1">
              {allLinks.map((l) => (
                <li key={l.to}>
                  <NavItem to={l.to} label={l.label} current={current(l.to)} className="block " />
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3">
              {user ? (
                <>
                  <a href="/account" data-app-link className={buttonClasses("secondary", "sm", "w-full")}>
                    Account
                  </a>
                  <SignOutButton className={buttonClasses("secondary", "sm", "w-full")} />
                </>
              ) : (
                <>
                  <a href="/signin" data-app-link className={buttonClasses("secondary", "sm", "w-full")}>
                    Sign in
                  </a>
                  <a href="/wizard" data-app-link className={buttonClasses("primary", "sm", "w-full")} data-wizard-trigger>
                    Try free
                  </a>
                </>
              )}
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}
