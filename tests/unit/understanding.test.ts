import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import { generateBrand } from "~/kit/assets/brand/step.server";
import { understandIdea, understandingContext } from "~/kit/understanding";
import { refineUnderstanding } from "~/kit/understanding/refine";
import { toModelUnderstanding, UnderstandingSchema, type ModelUnderstanding } from "~/kit/understanding/schema";
import { ALL_CATEGORIES, CATEGORIES, categoryById } from "~/kit/understanding/taxonomy";
import type { PaymentModel, Understanding } from "~/kit/understanding/types";

const icons = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve("@tabler/icons/icons.json"), "utf8")) as Record<
  string,
  { styles?: { outline?: unknown } }
>;
const isIcon = (name: string) => !!icons[name]?.styles?.outline;

function input(business_idea: string, target_audience = "", geographic_market = "Not specified"): GenerationInput {
  return {
    business_idea,
    target_audience,
    geographic_market,
    tone_of_voice: "Playful and warm",
    competitors: "Not specified",
    primary_goal: "Collect emails",
    brand_vibe: "Neon tech editorial",
  };
}

type Case = {
  idea: string;
  audience?: string;
  market?: string;
  category: string | string[];
  payment: PaymentModel;
  place?: string | null;
  /** Expected product word (exact) or a word it must contain. */
  productWord?: string | RegExp;
  customers?: string;
  hashtags?: string[];
};

