/** The sample launch kits of /samples, filtered by the `?category=` query parameter. */
export const SAMPLE_CATEGORIES = [
  { slug: "local-service", label: "Local service" },
  { slug: "ecommerce", label: "Ecommerce" },
  { slug: "course", label: "Course" },
  { slug: "saas", label: "SaaS" },
  { slug: "creator", label: "Creator" },
] as const;

export type SampleCategory = (typeof SAMPLE_CATEGORIES)[number]["slug"];

export const ALL_SAMPLES_LABEL = "All samples";

export type Sample = {
  slug: string;
  title: string;
  category: SampleCategory;
  description: string;
  /** Three brand colours as hex codes, with a human name each. */
  palette: readonly [Swatch, Swatch, Swatch];
  image: string;
  imageAlt: string;
};

type Swatch = { name: string; hex: string };

export const SAMPLES: readonly Sample[] = [
  {
    slug: "paws-on-wheels",
    title: "Paws on Wheels",
    category: "local-service",
    description:
      "A mobile dog-grooming van serving Austin suburbs: booking-first landing page, friendly brand and a neighbourhood ad set.",
    palette: [
      { name: "Bluebonnet", hex: "#2563EB" },
      { name: "Sunny yolk", hex: "#FBBF24" },
      { name: "Oat milk", hex: "#FFF7ED" },
    ],
    image: "/images/samples/paws-on-wheels.svg",
    imageAlt: "Landing page mock-up for Paws on Wheels with a van illustration and a Book a groom button",
  },
  {
    slug: "brightside-plumbing",
    title: "Brightside Plumbing",
    category: "local-service",
    description:
      "A family plumbing business going digital: emergency call-out hero, service-area map section and trust badges.",
    palette: [
      { name: "Deep teal", hex: "#0F766E" },
      { name: "Safety orange", hex: "#F97316" },
      { name: "Fog", hex: "#F1F5F9" },
    ],
    image: "/images/samples/brightside-plumbing.svg",
    imageAlt: "Landing page mock-up for Brightside Plumbing with a wrench emblem and a Call now button",
  },
  {
    slug: "terra-ceramics",
    title: "Terra Ceramics",
    category: "ecommerce",
    description:
      "Handmade stoneware sold online: an editorial shop front, product-drop email sequence and three Instagram ad concepts.",
    palette: [
      { name: "Terracotta", hex: "#C2410C" },
      { name: "Sage", hex: "#84A98C" },
      { name: "Bone", hex: "#FAF5EF" },
    ],
    image: "/images/samples/terra-ceramics.svg",
    imageAlt: "Shop mock-up for Terra Ceramics showing a vase and mugs in earthy tones",
  },
  {
    slug: "code-in-30",
    title: "Code in 30",
    category: "course",
    description:
      "A 30-day coding course for career switchers: curriculum landing page, waitlist funnel and a 5-slide pitch deck.",
    palette: [
      { name: "Ink", hex: "#1E1B4B" },
      { name: "Electric violet", hex: "#8B5CF6" },
      { name: "Mint", hex: "#34D399" },
    ],
    image: "/images/samples/code-in-30.svg",
    imageAlt: "Course landing page mock-up for Code in 30 with a code editor and a progress calendar",
  },
  {
    slug: "shiftly",
    title: "Shiftly",
    category: "saas",
    description:
      "Shift scheduling for small cafés: product-led landing page, pricing table copy and a competitor snapshot of five rivals.",
    palette: [
      { name: "Midnight", hex: "#0F172A" },
      { name: "Signal green", hex: "#22C55E" },
      { name: "Cloud", hex: "#E2E8F0" },
    ],
    image: "/images/samples/shiftly.svg",
    imageAlt: "SaaS dashboard mock-up for Shiftly with a weekly schedule grid",
  },
  {
    slug: "studio-wren",
    title: "Studio Wren",
    category: "creator",
    description:
      "An illustrator launching a Patreon-style membership: portfolio hero, social bios for four platforms and a posting calendar.",
    palette: [
      { name: "Berry", hex: "#BE185D" },
      { name: "Peach", hex: "#FDBA74" },
      { name: "Cream", hex: "#FFFBEB" },
    ],
    image: "/images/samples/studio-wren.svg",
    imageAlt: "Creator portfolio mock-up for Studio Wren with a bird illustration and artwork tiles",
  },
];

export const NO_SAMPLES_MESSAGE = "No samples found for this filter.";

/**
 * Samples for a `?category=` value: all of them when it is missing or empty,
 * none for an unknown category (the page then shows its empty state).
 */
export function filterSamples(category: string | null | undefined, samples: readonly Sample[] = SAMPLES) {
  if (!category) return { active: null, samples: [...samples] };
  const known = SAMPLE_CATEGORIES.find((c) => c.slug === category);
  if (!known) return { active: category, samples: [] };
  return { active: known.slug, samples: samples.filter((s) => s.category === known.slug) };
}

export function categoryLabel(slug: SampleCategory) {
  return SAMPLE_CATEGORIES.find((c) => c.slug === slug)!.label;
}
