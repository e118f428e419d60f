import { NavLink } from "react-router";

const tabs = [
  { to: "/admin", label: "Submissions", end: true },
  { to: "/admin/messages", label: "Inbox", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/pages", label: "Pages", end: false },
];

export function AdminHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Admin</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      <nav aria-label="Admin" className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
