import { describe, expect, it } from "vitest";
import { cleanAssetContent } from "~/kit/copy/clean-assets";
import {
  cleanHashtags,
  cleanKeywords,
  cleanText,
  dropRepeatedSentences,
  fitAnswer,
  fixArticles,
  hashtagWords,
  isBusinessHashtag,
  removeStyleWords,
  sentenceCase,
  styleWordsFor,
  takesAn,
  type CleanupContext,
} from "~/kit/copy/cleanup";
import type { Understanding } from "~/kit/understanding/types";

/** One clean-up pass for the words of every kit, whichever provider wrote them. */

const coffee: Understanding = {
  category: "food-subscription",
  categoryLabel: "coffee subscription",
  product: "coffee subscription box",
  productWord: "coffee",
  customers: "remote teams",
  place: null,
  payment: "subscription",
  keywords: ["coffee", "subscription", "roast"],
  hashtags: ["CoffeeSubscription", "SpecialtyCoffee"],
  motifs: ["coffee"],
  channels: ["Slack communities", "LinkedIn"],
  sections: ["in-the-box"],
};

const ctx: CleanupContext = {
  understanding: coffee,
  input: {
    business_idea: "A subscription box of single-origin coffee for remote teams",
    target_audience: "Remote-first startups",
    geographic_market: "Not specified",
    tone_of_voice: "friendly",
    brand_vibe: "editorial",
  },
  brandName: "Coffee Press",
};

describe("a / an", () => {
  it.each([
    ["editorial", true],
    ["coffee", false],
    ["hour", true],
    ["honest", true],
    ["user", false],
    ["unique", false],
    ["university", false],
    ["uninstalled", true],
    ["umbrella", true],
    ["one-off", false],
    ["European", false],
    ["SEO", true],
    ["FAQ", true],
    ["URL", false],
    ["X", true],
    ["8-week", true],
    ["18", true],
    ["1", false],
    ["Instagram", true],
    ["e-mail", true],
  ])("%s takes an: %s", (word, an) => {
    expect(takesAn(word)).toBe(an);
  });

  it("fixes the article in running text, keeping its case, and leaves letters and compounds alone", () => {
    expect(fixArticles("It is a editorial take, an coffee box and a hour.")).toBe("It is an editorial take, a coffee box and an hour.");
    expect(fixArticles("A orange box. An box.")).toBe("An orange box. A box.");
    expect(fixArticles("Plan A is fine; vitamin A energy.")).toBe("Plan A is fine; vitamin A energy.");
    expect(fixArticles('Say a "orange" word')).toBe('Say an "orange" word');
    expect(fixArticles("#a apple, @a apple")).toBe("#a apple, @a apple");
  });
});

describe("sentence case", () => {
  it("capitalises the start, each sentence and each line", () => {
    expect(sentenceCase("remote-first startups. start with the team lead")).toBe("Remote-first startups. Start with the team lead");
    expect(sentenceCase("what: coffee\nfor: teams")).toBe("What: coffee\nFor: teams");
    expect(sentenceCase("done? yes! great.")).toBe("Done? Yes! Great.");
    // A one-word sentence keeps its full stop for the next one.
    expect(sentenceCase("weekends. the hours come later. see launchkit.app")).toBe("Weekends. The hours come later. See launchkit.app");
    expect(sentenceCase('he said "is it for me?" then left')).toBe('He said "is it for me?" then left');
    expect(sentenceCase('"is it for me?" asked Ana.')).toBe('"Is it for me?" asked Ana.');
  });

  it("leaves words styled on purpose, domains and abbreviations", () => {
    expect(sentenceCase("iPhone owners. eBay sellers.")).toBe("iPhone owners. eBay sellers.");
    expect(sentenceCase("launchkit.app is live")).toBe("launchkit.app is live");
    expect(sentenceCase("Beans, e.g. single origin")).toBe("Beans, e.g. single origin");
  });
});

