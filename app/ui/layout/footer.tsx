import { NewsletterForm } from "~/ui/newsletter-form";
import { useAppLinkClicks } from "./app-links";
import { Wordmark } from "./logo";

const columns = [
  {
    title: "Product",
    links: [
      { to: "/process", label: "How it works" },
      { to: "/templates", label: "Templates" },
      { to: "/samples", label: "Samples" },
      { to: "/pricing", label: "Pricing" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/blog", label: "Blog" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy" },
      { to: "/terms", label: "Terms" },
      { to: "/cookies", label: "Cookies" },
    ],
  },
];

export function Footer() {
  const onLinkClick = useAppLinkClicks();
  return (
    <footer className="below-fold mt-24 border-t border-slate-200 bg-white [contain-intrinsic-block-size:auto_24rem]" onClick={onLinkClick}>
      <div className="container-page grid grid-cols-3 gap-x-6 gap-y-10 py-14 md:grid-cols-[1.8fr_repeat(3,1fr)]">
        <div className="col-span-3 max-w-sm md:col-span-1">
          <Wordmark />
          <p className="mt-4 text-sm leading-6 text-slate-600">
            Describe your idea, get a launch kit: one brand, a logo system, a landing page that
            collects leads, posts, ads, research and a pitch deck. Built for founders who would
            rather launch than fiddle.
          </p>
          <NewsletterForm />
        </div>
        {columns.map((col) => (
          <div key={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-4 space-y-3">
              {col.links.map((l) => (
                <li key={l.to}>
                  <a href={l.to} data-app-link className="text-sm text-slate-600 hover:text-brand-700">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-100">
        <p className="container-page py-6 text-sm text-slate-600">
          © {new Date().getFullYear()} LaunchKit. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
