/** The static article list of /blog. */
export const BLOG_CATEGORIES = [
  "Launch tactics",
  "Branding",
  "Copywriting",
  "Research",
  "Founder stories",
  "Marketing",
] as const;

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export type Article = {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  date: string;
  /** ISO date for the <time> element. */
  isoDate: string;
  readMinutes: number;
  featured: boolean;
};

export const ARTICLES: readonly Article[] = [
  {
    slug: "launch-in-a-weekend",
    title: "The weekend launch: how to go from idea to first customer in 48 hours",
    excerpt:
      "A Friday-to-Sunday plan that trades polish for proof: one landing page, one offer, ten conversations and a clear yes-or-no by Monday morning.",
    category: "Launch tactics",
    author: "Maya Chen",
    date: "March 4, 2025",
    isoDate: "2025-03-04",
    readMinutes: 9,
    featured: true,
  },
  {
    slug: "brand-on-a-budget",
    title: "A brand that looks expensive on a $0 budget",
    excerpt: "Three colours, one typeface and a logo that works at 16 pixels. Here is the short checklist we give every kit.",
    category: "Branding",
    author: "Jonas Okafor",
    date: "February 25, 2025",
    isoDate: "2025-02-25",
    readMinutes: 6,
    featured: false,
  },
  {
    slug: "headlines-that-convert",
    title: "Seven headline formulas that beat 'Welcome to my website'",
    excerpt: "Your hero headline has about five seconds to do its job. These formulas make the outcome obvious in one line.",
    category: "Copywriting",
    author: "Priya Raman",
    date: "February 18, 2025",
    isoDate: "2025-02-18",
    readMinutes: 7,
    featured: false,
  },
  {
    slug: "icp-in-an-afternoon",
    title: "Find your ideal customer profile in an afternoon",
    excerpt: "A lightweight research routine: five competitors, twenty reviews and one page that tells you who to talk to first.",
    category: "Research",
    author: "Maya Chen",
    date: "February 11, 2025",
    isoDate: "2025-02-11",
    readMinutes: 8,
    featured: false,
  },
  {
    slug: "from-side-project-to-salary",
    title: "From side project to salary: a bakery founder's first 90 days",
    excerpt: "How one home baker used a launch kit, a pre-order page and a very local Instagram to sell out every Saturday.",
    category: "Founder stories",
    author: "Jonas Okafor",
    date: "February 4, 2025",
    isoDate: "2025-02-04",
    readMinutes: 5,
    featured: false,
  },
  {
    slug: "first-ad-campaign",
    title: "Your first ad campaign: three variants, $50 and a clear winner",
    excerpt: "Why we ship every kit with 3 ad variants, and how to read the results without a marketing degree.",
    category: "Marketing",
    author: "Priya Raman",
    date: "January 28, 2025",
    isoDate: "2025-01-28",
    readMinutes: 6,
    featured: false,
  },
];

export const POPULAR_TOPICS = [
  "Landing pages",
  "Pricing your offer",
  "Logo design",
  "Pre-launch waitlists",
  "Social media bios",
  "Competitor research",
  "Pitch decks",
  "Email marketing",
] as const;