const CASES: Case[] = [
  { idea: "A coffee subscription box for remote teams", category: "food-subscription", payment: "subscription", place: null, productWord: "coffee", customers: "remote teams", hashtags: ["CoffeeSubscription", "RemoteTeams"] },
  { idea: "mobile dog grooming van in Austin", category: "pet-services", payment: "local-service", place: "Austin", productWord: /grooming/, hashtags: ["DogGrooming", "AustinDogs"] },
  { idea: "open-source tool that turns Figma files into React code", audience: "Frontend developers", category: ["developer-tool", "open-source"], payment: "open-source", place: null, productWord: /React/, hashtags: ["OpenSource"] },
  { idea: "I want to open a bakery in Lisbon selling pastel de nata", audience: "Locals and tourists", category: "bakery", payment: "one-off", place: "Lisbon", productWord: "bakery", hashtags: ["LisbonBakery"] },
  { idea: "A bookkeeping SaaS for freelancers", category: "b2b-saas", payment: "subscription", place: null, productWord: "bookkeeping", customers: "freelancers" },
  { idea: "A yoga studio with drop-in classes", audience: "Young professionals", market: "Brooklyn, NY", category: "fitness", payment: "booking", place: "Brooklyn, NY", productWord: "yoga" },
  { idea: "A yoga studio", market: "Leeds", category: "fitness", payment: "subscription", place: "Leeds", productWord: "yoga" },
  { idea: "A language-learning app for busy commuters", category: ["education-course", "consumer-app"], payment: "freemium", productWord: /language/, customers: "busy commuters" },
  { idea: "A used-car marketplace", audience: "Budget-conscious first-time buyers", market: "United Kingdom", category: ["automotive", "marketplace"], payment: "marketplace", place: "United Kingdom", productWord: /car/ },
  { idea: "Kids' coding camp in the summer", audience: "Parents of 8-14 year olds", market: "Denver", category: "kids-family", payment: "booking", place: "Denver", productWord: /camp|coding/, customers: "parents" },
  { idea: "Wedding photographer", audience: "Engaged couples", market: "Tuscany, Italy", category: "creative-studio", payment: "booking", place: "Tuscany, Italy", productWord: /photograph/ },
  { idea: "Plumbing services for homeowners in Leeds, UK", category: "home-services", payment: "local-service", place: "Leeds", productWord: "plumbing", customers: "homeowners" },
  { idea: "A weekly newsletter about AI for product managers", category: "media", payment: "free", place: null, productWord: "newsletter", customers: "product managers", hashtags: ["AI"] },
  { idea: "Handmade soap shop on Etsy", category: "handmade-crafts", payment: "one-off", productWord: /soap/ },
  { idea: "An indie game about a lighthouse keeper", category: "gaming", payment: "one-off", productWord: /game/ },
  { idea: "A taco food truck", audience: "Office workers", market: "Portland", category: "cafe-restaurant", payment: "one-off", place: "Portland", productWord: /food truck|taco/ },
  { idea: "A legal-docs startup for small businesses", category: "legal", payment: "one-off", productWord: /legal|docs/, customers: "small businesses" },
  { idea: "A dental clinic near Porto offering same-day appointments", category: "health-clinic", payment: "booking", place: "Porto", productWord: /dental|clinic/ },
  { idea: "A podcast interviewing indie founders", category: "media", payment: "free", productWord: "podcast" },
  { idea: "A nonprofit food bank serving families in Detroit", category: "nonprofit", payment: "free", place: "Detroit", productWord: /food bank/, customers: "families" },
  { idea: "Drone delivery startup for rural pharmacies", category: "logistics-delivery", payment: "one-off", productWord: /drone|delivery/, customers: "rural pharmacies" },
  { idea: "An Etsy-like marketplace for handmade crafts", category: ["marketplace", "handmade-crafts"], payment: "marketplace", productWord: /craft/ },
  { idea: "A budgeting app for young couples", category: "fintech", payment: "freemium", productWord: "budgeting", customers: "young couples" },
  { idea: "Personal trainer offering home workouts", audience: "Busy parents", market: "Chicago", category: "fitness", payment: "booking", place: "Chicago", productWord: /training|trainer/ },
  { idea: "A tutoring service for high school math", audience: "Parents of teenagers", market: "Toronto", category: "tutoring", payment: "booking", place: "Toronto", productWord: "tutoring" },
  { idea: "A coworking space with a cafe", audience: "Freelancers and remote workers", market: "Berlin", category: "coworking", payment: "subscription", place: "Berlin", productWord: "coworking" },
  { idea: "A vegan meal kit delivered weekly", category: "food-subscription", payment: "subscription", productWord: /meal/ },
  { idea: "A cybersecurity consultancy for small banks", category: "consulting-agency", payment: "booking", productWord: /cybersecurity|consultancy/, customers: "small banks" },
  { idea: "A smart thermostat that learns your schedule", category: "hardware-iot", payment: "one-off", productWord: /thermostat/ },
  { idea: "A hair salon for curly hair in Brooklyn", category: "beauty-salon", payment: "local-service", place: "Brooklyn", productWord: /hair|salon/ },
  { idea: "House cleaning service with weekly visits", market: "Austin, TX", category: "cleaning", payment: "local-service", place: "Austin, TX", productWord: /cleaning/ },
  { idea: "An online course teaching watercolor painting to beginners", category: "education-course", payment: "one-off", productWord: /course|watercolor|painting/ },
  { idea: "Guided walking tours of Lisbon's old town", audience: "Tourists", category: "travel-tours", payment: "booking", place: "Lisbon", productWord: /tour/ },
  { idea: "A property management company for short-term rentals", market: "Miami", category: "real-estate", payment: "subscription", place: "Miami", productWord: /property|rental/ },
  { idea: "A sustainable streetwear brand made from recycled plastic", audience: "Gen Z shoppers", category: "fashion", payment: "one-off", productWord: /streetwear/ },
  { idea: "A free, self-hosted alternative to Google Analytics", audience: "Indie developers", category: ["open-source", "developer-tool", "b2b-saas"], payment: "open-source", productWord: /analytics|alternative/i },
  { idea: "Lawn care and landscaping for suburban homes", market: "Columbus, Ohio", category: "gardening-landscaping", payment: "local-service", place: "Columbus, Ohio", productWord: /lawn|landscaping/ },
  { idea: "A mobile car detailing service", market: "Phoenix", category: "automotive", payment: "local-service", place: "Phoenix", productWord: /detailing/ },
  { idea: "An in-home care service for elderly people living alone", market: "Manchester", category: "senior-care", payment: "local-service", place: "Manchester", productWord: /care/ },
  { idea: "A small-batch hot sauce brand", category: "food-products", payment: "one-off", productWord: /sauce/ },
  { idea: "A job board for remote designers", category: "hr-recruiting", payment: "freemium", productWord: /job/, customers: "remote designers" },
  { idea: "Piano lessons for adults who never learned", market: "Seattle", category: "music", payment: "booking", place: "Seattle", productWord: /piano/ },
  { idea: "Weekly flower subscription for offices", category: "florist", payment: "subscription", productWord: /flower/, customers: "offices" },
  { idea: "A habit tracker app for iPhone", category: "consumer-app", payment: "freemium", productWord: /habit/ },
];

/** Every word the understanding may use: the answers' words and the category's own. */
function allowedWords(c: Case, u: Understanding): Set<string> {
  const category = categoryById(u.category);
  const text = [
    c.idea,
    c.audience ?? "",
    c.market ?? "",
    category.label,
    category.customers,
    ...category.words,
    ...Object.keys(category.triggers),
    ...category.hashtags,
    "to and of open source",
  ].join(" ");
  const words = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    words.add(w);
    words.add(w.replace(/s$/, ""));
    words.add(`${w}s`);
  }
  // Agent nouns read as their activity ("photographer" → "photography").
  for (const w of [...words]) if (/(er|ist)$/.test(w)) words.add(w.replace(/(er|ist)$/, "ing")).add(w.replace(/er$/, "y"));
  return words;
}

