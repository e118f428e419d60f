import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { kitAssets, leads, users, type LaunchKit } from "~/platform/db/schema";
import { builtinVariantSuggestions } from "~/features/analytics/experiments/builtin";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { kitBrand, readyContent } from "~/kit/content.server";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { generationInput } from "~/kit/input";
import { understandingOf } from "~/kit/assets/launch-copy";
import type { Brand } from "~/kit/brand/brand";
import { checkCustomerCopy, kitCheckContext, DENSITY_WORDS_PER_USE, type CustomerCopyKind } from "~/kit/copy/customer-check";
import { createKit, getKit } from "~/kit/kits.server";
import { kitFacts, type KitFacts } from "~/features/monthly/facts.server";
import { builtinLandingRefresh, pieceContext, writePiece, type PieceContext } from "~/features/monthly/piece-writer.server";
import { billingMonth, BLOG_MAX_WORDS, BLOG_MIN_WORDS, parseRefresh, wordCount } from "~/features/monthly/pieces";
import { figuresFrom } from "~/features/monthly/review";
import { writeReviewText } from "~/features/monthly/review-writer.server";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { clearFakeOpenAIEnv, useBuiltinProvider, useFakeOpenAI } from "../support/ai-env";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { FAKE_LANDING } from "../support/fake-structured.mjs";
import { founder, kitFor } from "../support/landing-routes";
import { monthFacts } from "../support/review-fixtures";

/**
 * The customer-copy check on Pro's writing, with the builtin provider (and the model's text through the
 * fake OpenAI server): the Pro founder's plastic-free detergent delivered by bike in Amsterdam, with
 * Seepje named as a competitor and the founder's price and facts in the stored understanding. The
 * welcome e-mails, a blog piece and the strategy review pass the check (running it again changes
 * nothing) and hold the facts; the landing refresh proposes no text an experiment tried without
 * winning; the review reports a running experiment and calls no difference "what works" without a
 * significant two-proportion z-test.
 */

const PRODUCT = "plastic-free laundry detergent";
const PRICE = "€12 a month";
let kit: LaunchKit;
let brand: Brand;
let pro: Awaited<ReturnType<typeof founder>>;

beforeAll(async () => {
  useBuiltinProvider();
  pro = await founder("customer-copy");
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, pro.user.id));
  const created = await createKit(pro.user.id, {
    idea: "Plastic-free laundry detergent delivered by bike in Amsterdam",
    audience: "families in Amsterdam",
    geography: "Amsterdam",
    tone: "friendly",
    competitors: "Seepje",
    goal: "waitlist",
    vibe: "cozy",
  });
  await startGeneration(created);
  await settleGenerations();
  kit = (await getKit(created.id))!;
  // The founder's facts, as the understanding step stores them with the brand.
  const [row] = await getDb().select().from(kitAssets).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
  const content = row!.content as Brand;
  const understanding = {
    ...understandingOf(generationInput(kit), content),
    product: PRODUCT,
    model: "subscription-delivered" as const,
    prices: [{ text: PRICE, amount: "12", currency: "EUR", period: "month" as const, per: null, label: null }],
    facts: ["refills come in paper pouches", "delivered by cargo bike every four weeks"],
  };
  await getDb().update(kitAssets).set({ content: { ...content, understanding } }).where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
  brand = (await kitBrand(kit.id))!;
}, 180_000);

afterAll(() => clearFakeOpenAIEnv());

const context = () => kitCheckContext(generationInput(kit), brand, understandingOf(generationInput(kit), brand));
/** The check finds nothing more to change: the text passed it. */
function passes(text: string, kind: CustomerCopyKind, known: number[] = []) {
  const ctx = context();
  const again = checkCustomerCopy(text, { ...ctx, knownNumbers: [...(ctx.knownNumbers ?? []), ...known] }, kind);
  expect(again.findings, text).toEqual([]);
}
const voiceRules = () => [...brand.voice.dos, ...brand.voice.donts];

describe("the kit's customer copy", () => {
  it("the model's landing page (fake OpenAI) loses a writer's note, a claimed number and a cut, as the step stores it", { timeout: 120_000 }, async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const leaked = structuredClone(FAKE_LANDING);
      leaked.hero.subheadline = "Groomwell is a mobile grooming van for busy pet owners. Join 1,000+ pet owners who switched.";
      leaked.benefits.items[1]!.body = "Calm, unhurried attention for anxious and older dogs. Write like you talk to a neighbour: short, warm sentences.";
      leaked.cta.body = "Tell us when suits you, evenings and.";
      fake.queue("chat", { structured: true, match: "landing_copy", content: JSON.stringify(leaked) });
      const made = await kitFor(pro.user.id, "book calls", "Mobile dog grooming van for busy pet owners in Austin");
      const landing = (await readyContent(made.id, "landing", LandingContentSchema))!;
      expect(landing.hero.subheadline).toBe("Groomwell is a mobile grooming van for busy pet owners.");
      expect(landing.benefits.items[1]!.body).toBe("Calm, unhurried attention for anxious and older dogs.");
      expect(landing.cta.body).toBe("Tell us when suits you, evenings and…");
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  });
});

