// Default answers of the fake OpenAI server for the social, ads and research
// assets: valid for their zod schemas, in the voice of FAKE_BRAND
// (Groomwell), and a web search answer whose text mentions a made-up URL that
// is not among its citations (LaunchKit must never show it).

const post = (platform, dayOffset, text, hashtags, visual) => ({ platform, dayOffset, text, hashtags, visual });

export const FAKE_SOCIAL = {
  bios: {
    x: { text: "Grooming that comes to your door. Mobile dog grooming for busy owners: no car rides, no waiting rooms. Book a call ↓" },
    instagram: { text: "Grooming that comes to your door 🐾\nMobile dog grooming for busy owners\nBook a call below" },
    tiktok: { text: "The dog salon on wheels. We come to you." },
    linkedinHeadline: { text: "Groomwell: mobile dog grooming that comes to your door | For busy professionals and new parents" },
    linkedinAbout: { text: "Groomwell brings the grooming salon to your driveway.\n\nOne groomer, one dog, no cages and no waiting room. You get your Saturday back; your dog gets a calm, unhurried groom.\n\nBook a call to see if we cover your street." },
  },
  posts: [
    post("x", -7, "Something new for busy dog owners is coming next week 👀\n\nGrooming that comes to your door.", ["Groomwell", "DogGrooming"], "The Groomwell van parked on a quiet street, logo on the side."),
    post("linkedin", -5, "Why we're building Groomwell.\n\nEvery busy owner we talked to loses half a Saturday to the grooming salon. We think the salon should come to you.\n\nWe launch next week. How do you handle grooming today?", ["Startup", "DogGrooming", "SmallBusiness"], "A candid photo of the founder with a freshly groomed dog."),
    post("instagram", -3, "Sneak peek ✨\n\nThe salon on wheels is almost ready. 3 days to go.", ["Groomwell", "DogGrooming", "MobileGrooming", "DogsOfInstagram", "ShopLocal"], "Inside the van: the grooming table and warm lights."),
    post("x", -1, "Tomorrow. 🚀\n\nGroomwell: grooming that comes to your door.", ["Groomwell"], "No image: a text-only countdown."),
    post("x", 0, "Groomwell is live 🎉\n\nMobile dog grooming for busy owners. Book a call: link in bio.", ["Groomwell", "DogGrooming"], "The launch image with the tagline."),
    post("linkedin", 0, "Today we're launching Groomwell: mobile dog grooming that comes to your door.\n\nBook a call through the link in the comments.", ["Launch", "DogGrooming", "SmallBusiness"], "The launch image, or a 30-second video of a visit."),
    post("instagram", 0, "It's here 🎉\n\nGroomwell: grooming that comes to your door. Link in bio to book a call.", ["Groomwell", "DogGrooming", "MobileGrooming"], "The launch image as a square post."),
    post("x", 2, "Groomwell, in three lines:\n\nWhat: grooming that comes to your door\nFor: busy dog owners\nNext step: book a call (link in bio)", ["Groomwell"], "The three lines as a graphic."),
    post("linkedin", 7, "One week since we launched Groomwell. Thank you to everyone who shared it.\n\nWhat should we add next? Tell me below.", ["Startup", "Groomwell"], "A photo of the van on its route."),
    post("instagram", 14, "You asked: is Groomwell for me?\n\nIf your dog hates the car and you hate the waiting room, yes. DM us anything.", ["Groomwell", "DogGrooming"], "A carousel of three questions and answers."),
  ],
};

export const FAKE_SOCIAL_POST = {
  post: post("x", 0, "Rewritten by the model: Groomwell is live. The dog salon now parks in your driveway. Book a call, link in bio.", ["Groomwell"], "The launch image."),
};

const variant = (angle, hypothesis, headlines, descriptions, meta) => ({ angle, hypothesis, google: { headlines, descriptions }, meta });

export const FAKE_ADS = {
  variants: [
    variant("Pain", "Tests whether naming the lost Saturday beats naming the result.",
      ["Tired of Salon Waiting Rooms?", "Mobile Dog Grooming", "Groomwell", "We Come to Your Door", "Book a Call Today"],
      ["No car rides, no cages, no waiting room. The salon parks in your driveway.", "Busy owner? Book a call and we'll see if we cover your street."],
      { primaryText: "Lost another Saturday to the grooming salon? Groomwell brings the salon to your driveway.", headline: "Grooming that comes to your door", description: "Book a call", cta: "Book Now" }),
    variant("Outcome", "Tests whether a calm, clean dog at home beats the pain of the salon.",
      ["A Calm, Clean Dog at Home", "Groomwell Mobile Grooming", "One Groomer, One Dog", "No Cages, No Crowds", "Book Your First Visit"],
      ["One groomer, one dog, no cages. A calm groom in a van outside your home.", "Book a call to find a slot that fits your week."],
      { primaryText: "A calm, clean dog without leaving home. That's Groomwell.", headline: "The salon on wheels", description: "Calm grooms at home", cta: "Book Now" }),
    variant("Being early", "Tests whether launch timing moves people more than the promise.",
      ["New: Groomwell", "Now Booking First Visits", "Mobile Grooming Is Here", "Be One of the First", "Groomwell Has Launched"],
      ["Groomwell has just launched: mobile dog grooming for busy owners.", "Book a call and be among our first customers."],
      { primaryText: "We just launched Groomwell: grooming that comes to your door. Book a call.", headline: "Groomwell is live", description: "Book your first visit", cta: "Contact Us" }),
  ],
};

