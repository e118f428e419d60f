import { PRO_FEATURES } from "./pro-features";

/** The three plans of the pricing page (spec sections 3 "Plan" and 9 "Plans"). */
export type Plan = {
  id: "free" | "starter" | "pro";
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  /** Where a feature lives, by its label (Pro's items link to the page that has them). */
  links?: Readonly<Record<string, string>>;
  limitations: readonly string[];
  cta: string;
  popular: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free preview",
    price: "$0",
    period: "forever",
    description: "See your whole launch kit before you spend a cent.",
    features: [
      "Three-step idea wizard",
      "Website-builder prompt preview",
      "Logo concept preview",
      "Kits saved to your dashboard",
    ],
    limitations: ["Watermarked", "No export"],
    cta: "Start free preview",
    popular: false,
  },
  {
    id: "starter",
    name: "Starter",
    price: "$39",
    period: "one-time",
    description: "Everything you need to launch, yours to keep. Pay once.",
    features: [
      "ZIP export",
      "One-click deployment",
      "10 social posts",
      "3 ad variants",
      "5-slide pitch deck",
      "HTML/CSS landing page",
      "SVG and PNG logos",
      "Brand guidelines PDF",
      "Email delivery",
    ],
    limitations: [],
    cta: "Get Starter",
    popular: true,
  },
  {
    id: "pro",
    name: "Pro",
    price: "$19",
    period: "per month",
    description: "Grow from your published page: see who comes, test what converts, follow up with every lead.",
    // Only what a Pro account can use today: each item is built and tested, and links to where it lives.
    features: PRO_FEATURES.map((f) => f.label),
    links: Object.fromEntries(PRO_FEATURES.filter((f) => f.href).map((f) => [f.label, f.href!])),
    limitations: [],
    cta: "Go Pro",
    popular: false,
  },
];

export const MONEY_BACK_NOTE = "All paid plans come with a 14-day money-back guarantee.";
export const CANCEL_NOTE = "Pro can be cancelled any time.";