describe("style words", () => {
  it("are the vibes and this kit's tone, unless the business itself uses the word", () => {
    const words = styleWordsFor(ctx);
    expect(words).toEqual(expect.arrayContaining(["editorial", "neon tech", "cozy", "friendly"]));
    expect(words).not.toContain("premium");
    const minimalistWallet = { ...ctx, input: { ...ctx.input, business_idea: "A minimalist wallet", brand_vibe: "minimalist" } };
    expect(styleWordsFor(minimalistWallet)).not.toContain("minimalist");
  });

  it("come out of customer copy without leaving a hole", () => {
    const style = ["editorial", "neon tech", "cozy", "friendly"];
    expect(removeStyleWords("The editorial take on coffee", style)).toBe("A fresh take on coffee");
    expect(removeStyleWords("the neon tech take on open source", style)).toBe("a fresh take on open source");
    expect(removeStyleWords("A cozy, quick groom at home.", style)).toBe("A quick groom at home.");
    expect(removeStyleWords("Coffee with a cozy feel.", style)).toBe("Coffee.");
    expect(removeStyleWords("A dog's day out, the editorial way.", style)).toBe("A dog's day out.");
    expect(removeStyleWords("Coffee, served in a cozy way", style)).toBe("Coffee, served");
    expect(removeStyleWords("Pet-friendly and user-friendly.", style)).toBe("Pet-friendly and user-friendly.");
  });

  it("and the whole text rule: the brand name is never touched, articles and case are fixed after", () => {
    expect(cleanText("coffee Press is the editorial take on coffee. a editorial box.", ctx)).toBe("Coffee Press is a fresh take on coffee. A box.");
    expect(cleanText("Coffee Press: a editorial brand voice", ctx, { style: false })).toBe("Coffee Press: an editorial brand voice");
  });
});

describe("FAQ answers fit their question", () => {
  it("drops a yes or no before an open question, keeps it for a yes/no question", () => {
    expect(fitAnswer("What do you do with my details?", "No. We only use them to contact you.")).toBe("We only use them to contact you.");
    expect(fitAnswer("Will you share my e-mail address?", "No. We only use it to contact you.")).toBe("No. We only use it to contact you.");
  });
});

describe("repeated sentences", () => {
  it("a sentence said in an earlier section goes; short ones and a field's only sentence stay", () => {
    const out = dropRepeatedSentences(["We roast every week for you. Join us.", "Fresh beans. We roast every week for you.", "We roast every week for you.", "Join us."]);
    expect(out).toEqual(["We roast every week for you. Join us.", "Fresh beans.", "We roast every week for you.", "Join us."]);
  });
});

describe("hashtags and keywords", () => {
  it("splits a hashtag into words", () => {
    expect(hashtagWords("DogGrooming")).toEqual(["dog", "grooming"]);
    expect(hashtagWords("#SEOTips")).toEqual(["seo", "tips"]);
    expect(hashtagWords("coffee_lovers")).toEqual(["coffee", "lovers"]);
  });

  it("keeps only tags made of real words of the business", () => {
    for (const ok of ["CoffeePress", "CoffeeSubscription", "SubscriptionBox", "SingleOrigin", "RemoteTeams", "coffee", "Startup"]) expect(isBusinessHashtag(ok, ctx), ok).toBe(true);
    for (const bad of ["BoxSingle", "SubscriptionBoxSingle", "Single", "OriginCoffeeBox", "Cats"]) expect(isBusinessHashtag(bad, ctx), bad).toBe(false);
  });

  it("replaces the dropped ones from the understanding, without duplicates", () => {
    expect(cleanHashtags(["CoffeePress", "BoxSingle", "#Single"], ctx)).toEqual(["CoffeePress", "CoffeeSubscription", "SpecialtyCoffee"]);
    expect(cleanHashtags(["coffeepress", "CoffeePress"], ctx)).toEqual(["coffeepress", "CoffeeSubscription"]);
    expect(cleanHashtags([], ctx)).toEqual([]);
  });

  it("keeps keywords that are words of the business", () => {
    expect(cleanKeywords(["Coffee", "single origin", "synergy", "remote teams", "coffee"], ctx)).toEqual(["Coffee", "single origin", "remote teams"]);
  });
});

