import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { understandIdea } from "~/kit/understanding";

/**
 * The customers phrase the offline reading takes from the founder's audience answer: it goes into the landing copy,
 * the tagline, the research and the deck, so it must read as a whole noun phrase ("practice managers", never
 * "practice managers and owners of") made of the founder's own words.
 */
function customers(audience: string, idea = "A scheduling app"): string {
  const input: GenerationInput = {
    business_idea: idea,
    target_audience: audience,
    geographic_market: "Not specified",
    tone_of_voice: "Friendly",
    competitors: "Not specified",
    primary_goal: "Collect emails",
    brand_vibe: "Minimalist",
  };
  return understandIdea(input).customers;
}

/** Answers and the phrase expected from each (null: any phrase that passes the general checks). */
const CASES: Array<[string, string | null]> = [
  // Too long: the first conjunct when it names people by itself, the "of ..." phrase kept or dropped as a whole.
  ["Practice managers and owners of small dental clinics", "practice managers"],
  ["Busy working parents of young children and their nannies", "busy working parents of young children"],
  ["Local farmers and the chefs of farm-to-table restaurants", "local farmers"],
  ["Owners and managers of small and independent hotels", "owners and managers"],
  ["Marketing directors and brand managers of consumer goods companies across the Nordics", "marketing directors"],
  ["Busy mums & dads juggling work and school runs", "busy mums & dads"],
  // Complete phrases of up to seven words and 40 characters are kept whole.
  ["Owners of small dental clinics", "owners of small dental clinics"],
  ["Sports coaches of youth football teams", "sports coaches of youth football teams"],
  ["Small and medium-sized e-commerce shops", "small and medium-sized e-commerce shops"],
  ["Nigerian professionals living abroad", "Nigerian professionals living abroad"],
  ["Young Nigerian professionals living in London", "young Nigerian professionals"],
  ["The elderly and their caregivers", "the elderly and their caregivers"],
  ["The elderly", "the elderly"],
  ["Tea and coffee lovers", "tea and coffee lovers"],
  ["Parents and grandparents of toddlers", "parents and grandparents of toddlers"],
  // Longer than the launch copy's 40 characters: cut as above, or the head with the modifiers nearest to it.
  ["Product managers of large enterprise software teams", "product managers"],
  ["Independent coffee shop owners and baristas", "independent coffee shop owners"],
  ["Owners of independent bookstores and libraries", "owners of independent bookstores"],
  ["Early-stage startup founders and their teams", "early-stage startup founders"],
  ["Retired teachers and other lifelong learners", "retired teachers"],
  ["Young Nigerian professionals living abroad", "young Nigerian professionals"],
  ["Amateur and semi-professional photographers looking for gear", "semi-professional photographers"],
  ["Extremely health-conscious young urban professional vegan gym-going millennials", "professional vegan gym-going millennials"],
  // Commas, relative clauses and prepositions cut the answer; a comma inside a list of adjectives does not.
  ["CTOs, VPs of engineering and tech leads at startups", "CTOs"],
  ["Yoga teachers, pilates instructors and personal trainers", "yoga teachers"],
  ["Owners of small, family-run cafés in rural Wales", "owners of small, family-run cafés"],
  ["Owners of small, family-run bed and breakfasts in rural Wales", null],
  ["B2B SaaS founders in Europe", "B2B SaaS founders"],
  ["Parents of kids aged 5-10", "parents of kids"],
  ["People who want to learn to cook", "people"],
  ["Heads of product and design at Series A startups", "heads of product and design"],
  ["Gen Z gamers and streamers on Twitch", "Gen Z gamers and streamers"],
  ["Fitness influencers, YouTubers and content creators who want to sell courses", "fitness influencers"],
  ["HR managers at mid-size companies", "HR managers"],
  ["Dog owners who travel a lot for work", "dog owners"],
  ["People interested in yoga", "people"],
  ["Students learning to code", "students"],
  ["Wedding planners and the couples they work for", "wedding planners"],
  ["Marketing teams of fast-growing B2B companies", "marketing teams"],
  ["First-time home buyers in their thirties", "first-time home buyers"],
  ["Self-employed tradespeople like plumbers and electricians", "self-employed tradespeople"],
  ["Kleine Handwerksbetriebe und Mittelständler in Bayern", "kleine Handwerksbetriebe"],
  // Short answers as before: one word, acronyms, "mostly", digits.
  ["Freelancers", "freelancers"],
  ["SMEs", "SMEs"],
  ["Mostly small restaurant owners", "small restaurant owners"],
  ["Parents of 8-14 year olds", "parents"],
  ["Remote-first startups with 10-50 employees who want to keep morale up", "remote-first startups"],
  // Any phrase, as long as it reads whole (or nothing: the idea's customers then).
  ["Non-profit organizations, charities and community groups that run on volunteers", "non-profit organizations"],
  ["Women over 40 starting their own business", "women over 40"],
  ["Solo founders and indie hackers building SaaS products on nights and weekends", "solo founders and indie hackers"],
  ["Owners of small and", null],
  ["Ambitious, driven and very busy", null],
  ["Restaurant owners, café managers and food truck operators in the greater Manchester area", "restaurant owners"],
  ["Students of Japanese, Korean and Mandarin", null],
  ["Medical and dental practice owners and their front-desk staff", "medical and dental practice owners"],
  ["Ngozi Okafor's clients and other Lagos fashion boutiques", "Ngozi Okafor's clients"],
  ["Parents/guardians of teens", null],
];

