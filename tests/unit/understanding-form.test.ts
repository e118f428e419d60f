import { describe, expect, it } from "vitest";
import type { Understanding } from "~/kit/understanding";
import {
  applyFounderFacts,
  emptyUnderstandingValues,
  formatPrice,
  rewrittenList,
  storedFounderFacts,
  UnderstandingFormSchema,
  understandingValues,
} from "~/kit/understanding/form";
import { UnderstandingSchema } from "~/kit/understanding/schema";

/** The wizard's last step and the overview's editor: what the founder confirms of the reading. */

const form = (fields: Record<string, string>) => ({ ...emptyUnderstandingValues(), model: "class-or-event", ...fields });

const errorsOf = (fields: Record<string, string>) => {
  const parsed = UnderstandingFormSchema.safeParse(form(fields));
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
};

const READING: Understanding = {
  category: "kids-activities",
  categoryLabel: "kids' classes",
  product: "pottery camp",
  productWord: "pottery",
  customers: "parents",
  place: "Lisbon",
  payment: "one-off",
  keywords: ["pottery camp"],
  hashtags: ["PotteryCamp"],
  motifs: ["bowl"],
  channels: ["parent groups"],
  sections: ["schedule"],
  model: "shipped-product",
  prices: [{ text: "€295 a week", amount: "295", currency: "EUR", period: "week", per: null, label: null }],
  serviceArea: null,
  ages: "8–12",
  facts: ["run by two ceramicists", "kilns on site", "groups of 8"],
  differentiator: null,
  ecosystem: null,
};

describe("the understanding form", () => {
  it("prefills every field from a reading and gives the same facts back", () => {
    const values = understandingValues(READING);
    expect(values).toMatchObject({ model: "shipped-product", price1Amount: "295", price1Currency: "EUR", price1Period: "week", place: "Lisbon", ages: "8–12", fact1: "run by two ceramicists", fact3: "groups of 8", fact4: "" });
    const parsed = UnderstandingFormSchema.parse(values);
    expect(parsed).toEqual({
      model: "shipped-product",
      prices: READING.prices,
      place: "Lisbon",
      serviceArea: null,
      ages: "8–12",
      facts: READING.facts,
      differentiator: null,
      ecosystem: null,
    });
  });

  it("names what is wrong in each field, in plain words", () => {
    expect(errorsOf({ model: "" }).model).toEqual(["Choose what you sell and how"]);
    expect(errorsOf({ model: "franchise" }).model).toEqual(["Choose one of the kinds of business in the list"]);
    expect(errorsOf({ price1Amount: "cheap", price1Currency: "EUR" }).price1Amount).toEqual(["Write the price as a number, like 29 or 12.50"]);
    expect(errorsOf({ price1Amount: "29" }).price1Currency).toEqual(["Add the currency of this price, like USD, EUR or GBP"]);
    expect(errorsOf({ price1Amount: "29", price1Currency: "dollars" }).price1Currency).toEqual(["Write the currency as three letters, like USD, EUR or GBP"]);
    expect(errorsOf({ price2Currency: "EUR", price2Period: "week" }).price2Amount).toEqual(["Add the amount of this price, or clear its other fields"]);
    expect(errorsOf({ price1Amount: "29", price1Currency: "USD", price1Period: "fortnight" }).price1Period).toEqual(["Choose how often this price is paid from the list"]);
    expect(errorsOf({ fact2: "x".repeat(201) }).fact2).toEqual(["A fact must be at most 200 characters"]);
    for (const repository of ["not a repo", "https://acme/leak", 'https://github.com/acme/leak"><svg/onload=alert(1)>', "javascript:alert(1)"]) {
      expect(errorsOf({ model: "developer-tool", language: "Go", repository }).repository, repository).toEqual(["Give the repository as an address (https://github.com/…) or as owner/name on GitHub"]);
    }
    expect(errorsOf({ model: "developer-tool", install: "go install github.com/acme/leak@latest" }).language).toEqual(["Add the language of your tool, like Go, Python or Rust"]);
  });

  it("reads a currency sign typed with the amount, and writes the price as a customer reads it", () => {
    const facts = UnderstandingFormSchema.parse(form({ price1Amount: "€350", price1Period: "week", price1Per: "child", price2Amount: "1200", price2Currency: "sek" }));
    expect(facts.prices).toEqual([
      { text: "€350 per child a week", amount: "350", currency: "EUR", period: "week", per: "child", label: null },
      { text: "1200 SEK", amount: "1200", currency: "SEK", period: null, per: null, label: null },
    ]);
    expect(formatPrice({ amount: "29", currency: "USD", period: "month", per: "org" })).toBe("$29 per org a month");
  });

  it("keeps a developer tool's ecosystem, and none for other businesses", () => {
    const dev = UnderstandingFormSchema.parse(form({ model: "developer-tool", language: "Go", install: "go install github.com/acme/leak@latest", repository: "acme/leak" }));
    expect(dev.ecosystem).toEqual({ language: "Go", install: "go install github.com/acme/leak@latest", repository: "https://github.com/acme/leak" });
    // The page links it: a bare owner/name is on GitHub, a host without a scheme gets one.
    expect(UnderstandingFormSchema.parse(form({ model: "developer-tool", language: "Go", repository: "gitlab.com/acme/leak" })).ecosystem?.repository).toBe("https://gitlab.com/acme/leak");
    expect(UnderstandingFormSchema.parse(form({ language: "Go" })).ecosystem).toBeNull();
  });

  it("puts the founder's facts over a reading, and the result is still a stored understanding", () => {
    const facts = UnderstandingFormSchema.parse(form({ price1Amount: "350", price1Currency: "EUR", price1Period: "week", place: "Lisbon", serviceArea: "Arroios", fact1: "kilns on site" }));
    const u = applyFounderFacts(READING, facts);
    expect(u).toMatchObject({ model: "class-or-event", payment: "booking", place: "Lisbon", serviceArea: "Arroios", facts: ["kilns on site"], productWord: "pottery", category: "kids-activities" });
    expect(u.prices).toEqual([{ text: "€350 a week", amount: "350", currency: "EUR", period: "week", per: null, label: null }]);
    // What the brand asset stores reads it back whole (no fact dropped by the stored schema).
    expect(UnderstandingSchema.parse(u)).toMatchObject({ prices: u.prices, serviceArea: "Arroios", facts: ["kilns on site"], model: "class-or-event" });
    // The same model keeps the reading's payment.
    expect(applyFounderFacts(READING, { ...facts, model: "shipped-product" }).payment).toBe("one-off");
  });

  it("reads stored facts back, and nothing from a value that is not them", () => {
    const facts = UnderstandingFormSchema.parse(form({ price1Amount: "295", price1Currency: "EUR" }));
    expect(storedFounderFacts(JSON.parse(JSON.stringify(facts)))).toEqual(facts);
    expect(storedFounderFacts(null)).toBeNull();
    expect(storedFounderFacts({ model: "franchise", prices: [], facts: [] })).toBeNull();
  });

  it("names what a saved change writes again, in plan order, for the kinds the kit has", () => {
    expect(rewrittenList(["brand", "logo", "deck", "landing", "social", "ads", "research"])).toBe("landing page, social posts, ads, research and pitch deck");
    expect(rewrittenList(["brand", "landing"])).toBe("landing page");
    expect(rewrittenList(["brand", "logo"])).toBe("");
  });
});
