/** The six starter templates of /templates. */
export type Template = {
  slug: string;
  name: string;
  useCase: string;
  sections: readonly string[];
  popular: boolean;
  accent: "blue" | "violet" | "emerald" | "amber" | "rose" | "teal";
  icon: "map-pin" | "download" | "chip" | "chat" | "calendar" | "heart";
};

export const TEMPLATES: readonly Template[] = [
  {
    slug: "local-service",
    name: "Local Service",
    useCase: "Plumbers, groomers, cleaners and studios that win customers nearby and live on bookings and calls.",
    sections: ["Hero with call-now button", "Services and prices", "Service area map", "Reviews", "Booking form", "FAQ"],
    popular: false,
    accent: "blue",
    icon: "map-pin",
  },
  {
    slug: "digital-product",
    name: "Digital Product",
    useCase: "Templates, e-books, presets and toolkits sold as instant downloads, built to turn visitors into buyers.",
    sections: ["Product hero with preview", "What's inside", "Who it's for", "Testimonials", "Pricing", "Guarantee", "FAQ"],
    popular: true,
    accent: "violet",
    icon: "download",
  },
  {
    slug: "micro-saas",
    name: "Micro-SaaS",
    useCase: "Focused software products that need a sharp value proposition, a waitlist or trial sign-up and clear pricing.",
    sections: ["Problem and solution hero", "Feature grid", "How it works", "Integrations", "Pricing table", "Changelog teaser", "FAQ", "Waitlist sign-up"],
    popular: false,
    accent: "emerald",
    icon: "chip",
  },
  {
    slug: "coaching",
    name: "Coaching",
    useCase: "Coaches and consultants who sell outcomes and need discovery calls booked by the right clients.",
    sections: ["Outcome-led hero", "About the coach", "Programmes", "Client results", "Book a discovery call"],
    popular: false,
    accent: "amber",
    icon: "chat",
  },
  {
    slug: "event",
    name: "Event",
    useCase: "Meetups, workshops and conferences that need an agenda, speakers and tickets on one page.",
    sections: ["Date and venue hero", "Agenda", "Speakers", "Tickets", "Venue and travel", "Sponsors"],
    popular: false,
    accent: "rose",
    icon: "calendar",
  },
  {
    slug: "nonprofit",
    name: "Nonprofit",
    useCase: "Causes and community projects that tell their story, show impact and make giving or volunteering easy.",
    sections: ["Mission hero", "Impact in numbers", "Stories", "Ways to help", "Donate", "Partners", "Newsletter sign-up"],
    popular: false,
    accent: "teal",
    icon: "heart",
  },
];

/** The first three sections of a template, plus how many more it has. */
export function sectionPreview(template: Pick<Template, "sections">) {
  return { shown: template.sections.slice(0, 3), more: Math.max(0, template.sections.length - 3) };
}
