import { describe, expect, it } from "vitest";
import { checkCustomerCopy, competitorNames, fitLength, kitCheckContext, type CustomerCheckContext } from "~/kit/copy/customer-check";

/** The customer-copy check, rule by rule, on the Pro founder's words (a plastic-free detergent delivered by bike in Amsterdam). */

const VOICE = {
  dos: ["Write like you talk to a neighbour: short, warm sentences.", "Say 'you' and 'we'; name the reader's problem plainly.", "Reassure with specifics: times, prices, guarantees."],
  donts: ["No jargon or buzzwords.", "Don't pressure with fake urgency.", "Don't talk down to the reader."],
};
const ctx: CustomerCheckContext = kitCheckContext(
  { business_idea: "Plastic-free laundry detergent delivered by bike in Amsterdam, €12 a month", target_audience: "families in Amsterdam", geographic_market: "Amsterdam", competitors: "Seepje, Ecover" },
  { name: "Wasbaar", voice: VOICE },
  { product: "plastic-free laundry detergent", categoryLabel: "household goods", customers: "families in Amsterdam" },
);
const rules = (r: ReturnType<typeof checkCustomerCopy>) => r.findings.map((f) => f.rule);

describe("internal notes", () => {
  it("drops the brand's voice rules pasted into an e-mail, and the line that introduced them", () => {
    const body = [
      "Hi there,",
      "We started Wasbaar because laundry should not cost the planet.",
      "Here is what we care about:",
      VOICE.dos.map((d) => `- ${d}`).join("\n"),
      "Is that what you look for in detergent? Just hit reply.",
    ].join("\n\n");
    const r = checkCustomerCopy(body, ctx, "welcome");
    expect(r.text).not.toMatch(/neighbour|'you' and 'we'|Reassure with specifics|Here is what we care about/);
    expect(r.text).toContain("Is that what you look for in detergent?");
    expect(r.text).toContain("We started Wasbaar");
    expect(rules(r).filter((x) => x === "internal-note")).toHaveLength(4);
  });

  it("drops writer's instructions and labels that are not the brand's own rules", () => {
    const r = checkCustomerCopy("Fresh laundry, no plastic. Use short sentences and avoid jargon. Tone: warm and direct. [Note: add a testimonial here] Order today.", ctx, "page");
    expect(r.text).toBe("Fresh laundry, no plastic. Order today.");
  });

  it("keeps sentences about the business that merely share a word with an instruction", () => {
    const text = "Use one scoop per wash. Say goodbye to plastic bottles. Keep the refill pouch in a dry place.";
    expect(checkCustomerCopy(text, ctx, "page").text).toBe(text);
  });
});

describe("the reader", () => {
  it("an e-mail speaks to the reader: the customers become 'you', their pronouns follow", () => {
    const r = checkCustomerCopy("We started Wasbaar for families in Amsterdam, so they can wash without plastic. Families in Amsterdam get their refill by bike.", ctx, "email");
    expect(r.text).toBe("We started Wasbaar for you, so you can wash without plastic. You get your refill by bike.");
    expect(rules(r)).toEqual(["third-person", "third-person"]);
  });

  it("a relative clause after the customers reads as a condition", () => {
    expect(checkCustomerCopy("A short note from Wasbaar, for families in Amsterdam who care about laundry.", ctx, "email").text).toBe("A short note from Wasbaar, for you, if you care about laundry.");
  });

  it("a page may name its customers", () => {
    const text = "Made for families in Amsterdam.";
    expect(checkCustomerCopy(text, ctx, "page").text).toBe(text);
  });
});

describe("competitors", () => {
  it("a welcome e-mail names no competitor: the sentence goes", () => {
    const r = checkCustomerCopy("Wasbaar is detergent that arrives on a schedule you set. The difference from Seepje: it serves them first. Thanks for joining.", ctx, "welcome");
    expect(r.text).toBe("Wasbaar is detergent that arrives on a schedule you set. Thanks for joining.");
    expect(rules(r)).toEqual(["competitor"]);
  });

  it("reads the founder's answer as names", () => {
    expect(competitorNames("Seepje, Ecover and Method (US)")).toEqual(["Seepje", "Ecover", "Method"]);
    expect(competitorNames("Not specified")).toEqual([]);
  });
});

