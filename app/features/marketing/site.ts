/** The public, indexable pages: the sitemap lists these and the e2e/a11y tests visit them. */
export const PUBLIC_PAGES = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/process", changefreq: "monthly", priority: "0.8" },
  { path: "/samples", changefreq: "weekly", priority: "0.8" },
  { path: "/pricing", changefreq: "monthly", priority: "0.9" },
  { path: "/templates", changefreq: "monthly", priority: "0.8" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/about", changefreq: "monthly", priority: "0.6" },
  { path: "/contact", changefreq: "yearly", priority: "0.6" },
  { path: "/privacy", changefreq: "yearly", priority: "0.3" },
  { path: "/terms", changefreq: "yearly", priority: "0.3" },
  { path: "/cookies", changefreq: "yearly", priority: "0.3" },
] as const;

/** Paths search engines should not crawl. */
export const DISALLOWED_PATHS = ["/dashboard", "/admin", "/wizard"] as const;

/** The wizard entry point used by every 'try free' style call to action. */
export const WIZARD_PATH = "/wizard";
