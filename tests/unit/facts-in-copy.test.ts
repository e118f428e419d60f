import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/kit/input";
import { builtinAds } from "~/kit/assets/ads/builtin";
import { builtinDeck } from "~/kit/assets/deck/builtin";
import { builtinLandingCopy } from "~/kit/assets/landing/builtin";
import { STEPS } from "~/kit/assets/landing/builtin-pools";
import { applyCategoryEdit, CategoryEditSchema, categoryEditDefaults, categorySections, hasCategoryEdit, installCommand } from "~/kit/assets/landing/category";
import { cleanSentence, stop } from "~/kit/assets/launch-copy";
import { builtinResearchDraft } from "~/kit/assets/research/builtin";
import { builtinSocial } from "~/kit/assets/social/builtin";
import type { Brand } from "~/kit/brand/brand";
import { cleanText, possessive } from "~/kit/copy/cleanup";
import type { Understanding } from "~/kit/understanding/types";
import { makeBrand } from "../support/kit-fixtures";

/**
 * The offline copy from the founder's facts (the understanding's model,
 * prices, ages, area, facts and ecosystem): quoted where a customer looks,
 * in the founder's currency, never invented, in the business model's words.
 * Understandings are given here directly, so this holds whatever the
 * reading of the idea makes of it.
 */

const base: Omit<Understanding, "category" | "categoryLabel" | "product" | "productWord" | "customers" | "place" | "payment" | "sections"> = {
  keywords: [],
  hashtags: [],
  motifs: [],
  channels: ["Instagram", "local Facebook groups"],
};

function kit(idea: string, goal: string, u: Partial<Understanding> & Pick<Understanding, "category" | "product" | "productWord" | "customers" | "payment">): { input: GenerationInput; brand: Brand; u: Understanding } {
  const input: GenerationInput = { business_idea: idea, target_audience: u.customers, geographic_market: u.place ?? "Not specified", tone_of_voice: "friendly", competitors: "Not specified", primary_goal: goal, brand_vibe: "cozy" };
  const full: Understanding = { categoryLabel: u.category, place: null, sections: [], ...base, ...u } as Understanding;
  const brand = makeBrand({ name: u.category === "developer-tool" ? "Leakscope" : u.category === "accounting" ? "Bookkeeping Works" : "Kiln Kids", tagline: `${u.productWord} for ${u.customers}` });
  // Set after parsing: the facts are read as stored, whatever the stored schema of this version keeps.
  (brand as { understanding?: Understanding }).understanding = full;
  return { input, brand, u: full };
}

const CAMP = kit("A summer pottery camp for kids aged 8–12 in Lisbon at €295 a week", "pre-orders", {
  category: "kids-family",
  product: "summer pottery camp",
  productWord: "pottery camp",
  customers: "parents",
  place: "Lisbon",
  payment: "booking",
  sections: ["schedule", "prices", "booking", "service-area", "in-the-box"],
  model: "class-or-event",
  prices: [{ text: "€295 a week", amount: "295", currency: "EUR", period: "week", per: "child", label: null }],
  ages: "8–12",
  serviceArea: "Arroios",
  facts: ["run by two ceramicists", "clay and aprons provided"],
});

const DENTAL = kit("Bookkeeping and tax filing for independent dental practices in Ohio at a $650/month retainer", "book calls", {
  category: "accounting",
  product: "bookkeeping and tax filing",
  productWord: "bookkeeping",
  customers: "owner dentists",
  place: "Ohio",
  payment: "subscription",
  sections: ["prices"],
  model: "b2b-service",
  prices: [{ text: "$650/month", amount: "650", currency: "USD", period: "month", per: null, label: "retainer" }],
  facts: ["works from Dentrix exports", "handles Section 179"],
});

const GO_CLI = kit("An open-source Go CLI that finds cost leaks in Terraform plans, free with a $29/org cloud tier, runs in CI (GitHub Actions)", "downloads", {
  category: "developer-tool",
  product: "Go CLI",
  productWord: "CLI",
  customers: "platform engineers",
  payment: "open-source",
  sections: ["install", "repository"],
  model: "developer-tool",
  prices: [{ text: "$29/org", amount: "29", currency: "USD", period: "month", per: "org", label: "cloud tier" }],
  ecosystem: { language: "Go", install: null, repository: null },
  facts: ["runs in CI (GitHub Actions)"],
});