describe("density", () => {
  it("a phrase past one use per 150 words is rewritten to its head noun, the kept uses spread out", () => {
    const filler = "Every week the bike comes by with a fresh pouch and takes the empty one back to be refilled again.";
    const paragraphs = Array.from({ length: 23 }, (_, i) => `${i % 2 ? "Our" : "A"} plastic-free laundry detergent is here. ${filler} ${filler}`);
    const text = ["## Plastic-free laundry detergent in Amsterdam", ...paragraphs].join("\n\n");
    const words = text.split(/\s+/).length;
    const r = checkCustomerCopy(text, ctx, "article");
    const left = r.text.match(/plastic-free laundry detergent/gi)!.length;
    // The heading keeps its words; the body keeps at most the cap.
    expect(left - 1).toBeLessThanOrEqual(Math.ceil(words / 150));
    expect(left - 1).toBeGreaterThanOrEqual(2);
    expect(r.text).toContain("## Plastic-free laundry detergent in Amsterdam");
    expect(r.text).toMatch(/^A detergent is here\./m);
    expect(r.text).toMatch(/^Our detergent is here\./m);
    expect(rules(r)).toContain("density");
  });

  it("a short text keeps its phrase twice", () => {
    const text = "Plastic-free laundry detergent, by bike. Try our plastic-free laundry detergent.";
    expect(checkCustomerCopy(text, ctx, "article").text).toBe(text);
  });
});

describe("cuts", () => {
  it("a cut sentence ends with '…'", () => {
    expect(checkCustomerCopy("Open Monday to Friday 9:00-16:00,.", ctx, "page").text).toBe("Open Monday to Friday 9:00-16:00…");
    expect(checkCustomerCopy("It finds oversized instances, gp2,.", ctx, "page").text).toBe("It finds oversized instances, gp2…");
    expect(checkCustomerCopy("We deliver to homes and.", ctx, "page").text).toBe("We deliver to homes and…");
    expect(checkCustomerCopy("Wait for it...", ctx, "page").text).toBe("Wait for it…");
  });

  it("a text over its limit loses whole sentences first, a single long one is cut at a word with '…'", () => {
    expect(checkCustomerCopy("Refills by bike. No plastic ever.", { ...ctx, maxLength: 20 }, "page").text).toBe("Refills by bike.");
    expect(fitLength("Refills delivered by bike to your door in Amsterdam", 30)).toBe("Refills delivered by bike…");
    expect(fitLength("Refills delivered by bike to your door in Amsterdam", 30).length).toBeLessThanOrEqual(30);
  });
});

describe("number claims", () => {
  it("drops a number of people the install does not have", () => {
    const r = checkCustomerCopy("Join 1,000+ founders. Thousands of customers love it. Rated 4.9 by families. Order today.", ctx, "page");
    expect(r.text).toBe("Order today.");
    expect(rules(r)).toEqual(["number-claim", "number-claim", "number-claim"]);
  });

  it("keeps a count the install has (the month's sign-ups) and the founder's own numbers", () => {
    const withFacts = { ...ctx, knownNumbers: [...(ctx.knownNumbers ?? []), 37] };
    expect(checkCustomerCopy("37 families signed up this month.", withFacts, "article").text).toBe("37 families signed up this month.");
    expect(checkCustomerCopy("37 families signed up this month.", ctx, "article").text).toBe("");
    expect(checkCustomerCopy("One pouch costs €12 a month.", ctx, "page").text).toBe("One pouch costs €12 a month.");
  });
});

describe("founder's reading", () => {
  it("keeps advice to the founder that would read as an instruction in customer copy", () => {
    const text = "Keep the form to the e-mail field alone and say what people get. Use the same words your customers use.";
    expect(checkCustomerCopy(text, ctx, "founder").text).toBe(text);
  });
});

describe("density, in a sentence", () => {
  it("the head noun alone after an adjective or an ordinal, with 'the' after a verb or a preposition", () => {
    const text = Array.from({ length: 3 }, () => "Good plastic-free laundry detergent lasts. The first plastic-free laundry detergent order is free. Leaving plastic-free laundry detergent to the end is a mistake.").join(" ");
    const r = checkCustomerCopy(text, ctx, "article").text;
    expect(r).toContain("Good detergent lasts.");
    expect(r).toContain("The first detergent order is free.");
    expect(r).toContain("Leaving the detergent to the end is a mistake.");
    expect(r).not.toMatch(/\b(good|first) the\b/i);
  });

  it("a sentence may end on a preposition", () => {
    const text = "You are exactly who we want to hear from. Answers to the questions you send in.";
    expect(checkCustomerCopy(text, ctx, "email").text).toBe(text);
  });
});