describe("welcome e-mails", () => {
  it("the builtin e-mails speak to the reader, name no competitor, paste no voice rule, and quote the founder's price and facts", async () => {
    const steps = await writeWelcome(kit.id);
    const all = steps.map((s) => `${s.subject}\n${s.preview}\n${s.body}`).join("\n\n");
    for (const rule of voiceRules()) expect(all).not.toContain(rule.slice(0, 30));
    expect(all).not.toMatch(/Here is what we care about|Seepje|serves them first/);
    expect(steps[0]!.body).toMatch(/\byou\b/);
    expect(steps[0]!.body).not.toMatch(/\b(they|them|their)\b/);
    expect(steps[1]!.body).toContain(PRICE);
    expect(steps[1]!.body).toContain("Refills come in paper pouches.");
    for (const s of steps) for (const t of [s.subject, s.preview, s.body]) passes(t, "welcome");
  });

  it("the model's e-mails (fake OpenAI) lose the leaked voice notes, the competitor and the invented number, and speak to the reader", async () => {
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const leaked = {
        emails: [
          { subject: "Welcome to the refill club", preview: "Laundry without plastic", body: `Hi there,\n\nThanks for signing up. Families in Amsterdam get their refills by bike. The difference from Seepje: it serves them first.\n\nJoin 1,000+ families who switched.\n\n— The team` },
          { subject: "Why we started", preview: "A note on why", body: `Hi,\n\nHere is what we care about:\n\n${brand.voice.dos.map((d) => `- ${d}`).join("\n")}\n\nReply and tell us what you think.\n\n— The team` },
          { subject: "One question", preview: "Your answer helps", body: "Hi,\n\n**How often do you wash?** Reply with one line.\n\n— The team" },
        ],
      };
      fake.queue("chat", { structured: true, match: "welcome_sequence", content: JSON.stringify(leaked) });
      const steps = await writeWelcome(kit.id);
      expect(steps[0]!.body).toBe("Hi there,\n\nThanks for signing up. You get your refills by bike.\n\n— The team");
      expect(steps[1]!.body).toBe("Hi,\n\nReply and tell us what you think.\n\n— The team");
      for (const s of steps) passes(s.body, "welcome");
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  });
});

describe("monthly pieces", () => {
  it("the blog piece quotes the month's sign-ups and the founder's facts, and says the product phrase no more than the cap", { timeout: 60_000 }, async () => {
    const now = new Date();
    for (let i = 0; i < 7; i++) await getDb().insert(leads).values({ id: crypto.randomUUID(), kitId: kit.id, email: `cc${i}@customer-copy.test`, createdAt: now });
    const ctx = (await pieceContext(kit.id))!;
    const facts = await kitFacts(kit.id, billingMonth(null, now).start, new Date(now.getTime() + 1));
    expect(facts.leads).toBe(7);
    const blog = await writePiece("blog", ctx, facts);
    const words = wordCount(blog.body);
    expect(words).toBeGreaterThanOrEqual(BLOG_MIN_WORDS);
    expect(words).toBeLessThanOrEqual(BLOG_MAX_WORDS);
    expect(blog.body).toMatch(/, 7 people signed up to hear from /);
    expect(blog.body).toContain(PRICE);
    expect(blog.body).toContain("Delivered by cargo bike every four weeks.");
    const body = blog.body.split("\n").filter((l) => !l.startsWith("#")).join("\n");
    const uses = body.match(/plastic-free laundry detergent/gi)?.length ?? 0;
    expect(uses).toBeLessThanOrEqual(Math.max(2, Math.ceil(blog.body.split(/\s+/).length / DENSITY_WORDS_PER_USE)));
    for (const rule of voiceRules()) expect(blog.body).not.toContain(rule.slice(0, 30));
    passes(blog.body, "article", [7]);
  });

  it("the landing refresh never proposes a text an experiment tried without winning, nor one for a field under test", async () => {
    const ctx: PieceContext = { ...(await pieceContext(kit.id))!, tried: [] };
    const facts = await kitFacts(kit.id, billingMonth(null, new Date()).start, new Date(Date.now() + 1));
    const current = ctx.landing!.hero.headline;
    const suggested = builtinVariantSuggestions(ctx.input, ctx.brand, "headline", current).variants.map((v) => v.text);
    const untested = parseRefresh(builtinLandingRefresh(ctx, facts).body).headline!.proposed;
    // The text the refresh would propose lost an experiment: behind the original.
    const lost: KitFacts = {
      ...facts,
      experiments: [{ id: "x", field: "headline", status: "stopped", startedAt: new Date(), arms: [{ label: "a", text: current, visitors: 500, leads: 60 }, { label: "b", text: untested, visitors: 500, leads: 41 }] }],
    };
    const after = parseRefresh(builtinLandingRefresh(ctx, lost).body).headline;
    expect(after?.proposed).not.toBe(untested);
    if (after) expect(suggested.concat(after.proposed)).toContain(after.proposed);
    // An earlier experiment's variant that was never applied counts too.
    expect(parseRefresh(builtinLandingRefresh({ ...ctx, tried: [{ field: "headline", text: untested, running: false }] }, facts).body).headline?.proposed).not.toBe(untested);
    // A running test of the headline: no headline proposed, and the sections say why.
    const running: KitFacts = { ...lost, experiments: [{ ...lost.experiments[0]!, status: "running" }] };
    const piece = builtinLandingRefresh(ctx, running);
    expect(parseRefresh(piece.body).headline).toBeUndefined();
    expect(piece.body).toContain("the test of the headline is running, so no new text is proposed for it here");
  });
});

