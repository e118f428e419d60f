import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { businessLines, understandIdea, understandingContext } from "~/kit/understanding";
import { agesOf, installCommand, pricesOf } from "~/kit/understanding/facts";
import { UnderstandingSchema } from "~/kit/understanding/schema";
import type { BusinessModel, Price, Understanding } from "~/kit/understanding/types";

function input(business_idea: string, target_audience = "", geographic_market = "Not specified"): GenerationInput {
  return {
    business_idea,
    target_audience,
    geographic_market,
    tone_of_voice: "Warm and plain",
    competitors: "Not specified",
    primary_goal: "Collect emails",
    brand_vibe: "Minimal",
  };
}

type Case = {
  idea: string;
  audience?: string;
  market?: string;
  model: BusinessModel;
  place: string | null;
  prices: Array<Partial<Price>>;
  ages?: string | null;
  serviceArea?: string | null;
  /** Words each of which some fact quotes as the founder wrote it. */
  factWords?: string[];
  differentiator?: RegExp | null;
  ecosystem?: { language: string; install: string | null; repository?: string | null } | null;
};

const FOUR: Case[] = [
  {
    idea: "Bookkeeping and tax filing for independent dental practices in Ohio at a $650/month retainer. We work inside Dentrix and plan equipment purchases around Section 179.",
    audience: "Dentist-owners of independent practices",
    market: "Ohio",
    model: "b2b-service",
    place: "Ohio",
    prices: [{ text: "$650/month", amount: "650", currency: "USD", period: "month", per: null, label: "retainer" }],
    ages: null,
    factWords: ["Dentrix", "Section 179"],
    differentiator: /Dentrix/,
    ecosystem: null,
  },
  {
    idea: "An open-source Go CLI that finds cost leaks in Terraform plans, free with a $29/org cloud tier, runs in CI (GitHub Actions).",
    audience: "Platform engineers",
    model: "developer-tool",
    place: null,
    prices: [{ text: "$29/org", amount: "29", currency: "USD", period: null, per: "org", label: "cloud tier" }],
    factWords: ["Terraform", "GitHub Actions"],
    // No module path was given: no `go install` is made up (and never npm for a Go tool).
    ecosystem: { language: "Go", install: null, repository: null },
  },
  {
    idea: "A summer pottery camp for kids aged 8–12 in Lisbon (Arroios) at €295 a week, run by two ceramicists.",
    audience: "Parents in Lisbon",
    market: "Lisbon",
    model: "class-or-event",
    place: "Lisbon",
    prices: [{ text: "€295 a week", amount: "295", currency: "EUR", period: "week", per: null, label: null }],
    ages: "8–12",
    serviceArea: "Arroios",
    factWords: ["8–12", "run by two ceramicists"],
    differentiator: /ceramicists/,
    ecosystem: null,
  },
  {
    idea: "Plastic-free laundry detergent delivered by bike in Amsterdam",
    audience: "Households who want less plastic",
    market: "Amsterdam",
    model: "subscription-delivered",
    place: "Amsterdam",
    // "Plastic-free" is not a price.
    prices: [],
    ages: null,
    factWords: ["Plastic-free laundry detergent", "delivered by bike"],
    differentiator: /Plastic-free/,
    ecosystem: null,
  },
];