describe("a whole asset", () => {
  it("landing copy: every text cleaned, FAQ answers fitted, a repeated sentence dropped", () => {
    const landing = {
      hero: { headline: "the editorial take on coffee", subheadline: "Coffee Press is a coffee subscription for remote teams. Join the list.", button: "Keep me posted" },
      benefits: { heading: "why Coffee Press", items: [{ title: "fresh", body: "Coffee Press is a coffee subscription for remote teams. a office perk." }] },
      faq: { heading: "questions", items: [{ question: "What do you do with my details?", answer: "No. we only use them to write to you." }] },
      sections: ["benefits"],
    };
    const out = cleanAssetContent("landing", landing, ctx);
    expect(out.hero.headline).toBe("A fresh take on coffee");
    expect(out.benefits.heading).toBe("Why Coffee Press");
    expect(out.benefits.items[0]!.body).toBe("An office perk.");
    expect(out.faq.items[0]!.answer).toBe("We only use them to write to you.");
    expect(out.sections).toEqual(["benefits"]);
    expect(landing.hero.headline).toBe("the editorial take on coffee");
  });

  it("landing copy: the category sections' words too (area, prices, booking, box, origin, menu, times, work), never a command, an address or a price", () => {
    const landing = {
      hero: { headline: "Coffee for teams", subheadline: "Fresh.", button: "Join" },
      category: {
        area: { heading: "where we work", body: "a editorial area. we deliver across town.", places: ["austin"] },
        prices: { heading: "prices", body: "the cozy prices, agreed first.", items: [{ name: "a office box", price: "from $20 a month" }] },
        booking: { heading: "booking", steps: [{ title: "get in touch", body: "use the form." }] },
        install: { heading: "install it", command: "npm install a-editorial-thing", body: "run it. it works." },
        repository: "https://github.com/acme/a-editorial-thing",
        inTheBox: { heading: "in the box", items: [{ title: "beans", body: "a editorial roast." }] },
        origin: { heading: "where it comes from", body: "an coffee farm we know." },
        menu: { heading: "on the menu", body: "what we serve.", items: ["espresso", "a oat latte"] },
        schedule: { heading: "opening times", body: "weekends. the cozy hours come later.", times: ["Weekends"] },
        portfolio: { heading: "our work", body: "see it.", items: [{ title: "office boxes", body: "a editorial box for teams." }] },
      },
    };
    const out = cleanAssetContent("landing", landing, ctx);
    expect(out.category.area).toEqual({ heading: "Where we work", body: "An area. We deliver across town.", places: ["austin"] });
    expect(out.category.prices).toEqual({ heading: "Prices", body: "The prices, agreed first.", items: [{ name: "An office box", price: "from $20 a month" }] });
    expect(out.category.booking.steps[0]).toEqual({ title: "Get in touch", body: "Use the form." });
    expect(out.category.install).toEqual({ heading: "Install it", command: "npm install a-editorial-thing", body: "Run it. It works." });
    expect(out.category.repository).toBe("https://github.com/acme/a-editorial-thing");
    expect(out.category.inTheBox.items[0]).toEqual({ title: "Beans", body: "A roast." });
    expect(out.category.origin.body).toBe("A coffee farm we know.");
    expect(out.category.menu.items).toEqual(["Espresso", "An oat latte"]);
    expect(out.category.schedule).toEqual({ heading: "Opening times", body: "Weekends. The hours come later.", times: ["Weekends"] });
    expect(out.category.portfolio.items[0]).toEqual({ title: "Office boxes", body: "A box for teams." });
  });

  it("social posts: hashtags from the business, notes keep their style words", () => {
    const social = { bios: { x: { text: "the cozy coffee club" } }, posts: [{ platform: "x", text: "a editorial launch", hashtags: ["BoxSingle", "CoffeePress"], visual: "a editorial photo of the box", dayOffset: 0 }] };
    const out = cleanAssetContent("social", social, ctx);
    expect(out.bios.x.text).toBe("The coffee club");
    expect(out.posts[0]!.text).toBe("A launch");
    expect(out.posts[0]!.hashtags).toEqual(["CoffeePress", "CoffeeSubscription"]);
    expect(out.posts[0]!.visual).toBe("An editorial photo of the box");
  });

  it("passes kinds without words through untouched", () => {
    const logo = { marks: [{ svg: "<svg/>" }], selected: 0 };
    expect(cleanAssetContent("logo", logo, ctx)).toBe(logo);
  });
});

describe("deck placeholders", () => {
  it("no bracket placeholder survives in a deck, whoever wrote it", async () => {
    const { unbracket } = await import("~/kit/copy/clean-assets");
    expect(unbracket("Revenue: [price] × [customers]")).toBe("Revenue: price (to confirm) × customers (to confirm)");
    expect(unbracket("No brackets here")).toBe("No brackets here");
  });
});

describe("shortened phrases", () => {
  it("a phrase cut to fit keeps whole list items, never half of one", async () => {
    const { shortPhrase } = await import("~/kit/assets/launch-copy");
    expect(shortPhrase("Remote-first startups and distributed teams of 10 to 200 people", 40)).toBe("Remote-first startups");
    expect(shortPhrase("Front-end developers and design-system teams", 40)).toBe("Front-end developers");
    expect(shortPhrase("Busy dog owners in Austin", 40)).toBe("Busy dog owners in Austin");
  });
});
