import type { WizardInput } from "~/kit/schema";

/** The quality suites' ideas (kit-quality and kit-quality-launch-mail): each a business someone will type. */

export type Idea = Pick<WizardInput, "idea" | "audience" | "goal" | "tone" | "vibe"> & {
  geography?: string;
  competitors?: string;
  /** What the product word must be: the thing sold, never an adjective alone ("handmade"), the customers ("kids") or half a compound ("day"). */
  word?: RegExp;
  /** What the product phrase must be. */
  product?: RegExp;
  /** The founder's facts the kit must show as given: each price's text (none: no price shown), the ages, the places, the install command. */
  facts?: { prices?: string[]; ages?: string; places?: string[]; install?: RegExp };
};

export const IDEAS: Idea[] = [
  { idea: "A coffee subscription box for remote teams", audience: "Remote-first startups, office managers", goal: "waitlist", tone: "friendly", vibe: "editorial" },
  { idea: "Mobile dog grooming van", audience: "Busy pet owners", geography: "Austin, Texas", goal: "book calls", tone: "friendly", vibe: "cozy" },
  { idea: "An open-source tool that turns Figma files into React code", audience: "Front-end developers", goal: "downloads", tone: "technical", vibe: "neon tech" },
  { idea: "Sourdough bakery with weekend pre-orders", audience: "Local families", geography: "Leeds, UK", goal: "pre-orders", tone: "playful", vibe: "cozy", word: /^sourdough$/ },
  { idea: "House cleaning service for busy families", audience: "Working parents", geography: "Denver", goal: "book calls", tone: "friendly", vibe: "minimalist" },
  { idea: "Online yoga classes for office workers with back pain", audience: "Office workers", goal: "collect emails", tone: "minimalist", vibe: "minimalist" },
  { idea: "Math tutoring for high school students preparing for exams", audience: "Parents of teenagers", goal: "book calls", tone: "friendly", vibe: "playful" },
  { idea: "Invoicing software for freelance designers", audience: "Freelance designers", goal: "waitlist", tone: "technical", vibe: "corporate" },
  { idea: "Handmade ceramic mugs sold online", audience: "Tea and coffee lovers", goal: "pre-orders", tone: "premium", vibe: "editorial", word: /^ceramic mugs$/ },
  { idea: "Sustainable fashion label making linen dresses", audience: "Women who buy less but better", goal: "pre-orders", tone: "premium", vibe: "minimalist" },
  { idea: "Guided food tours of Rome's old neighbourhoods", audience: "Travellers who love food", geography: "Rome", goal: "book calls", tone: "playful", vibe: "editorial" },
  { idea: "A podcast about personal finance for millennials", audience: "Millennials paying off debt", goal: "collect emails", tone: "bold", vibe: "playful" },
  { idea: "A habit tracker mobile app", audience: "Students and young professionals", goal: "downloads", tone: "playful", vibe: "neon tech" },
  { idea: "Legal advice for small landlords", audience: "Landlords with one or two flats", goal: "book calls", tone: "premium", vibe: "corporate", word: /^legal advice$/ },
  { idea: "Landscaping and garden design", audience: "Homeowners", geography: "Portland", goal: "book calls", tone: "friendly", vibe: "cozy", word: /^landscaping$/ },
  { idea: "Same-day flower delivery for birthdays", audience: "Forgetful partners", goal: "pre-orders", tone: "playful", vibe: "playful", word: /flower/, product: /^same-day flower delivery$/ },
  { idea: "Home care visits for elderly parents", audience: "Adult children living far away", goal: "book calls", tone: "friendly", vibe: "cozy" },
  { idea: "A coworking space for freelancers", audience: "Freelancers and remote workers", geography: "Berlin", goal: "waitlist", tone: "minimalist", vibe: "minimalist" },
  { idea: "Recruiting agency placing software engineers at startups", audience: "Startup founders", goal: "book calls", tone: "bold", vibe: "corporate", product: /^recruiting agency$/ },
  { idea: "An indie video game about farming on Mars", audience: "Cozy game fans", goal: "waitlist", tone: "playful", vibe: "neon tech" },
  { idea: "Car detailing in your office parking lot", audience: "Commuters", geography: "Phoenix", goal: "book calls", tone: "bold", vibe: "corporate" },
  { idea: "A marketplace for second-hand camera gear", audience: "Photographers", goal: "waitlist", tone: "technical", vibe: "minimalist", word: /^camera gear$/ },
  { idea: "Small-batch hot sauce made with local chillies", audience: "Spicy food fans", goal: "pre-orders", tone: "bold", vibe: "playful", word: /^hot sauce$/, product: /^small-batch hot sauce$/ },
  { idea: "A nonprofit teaching kids to code after school", audience: "Parents and schools", goal: "collect emails", tone: "friendly", vibe: "playful", word: /^coding$/ },
  { idea: "Online guitar lessons for adult beginners", audience: "Adults who always wanted to play", goal: "collect emails", tone: "friendly", vibe: "cozy" },
  // Ideas whose first reading named the wrong thing (an activity read as a verb, a head noun lost, a compound cut in two).
  { idea: "Roof repair in Seattle", audience: "Homeowners with leaks", goal: "book calls", tone: "bold", vibe: "corporate", word: /^roof repair$/ },
  { idea: "Bookkeeping for freelancers", audience: "Freelancers", goal: "waitlist", tone: "technical", vibe: "minimalist", word: /^bookkeeping$/ },
  { idea: "Dog training for puppies", audience: "New puppy owners", geography: "Bristol", goal: "book calls", tone: "friendly", vibe: "playful", word: /^dog training$/ },
  { idea: "Handmade leather wallets", audience: "People who carry cash", goal: "pre-orders", tone: "premium", vibe: "editorial", word: /^leather wallets$/ },
  { idea: "Affordable dental care", audience: "Families without insurance", geography: "Manchester", goal: "book calls", tone: "friendly", vibe: "minimalist", word: /^dental care$/ },
  { idea: "Wedding photography for small weddings", audience: "Engaged couples", geography: "Tuscany", goal: "book calls", tone: "premium", vibe: "editorial", word: /wedding photography/ },
  { idea: "A neighbourhood cafe with a brunch menu", audience: "Locals who work from home", geography: "Lisbon", goal: "collect emails", tone: "playful", vibe: "cozy", word: /brunch|cafe/ },
  { idea: "A yoga studio with morning classes", audience: "Office workers", geography: "Brooklyn", goal: "waitlist", tone: "minimalist", vibe: "minimalist", word: /^yoga$/ },
  // The founder's facts (prices in their currency, ages, places, tools and languages): quoted, never invented.
  { idea: "Bookkeeping and tax filing for independent dental practices in Ohio at a $650/month retainer. We work from Dentrix exports and handle Section 179.", audience: "Owner dentists", geography: "Ohio", goal: "book calls", tone: "premium", vibe: "corporate", facts: { prices: ["$650/month"], places: ["Ohio"] } },
  { idea: "An open-source Go CLI that finds cost leaks in Terraform plans, free with a $29/org cloud tier, runs in CI (GitHub Actions)", audience: "Platform engineers", goal: "downloads", tone: "technical", vibe: "neon tech", facts: { prices: ["$29/org"], install: /^go install / } },
  { idea: "A summer pottery camp for kids aged 8–12 in Lisbon at €295 a week, run by two ceramicists in Arroios", audience: "Parents in Lisbon", geography: "Lisbon", goal: "pre-orders", tone: "friendly", vibe: "playful", facts: { prices: ["€295 a week"], ages: "8–12", places: ["Lisbon"] } },
  { idea: "Plastic-free laundry detergent delivered by bike in Amsterdam", audience: "Households who want less plastic", geography: "Amsterdam", goal: "pre-orders", tone: "friendly", vibe: "minimalist", facts: { prices: [], places: ["Amsterdam"] } },
  { idea: "An open-source Python library that cleans messy CSV files", audience: "Data analysts", goal: "downloads", tone: "technical", vibe: "minimalist", facts: { install: /^pip install / } },
  { idea: "A Rust command-line tool that finds unused dependencies in Cargo projects", audience: "Rust developers", goal: "downloads", tone: "technical", vibe: "neon tech", facts: { install: /^cargo install / } },
  { idea: "A Ruby gem that turns Rails logs into a dashboard", audience: "Rails developers", goal: "downloads", tone: "technical", vibe: "corporate", facts: { install: /^gem install / } },
  { idea: "A TypeScript SDK for sending text messages from Node.js apps", audience: "Backend developers", goal: "downloads", tone: "technical", vibe: "minimalist", facts: { install: /^npm install / } },
  { idea: "Payroll outsourcing for independent restaurants in London at £120 a month", audience: "Restaurant owners", geography: "London", goal: "book calls", tone: "premium", vibe: "corporate", facts: { prices: ["£120 a month"], places: ["London"] } },
  { idea: "Evening Spanish classes for adults in Madrid, €60 a month", audience: "Expats and locals", geography: "Madrid", goal: "collect emails", tone: "friendly", vibe: "editorial", facts: { prices: ["€60 a month"], places: ["Madrid"] } },
  { idea: "A football summer camp for kids aged 6–10 in Manchester at £150 a week", audience: "Parents of young players", geography: "Manchester", goal: "pre-orders", tone: "bold", vibe: "playful", facts: { prices: ["£150 a week"], ages: "6–10", places: ["Manchester"] } },
  { idea: "A marketplace for renting camping gear between neighbours in Berlin", audience: "Weekend campers", geography: "Berlin", goal: "waitlist", tone: "playful", vibe: "cozy", facts: { prices: [], places: ["Berlin"] } },
];