const MORE: Case[] = [
  {
    idea: "Afternoon tea tasting classes in Bath at £35 per person, groups of 8, Saturdays 2–4pm.",
    audience: "Tourists and locals",
    market: "Bath, UK",
    model: "class-or-event",
    place: "Bath",
    prices: [{ amount: "35", currency: "GBP", per: "person", period: null }],
    serviceArea: null,
    factWords: ["groups of 8", "Saturdays 2–4pm"],
  },
  {
    idea: "Handmade leather wallets, €89 each, shipped across the EU from Porto.",
    audience: "People who like classic leather goods",
    market: "European Union",
    model: "shipped-product",
    place: "Porto",
    prices: [{ text: "€89", amount: "89", currency: "EUR" }],
    serviceArea: "across the EU",
  },
  {
    idea: "A Tokyo ramen walking tour, ¥6,500 per person, three shops in one evening.",
    audience: "Foreign visitors",
    market: "Tokyo, Japan",
    model: "class-or-event",
    place: "Tokyo",
    prices: [{ text: "¥6,500 per person", amount: "6,500", currency: "JPY", per: "person" }],
    factWords: ["three shops in one evening"],
  },
  {
    idea: "Personal training in São Paulo, R$ 120 por sessão or R$ 900 a month for 8 sessions.",
    audience: "Busy professionals",
    market: "São Paulo, Brazil",
    model: "class-or-event",
    place: "São Paulo",
    prices: [
      { text: "R$ 120 por sessão", amount: "120", currency: "BRL", period: "session" },
      { text: "R$ 900 a month", amount: "900", currency: "BRL", period: "month" },
    ],
  },
  {
    idea: "Dog walking in Zurich, CHF 35 per walk, max 4 dogs per group.",
    audience: "Dog owners working long hours",
    market: "Zurich",
    model: "local-service",
    place: "Zurich",
    prices: [{ text: "CHF 35 per walk", amount: "35", currency: "CHF", per: "walk" }],
    factWords: ["max 4 dogs per group"],
  },
  {
    idea: "Swedish lessons for expats in Stockholm, 250 kr per lesson.",
    audience: "Expats",
    market: "Stockholm",
    model: "class-or-event",
    place: "Stockholm",
    prices: [{ text: "250 kr per lesson", amount: "250", currency: "SEK", period: "session" }],
  },
  {
    idea: "Kids' coding club for ages 9-13 in Oslo, 1500 kr per term, Mondays 16:00-18:00.",
    audience: "Parents",
    market: "Oslo",
    model: "class-or-event",
    place: "Oslo",
    // "kr" in Norway is the Norwegian krone.
    prices: [{ amount: "1500", currency: "NOK", per: "term" }],
    ages: "9-13",
    factWords: ["Mondays 16:00-18:00"],
  },
  {
    idea: "A marketplace for renting camera gear between photographers in Berlin, 10% commission.",
    audience: "Photographers",
    market: "Berlin",
    model: "marketplace",
    place: "Berlin",
    // A percentage is not a price in a currency.
    prices: [],
    factWords: ["10% commission"],
  },
  {
    idea: "Payroll and HR outsourcing for restaurants in Toronto, $400/month per location.",
    audience: "Restaurant owners",
    market: "Toronto, Canada",
    model: "b2b-service",
    place: "Toronto",
    // "$" in Canada is the Canadian dollar.
    prices: [{ text: "$400/month per location", amount: "400", currency: "CAD", period: "month", per: "location" }],
  },
  {
    idea: "Weekly sourdough bread subscription delivered in Melbourne, $18 a loaf.",
    audience: "Families",
    market: "Melbourne",
    model: "subscription-delivered",
    place: "Melbourne",
    prices: [{ text: "$18 a loaf", amount: "18", currency: "AUD", per: "loaf" }],
  },
  {
    idea: "A SaaS for scheduling dental hygienists across clinics, $49 per seat per month.",
    audience: "Dental clinic managers",
    market: "United States",
    model: "software",
    place: "United States",
    prices: [{ text: "$49 per seat per month", amount: "49", currency: "USD", period: "month", per: "seat" }],
  },
  {
    idea: "Mobile bike repair in Leeds — we come to you, from £25.",
    audience: "Commuters",
    market: "Leeds",
    model: "local-service",
    place: "Leeds",
    prices: [{ text: "£25", amount: "25", currency: "GBP" }],
  },
  {
    idea: "A Python library for parsing bank statements (pip install statement-parser), MIT licensed.",
    audience: "Fintech developers",
    model: "developer-tool",
    place: null,
    prices: [],
    ecosystem: { language: "Python", install: "pip install statement-parser", repository: null },
  },
  {
    idea: "A Rust CLI that lints Dockerfiles in CI, installed with cargo, free and open source.",
    audience: "DevOps engineers",
    model: "developer-tool",
    place: null,
    prices: [],
    ecosystem: { language: "Rust", install: null, repository: null },
  },
  {
    idea: "An npm package that validates env variables in Node apps, $9/month for teams.",
    audience: "JavaScript developers",
    model: "developer-tool",
    place: null,
    prices: [{ text: "$9/month", amount: "9", currency: "USD", period: "month" }],
    ecosystem: { language: "JavaScript", install: null, repository: null },
  },
  {
    idea: "A Ruby gem for Rails apps that audits N+1 queries, open source, hosted on github.com/acme/nplus.",
    audience: "Rails developers",
    model: "developer-tool",
    place: null,
    prices: [],
    ecosystem: { language: "Ruby", install: null, repository: "github.com/acme/nplus" },
  },
  {
    idea: "A Go library for rate limiting in Kubernetes clusters, github.com/acme/limiter.",
    audience: "Backend engineers",
    model: "developer-tool",
    place: null,
    prices: [],
    ecosystem: { language: "Go", install: "go install github.com/acme/limiter@latest", repository: "github.com/acme/limiter" },
  },
  {
    idea: "Guided wild camping weekends in the Scottish Highlands, £180 per person, tents included.",
    audience: "Adventurous adults",
    market: "Scotland",
    model: "class-or-event",
    place: "Scottish Highlands",
    prices: [{ text: "£180 per person", amount: "180", currency: "GBP", per: "person" }],
  },
];