/** Whether a CamelCase hashtag is made of allowed words only (a segmentation exists). */
function segmentable(tag: string, words: Set<string>): boolean {
  const s = tag.toLowerCase();
  const ok: boolean[] = [true];
  for (let i = 1; i <= s.length; i++) {
    ok[i] = false;
    for (let j = 0; j < i && !ok[i]; j++) if (ok[j] && words.has(s.slice(j, i))) ok[i] = true;
  }
  return ok[s.length]!;
}

const STYLE = ["playful", "warm", "neon", "tech", "editorial", "vibe", "tone"];

describe("understandIdea", () => {
  it("has at least 30 varied ideas to read", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => (Array.isArray(c.category) ? c.category[0] : c.category))).size).toBeGreaterThanOrEqual(28);
  });

  it.each(CASES)("reads $idea", (c) => {
    const u = understandIdea(input(c.idea, c.audience, c.market));
    const where = JSON.stringify(u, null, 1);
    expect([c.category].flat(), where).toContain(u.category);
    expect(u.categoryLabel).toBe(categoryById(u.category).label);
    expect(u.payment, where).toBe(c.payment);
    if (c.place !== undefined) expect(u.place, where).toBe(c.place);
    if (typeof c.productWord === "string") expect(u.productWord, where).toBe(c.productWord);
    else if (c.productWord) expect(u.productWord, where).toMatch(c.productWord);
    if (c.customers) expect(u.customers, where).toBe(c.customers);
    for (const tag of c.hashtags ?? []) expect(u.hashtags, where).toContain(tag);

    const words = allowedWords(c, u);
    // The product word: real words of the idea or of its category.
    for (const w of u.productWord.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) expect(words.has(w), `${w} in ${where}`).toBe(true);
    expect(u.product.length).toBeGreaterThan(0);
    // Keywords and hashtags: whole real words, never fragments, no style words.
    expect(u.keywords.length, where).toBeGreaterThanOrEqual(3);
    for (const k of u.keywords) {
      for (const w of k.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
        expect(words.has(w), `keyword "${k}" (${w}) in ${where}`).toBe(true);
        expect(STYLE, k).not.toContain(w);
      }
    }
    expect(u.hashtags.length, where).toBeGreaterThanOrEqual(2);
    for (const h of u.hashtags) {
      expect(h).toMatch(/^[\p{L}\p{N}]+$/u);
      expect(segmentable(h, words), `hashtag #${h} in ${where}`).toBe(true);
      for (const s of STYLE) expect(h.toLowerCase()).not.toContain(s);
    }
    // Motifs exist in the icon set, best first; channels and sections are there.
    expect(u.motifs.length).toBeGreaterThanOrEqual(3);
    for (const m of u.motifs) expect(isIcon(m), m).toBe(true);
    expect(u.channels.length).toBeGreaterThanOrEqual(3);
    expect(new Set(u.sections).size).toBe(u.sections.length);
  });

  it.each([
    ["Landscaping and garden design", "landscaping", "landscaping"],
    ["Handmade ceramic mugs sold online", "ceramic mugs", "handmade ceramic mugs"],
    ["Legal advice for small landlords", "legal advice", "legal advice"],
    ["A nonprofit teaching kids to code after school", "coding", "coding for kids"],
    ["A marketplace for second-hand camera gear", "camera gear", "camera gear marketplace"],
    ["Same-day flower delivery for birthdays", "flower delivery", "same-day flower delivery"],
    ["Small-batch hot sauce made with local chillies", "hot sauce", "small-batch hot sauce"],
    ["Recruiting agency placing software engineers at startups", "recruiting", "recruiting agency"],
    ["Roof repair in Seattle", "roof repair", "roof repair"],
    ["Bookkeeping for freelancers", "bookkeeping", "bookkeeping"],
    ["Dog training for puppies", "dog training", "dog training"],
    ["Website builder for musicians", "website builder", "website builder"],
    ["Sourdough bakery with weekend pre-orders", "sourdough", "sourdough bakery"],
    ["Affordable dental care", "dental care", "dental care"],
  ])("names what is sold in '%s': %s", (idea, word, product) => {
    const u = understandIdea(input(idea));
    expect(u.productWord).toBe(word);
    expect(u.product).toBe(product);
  });

  it("a nonprofit does not charge the people it serves", () => {
    expect(understandIdea(input("A nonprofit teaching kids to code after school")).payment).toBe("free");
    expect(understandIdea(input("A non-profit food bank")).payment).toBe("free");
  });

  it("gives developers developer channels and local services local ones", () => {
    const tool = understandIdea(input("open-source tool that turns Figma files into React code", "Frontend developers"));
    expect(tool.channels).toEqual(expect.arrayContaining(["GitHub", "Hacker News", "dev.to"]));
    expect(tool.channels.join(" ")).not.toMatch(/Facebook|WhatsApp|Nextdoor/);
    expect(tool.sections).toEqual(expect.arrayContaining(["install", "repository"]));

    const van = understandIdea(input("mobile dog grooming van in Austin", "Busy dog owners"));
    expect(van.channels).toEqual(expect.arrayContaining(["Google Business Profile", "Nextdoor"]));
    expect(van.sections).toEqual(expect.arrayContaining(["service-area", "prices", "booking"]));
    expect(van.motifs[0]).toBe("dog");

    const coffee = understandIdea(input("A coffee subscription box for remote teams", "Remote teams at startups"));
    expect(coffee.channels).toEqual(expect.arrayContaining(["LinkedIn", "Slack communities"]));
    expect(coffee.sections).toContain("in-the-box");
    expect(coffee.motifs[0]).toBe("coffee");
    expect(coffee.keywords[0]).toBe("coffee");
  });

  it("takes the place from the idea, else from the market unless it names none", () => {
    expect(understandIdea(input("A bakery", "", "Not specified")).place).toBeNull();
    expect(understandIdea(input("A bakery", "", "Worldwide")).place).toBeNull();
    expect(understandIdea(input("A bakery", "", "Online")).place).toBeNull();
    expect(understandIdea(input("A bakery", "", "Porto, Portugal")).place).toBe("Porto, Portugal");
    expect(understandIdea(input("A bakery in Porto", "", "Portugal")).place).toBe("Porto");
    expect(understandIdea(input("A course on building apps in React", "", "Not specified")).place).toBeNull();
  });

  it("shortens the audience to a phrase", () => {
    const u = understandIdea(input("A coffee subscription box", "Remote-first startups with 10-50 employees who want to keep morale up"));
    expect(u.customers).toBe("remote-first startups");
    expect(understandIdea(input("A coffee subscription box", "Not specified")).customers).toBe(categoryById("food-subscription").customers);
  });

  it("does not mistake gluten-free or free shipping for a free product", () => {
    expect(understandIdea(input("A gluten-free bakery in Lisbon")).payment).toBe("one-off");
    expect(understandIdea(input("An online shop for ceramic mugs with free shipping")).payment).toBe("one-off");
    expect(understandIdea(input("A free newsletter with a paid premium tier")).payment).toBe("freemium");
  });

  it("is deterministic and never throws", () => {
    for (const c of CASES.slice(0, 8)) expect(understandIdea(input(c.idea, c.audience, c.market))).toEqual(understandIdea(input(c.idea, c.audience, c.market)));
    const odd = ["", "   ", "???", "🙂🙂🙂", "x".repeat(5000), "a-b-c - -- ---", "The the the the", "<script>alert(1)</script>", "12345"];
    for (const idea of odd) {
      const u = understandIdea(input(idea));
      expect(u.category).toBeTruthy();
      expect(u.productWord).toBeTruthy();
      expect(u.motifs.length).toBeGreaterThan(0);
    }
    // A malformed input (missing fields) still gets an understanding.
    expect(understandIdea({} as GenerationInput).category).toBe("general");
    expect(understandIdea(input("Something nobody can place: zorblax quuxing")).category).toBe("general");
  });

  it("writes the prompt context", () => {
    const u = understandIdea(input("mobile dog grooming van in Austin", "Busy dog owners"));
    const text = understandingContext(u);
    expect(text).toContain(`What is sold: ${u.product}`);
    expect(text).toContain("to: busy dog owners");
    expect(text).toContain("where: Austin");
    expect(text).toMatch(/paid: local service/);
    expect(text).toContain(`category: ${u.categoryLabel}`);
    // Three lines of what is sold, then the founder's facts (model, prices or their absence, the rule against inventing).
    expect(text.split("\n").length).toBeLessThanOrEqual(12);
  });

  it("is given to the model in the brand step's prompt", async () => {
    let user = "";
    const provider = {
      structured: async (request: { user: string; builtin: () => unknown }) => {
        user = request.user;
        return request.builtin();
      },
    } as unknown as AIProvider;
    await generateBrand(input("A coffee subscription box for remote teams"), provider);
    expect(user).toContain("What is sold: coffee subscription box (product word: \"coffee\"); to: remote teams");
    expect(user).toContain("paid: subscription");
  });
});