describe("the strategy review", () => {
  it("reports the running experiment instead of recommending one, and calls neither 11.9% nor 10.5% against 9.8% what works", async () => {
    const arms = [
      { label: "a", text: "Laundry without plastic", visitors: 410, leads: 40 },
      { label: "b", text: "Detergent by bike", visitors: 420, leads: 50 },
      { label: "c", text: "Refills at your door", visitors: 400, leads: 42 },
    ];
    const f = figuresFrom(
      monthFacts({
        visitors: 1230,
        leads: 132,
        conversionRate: 132 / 1230,
        topSources: [
          { source: "instagram.com", visitors: 420, leads: 50 },
          { source: "news.ycombinator.com", visitors: 400, leads: 42 },
          { source: "Direct / none", visitors: 410, leads: 40 },
        ],
        experiments: [{ id: "e", field: "headline", status: "running", startedAt: new Date("2026-10-05T00:00:00Z"), arms }],
      }),
      "2026-10",
      false,
    );
    const body = await writeReviewText(kit, brand, f);
    const texts = [body.summary, body.competitors, ...body.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...body.plan.days30, ...body.plan.days60, ...body.plan.days90];
    const all = texts.join("\n");
    expect(all).toContain("The experiment on the headline is still running");
    expect(all).not.toMatch(/start an experiment on the headline(?! once)/i);
    expect(all).not.toMatch(/what works/i);
    expect(body.priorities.map((p) => p.title)).toContain("Build on Instagram");
    expect(all).toContain("not significant by a two-proportion z-test");
    for (const t of texts) passes(t, "founder");

    // The model's review (fake OpenAI) says the same things wrong: they go, the builtin's words stand in.
    const fake = await startFakeOpenAI();
    try {
      useFakeOpenAI(fake.baseURL, { AI_WEB_SEARCH: "off" });
      const wrong = {
        summary: "Instagram is what works. Join 1,000+ founders who grew this way.",
        competitors: "Nothing changed.",
        priorities: [
          { topic: "top-source", title: "Do more of what works: Instagram", why: "It converts best.", actions: ["Post on Instagram twice a week.", "Reply to every comment."] },
          { topic: "signup", title: "Win more sign-ups", why: "Most visitors leave.", actions: ["Start an experiment on the headline.", "Keep the form short."] },
          { topic: "distribution", title: "Bring more families", why: "More visits, more sign-ups.", actions: ["Post in local parenting groups.", "Ask three customers to share the page."] },
        ],
        plan: {
          days30: ["Start an experiment on the headline.", "Turn on the welcome e-mails."],
          days60: ["Write like you talk to a neighbour: short, warm sentences.", "Send a monthly update."],
          days90: ["Keep what grew sign-ups.", "Plan the next offer."],
        },
      };
      fake.queue("chat", { structured: true, match: "strategy_review", content: JSON.stringify(wrong) });
      const model = await writeReviewText(kit, brand, f);
      const said = [model.summary, ...model.priorities.flatMap((p) => [p.title, p.why, ...p.actions]), ...model.plan.days30, ...model.plan.days60, ...model.plan.days90].join("\n");
      expect(model.source).toBe("model");
      expect(said).not.toMatch(/what works|1,000\+|start an experiment on the headline|talk to a neighbour/i);
      expect(said).toContain("Keep the form short.");
    } finally {
      await fake.close();
      useBuiltinProvider("AI_WEB_SEARCH");
    }
  });
});