function check(c: Case, u: Understanding) {
  expect(u.model).toBe(c.model);
  expect(u.place).toBe(c.place);
  expect(u.prices).toHaveLength(c.prices.length);
  c.prices.forEach((p, i) => expect(u.prices![i]).toMatchObject(p));
  if (c.ages !== undefined) expect(u.ages).toBe(c.ages);
  if (c.serviceArea !== undefined) expect(u.serviceArea).toBe(c.serviceArea);
  for (const w of c.factWords ?? []) expect(u.facts!.some((f) => f.includes(w)), `a fact quotes "${w}": ${JSON.stringify(u.facts)}`).toBe(true);
  for (const p of u.prices ?? []) expect(u.facts!.filter((f) => f.includes(p.text)), "a price is its own field, not a fact").toEqual([]);
  if (c.differentiator === null) expect(u.differentiator).toBeNull();
  else if (c.differentiator !== undefined) expect(u.differentiator).toMatch(c.differentiator);
  if (c.ecosystem === null) expect(u.ecosystem).toBeNull();
  else if (c.ecosystem !== undefined) expect(u.ecosystem).toMatchObject(c.ecosystem);
  // Facts are the founder's words: every one is a piece of the idea as written.
  const idea = c.idea.replace(/\s+/g, " ");
  for (const f of u.facts!) expect(idea.includes(f), `"${f}" is in the idea`).toBe(true);
  expect(u.facts!.length).toBeGreaterThanOrEqual(1);
  expect(u.facts!.length).toBeLessThanOrEqual(5);
  // Every amount of a price was written by the founder, with its currency.
  for (const p of u.prices!) {
    expect(c.idea).toContain(p.text);
    expect(p.currency).toMatch(/^[A-Z]{3}$/);
  }
  // A stored understanding keeps every fact (the brand parses it with this schema).
  expect(UnderstandingSchema.parse(u)).toEqual(u);
}

describe("the founder's facts read offline", () => {
  for (const c of [...FOUR, ...MORE]) {
    it(`reads ${JSON.stringify(c.idea.slice(0, 48))}`, () => {
      check(c, understandIdea(input(c.idea, c.audience, c.market)));
    });
  }

  it("has at least 12 ideas beyond the issue's four, in at least six currencies and five developer languages", () => {
    expect(MORE.length).toBeGreaterThanOrEqual(12);
    expect(new Set(MORE.flatMap((c) => c.prices.map((p) => p.currency))).size).toBeGreaterThanOrEqual(6);
    expect(new Set(MORE.map((c) => c.ecosystem?.language).filter(Boolean)).size).toBeGreaterThanOrEqual(4);
  });
});

describe("no place from tool names or parentheses", () => {
  const cases: Array<[string, string, string | null]> = [
    ["An open-source Go CLI that finds cost leaks in Terraform plans, free with a $29/org cloud tier, runs in CI (GitHub Actions).", "Not specified", null],
    ["A linter that runs in CI (GitHub Actions) for Python teams", "Not specified", null],
    ["Bookkeeping for practices that work in Dentrix", "Not specified", null],
    ["Analytics for merchants in Shopify stores", "Not specified", null],
    ["A summer pottery camp in Lisbon (Arroios)", "Not specified", "Lisbon"],
    ["Dashboards in Excel and Notion for teams in HR", "Not specified", null],
    ["Coffee roastery in Austin", "Not specified", "Austin"],
  ];
  for (const [idea, market, place] of cases) {
    it(`places ${JSON.stringify(idea.slice(0, 44))} at ${place}`, () => {
      const u = understandIdea(input(idea, "", market));
      expect(u.place).toBe(place);
    });
  }
});