describe("refineUnderstanding: a model's reading checked against the answers", () => {
  it("gives back the offline reading when the answer is the offline reading (what the builtin provider answers)", () => {
    for (const c of CASES) {
      const i = input(c.idea, c.audience, c.market);
      const u = understandIdea(i);
      expect(refineUnderstanding(i, toModelUnderstanding(u)), c.idea).toEqual(u);
      expect(UnderstandingSchema.safeParse(u).success, c.idea).toBe(true);
    }
  });

  const sourdough = input("Weekend sourdough classes in Leeds", "Home bakers");
  const answer = (over: Partial<ModelUnderstanding>): ModelUnderstanding => ({ ...toModelUnderstanding(understandIdea(sourdough)), ...over });

  it("takes the model's category, product and payment when the answers give them ground, and derives the rest from them", () => {
    expect(understandIdea(sourdough)).toMatchObject({ category: "bakery", productWord: "weekend sourdough", payment: "one-off" });
    const u = refineUnderstanding(sourdough, answer({ category: "education-course", productWord: "sourdough", product: "sourdough baking classes", payment: "booking" }));
    expect(u).toMatchObject({ category: "education-course", categoryLabel: categoryById("education-course").label, productWord: "sourdough", payment: "booking", place: "Leeds" });
    // "baking" is a word of the business (a baker's), so the phrase stands.
    expect(u.product).toBe("sourdough baking classes");
    expect(u.sections).toContain("booking");
    expect(u.keywords).toContain("sourdough");
    expect(u.motifs).toEqual(expect.arrayContaining(categoryById("education-course").motifs.slice(0, 2)));
  });

  it("refuses words nobody said, style words, invented places and figures, and answers about another business", () => {
    const offline = understandIdea(sourdough);
    expect(refineUnderstanding(sourdough, answer({ productWord: "artisan loaves" })).productWord).toBe(offline.productWord);
    expect(refineUnderstanding(sourdough, answer({ productWord: "cozy sourdough" })).productWord).toBe(offline.productWord);
    expect(refineUnderstanding(sourdough, answer({ place: "Manchester" })).place).toBe("Leeds");
    // The place the answers give is the founder's fact: a model's "none" does not drop it.
    expect(refineUnderstanding(sourdough, answer({ place: null })).place).toBe("Leeds");
    expect(refineUnderstanding(sourdough, answer({ customers: "10,000 home bakers" })).customers).toBe(offline.customers);
    expect(refineUnderstanding(sourdough, answer({ customers: "Keen home bakers." })).customers).toBe("keen home bakers");
    expect(refineUnderstanding(sourdough, answer({ category: "developer-tool", productWord: "sourdough" }))).toEqual(offline);
    const tags = refineUnderstanding(sourdough, answer({ keywords: ["sourdough classes", "synergy"], hashtags: ["SourdoughClasses", "ClassesWeekend", "NeonBread"] }));
    expect(tags.keywords[0]).toBe("sourdough classes");
    expect(tags.keywords).not.toContain("synergy");
    expect(tags.hashtags[0]).toBe("SourdoughClasses");
    expect(tags.hashtags).not.toContain("ClassesWeekend");
    expect(tags.hashtags).not.toContain("NeonBread");
    expect(refineUnderstanding(sourdough, null)).toEqual(offline);
  });
});

describe("business taxonomy", () => {
  it("has at least 30 categories with unique ids and a generic one", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ALL_CATEGORIES.map((c) => c.id)).size).toBe(ALL_CATEGORIES.length);
    expect(categoryById("general").id).toBe("general");
    expect(categoryById("no-such-category").id).toBe("general");
  });

  it.each(ALL_CATEGORIES.map((c) => [c.id, c] as const))("%s: motifs are Tabler outline icons, words are real", (_id, c) => {
    expect(c.motifs.length).toBeGreaterThanOrEqual(4);
    for (const m of c.motifs) expect(isIcon(m), `${c.id}: ${m}`).toBe(true);
    for (const key of Object.keys(c.triggers)) expect(key, c.id).toMatch(/^[\p{Ll}\p{N}&é]+( [\p{Ll}\p{N}]+)*$/u);
    for (const h of c.hashtags) expect(h).toMatch(/^[A-Z][A-Za-z]+$/);
    expect(c.channels.length).toBeGreaterThanOrEqual(4);
    expect(c.words.length).toBeGreaterThanOrEqual(3);
    for (const [cue] of Object.entries(c.paymentCues ?? {})) expect(cue).toMatch(/^[a-z ]+$/);
  });
});
