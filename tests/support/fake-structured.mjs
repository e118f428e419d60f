// Default answers of the fake OpenAI server for structured-content requests
// (response_format json_schema / json_object), keyed by the content name that
// LaunchKit sends (the JSON schema's name, also written "(content: NAME)" in
// the system message). Each is valid for the kind's zod schema.

export const FAKE_BRAND = {
  name: "Groomwell",
  nameIdeas: [
    { name: "Groomwell", reason: "Says grooming and care in one friendly word." },
    { name: "Van & Paw", reason: "Names the van and the pet: instantly clear." },
    { name: "SudsMobile", reason: "Playful and memorable for a mobile wash." },
    { name: "Tidy Tails", reason: "Alliteration people remember after one hearing." },
    { name: "PawPorter", reason: "Evokes a service that comes to your door." },
  ],
  tagline: "Grooming that comes to your door",
  taglineAlternatives: ["Clean dogs, zero trips", "The salon on wheels", "Happy pets, free evenings"],
  positioning: "For busy pet owners, Groomwell is the mobile grooming van that comes to your door, unlike salons that take half a day.",
  voice: {
    dos: ["Write warmly and simply.", "Lead with time saved.", "Name the pet's comfort."],
    donts: ["No jargon.", "No fake urgency.", "Never blame the owner."],
    samples: ["We bring the salon to your driveway.", "Your dog gets pampered; you get your Saturday back."],
  },
  // The text colour fails AA on the background on purpose (2.5:1): the server must fix it.
  palette: { primary: "#4F46E5", secondary: "#84A98C", accent: "#F2CC8F", background: "#FFFFFF", text: "#9CA3AF" },
  fonts: { heading: "fraunces", body: "nunito" },
  // What the model understood of the idea: checked against the kit's own answers, so a kit of
  // another business keeps its offline reading, and "Austin" is kept only where the answers name it.
  understanding: {
    category: "pet-services",
    product: "mobile dog grooming",
    productWord: "dog grooming",
    customers: "busy pet owners",
    place: "Austin",
    payment: "local-service",
    keywords: ["dog grooming", "mobile grooming", "grooming van"],
    hashtags: ["DogGrooming", "MobileGrooming"],
  },
};