describe("prices", () => {
  it("maps currency signs, codes and words to ISO 4217, and a plain $ to the place's dollar", () => {
    const currency = (text: string, where = "") => pricesOf(text, where).map((p) => p.currency);
    expect(currency("$10 a month")).toEqual(["USD"]);
    expect(currency("$10 a month", "Sydney")).toEqual(["AUD"]);
    expect(currency("C$10 and A$12 and US$9 in Toronto")).toEqual(["CAD", "AUD", "USD"]);
    expect(currency("€5, £6, ¥700, R$ 80, CHF 40, 1200 SEK, 30 euros, 3000 yen")).toEqual(["EUR", "GBP", "JPY", "BRL", "CHF", "SEK", "EUR", "JPY"]);
    expect(currency("120 kr per visit", "Copenhagen")).toEqual(["DKK"]);
    expect(currency("295 € a week")).toEqual(["EUR"]);
  });

  it("reads periods, what a price is per, and labels; 'free' and bare figures are no price", () => {
    expect(pricesOf("free with a $29/org cloud tier")).toEqual([{ text: "$29/org", amount: "29", currency: "USD", period: null, per: "org", label: "cloud tier" }]);
    expect(pricesOf("$10/user/month")).toMatchObject([{ period: "month", per: "user" }]);
    expect(pricesOf("€40 per child per day")).toMatchObject([{ period: "day", per: "child" }]);
    expect(pricesOf("Pro plan for $12 a month")).toMatchObject([{ amount: "12", period: "month", label: "Pro plan" }]);
    expect(pricesOf("£1,200 a year")).toMatchObject([{ amount: "1,200", period: "year" }]);
    expect(pricesOf("$80 per session")).toMatchObject([{ period: "session" }]);
    expect(pricesOf("free forever, 30 people, open 9 to 5, 10% off")).toEqual([]);
  });
});

describe("ages", () => {
  it("reads ages and sizes as the founder wrote them", () => {
    expect(agesOf("kids aged 8–12")).toBe("8–12");
    expect(agesOf("for 5-7 year olds")).toBe("5-7");
    expect(agesOf("teens 13-17")).toBe("13-17");
    expect(agesOf("ages 6+")).toBe("6+");
    expect(agesOf("women over 40")).toBe("over 40");
    expect(agesOf("running shoes in sizes 36–46")).toBe("sizes 36–46");
    expect(agesOf("a bakery open 7 days")).toBeNull();
  });
});

describe("install commands", () => {
  it("follow the ecosystem, never npm for a tool that is not JavaScript, and no go install without a module path", () => {
    expect(installCommand({ language: "Python", install: null, repository: null }, "Ledger Lens")).toBe("pip install ledger-lens");
    expect(installCommand({ language: "Rust", install: null, repository: null }, "Dockwise")).toBe("cargo install dockwise");
    expect(installCommand({ language: "Ruby", install: null, repository: null }, "Nplus")).toBe("gem install nplus");
    expect(installCommand({ language: "JavaScript", install: null, repository: null }, "Envguard")).toBe("npm install -g envguard");
    expect(installCommand({ language: "Go", install: null, repository: null }, "Leakfinder")).toBeNull();
    expect(installCommand({ language: "Go", install: null, repository: "github.com/acme/leak" }, "Leakfinder")).toBe("go install github.com/acme/leak@latest");
    expect(installCommand({ language: "Go", install: null, repository: null, homebrew: true }, "Leakfinder")).toBe("brew install leakfinder");
    expect(installCommand({ language: "Go", install: "go install example.com/x@latest", repository: null }, "X")).toBe("go install example.com/x@latest");
  });
});

describe("the facts in every prompt", () => {
  it("states the prices with their currency, the ages, the area, the facts and the rule against inventing", () => {
    const camp = understandingContext(understandIdea(input(FOUR[2]!.idea, FOUR[2]!.audience, FOUR[2]!.market)));
    expect(camp).toContain('The founder\'s prices (quote them as written, in EUR): "€295 a week" (EUR 295, per week).');
    expect(camp).toContain("Ages or sizes: 8–12.");
    expect(camp).toContain("Area served: Arroios (Lisbon).");
    expect(camp).toContain('"run by two ceramicists"');
    expect(camp).toMatch(/class, camp, course or event[^\n]*no shipping/);
    expect(camp).toContain("Never invent a price, a figure, a customer count or a currency the founder did not give. Market estimates are labelled estimates, in EUR.");
    expect(camp).not.toMatch(/\$|USD/);

    const detergent = understandingContext(understandIdea(input(FOUR[3]!.idea, FOUR[3]!.audience, FOUR[3]!.market)));
    expect(detergent).toContain("The founder gave no price: show no price as theirs");

    const cli = understandingContext(understandIdea(input(FOUR[1]!.idea, FOUR[1]!.audience)));
    expect(cli).toContain("Ecosystem: Go; install: none given");
    expect(cli).toContain("where: not tied to one place");
    // A price cut from its currency is no keyword.
    expect(cli).not.toMatch(/Keywords[^\n]*29\/org/);
  });
});