/** A made-up URL: it appears in the search text but in no citation, and in the model's draft. LaunchKit must drop it. */
export const MADE_UP_URL = "https://made-up-grooming-stats.example/report-2026";

/** The fake web search: its citations (url_citation annotations) and the search call's sources. */
export const FAKE_WEB_SEARCH = {
  text:
    "Rover lists independent groomers and sitters across the US (Rover). Wag! offers on-demand pet care (Wag!). " +
    "Industry reports describe pet grooming as a growing services market (IBISWorld). " +
    `One blog claims 40% of owners want mobile grooming, see ${MADE_UP_URL}.`,
  citations: [
    { url: "https://www.rover.com/dog-grooming/?utm_source=openai", title: "Dog Grooming Near You | Rover" },
    { url: "https://wagwalking.com/grooming?utm_source=openai", title: "Wag! Pet Grooming" },
    { url: "https://www.ibisworld.com/united-states/industry/pet-grooming-boarding/?utm_source=openai", title: "Pet Grooming & Boarding in the US - IBISWorld" },
  ],
  sources: ["https://www.rover.com/dog-grooming/", "https://www.thesprucepets.com/mobile-dog-grooming-pros-and-cons"],
};

const icp = {
  who: "Dual-income households and new parents with one medium or large dog, in suburbs where salon slots are booked weeks ahead.",
  jobsToBeDone: ["Keep the dog clean without losing a weekend.", "Avoid stressing an anxious dog with car rides and crowds."],
  pains: ["Half a Saturday lost to the salon.", "Anxious dogs hate the car.", "Evening slots are booked weeks ahead.", "Crowded waiting rooms.", "Cages at the salon."],
  whereToReach: ["Local Facebook and WhatsApp parents' groups.", "Dog parks and vets' noticeboards."],
  buyingTriggers: ["A new baby or a new job.", "A bad salon experience."],
  objections: ["Is it more expensive than the salon?", "Will my dog be calm in a van?"],
};

export const FAKE_RESEARCH = {
  icp,
  marketClaims: [
    { claim: "Pet grooming and boarding is a growing services market in the US.", sources: ["https://www.ibisworld.com/united-states/industry/pet-grooming-boarding/"] },
    { claim: "40% of owners want mobile grooming.", sources: [MADE_UP_URL] },
  ],
  competitors: [
    { name: "Local grooming salons", website: null, positioning: "Walk-in or booked salons in town.", pricingModel: "Per visit.", strength: "Familiar and nearby.", weakness: "Waiting rooms and car rides.", difference: "Groomwell comes to you.", sources: ["https://www.thesprucepets.com/mobile-dog-grooming-pros-and-cons"] },
    { name: "Rover", website: "https://www.rover.com/", positioning: "A marketplace of independent pet-care providers.", pricingModel: "Set by each provider, plus a service fee.", strength: "Huge reach and reviews.", weakness: "Quality varies by provider.", difference: "One consistent groomer and van.", sources: ["https://www.rover.com/dog-grooming/", MADE_UP_URL] },
    { name: "Wag!", website: "https://wagwalking.com/", positioning: "On-demand pet care in an app.", pricingModel: "Per service.", strength: "Fast booking in an app.", weakness: "Grooming is not its focus.", difference: "Grooming is all Groomwell does.", sources: ["https://wagwalking.com/grooming"] },
    { name: "Made-Up Mobile Grooming Co", website: "https://made-up-mobile-grooming.example/", positioning: "A mobile groomer the model invented.", pricingModel: "Unknown.", strength: "Unknown.", weakness: "Unknown.", difference: "Unknown.", sources: [MADE_UP_URL] },
    { name: "Doing it yourself", website: null, positioning: "Washing the dog at home.", pricingModel: "Free.", strength: "No appointment.", weakness: "Messy and hard with big dogs.", difference: "A professional groom without the mess.", sources: [] },
  ],
};