export const FAKE_MARKS = {
  marks: [
    { label: "Paw circle", svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#4F46E5"/><circle cx="50" cy="58" r="16" fill="#FFFFFF"/><circle cx="32" cy="38" r="7" fill="#FFFFFF"/><circle cx="50" cy="30" r="7" fill="#FFFFFF"/><circle cx="68" cy="38" r="7" fill="#FFFFFF"/></svg>' },
    { label: "Van arch", svg: '<svg viewBox="0 0 100 100"><path d="M10 70 Q50 10 90 70 Z" fill="#0EA5E9"/><rect x="20" y="70" width="60" height="12" rx="6" fill="#F59E0B"/></svg>' },
    { label: "Sneaky", svg: '<svg viewBox="0 0 100 100"><script>alert(1)</script><rect x="10" y="10" width="80" height="80" rx="20" fill="#4F46E5" onclick="alert(2)"/><image href="https://evil.example/x.png"/></svg>' },
  ],
};

export const FAKE_DECK = {
  problem: {
    title: "Grooming day eats a whole Saturday",
    bullets: ["Busy owners drive to the salon, wait, and drive back.", "Anxious dogs hate the car and the crowded waiting room.", "Evening and weekend slots are booked weeks ahead."],
    callout: "Half a day, every month",
    notes: "Open with Maya: two kids, one anxious spaniel, and a Saturday lost to the salon every month.",
  },
  solution: {
    title: "The salon comes to your driveway",
    bullets: ["A fully equipped grooming van parks outside your home.", "One groomer, one dog, no cages and no waiting room.", "Book and pay online in under a minute."],
    callout: "Groomwell",
    notes: "Show the van photo. Walk through a visit from the booking text to the clean dog at the door.",
  },
  market: {
    title: "Busy dog owners near our first route",
    bullets: ["Beachhead: dual-income households with dogs in the suburbs.", "Then: neighbouring towns along the same route.", "Competition: salons and home groomers; we win on convenience."],
    who: "Dual-income households with dogs",
    howMany: "[households with dogs on our route] × [visits a year]",
    notes: "Size it bottom-up from the streets the van can reach in a day.",
  },
  businessModel: {
    title: "Per-visit pricing with a membership",
    bullets: ["Pricing: [price] per visit, less with a monthly membership.", "Channel: a landing page that books calls.", "Margin: one van, six visits a day."],
    callout: "[price] × visits",
    notes: "Explain the unit economics of one van day.",
  },
  ask: {
    title: "What we need next",
    bullets: ["Next 90 days: book the first 50 visits.", "Talk to 20 more owners and publish the page.", "The ask: [amount] for the second van."],
    callout: "Book a call",
    notes: "Ask for the money or the introductions, then stop talking.",
  },
};

import { FAKE_ADS, FAKE_RESEARCH, FAKE_SOCIAL, FAKE_SOCIAL_POST } from "./fake-launch.mjs";

// The landing page copy: valid for LandingCopySchema, placeholders for the social proof.
export const FAKE_LANDING = {
  hero: { headline: "Grooming that comes to your door", subheadline: "Groomwell is a mobile grooming van for busy pet owners. Book a call and tell us what your dog needs.", button: "Book a call" },
  benefits: {
    heading: "Why owners choose a van",
    items: [
      { title: "No trips, no waiting room", body: "We park outside your home, so your dog never sits in a car or a crowded salon." },
      { title: "One groomer, one dog", body: "Calm, unhurried attention for anxious and older dogs." },
      { title: "On your schedule", body: "Pick a time that suits your week, evenings included." },
    ],
  },
  how: {
    heading: "How it works",
    steps: [
      { title: "Pick a time", body: "Tell us your name, your e-mail and when suits you." },
      { title: "We confirm by e-mail", body: "You get a confirmation with everything you need." },
      { title: "We arrive", body: "The van parks outside and your dog comes back clean." },
    ],
  },
  proof: {
    heading: "What owners say",
    items: [
      { quote: "Placeholder: ask a first customer how much time the van saved them.", name: "Customer name", detail: "Their town" },
      { quote: "Placeholder: ask an owner of an anxious dog how the visit went.", name: "Customer name", detail: "Their dog's breed" },
      { quote: "Placeholder: ask a regular why they book again.", name: "Customer name", detail: "Their role" },
    ],
  },
  faq: {
    heading: "Questions, answered",
    items: [
      { question: "What is Groomwell?", answer: "A grooming van that comes to your door." },
      { question: "Who is it for?", answer: "Busy pet owners who would rather not drive to a salon." },
      { question: "What happens after I sign up?", answer: "We e-mail you to confirm a time for the call." },
      { question: "Will you share my details?", answer: "No. We only use them to arrange your call." },
    ],
  },
  cta: { headline: "Book a call with us", body: "Tell us when suits you and we'll set up a call.", button: "Book my call" },
};

export const STRUCTURED_DEFAULTS = {
  brand: FAKE_BRAND,
  landing_copy: FAKE_LANDING,
  logo_marks: FAKE_MARKS,
  social: FAKE_SOCIAL,
  social_post: FAKE_SOCIAL_POST,
  ads: FAKE_ADS,
  research: FAKE_RESEARCH,
  deck: FAKE_DECK,
};

/** The content name of a chat request, or null for a plain chat request. */
export function structuredName(body) {
  const named = body?.response_format?.json_schema?.name;
  if (named) return named;
  if (body?.response_format?.type !== "json_object") return null;
  const system = body.messages?.find((m) => m.role === "system")?.content ?? "";
  return system.match(/\(content: ([\w-]+)\)/)?.[1] ?? null;
}

// An experiment's variant suggestions (app/features/analytics/experiments/suggest.server.ts): short enough for every
// field (a button holds 40 characters); the third repeats the fake landing page's headline, which the clean-up
// drops when the headline is what is tested.
STRUCTURED_DEFAULTS.landing_variants = {
  variants: [
    { text: "Dog grooming in your driveway", reason: "tests naming the place the van comes to." },
    { text: "A calm groom without the salon trip", reason: "Tests leading with the hassle it removes." },
    { text: "Grooming that comes to your door", reason: "Tests the current wording again." },
  ],
};

// The welcome e-mail sequence of a page (app/features/site/sequences/welcome.server.ts): three e-mails for the
// fake dog-grooming van, in simple Markdown.
STRUCTURED_DEFAULTS.welcome_sequence = {
  emails: [
    { subject: "Welcome to the pack", preview: "Grooming that comes to your door", body: "Hi there,\n\nThanks for signing up. **You are on the list**: we write when the van reaches your street.\n\n— The team" },
    { subject: "Why a grooming van?", preview: "No more salon trips", body: "Hi,\n\nBusy owners told us the salon trip is the hard part. So the salon comes to you:\n\n- a calm groom in your driveway\n- no crate, no waiting room\n\n— The team" },
    { subject: "One question for you", preview: "Your answer shapes the route", body: "Hi,\n\n**Which day of the week suits you best for a groom?** Reply with one word; we read every answer.\n\n— The team" },
  ],
};

// A competitor's change (app/features/competitors/summarize.server.ts): what it means for the business.
// The quotes are never the model's: the app quotes the changed lines itself.
STRUCTURED_DEFAULTS.competitor_change = {
  matters: true,
  summary: "A competitor changed its pricing: compare it with yours and say plainly on your page what a groom with you costs.",
  importance: "high",
};

// The written part of a monthly strategy review (app/features/monthly/review-writer.server.ts): words only,
// on topics every kit's figures support (the app writes the numbers in).
STRUCTURED_DEFAULTS.strategy_review = {
  summary: "The page is live and collecting sign-ups; the next month is about bringing more busy owners to it and following up.",
  competitors: "Watch what the other grooming services change on their pricing pages and answer it on yours.",
  priorities: [
    { topic: "distribution", title: "Bring more owners to the page", why: "More visits are the surest way to more sign-ups.", actions: ["Post the page in two local pet groups.", "Ask three happy customers to share it."] },
    { topic: "email-sequence", title: "Welcome every sign-up", why: "A short welcome sequence turns a sign-up into a booking.", actions: ["Turn on the welcome sequence.", "Add one e-mail that answers the most common question."] },
    { topic: "email-list", title: "Keep the list warm", why: "Owners who hear from you book again.", actions: ["Send one short update this month.", "Share a grooming tip in it."] },
  ],
  plan: {
    days30: ["Share the page where owners already gather.", "Turn on the welcome e-mails."],
    days60: ["Try a second headline on the page.", "Send a monthly update."],
    days90: ["Keep what worked and drop what did not.", "Plan the next offer."],
  },
};

// The launch-day copy (app/kit/assets/launch): for the fake dog-grooming van, within every limit; the
// communities are names from app/kit/assets/launch/subreddits.json.
STRUCTURED_DEFAULTS.launch = {
  productHunt: {
    name: "Groomwell",
    tagline: "Grooming that comes to your door",
    description: "A mobile dog grooming van for busy pet owners: a calm groom in your driveway, no crate and no waiting room.",
    topics: ["Pets", "Local Business", "Home"],
    comment: {
      who: "Hi Product Hunt! I'm Sam, a groomer who spent ten years in salons.",
      why: "Busy owners told me the trip to the salon is the hard part, so the salon now comes to them.",
      whatsNew: "What's new: one groomer, one dog, in a van parked outside your home.",
      question: "What would make you trust a groomer who comes to your door?",
    },
    video: [
      { seconds: 5, shot: "The Groomwell van pulls up", voiceover: "This is Groomwell." },
      { seconds: 15, shot: "An owner loading a nervous dog into a car", voiceover: "The salon trip takes half a day." },
      { seconds: 20, shot: "A groom inside the van", voiceover: "We bring the salon to your driveway." },
      { seconds: 15, shot: "Booking on a phone", voiceover: "Book a call in a minute." },
      { seconds: 5, shot: "The logo and the page address", voiceover: "Groomwell. Book a call." },
    ],
  },
  showHn: {
    title: "Show HN: Groomwell – a booking page for a mobile grooming van",
    comment: { what: "Groomwell is a mobile dog grooming service.", how: "Bookings come through a simple page.", rough: "Only one van so far.", feedback: "Is the page clear?" },
  },
  reddit: [
    { subreddit: "dogs", title: "What makes a groom calm for an anxious dog?", body: "I'm starting a mobile grooming van and would value your experience. No links here." },
    { subreddit: "Austin", title: "New in Austin: a grooming van that comes to you", body: "Hello! I'm starting Groomwell here. Happy to answer questions." },
    { subreddit: "smallbusiness", title: "Launching a mobile grooming van: what did you wish you knew?", body: "I'm about to launch. How did you get your first customers?" },
  ],
  indieHackers: { title: "Launching Groomwell today", body: "Today I'm launching Groomwell, a mobile dog grooming van for busy pet owners." },
  x: "Groomwell is live on Product Hunt today: grooming that comes to your door.",
  linkedin: "Today I'm launching Groomwell on Product Hunt: grooming that comes to your door.",
  teaser: "Something new for busy pet owners is coming in two weeks: Groomwell.",
  supporters: "Hi! Groomwell launches on Product Hunt in ten days. I'll send you the link that morning.",
  email: { subject: "Groomwell is live", preview: "Grooming that comes to your door", body: "Hi,\n\nYou signed up to hear when Groomwell launches: it's live today.\n\nThank you for being here early." },
  followUp: { subject: "A week of Groomwell: thank you", preview: "What we heard and what comes next", body: "Hi,\n\nThank you to everyone who tried it. Reply with the one thing you'd change." },
};
