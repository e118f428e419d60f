import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectChanges, lineHash, lineKey, normaliseLines, SEEN_LINES_CAP } from "~/features/competitors/changes";
import { mainText } from "~/features/competitors/extract.server";
import { describeChanges } from "~/features/competitors/rules";

const dir = path.resolve(import.meta.dirname, "../fixtures/competitors");
const page = (name: string) => fs.readFileSync(path.join(dir, `${name}.html`), "utf8");

/** The recorded pair, extracted and compared as the weekly watch does (a first copy already seen). */
function pair(name: string, url: string) {
  const before = mainText(page(`${name}-before`), url);
  const after = mainText(page(`${name}-after`), url);
  const baseline = detectChanges("", before.text, []);
  const changes = detectChanges(before.text, after.text, baseline.seenLines);
  return { before, after, changes };
}

const business = { name: "Formly", productWord: "form builder" };

describe("noise filter", () => {
  it("drops lines that are only dates, relative times, counters, cookie banners or a copyright", () => {
    const lines = normaliseLines(
      [
        "Nov 25, 2026",
        "2026-11-25",
        "2026-11-25T10:04:00Z",
        "3 days ago",
        "Updated 5 minutes ago",
        "Last updated: November 25, 2026",
        "12,345",
        "We use cookies to improve your experience on our site.",
        "Accept all cookies",
        "© 2026 Acme Inc.",
        "Copyright 2025–2026 Acme. All rights reserved.",
        "  ",
        "Pro",
        "$19/month",
        "€49",
      ].join("\n"),
    );
    expect(lines).toEqual(["Pro", "$19/month", "€49"]);
  });

  it("masks dates and counters inside a line but never prices", () => {
    expect(lineKey("Join 12,345 users today")).toBe(lineKey("Join 13,002 users yesterday"));
    expect(lineKey("Rated 4.8 (2,310 reviews)")).toBe(lineKey("Rated 4.9 (2,377 reviews)"));
    expect(lineKey("Trusted by 10k+ teams")).toBe(lineKey("Trusted by 12k+ teams"));
    expect(lineKey("Release notes — Nov 20, 2026")).toBe(lineKey("Release notes — 2026-11-21"));
    expect(lineKey("Posted 25 Nov 2026 at 10:30 am")).toBe(lineKey("Posted 2 December 2026 at 4:05 pm"));
    expect(lineKey("Pro $19/month")).not.toBe(lineKey("Pro $29/month"));
    expect(lineKey("€49 per user")).not.toBe(lineKey("€59 per user"));
    expect(lineKey("Business 79 € / month")).not.toBe(lineKey("Business 89 € / month"));
    expect(lineKey("$1,299 a year")).not.toBe(lineKey("$1,499 a year"));
    // A plan limit is not a counter of customers.
    expect(lineKey("10,000 responses a month")).not.toBe(lineKey("20,000 responses a month"));
    expect(lineKey("Up to 5 users")).not.toBe(lineKey("Up to 10 users"));
    expect(lineKey("Up to 10,000 users")).not.toBe(lineKey("Up to 25,000 users"));
    expect(lineKey("3 team members included")).not.toBe(lineKey("5 team members included"));
    expect(lineKey("Used by 850 companies")).toBe(lineKey("Used by 912 companies"));
    expect(lineKey("500+ integrations")).toBe(lineKey("600+ integrations"));
    // Versions are not dates; countdowns are noise.
    expect(lineKey("Version 1.10.12")).not.toBe(lineKey("Version 1.11.0"));
    expect(lineKey("Offer ends in 2d 5h 3m")).toBe(lineKey("Offer ends in 1d 22h 40m"));
  });

  it("ignores whitespace, case and tracking parameters in URLs", () => {
    expect(lineKey("  Conditional   logic WITHOUT code ")).toBe(lineKey("conditional logic without code"));
    const [a] = normaliseLines("Read more: https://acme.example/blog/launch?utm_source=home&utm_medium=hero&fbclid=AbC&page=2");
    expect(a).toBe("Read more: https://acme.example/blog/launch?page=2");
    expect(lineKey("https://acme.example/?gclid=1&msclkid=2")).toBe(lineKey("https://acme.example/?gclid=9"));
    expect(lineKey("https://acme.example/?plan=pro")).not.toBe(lineKey("https://acme.example/?plan=team"));
  });

  it("hashes a line by its key: the same line with another date or count has the same hash", () => {
    expect(lineHash("Join 12,345 users")).toBe(lineHash("join 12,913 USERS"));
    expect(lineHash("Pro $29/month")).not.toBe(lineHash("Pro $39/month"));
    expect(lineHash("x")).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("change detection", () => {
  it("treats the first copy as a baseline and remembers its lines", () => {
    const first = detectChanges("", "Pro\n$29/month", []);
    expect(first.added).toEqual([]);
    expect(first.removed).toEqual([]);
    expect(first.seenLines).toEqual([lineHash("Pro"), lineHash("$29/month")]);
  });

  it("finds added and removed lines, and drops lines that only moved or were seen before on the page", () => {
    const seen = [lineHash("Testimonial: Ana loves it")];
    const r = detectChanges("Alpha\nBravo\nCharlie\nDelta", "Bravo\nAlpha\nCharlie\nEcho\nTestimonial: Ana loves it", seen);
    expect(r.added).toEqual(["Echo"]);
    expect(r.removed).toEqual(["Delta"]);
    expect(r.seenLines).toContain(lineHash("Echo"));
    expect(r.seenLines).toContain(lineHash("Delta"));
  });

  it("caps the remembered lines at the newest 5,000", () => {
    const old = Array.from({ length: SEEN_LINES_CAP }, (_, i) => `h${i}`);
    const r = detectChanges("Old line", "Brand new line", old);
    expect(r.seenLines).toHaveLength(SEEN_LINES_CAP);
    expect(r.seenLines.at(-1)).toBe(lineHash("Brand new line"));
    expect(r.seenLines).not.toContain("h0");
  });

  it("pricing page: the Pro price change is found and nothing else (the counter and © changed too)", () => {
    const { before, changes } = pair("pricing", "https://acme.example/pricing");
    expect(before.needsBrowser).toBe(false);
    // The plan cards survive extraction even though they are not article-like.
    for (const line of ["Starter", "$9/month", "Pro", "$29/month", "Business", "$79/month", "Conditional logic", "Can I cancel any time?"]) {
      expect(before.text.split("\n")).toContain(line);
    }
    // Navigation, the cookie banner and the footer are not part of it.
    expect(before.text).not.toMatch(/Log in|cookies|All rights reserved/);
    expect(changes.added).toEqual(["$39/month"]);
    expect(changes.removed).toEqual(["$29/month"]);
    expect(changes.context).toEqual({ "$39/month": "Pro", "$29/month": "Pro" });

    const d = describeChanges({ competitor: "Acme Forms", page: "Pricing", ...changes, business });
    expect(d).not.toBeNull();
    expect(d!.importance).toBe("high");
    expect(d!.summary).toContain("Acme Forms raised Pro from $29 to $39 a month.");
    expect(d!.summary).toContain("Formly");
    expect(d!.quotes).toEqual([
      { kind: "removed", text: "$29/month" },
      { kind: "added", text: "$39/month" },
    ]);
  });

  it("changelog: the new entry is found; the 'last updated' stamp is not", () => {
    const { changes } = pair("changelog", "https://acme.example/changelog");
    expect(changes.removed).toEqual([]);
    expect(changes.added[0]).toBe("Stripe payments inside forms");
    expect(changes.added.join("\n")).toContain("Collect one-off or recurring payments right in your form");
    expect(changes.added.join("\n")).not.toMatch(/updated|hours ago/i);
    const d = describeChanges({ competitor: "Acme Forms", page: "https://acme.example/changelog", ...changes, business });
    expect(d!.summary).toContain('Acme Forms posted something new on its changelog page: "Stripe payments inside forms"');
    expect(d!.quotes[0]).toEqual({ kind: "added", text: "Stripe payments inside forms" });
    expect(d!.importance).toBe("normal");
  });

  it("home page: only dates, counters, ratings, tracking links, case and © changed: no change at all", () => {
    const { changes } = pair("home", "https://acme.example/");
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(describeChanges({ competitor: "Acme Forms", page: "Home", ...changes, business })).toBeNull();
  });

  it("features page: the removed feature is found", () => {
    const { changes } = pair("features", "https://acme.example/features");
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual(["Native HubSpot sync"]);
    const d = describeChanges({ competitor: "Acme Forms", page: "Features", ...changes, business });
    expect(d!.summary).toContain('Acme Forms\' features page no longer mentions "Native HubSpot sync".');
    expect(d!.summary).toContain("If Formly still offers it");
    expect(d!.quotes).toEqual([{ kind: "removed", text: "Native HubSpot sync" }]);
  });

  it("an empty SPA shell needs a browser and has no text to compare", () => {
    const { before, after, changes } = pair("spa-shell", "https://zapform.example/");
    expect(before.needsBrowser).toBe(true);
    expect(after.needsBrowser).toBe(true);
    expect(before.text).toBe("");
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
  });
});

describe("extraction", () => {
  it("keeps headings, paragraphs, list items and table rows on lines of their own", () => {
    const html = `<html><head><title>Plans</title></head><body><main><h1>Plans</h1><p>Pick one.</p>
      <table><tr><th>Plan</th><th>Price</th><th>Seats</th></tr><tr><td>Team</td><td>$99/mo</td><td>10</td></tr></table>
      <ul><li>SSO</li><li>Audit <b>log</b></li></ul></main></body></html>`;
    const r = mainText(html, "https://x.example/plans");
    expect(r.title).toBe("Plans");
    const lines = r.text.split("\n");
    expect(lines).toContain("Plan | Price | Seats");
    expect(lines).toContain("Team | $99/mo | 10");
    expect(lines).toContain("SSO");
    expect(lines).toContain("Audit log");
    expect(r.needsBrowser).toBe(false);
  });

  it("keeps plan cards that Readability drops beside a long FAQ, with a name and its price apart", () => {
    const long = (n: number) => `<p>${"Every plan includes unlimited forms, spam protection and exports, and you can switch plans at any time without losing data. ".repeat(3)} (${n})</p>`;
    const html = `<html><head><title>Pricing</title></head><body><nav><a href="/">Home</a></nav>
      <div class="pricing-grid"><div class="card"><span class="name">Starter</span><span class="price">$9<small>/month</small></span></div>
      <div class="card"><span class="name">Pro</span><span class="price">$29<small>/month</small></span></div></div>
      <div class="content"><h2>About our pricing</h2>${[1, 2, 3, 4, 5].map(long).join("")}</div></body></html>`;
    const lines = mainText(html, "https://x.example/pricing").text.split("\n");
    expect(lines).toContain("Starter $9/month");
    expect(lines).toContain("Pro $29/month");
    expect(lines).toContain("About our pricing");
  });

  it("reads fragments and plain text, and never throws on odd markup", () => {
    expect(mainText("<p>Hello</p><ul><li>One</li></ul>", "https://x.example/").text).toBe("Hello\nOne");
    expect(mainText("just text", "https://x.example/").text).toBe("just text");
    expect(mainText("<html><head><title>T</title></head><h1>Head</h1><p>para</p></html>", "https://x.example/")).toEqual({ title: "T", text: "Head\npara", needsBrowser: false });
    for (const odd of ["", "<", "<html><body><div><div><p>unclosed", "\u0000\u0001<svg><text>x</text></svg>"]) {
      expect(() => mainText(odd, "https://x.example/")).not.toThrow();
    }
  });

  it("uses the article for a long post and leaves the sidebar out", () => {
    const para = (n: number) => `<p>${"This paragraph explains how the new forms engine works in detail, with examples. ".repeat(4)} (${n})</p>`;
    const html = `<html><head><title>Blog</title></head><body><div class="layout"><article><h1>Our new engine</h1>${[1, 2, 3, 4, 5].map(para).join("")}</article>
      <div class="sidebar related"><h3>Related posts</h3><ul><li><a href="/a">Ten tips</a></li><li><a href="/b">Another post</a></li></ul></div></div></body></html>`;
    const r = mainText(html, "https://x.example/blog/engine");
    expect(r.text).toContain("This paragraph explains");
    expect(r.text).not.toContain("Related posts");
  });

  it("flags pages that say they need JavaScript, or have an empty app root with scripts", () => {
    expect(mainText(`<html><body><div id="app"></div><script src="/a.js"></script></body></html>`, "https://x.example/").needsBrowser).toBe(true);
    expect(mainText(`<html><body><noscript>Please turn on JavaScript.</noscript><div>Loading…</div></body></html>`, "https://x.example/").needsBrowser).toBe(true);
    expect(mainText(`<html><body><h1>Hi</h1><p>Short page.</p></body></html>`, "https://x.example/").needsBrowser).toBe(false);
  });
});

describe("built-in describer", () => {
  it("returns null when nothing changed", () => {
    expect(describeChanges({ competitor: "Acme", page: "Pricing", added: [], removed: [], business })).toBeNull();
  });

  it("names the plan from the line itself, states a cut, and invents no numbers", () => {
    const d = describeChanges({ competitor: "Acme", page: "Pricing", added: ["Team | $79/mo"], removed: ["Team | $99/mo"], business })!;
    expect(d.summary).toContain("Acme cut Team from $99 to $79 a month.");
    const numbers = d.summary.match(/\d+/g) ?? [];
    for (const n of numbers) expect(["Team | $79/mo", "Team | $99/mo"].join(" ")).toContain(n);
    expect(d.importance).toBe("high");
  });

  it("pairs a line whose numbers changed (a plan limit) instead of reporting an addition and a removal", () => {
    const d = describeChanges({ competitor: "Acme", page: "Pricing", added: ["Up to 10 users"], removed: ["Up to 5 users"], business })!;
    expect(d.summary).toContain('Acme changed "Up to 5 users" to "Up to 10 users" on its pricing page.');
    expect(d.summary).toContain("Formly");
    expect(d.summary).not.toMatch(/no longer mentions|added/);
    expect(d.quotes).toEqual([
      { kind: "removed", text: "Up to 5 users" },
      { kind: "added", text: "Up to 10 users" },
    ]);
    expect(d.importance).toBe("high");
  });

  it("gives a new plan its price, and names a swapped headline", () => {
    const plan = describeChanges({ competitor: "Acme", page: "Pricing", added: ["Enterprise", "$199/month", "SAML SSO"], removed: [], context: { "$199/month": "Enterprise" }, business })!;
    expect(plan.summary).toMatch(/^Acme added a plan: Enterprise at \$199 a month\. Acme's pricing page added "SAML SSO"\./);
    expect(plan.summary).not.toContain("now shows");
    const hero = describeChanges({ competitor: "Acme", page: "Home", added: ["The form builder for agencies"], removed: ["Forms that turn visitors into customers"], business })!;
    expect(hero.summary).toBe(
      'Acme\'s home page now says "The form builder for agencies" where it said "Forms that turn visitors into customers". A change of message: check that Formly\'s page still says plainly how you differ.',
    );
    expect(hero.importance).toBe("normal");
    // Two price changes: each stated, the advice once.
    const two = describeChanges({
      competitor: "Acme", page: "Pricing", added: ["$39/month", "$99/month"], removed: ["$29/month", "$79/month"], business,
      context: { "$39/month": "Pro", "$29/month": "Pro", "$99/month": "Business", "$79/month": "Business" },
    })!;
    expect(two.summary).toBe("Acme raised Pro from $29 to $39 a month. Acme raised Business from $79 to $99 a month. If Formly costs less, say so on your pricing section: the gap just grew.");
  });

  it("reports a new plan and a dropped plan on a pricing page", () => {
    const d = describeChanges({ competitor: "Acme", page: "Pricing", added: ["Enterprise"], removed: ["Starter"], business })!;
    expect(d.summary).toContain("Acme added a plan: Enterprise.");
    expect(d.summary).toContain("Acme dropped its Starter plan.");
    expect(d.importance).toBe("high");
  });

  it("quotes every changed line, each of at most 200 characters", () => {
    const long = "A very long feature description that goes on. ".repeat(10);
    const d = describeChanges({ competitor: "Acme", page: "Features", added: [long, "B1", "B2", "B3", "B4", "B5", "B6"], removed: [], business })!;
    expect(d.quotes.map((q) => q.text.slice(0, 10))).toEqual([long.slice(0, 10), "B1", "B2", "B3", "B4", "B5", "B6"]);
    for (const q of d.quotes) expect(q.text.length).toBeLessThanOrEqual(200);
    // The first three lines are named; the rest counted.
    expect(d.summary).toContain('"B1", "B2" and 4 more new lines');
  });
});

/** Recorded before/after lines of the design review's kits, compared as the weekly watch does (a first copy already seen). */
function recorded(before: string[], after: string[]) {
  const baseline = detectChanges("", before.join("\n"), []);
  return detectChanges(before.join("\n"), after.join("\n"), baseline.seenLines);
}

describe("built-in describer: the design review's recorded pages", () => {
  const haven = { name: "Sourdough Haven", productWord: "sourdough" };

  it("names a plan without the verb that ties it to its price, and gives a lone price line the label above it", () => {
    const changes = recorded(
      ["Bread subscriptions", "The Weekly Loaf costs £6.50 a week", "One large sourdough loaf, delivered every Friday", "Add extra bakes to any box", "Cinnamon bun", "£2.80", "Pause or cancel any time"],
      ["Bread subscriptions", "The Weekly Loaf costs £7.25 a week", "One large sourdough loaf, delivered every Friday", "Add extra bakes to any box", "Cinnamon bun", "£3.10", "Pause or cancel any time"],
    );
    expect(changes.context["£3.10"]).toBe("Cinnamon bun");
    const d = describeChanges({ competitor: "Headrow Loaves", page: "Subscriptions", ...changes, business: haven })!;
    expect(d.summary).toBe("Headrow Loaves raised The Weekly Loaf from £6.50 to £7.25 a week. Headrow Loaves raised Cinnamon bun from £2.80 to £3.10. If Sourdough Haven costs less, say so on your pricing section: the gap just grew.");
    expect(d.summary).not.toMatch(/costs from|now shows £/);
  });

  it("quotes a bare price with no label near it, claiming nothing about what it is for", () => {
    const d = describeChanges({
      competitor: "Headrow Loaves",
      page: "Subscriptions",
      added: ["The Weekly Loaf costs £7.25 a week", "£3.10"],
      removed: ["The Weekly Loaf costs £6.50 a week", "£2.80"],
      business: haven,
    })!;
    expect(d.summary).toContain("Headrow Loaves raised The Weekly Loaf from £6.50 to £7.25 a week.");
    expect(d.summary).toContain('A price on Headrow Loaves\' subscriptions page with no name next to it went from "£2.80" to "£3.10".');
    expect(d.summary).not.toMatch(/now shows|Loaves's/);
    const lone = describeChanges({ competitor: "Headrow Loaves", page: "Subscriptions", added: ["£3.10"], removed: ["Pause any time", "Cancel any time"], business: haven })!;
    expect(lone.summary).toMatch(/^Headrow Loaves' subscriptions page also shows a new price, "£3\.10", without a name next to it\./);
  });

  it("keeps a plan's name apart from its verb, and says what the plan no longer includes", () => {
    const changes = recorded(
      ["Wedding packages", "The Full Day package is £2,100 and includes a printed album", "Ten hours of coverage", "Second shooter"],
      ["Wedding packages", "The Full Day package is £2,400", "Ten hours of coverage", "Second shooter"],
    );
    const d = describeChanges({ competitor: "Amber & Oak Photography", page: "Pricing", ...changes, business: { name: "Lens & Vow", productWord: "wedding photography" } })!;
    expect(d.summary).toMatch(/^Amber & Oak Photography raised The Full Day package from £2,100 to £2,400, and it no longer includes a printed album\./);
    expect(d.summary).toContain("If Lens & Vow still includes it, say so where visitors compare");
    expect(d.summary).not.toMatch(/package is from|amber & Oak/);
    expect(d.importance).toBe("high");
    // The feature on a line of its own, dropped in the same change: mentioned, not taken for a new headline.
    const cards = recorded(["Full Day", "£2,100", "Ten hours of coverage", "Printed album", "Second shooter"], ["Full Day", "£2,400", "Ten hours of coverage", "Online gallery", "Second shooter"]);
    const e = describeChanges({ competitor: "Amber & Oak Photography", page: "Pricing", ...cards, business: { name: "Lens & Vow" } })!;
    expect(e.summary).toContain("Amber & Oak Photography raised Full Day from £2,100 to £2,400.");
    expect(e.summary).toContain('Amber & Oak Photography\'s pricing page added "Online gallery".');
    expect(e.summary).toContain('Amber & Oak Photography\'s pricing page no longer mentions "Printed album".');
  });

  it("tells a plan's limit that changed with its price as one change", () => {
    const d = describeChanges({ competitor: "Acme", page: "Pricing", added: ["Starter: $12/month, up to 5 forms"], removed: ["Starter: $9/month, up to 3 forms"], business })!;
    expect(d.summary).toMatch(/^Acme raised Starter from \$9 to \$12 a month, and "up to 3 forms" became "up to 5 forms"\./);
    const member = describeChanges({ competitor: "Headrow Loaves", page: "Subscriptions", added: ["Member price £3.10"], removed: ["Member price £2.80"], business })!;
    expect(member.summary).toMatch(/^Headrow Loaves raised Member price from £2\.80 to £3\.10\./);
  });

  it("names each new line (up to three) and the brand whole", () => {
    const changes = recorded(["Clinic", "$149/month", "Online booking", "SMS reminders"], ["Clinic", "$179/month", "Online booking", "SMS reminders", "New: AI receptionist", "Waitlist autofill"]);
    const d = describeChanges({ competitor: "DentiBook", page: "Pricing", ...changes, business: { name: "B2b Point", productWord: "b2b" } })!;
    expect(d.summary).toBe(
      'DentiBook raised Clinic from $149 to $179 a month. DentiBook\'s pricing page added "AI receptionist" (marked new) and "Waitlist autofill". If B2b Point costs less, say so on your pricing section: the gap just grew. If B2b Point already covers it, make that visible; if not, decide whether it matters to your customers.',
    );
    expect(d.summary).not.toMatch(/more new line|dentiBook/);
  });
});

describe("built-in describer: a busy week on a rival's boxes page (fixture vegbox-pricing)", () => {
  const founder = { name: "Crate & Cog", claims: ["Weekly veg boxes for shared houses in Bristol, delivered by cargo bike"] };

  it("quotes every changed line, tells the rival's move onto the founder's selling point first, and the removed limit", () => {
    const { changes } = pair("vegbox-pricing", "https://leafline.example/boxes");
    expect(changes.removed).toContain("Up to 6 housemates");
    expect(changes.added).toContain("Delivery every week by cargo bike");
    const d = describeChanges({ competitor: "Leafline", page: "Boxes", ...changes, business: { ...founder, showsPrices: false } })!;
    expect(d.quotes).toHaveLength(changes.added.length + changes.removed.length);
    expect(d.quotes[4]).toEqual({ kind: "added", text: "Delivery every week by cargo bike" });
    expect(d.summary).toMatch(/^Leafline now says what Crate & Cog leads with: "Delivery every week by cargo bike" on its boxes page\./);
    expect(d.summary).toContain('Leafline\'s boxes page no longer mentions "Up to 6 housemates".');
    expect(d.summary).toContain("Say on Crate & Cog's page what makes yours different");
    expect(d.importance).toBe("high");
  });

  it("gives pricing advice only to a founder whose page shows prices", () => {
    const { changes } = pair("vegbox-pricing", "https://leafline.example/boxes");
    const none = describeChanges({ competitor: "Leafline", page: "Boxes", ...changes, business: { ...founder, showsPrices: false } })!;
    expect(none.summary).not.toMatch(/pricing/i);
    const priced = describeChanges({ competitor: "Leafline", page: "Pricing", added: ["House box £28 a week"], removed: ["House box £26 a week"], business: { ...founder, showsPrices: true } })!;
    expect(priced.summary).toContain("If Crate & Cog costs less, say so on your pricing section: the gap just grew.");
    const unpriced = describeChanges({ competitor: "Leafline", page: "Pricing", added: ["House box £28 a week"], removed: ["House box £26 a week"], business: { ...founder, showsPrices: false } })!;
    expect(unpriced.summary).toBe("Leafline raised House box from £26 to £28 a week.");
    const gone = describeChanges({ competitor: "Leafline", page: "Pricing", added: [], removed: ["Starter"], business: { ...founder, showsPrices: false } })!;
    expect(gone.summary).not.toMatch(/pricing section/);
  });

  it("a removed plan limit on its own is important, and reported whatever else changed", () => {
    const d = describeChanges({ competitor: "Leafline", page: "Home", added: [], removed: ["Up to 6 housemates"], business: founder })!;
    expect(d.importance).toBe("high");
    expect(d.summary).toContain('no longer mentions "Up to 6 housemates"');
    const many = describeChanges({
      competitor: "Leafline", page: "Pricing", business: founder,
      added: ["Solo £9 a week", "Duo £14 a week", "Trio £19 a week", "Quad £24 a week", "Recipe cards", "Compost collection"],
      removed: ["Solo £8 a week", "Duo £13 a week", "Trio £18 a week", "Quad £23 a week", "Up to 6 housemates"],
    })!;
    expect(many.summary.length).toBeLessThanOrEqual(600);
    expect(many.summary).toContain('no longer mentions "Up to 6 housemates"');
    expect(many.summary).toContain('added "Recipe cards" and "Compost collection"');
    expect(many.quotes).toHaveLength(11);
  });
});
