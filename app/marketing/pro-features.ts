/**
 * What Pro adds, each item with where it lives (issue 31): the Pro card on
 * /pricing, the upgrade page and the account page list these and link them.
 * A kit's section is reached through /dashboard/go/<section>, which opens it
 * for the founder's newest kit (sign-in first, the dashboard when there is no kit).
 * Only what a Pro account can use today belongs here: each item is built and tested.
 */
export const KIT_SECTIONS = {
  analytics: "analytics",
  experiments: "experiments",
  email: "email",
  competitors: "competitors",
  month: "month",
  review: "review",
  seo: "website#seo",
  domain: "website/domain",
} as const;
export type KitSectionKey = keyof typeof KIT_SECTIONS;

export const sectionLink = (section: KitSectionKey) => `/dashboard/go/${section}`;

export type ProFeature = { label: string; href: string | null };