const UNPRICED = kit("A pottery class for adults in Lisbon", "collect emails", {
  category: "kids-family",
  product: "pottery class",
  productWord: "pottery",
  customers: "adults",
  place: "Lisbon",
  payment: "booking",
  sections: ["schedule", "prices", "booking"],
  model: "class-or-event",
  prices: [],
});

const SHIPPING = /\b(ship(s|ped|ping)?|unbox\w*|in the box|first batch|parcel)\b/i;
const all = (x: unknown) => JSON.stringify(x);

function landing(k: typeof CAMP) {
  return { copy: builtinLandingCopy(k.input, k.brand), category: categorySections(k.u, k.input, k.brand.name).category };
}

describe("the founder's prices, quoted where a customer looks", () => {
  it("puts a camp's €295 a week in the hero, the prices section, the FAQ, the ads and the deck's business model, and no dollar anywhere", () => {
    const { copy, category } = landing(CAMP);
    expect(copy.hero.subheadline).toContain("€295 a week");
    expect(category.prices?.items.map((i) => i.price)).toEqual(["€295 a week"]);
    expect(all(category)).not.toContain("Quote on request");
    expect(copy.faq.items.find((f) => f.question === "How much does it cost?")?.answer).toBe("€295 a week.");
    const ads = builtinAds(CAMP.input, CAMP.brand);
    expect(ads.variants.some((v) => all(v).includes("€295"))).toBe(true);
    const deck = builtinDeck(CAMP.input, CAMP.brand);
    expect(deck.businessModel.callout).toBe("€295 a week");
    expect(deck.market.howMany).toMatch(/estimate/i);
    for (const text of [all(copy), all(category), all(ads), all(deck)]) expect(text).not.toContain("$");
  });

  it("says a free tool with a paid tier is free, and what the price is for, in the hero", () => {
    const { copy } = landing(GO_CLI);
    expect(copy.hero.subheadline).toContain("Free, or $29/org (cloud tier)");
  });

  it("counts a per-org price in orgs, not in 'purchases a year' of people", () => {
    const deck = builtinDeck(GO_CLI.input, GO_CLI.brand);
    expect(all(deck)).not.toContain("purchases a year");
    expect(all(deck)).toMatch(/orgs among .* × \$29\/org/);
  });

  it("quotes the dental retainer as given and never the invented '$10–50 per user a month'", () => {
    const deck = builtinDeck(DENTAL.input, DENTAL.brand);
    expect(all(deck.businessModel)).toContain("$650/month");
    expect(all(deck)).not.toMatch(/\$10–50|per user/);
    expect(categorySections(DENTAL.u, DENTAL.input, DENTAL.brand.name).category.prices?.items[0]).toEqual({ name: "Retainer", price: "$650/month" });
  });

  it("shows no price at all when the founder gave none: no prices section, no price question, and the deck's estimates in the place's currency", () => {
    const { copy, category } = landing(UNPRICED);
    expect(category.prices).toBeUndefined();
    expect(all(copy)).not.toMatch(/[$€£]\s?\d/);
    expect(copy.faq.items.some((f) => /cost/i.test(f.question))).toBe(false);
    const deck = builtinDeck(UNPRICED.input, UNPRICED.brand);
    expect(all(deck)).not.toContain("$");
    expect(deck.businessModel.callout).toMatch(/^€\d.*\(estimate\)$/);
  });

  it("asks for the price in the workspace: the category form is there without a prices section, and a line added there makes one", () => {
    const { category } = landing(UNPRICED);
    expect(hasCategoryEdit(category)).toBe(true);
    const { repository: _, ...defaults } = categoryEditDefaults(category, true);
    const form = CategoryEditSchema.parse(defaults);
    const empty = applyCategoryEdit(category, true, form);
    expect(empty.ok && empty.category.prices).toBe(undefined);
    expect(empty.ok).toBe(true);
    const added = applyCategoryEdit(category, true, { ...form, prices: ["Evening class: €35"] });
    expect(added.ok && added.category.prices?.items).toEqual([{ name: "Evening class", price: "€35" }]);
  });
});