/** Function words: never the last word of a noun phrase (nor its first, but for "the elderly"). */
const FUNCTION_WORDS = new Set(
  ("a an the and or nor but & + plus of for to in on at by from with without into about over under near via per than as like " +
    "such including who whom whose which that this these those their your our my his her its some any each every all both " +
    "either other another more most less many few much own very really just also not no und et de").split(" "),
);
/** Adjectives of these answers that need a noun after them. */
const ADJECTIVES = new Set(
  ("small medium medium-sized large big young old busy independent local early-stage first-time semi-professional " +
    "ambitious driven new mid-size dental medical front-desk family-run amateur retired working").split(" "),
);

function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}&]+$/gu, "")).filter(Boolean);
}

describe("the customers phrase of an audience answer", () => {
  it("is the expected phrase", () => {
    const wrong = CASES.filter(([, want]) => want !== null)
      .map(([answer, want]) => ({ answer, want, got: customers(answer) }))
      .filter((c) => c.got !== c.want);
    expect(wrong).toEqual([]);
  });

  it.each(CASES.map(([answer]) => answer))("reads whole and uses the founder's own words: %s", (answer) => {
    const got = customers(answer);
    if (got === customers("")) return; // nothing usable: the idea's or the category's customers are used instead
    const ws = words(got);
    expect(ws.length, got).toBeGreaterThan(0);
    expect(ws.length, got).toBeLessThanOrEqual(7);
    expect(got.length, got).toBeLessThanOrEqual(40); // the launch copy would cut it again
    const last = ws[ws.length - 1]!;
    expect(FUNCTION_WORDS.has(last) || ADJECTIVES.has(last), `"${got}" ends on "${last}"`).toBe(false);
    expect(FUNCTION_WORDS.has(ws[0]!) && ws[0] !== "the", `"${got}" starts on "${ws[0]}"`).toBe(false);
    // A run of the answer's words, in its order (a leading "the", "mostly"... may be left out).
    expect(words(answer).join(" "), got).toContain(ws.join(" "));
  });

  it("is the same phrase when the idea cannot be read", () => {
    expect(customers("Practice managers and owners of small dental clinics", "???")).toBe("practice managers");
    expect(customers("Young", "???")).toBe(customers("", "???"));
  });

  it("falls back to the idea's customers when the answer names nobody", () => {
    expect(customers("Young", "A coffee subscription box for remote teams")).toBe("remote teams");
    expect(customers("Ambitious, driven and very busy", "A coffee subscription box for remote teams")).toBe("remote teams");
    // "owners and managers" without "of small and independent hotels": the idea's customers say more.
    expect(customers("Owners and managers of small and independent hotels", "Booking software for boutique hotels")).toBe("boutique hotels");
    expect(customers("Not specified", "A coffee subscription box for remote teams")).toBe("remote teams");
  });
});