describe("categories of the issue's ideas", () => {
  it("reads bookkeeping for dental practices as an accounting service, not personal finance or software", () => {
    const u = understandIdea(input(FOUR[0]!.idea, FOUR[0]!.audience, FOUR[0]!.market));
    expect(u.category).toBe("accounting");
    expect(u.payment).toBe("subscription");
    expect(u.hashtags.join(" ")).not.toMatch(/PersonalFinance|MoneyTips/);
    expect(u.channels.join(" ")).not.toMatch(/personal finance/i);
  });

  it("reads detergent delivered as household goods, not a cleaning service", () => {
    const u = understandIdea(input(FOUR[3]!.idea, FOUR[3]!.audience, FOUR[3]!.market));
    expect(u.category).toBe("household-products");
    expect(u.payment).not.toBe("local-service");
    expect(u.keywords).not.toContain("home cleaning");
    // A cleaning service is still one.
    expect(understandIdea(input("Home cleaning in Leeds", "Busy families", "Leeds")).category).toBe("cleaning");
  });
});

describe("a developer tool's language", () => {
  const language = (idea: string) => understandIdea(input(idea, "Developers")).ecosystem?.language ?? null;
  it("comes only from the words the founder used, with 'Go' the language only as a name", () => {
    expect(language("A go-to CLI for Python teams that checks type hints")).toBe("Python");
    expect(language("Go from Figma to code with a Rust CLI")).toBe("Rust");
    expect(language("A CLI written in Go that tidies Kubernetes manifests")).toBe("Go");
    expect(language("A TypeScript SDK for payment webhooks")).toBe("TypeScript");
    expect(language("A CLI that tidies Kubernetes manifests")).toBeNull();
    // Not a developer tool: no ecosystem at all.
    expect(understandIdea(input("Go camping with us in the Highlands", "Adults", "Scotland")).ecosystem).toBeNull();
  });
});

describe("the area served", () => {
  it("is the neighbourhood in parentheses, the places listed with the place, or what 'serving' names", () => {
    const area = (idea: string, market = "Not specified") => understandIdea(input(idea, "", market)).serviceArea;
    expect(area("We roast coffee in Berlin, Hamburg and Munich")).toBe("Berlin, Hamburg and Munich");
    expect(area("A summer pottery camp in Lisbon (Arroios)")).toBe("Arroios");
    expect(area("Bookkeeping for dental practices, serving all of Ohio")).toBe("all of Ohio");
    expect(area("Dog walking in Zurich")).toBeNull();
    expect(area("Tea tasting in Bath", "Bath, UK")).toBeNull();
  });
});

describe("facts in the founder's words", () => {
  it("cuts the dental idea into its facts, each as written; a price is its own field, never a fact (an edited price must not leave the old one quoted)", () => {
    expect(understandIdea(input(FOUR[0]!.idea, FOUR[0]!.audience, FOUR[0]!.market)).facts).toEqual([
      "Bookkeeping and tax filing for independent dental practices in Ohio",
      "We work inside Dentrix",
      "plan equipment purchases around Section 179",
    ]);
    expect(understandIdea(input(FOUR[2]!.idea, FOUR[2]!.audience, FOUR[2]!.market)).facts).toEqual([
      "A summer pottery camp for kids aged 8–12 in Lisbon (Arroios)",
      "run by two ceramicists",
    ]);
  });
});

describe("a brand stored before the facts were read", () => {
  it("still gives every prompt the founder's prices, read from the answers; a stored edit is kept", () => {
    const camp = input(FOUR[2]!.idea, FOUR[2]!.audience, FOUR[2]!.market);
    const { model, prices, serviceArea, ages, facts, differentiator, ecosystem, ...old } = understandIdea(camp);
    void [model, prices, serviceArea, ages, facts, differentiator, ecosystem];
    const lines = businessLines(camp, { understanding: old }).join("\n");
    expect(lines).toContain('"€295 a week" (EUR 295, per week)');
    expect(lines).toContain("Ages or sizes: 8–12.");
    const edited = { ...old, prices: [{ text: "€350 a week", amount: "350", currency: "EUR", period: "week", per: null, label: null }] };
    expect(businessLines(camp, { understanding: edited }).join("\n")).toContain('"€350 a week"');
    expect(businessLines(camp, { understanding: edited }).join("\n")).not.toContain("€295");
  });
});