describe("a camp's dates, group size and what to bring", () => {
  it("are left off the page until the founder writes them, then shown as written", () => {
    const { category } = landing(CAMP);
    expect(category.schedule).toBeDefined();
    expect(category.schedule!.body).not.toMatch(/published here|before launch|group size/i);
    expect(hasCategoryEdit(category)).toBe(true);
    const { repository: _, ...defaults } = categoryEditDefaults(category, true);
    const form = CategoryEditSchema.parse({ ...defaults, times: "Week 1: 6–10 July\nGroups of 8\nBring an apron" });
    const saved = applyCategoryEdit(category, true, form);
    expect(saved.ok && saved.category.schedule?.times).toEqual(["Week 1: 6–10 July", "Groups of 8", "Bring an apron"]);
    const tooMany = applyCategoryEdit(category, true, CategoryEditSchema.parse({ ...defaults, times: Array.from({ length: 7 }, (_, i) => `Week ${i + 1}`).join("\n") }));
    expect(tooMany.ok).toBe(false);
    expect(!tooMany.ok && tooMany.errors.times?.[0]).toMatch(/Up to 6 lines/);
  });
});

describe("the business model's own words", () => {
  it("never ships, unboxes or fills a box for a camp, and books it rather than ordering it", () => {
    const { copy, category } = landing(CAMP);
    expect(all(copy)).not.toMatch(SHIPPING);
    expect(category.inTheBox).toBeUndefined();
    expect(all(builtinDeck(CAMP.input, CAMP.brand))).not.toMatch(SHIPPING);
    const ads = builtinAds(CAMP.input, CAMP.brand);
    expect(ads.variants.map((v) => v.meta.cta)).not.toContain("Order Now");
    expect(all(ads)).not.toMatch(/pre-order/i);
  });

  it("gives a camp its ages and leaves the dates, group size and what to bring to the founder instead of inventing them", () => {
    const { copy, category } = landing(CAMP);
    expect(category.schedule?.times).toContain("Ages 8–12");
    expect(category.schedule?.body).toMatch(/Ages? .*8–12|ages 8–12/i);
    expect(category.schedule?.body).not.toMatch(/\d+ (children|kids|people) per|group of \d/i);
    expect(copy.faq.items.some((f) => f.answer.includes("Ages 8–12."))).toBe(true);
    expect(category.area?.places).toEqual(["Lisbon", "Arroios"]);
  });

  it("writes a B2B service as people doing the work, never as software to set up", () => {
    for (const salt of ["", "a", "b", "c", "d"]) {
      const copy = builtinLandingCopy(DENTAL.input, DENTAL.brand, salt);
      expect(all(copy)).not.toMatch(/Set up in an afternoon|No consultants|spreadsheets/);
    }
    expect(all(builtinDeck(DENTAL.input, DENTAL.brand))).not.toMatch(/spreadsheets|per seat|per user/);
  });

  it("places a B2B service among its clients, not at a door to find, and reaches them at trade events", () => {
    const area = categorySections({ ...DENTAL.u, sections: ["service-area", "prices"] }, DENTAL.input, DENTAL.brand.name).category.area;
    expect(area?.body).toBe("Bookkeeping Works works with owner dentists in Ohio.");
    expect(all(builtinResearchDraft(DENTAL.input, DENTAL.brand, []).icp.whereToReach)).not.toMatch(/noticeboards, shops/);
  });

  it("never calls the founder's own price an estimate in the deck's notes, and keeps a language's capital", () => {
    const deck = builtinDeck(DENTAL.input, DENTAL.brand);
    expect(deck.businessModel.notes).toMatch(/^The price on this slide is the one on the page/);
    expect(deck.businessModel.bullets[0]).toMatch(/\$650\/month \(retainer\)/);
    expect(builtinLandingCopy(GO_CLI.input, GO_CLI.brand).hero.subheadline).not.toMatch(/\bgo CLI/);
  });

  it("quotes the founder's facts and the tool's language in the FAQ", () => {
    expect(builtinLandingCopy(DENTAL.input, DENTAL.brand).faq.items.find((f) => f.question === "What do I get?")?.answer).toBe("Works from Dentrix exports; handles Section 179.");
    expect(builtinLandingCopy(GO_CLI.input, GO_CLI.brand).faq.items.find((f) => f.question === "What does it do?")?.answer).toBe("Runs in CI (GitHub Actions); written in Go.");
  });

  it("never promises a call by phone on a form that asks for no phone", () => {
    const c = { name: "Kiln Kids", word: "pottery", customers: "parents", where: "", action: "book a call" } as Parameters<(typeof STEPS)["book calls"][number]>[0];
    expect(all(STEPS["book calls"]!.map((f) => f(c)))).not.toMatch(/\brings? you\b|callback/i);
    for (const salt of ["", "a", "b", "c", "d", "e"]) expect(all(categorySections({ ...DENTAL.u, sections: ["booking"], category: "cleaning", payment: "local-service" }, DENTAL.input, `Brand ${salt}`).category)).not.toMatch(/A few words about what you need/);
  });
});

