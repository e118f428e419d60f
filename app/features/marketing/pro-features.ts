import { PRO_RESPONSE_TARGET } from "~/features/support/index";

/**
 * What Pro adds, each item with where it lives: the Pro card on
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


/** What Pro adds to Starter (the card's heading says "Everything in Starter, plus"), each with the page where a Pro founder uses it. */
export const PRO_FEATURES: readonly ProFeature[] = [
  { label: "Analytics for your published page", href: sectionLink("analytics") },
  { label: "A/B experiments with suggested variants", href: sectionLink("experiments") },
  { label: "Email sequences and broadcasts to your leads", href: sectionLink("email") },
  { label: "Competitor watch: 5 competitors, a weekly digest of what changed", href: sectionLink("competitors") },
  { label: "4 new content pieces every month", href: sectionLink("month") },
  { label: "Monthly strategy review, in the app and as a PDF", href: sectionLink("review") },
  { label: "SEO editor and structured data for your page", href: sectionLink("seo") },
  { label: `Priority support: ${PRO_RESPONSE_TARGET}`, href: "/contact" },
  { label: "Custom domain", href: sectionLink("domain") },
  { label: "9 regenerations a month (5 on other plans)", href: "/account" },
];
