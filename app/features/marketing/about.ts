/** Content of /about: team, values and roadmap. */
export const TEAM = [
  {
    name: "Maya Chen",
    role: "Co-founder & CEO",
    bio: "Launched three small businesses before LaunchKit and learned that the hardest part is the blank page. Now she removes it for everyone else.",
    initials: "MC",
    gradient: "from-brand-500 to-fuchsia-500",
  },
  {
    name: "Jonas Okafor",
    role: "Co-founder & Head of Design",
    bio: "Spent a decade building brands for startups and agencies. Obsessed with logos that still work at 16 pixels.",
    initials: "JO",
    gradient: "from-emerald-500 to-teal-600",
  },
  {
    name: "Priya Raman",
    role: "Head of AI & Engineering",
    bio: "Builds the generation pipeline and keeps it fast, accessible and honest about its sources.",
    initials: "PR",
    gradient: "from-amber-500 to-orange-600",
  },
] as const;

export const VALUES = [
  {
    title: "Founders first",
    body: "Every feature has to save a founder real time on the way to their first customer. If it doesn't, we don't build it.",
    icon: "rocket",
  },
  {
    title: "Accessible by default",
    body: "Generated sites use semantic structure, readable contrast and alt text from day one, because every customer counts.",
    icon: "accessibility",
  },
  {
    title: "Show our sources",
    body: "Research in your kit is citation-backed, so you can check our work before you bet your business on it.",
    icon: "citation",
  },
  {
    title: "You own your work",
    body: "Export everything, take it anywhere. No lock-in, no attribution required, no surprise fees.",
    icon: "download",
  },
] as const;

export const ROADMAP = [
  {
    quarter: "Q1 2025",
    status: "Shipped",
    title: "Launch kit foundations",
    items: ["Three-step idea wizard", "Website-builder prompts", "AI logo generation", "Personal dashboard"],
  },
  {
    quarter: "Q2 2025",
    status: "In progress",
    title: "Export and deploy",
    items: ["ZIP export of every asset", "One-click deployment", "Custom domains", "Brand guidelines PDF"],
  },
  {
    quarter: "Q3 2025",
    status: "Planned",
    title: "Grow after launch",
    items: ["Monthly content refresh", "Analytics and A/B suggestions", "Competitor monitoring", "Email sequences"],
  },
] as const;