describe("install commands from the ecosystem", () => {
  it("installs a Go tool with go install, never npx", () => {
    const cmd = categorySections(GO_CLI.u, GO_CLI.input, GO_CLI.brand.name).category.install?.command;
    expect(cmd).toBe("go install github.com/leakscope/leakscope@latest");
    expect(installCommand("Leakscope", GO_CLI.input.business_idea, { language: "Go", install: null, repository: "github.com/acme/leakscope" })).toBe("go install github.com/acme/leakscope@latest");
    // A kit made before the understanding had an ecosystem: the idea's words decide.
    expect(installCommand("Leakscope", GO_CLI.input.business_idea)).toMatch(/^go install /);
  });

  it("uses the founder's own command first, and each language's installer", () => {
    expect(installCommand("Tool", "x", { language: "Python", install: "pipx install acme-tool", repository: null })).toBe("pipx install acme-tool");
    expect(installCommand("Tidy Frames", "A Python library", { language: "Python", install: null, repository: null })).toBe("pip install tidy-frames");
    expect(installCommand("Rustle", "A Rust CLI", { language: "Rust", install: null, repository: null })).toBe("cargo install rustle");
    expect(installCommand("Gemmy", "A Ruby gem", { language: "Ruby", install: null, repository: null })).toBe("gem install gemmy");
    expect(installCommand("Nodey", "A TypeScript CLI for Node.js", { language: "TypeScript", install: null, repository: null })).toBe("npm install -g nodey");
    expect(installCommand("Termy", "A command-line tool for log files")).toBe("brew install termy");
    for (const idea of ["A Go CLI for logs", "A Python CLI for logs", "A Rust CLI for logs"]) expect(installCommand("Logs", idea)).not.toMatch(/^np[mx] /);
  });
});

describe("cuts and possessives", () => {
  it("closes a cut idea with '…' and ends it once", () => {
    const long = "Bookkeeping for dental practices so the dentist-owner stops spending Sunday nights on receipts, payroll, quarterly estimates and the rest of it all";
    const cut = cleanSentence(long, 80);
    expect(cut.endsWith("…")).toBe(true);
    expect(stop(cut)).toBe(cut);
    expect(cleanSentence("We open Monday to Friday. Our van comes to you with everything it needs for a full groom, and takes it away again.", 40)).toBe("We open Monday to Friday");
  });

  it("tidies what a cut leaves behind: no ',.' and no '….'", () => {
    const ctx = { understanding: CAMP.u, input: { business_idea: "x", target_audience: "y", geographic_market: "Not specified", tone_of_voice: "friendly", brand_vibe: "cozy" } };
    expect(cleanText("Open Monday to Friday 9:00-16:00,.", ctx)).toBe("Open Monday to Friday 9:00-16:00.");
    expect(cleanText("So the owner stops spending Sunday…. Book a call.", ctx)).toBe("So the owner stops spending Sunday… Book a call.");
  });

  it("writes a name ending in s with an apostrophe alone, whoever wrote it", () => {
    expect(possessive("Bookkeeping Works")).toBe("Bookkeeping Works'");
    expect(possessive("Groomwell")).toBe("Groomwell's");
    const ctx = { understanding: DENTAL.u, brandName: "Bookkeeping Works", input: { business_idea: "x", target_audience: "y", geographic_market: "Not specified", tone_of_voice: "friendly", brand_vibe: "cozy" } };
    expect(cleanText("See Bookkeeping Works's plans.", ctx)).toBe("See Bookkeeping Works' plans.");
  });
});

describe("category words", () => {
  it("gives a camp no shop hashtags", () => {
    const camp = { ...CAMP, brand: { ...CAMP.brand, understanding: { ...CAMP.u, hashtags: ["PotteryCamp", "ShopSmall", "LisbonKids"] } } as Brand };
    const tags = builtinSocial(camp.input, camp.brand).posts.flatMap((p) => p.hashtags);
    expect(tags).toContain("PotteryCamp");
    expect(tags).not.toContain("ShopSmall");
  });

  it("says what offline research could not know about a named competitor, and which search finds it", () => {
    const draft = builtinResearchDraft(DENTAL.input, DENTAL.brand, ["Acme Books"]);
    const acme = draft.competitors[0]!;
    expect(all(acme)).not.toMatch(/Unknown/);
    expect(acme.pricingModel).toBe('Search "Acme Books pricing".');
    expect(acme.strength).toContain('"Acme Books reviews"');
  });
});
