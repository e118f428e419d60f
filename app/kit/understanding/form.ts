import { z } from "zod";
import { toOneLine } from "~/platform/text/text";
import { BUSINESS_MODELS, PRICE_PERIODS } from "./schema";
import type { BusinessModel, Ecosystem, PaymentModel, Price, Understanding } from "./types";

/**
 * The founder's reading of their business as a form: the wizard's last step
 * shows it prefilled from `understandIdea` and the kit's overview edits it
 * later. Flat field names (price1Amount, fact2…) so one plain <form> posts
 * it, with or without JavaScript. What the form gives (`FounderFacts`) is
 * stored on the kit and wins over the automatic reading and over a model's
 * refinement (applyFounderFacts). Client-safe: no taxonomy, no parser here.
 */

export { BUSINESS_MODELS, PRICE_PERIODS };

export const BUSINESS_MODEL_LABELS: Record<BusinessModel, string> = {
  "shipped-product": "A product we ship",
  "subscription-delivered": "A subscription we deliver",
  "local-service": "A local service",
  "class-or-event": "A class, camp or event",
  "b2b-service": "A service for businesses",
  software: "Software (an app or SaaS)",
  "developer-tool": "An open-source or developer tool",
  marketplace: "A marketplace",
};

export const PRICE_PERIOD_LABELS: Record<(typeof PRICE_PERIODS)[number], string> = {
  hour: "an hour",
  day: "a day",
  week: "a week",
  month: "a month",
  year: "a year",
  session: "a session",
  "one-off": "once",
};

/**
 * The kinds written from the understanding's facts, rewritten when the
 * founder changes them: the landing page (offer, prices, area, install),
 * the social posts and bios, the ads, the research (market, channels) and
 * the deck (business model, prices). Not the brand (its name, palette and
 * fonts are the founder's choice, and its understanding is updated in
 * place), not the logo (its marks come from what is sold, not from these
 * facts), not the website prompt (the spec's artefact, which the founder
 * may have edited); the calendar follows the social posts by itself. The
 * launch day's posts and gallery come from the landing page's copy: written
 * again after it, when the kit has them.
 */
export const REWRITTEN_KINDS = ["landing", "social", "ads", "research", "deck", "launch"] as const;

/** How the overview names them when it says what is being written again. */
export const REWRITTEN_LABELS: Record<(typeof REWRITTEN_KINDS)[number], string> = {
  landing: "landing page",
  social: "social posts",
  ads: "ads",
  research: "research",
  deck: "pitch deck",
  launch: "launch day",
};

/** "landing page, social posts and ads" for the kinds a kit has. */
export function rewrittenList(kinds: readonly string[]): string {
  const names = REWRITTEN_KINDS.filter((k) => kinds.includes(k)).map((k) => REWRITTEN_LABELS[k]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export const PRICE_SLOTS = 3;
export const FACT_SLOTS = 5;

export const LIMITS = { place: 100, serviceArea: 200, ages: 60, fact: 200, differentiator: 200, language: 40, install: 200, repository: 200, amount: 12, per: 40, label: 80 } as const;

/** What the founder confirmed or edited: the facts part of an understanding. */
export type FounderFacts = {
  model: BusinessModel;
  prices: Price[];
  place: string | null;
  serviceArea: string | null;
  ages: string | null;
  facts: string[];
  differentiator: string | null;
  ecosystem: Ecosystem | null;
};

const PRICE_PARTS = ["Amount", "Currency", "Period", "Per", "Label"] as const;
const priceField = (i: number, part: (typeof PRICE_PARTS)[number]) => `price${i}${part}`;
const factField = (i: number) => `fact${i}`;

export const UNDERSTANDING_FIELDS: readonly string[] = [
  "model",
  ...Array.from({ length: PRICE_SLOTS }, (_, i) => PRICE_PARTS.map((p) => priceField(i + 1, p))).flat(),
  "place",
  "serviceArea",
  "ages",
  ...Array.from({ length: FACT_SLOTS }, (_, i) => factField(i + 1)),
  "differentiator",
  "language",
  "install",
  "repository",
];

/** The form's values as posted: every field a string ("" when empty). */
export type UnderstandingValues = Record<string, string>;

export function emptyUnderstandingValues(): UnderstandingValues {
  return Object.fromEntries(UNDERSTANDING_FIELDS.map((f) => [f, ""]));
}

/** The form prefilled from an understanding (the automatic one in the wizard, the stored one later). */
export function understandingValues(u: Understanding): UnderstandingValues {
  const out = emptyUnderstandingValues();
  out.model = u.model ?? "";
  (u.prices ?? []).slice(0, PRICE_SLOTS).forEach((p, i) => {
    out[priceField(i + 1, "Amount")] = p.amount;
    out[priceField(i + 1, "Currency")] = p.currency;
    out[priceField(i + 1, "Period")] = p.period ?? "";
    out[priceField(i + 1, "Per")] = p.per ?? "";
    out[priceField(i + 1, "Label")] = p.label ?? "";
  });
  out.place = u.place ?? "";
  out.serviceArea = u.serviceArea ?? "";
  out.ages = u.ages ?? "";
  (u.facts ?? []).slice(0, FACT_SLOTS).forEach((f, i) => (out[factField(i + 1)] = f));
  out.differentiator = u.differentiator ?? "";
  out.language = u.ecosystem?.language ?? "";
  out.install = u.ecosystem?.install ?? "";
  out.repository = u.ecosystem?.repository ?? "";
  return out;
}

/**
 * Which answers a reading was made from (idea, audience, geography): the
 * wizard keeps the founder's edits of its last step while these stay the
 * same, and reads the answers again once they change.
 */
export function answersKey(a: { idea: string; audience: string; geography: string }): string {
  let h = 5381;
  for (const ch of [a.idea.trim(), a.audience.trim(), a.geography.trim()].join("\u0000")) h = (Math.imul(h, 33) ^ ch.codePointAt(0)!) >>> 0;
  return h.toString(36);
}

/** The form's fields out of a post (FormData or URLSearchParams); long values are cut well past their limit so the schema still names them. */
export function readUnderstandingValues(source: { get(name: string): unknown }): UnderstandingValues {
  const out = emptyUnderstandingValues();
  for (const f of UNDERSTANDING_FIELDS) {
    const v = source.get(f);
    out[f] = typeof v === "string" ? v.slice(0, 1000) : "";
  }
  return out;
}

const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₺": "TRY", "₽": "RUB", "₪": "ILS", "R$": "BRL", A$: "AUD", C$: "CAD", NZ$: "NZD", "CHF": "CHF", kr: "SEK", "zł": "PLN" };
const CURRENCY_SIGNS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹", AUD: "A$", CAD: "C$", NZD: "NZ$", BRL: "R$" };

/** "€" → "EUR", "usd" → "USD"; null when it is neither a known sign nor three letters. */
export function currencyCode(raw: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  if (SYMBOLS[v]) return SYMBOLS[v]!;
  return /^[a-z]{3}$/i.test(v) ? v.toUpperCase() : null;
}

/** A price as a customer reads it: "€295 a week", "$29 per org a month", "1,200 SEK". */
export function formatPrice(p: Pick<Price, "amount" | "currency" | "period" | "per">): string {
  const sign = CURRENCY_SIGNS[p.currency];
  const money = sign ? `${sign}${p.amount}` : `${p.amount} ${p.currency}`;
  const per = p.per ? ` per ${p.per}` : "";
  const period = p.period && p.period !== "one-off" ? ` ${PRICE_PERIOD_LABELS[p.period]}` : "";
  return `${money}${per}${period}`;
}

const line = (label: string, max: number) => z.string().overwrite(toOneLine).trim().max(max, `${label} must be at most ${max} characters`).optional();

const AMOUNT = /^\d+(?:[.,]\d+)*$/;
/** An address the landing page can link: a host with a dot, no quotes or angle brackets. */
const REPOSITORY_URL = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/[^\s"'<>]*)?$/i;

/** "acme/tool" is on GitHub, "gitlab.com/acme/tool" gets its https://; an address stays as it is. */
export function repositoryAddress(raw: string): string {
  const v = raw.trim();
  if (/^https?:\/\//i.test(v)) return v;
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i.test(v)) return `https://${v}`;
  if (/^[\w.-]+\/[\w.-]+$/.test(v)) return `https://github.com/${v}`;
  return v;
}

const shape: Record<string, z.ZodType<string | undefined>> = {
  model: z.enum(BUSINESS_MODELS, { error: (issue) => (issue.input === undefined || issue.input === "" ? "Choose what you sell and how" : "Choose one of the kinds of business in the list") }) as unknown as z.ZodType<string>,
  place: line("Place", LIMITS.place),
  serviceArea: line("Service area", LIMITS.serviceArea),
  ages: line("Ages or sizes", LIMITS.ages),
  differentiator: line("What sets you apart", LIMITS.differentiator),
  language: line("Language", LIMITS.language),
  install: line("Install command", LIMITS.install),
  repository: line("Repository", LIMITS.repository).refine((v) => !v || REPOSITORY_URL.test(repositoryAddress(v)), "Give the repository as an address (https://github.com/…) or as owner/name on GitHub"),
};
for (let i = 1; i <= PRICE_SLOTS; i++) {
  shape[priceField(i, "Amount")] = line("Price", LIMITS.amount);
  shape[priceField(i, "Currency")] = line("Currency", 20);
  shape[priceField(i, "Period")] = z.union([z.literal(""), z.enum(PRICE_PERIODS)], { error: "Choose how often this price is paid from the list" }).optional();
  shape[priceField(i, "Per")] = line("Per", LIMITS.per);
  shape[priceField(i, "Label")] = line("What this price is for", LIMITS.label);
}
for (let i = 1; i <= FACT_SLOTS; i++) shape[factField(i)] = line("A fact", LIMITS.fact);

/**
 * The form, checked: each field's limit, and across a price's fields an
 * amount that is a number, with a currency; a currency or period without an
 * amount is named rather than dropped. Gives the founder's facts.
 */
export const UnderstandingFormSchema = z
  .object(shape)
  .superRefine((v, ctx) => {
    for (let i = 1; i <= PRICE_SLOTS; i++) {
      const amountField = priceField(i, "Amount");
      let amount = v[amountField] ?? "";
      let currency = v[priceField(i, "Currency")] ?? "";
      // "$29" typed in the amount: the sign is the currency.
      const signed = /^(\D{1,3}?)\s*(\d.*)$/.exec(amount);
      if (signed && currencyCode(signed[1]!)) {
        currency ||= signed[1]!;
        amount = signed[2]!;
      }
      const others = [currency, v[priceField(i, "Period")], v[priceField(i, "Per")], v[priceField(i, "Label")]].some((x) => x);
      if (!amount) {
        if (others) ctx.addIssue({ code: "custom", path: [amountField], message: "Add the amount of this price, or clear its other fields" });
        continue;
      }
      if (!AMOUNT.test(amount)) ctx.addIssue({ code: "custom", path: [amountField], message: "Write the price as a number, like 29 or 12.50" });
      if (!currency) ctx.addIssue({ code: "custom", path: [priceField(i, "Currency")], message: "Add the currency of this price, like USD, EUR or GBP" });
      else if (!currencyCode(currency)) ctx.addIssue({ code: "custom", path: [priceField(i, "Currency")], message: "Write the currency as three letters, like USD, EUR or GBP" });
    }
    // A developer tool's install command or repository belongs to a language (the install words follow it).
    if (v.model === "developer-tool" && (v.install || v.repository) && !v.language) {
      ctx.addIssue({ code: "custom", path: ["language"], message: "Add the language of your tool, like Go, Python or Rust" });
    }
  })
  .transform((v): FounderFacts => factsOf(v));

function factsOf(v: Record<string, string | undefined>): FounderFacts {
  const model = v.model as BusinessModel;
  const prices: Price[] = [];
  for (let i = 1; i <= PRICE_SLOTS; i++) {
    let amount = v[priceField(i, "Amount")] ?? "";
    let currency = v[priceField(i, "Currency")] ?? "";
    const signed = /^(\D{1,3}?)\s*(\d.*)$/.exec(amount);
    if (signed && currencyCode(signed[1]!)) {
      currency ||= signed[1]!;
      amount = signed[2]!;
    }
    if (!amount) continue;
    const code = currencyCode(currency) ?? currency.toUpperCase();
    const period = (v[priceField(i, "Period")] || null) as Price["period"];
    const per = v[priceField(i, "Per")] || null;
    const price = { amount, currency: code, period, per, label: v[priceField(i, "Label")] || null };
    prices.push({ text: formatPrice(price), ...price });
  }
  const language = v.language || "";
  const install = v.install || null;
  const repository = v.repository ? repositoryAddress(v.repository) : null;
  return {
    model,
    prices,
    place: v.place || null,
    serviceArea: v.serviceArea || null,
    ages: v.ages || null,
    facts: Array.from({ length: FACT_SLOTS }, (_, i) => v[factField(i + 1)] ?? "").filter(Boolean),
    differentiator: v.differentiator || null,
    ecosystem: model === "developer-tool" && (language || install || repository) ? { language, install, repository } : null,
  };
}

/** Reads the facts a kit stores (null when none were given: the kit then goes by the automatic reading). */
export function storedFounderFacts(raw: unknown): FounderFacts | null {
  if (!raw || typeof raw !== "object") return null;
  const f = raw as Partial<FounderFacts>;
  if (!BUSINESS_MODELS.includes(f.model as BusinessModel) || !Array.isArray(f.prices) || !Array.isArray(f.facts)) return null;
  return {
    model: f.model as BusinessModel,
    prices: f.prices.filter((p) => p && typeof p.amount === "string" && typeof p.currency === "string").map((p) => ({ ...p, text: typeof p.text === "string" ? p.text : formatPrice(p) })),
    place: typeof f.place === "string" ? f.place : null,
    serviceArea: typeof f.serviceArea === "string" ? f.serviceArea : null,
    ages: typeof f.ages === "string" ? f.ages : null,
    facts: f.facts.filter((x): x is string => typeof x === "string"),
    differentiator: typeof f.differentiator === "string" ? f.differentiator : null,
    ecosystem: f.ecosystem && typeof f.ecosystem === "object" && typeof f.ecosystem.language === "string" ? f.ecosystem : null,
  };
}

/** How a business model is usually paid for, when the founder changed the model the reading chose. */
function paymentFor(model: BusinessModel, prices: Price[], current: PaymentModel): PaymentModel {
  switch (model) {
    case "shipped-product":
      return "one-off";
    case "subscription-delivered":
      return "subscription";
    case "local-service":
      return "local-service";
    case "class-or-event":
      return "booking";
    case "marketplace":
      return "marketplace";
    case "developer-tool":
      return prices.length ? "freemium" : "open-source";
    default:
      return current;
  }
}

/**
 * The founder's facts over a reading (the offline one, or the one a model
 * refined): every fact field is the founder's, the rest of the reading
 * (category, words, motifs) stays.
 */
export function applyFounderFacts(u: Understanding, f: FounderFacts): Understanding {
  return {
    ...u,
    payment: f.model !== u.model ? paymentFor(f.model, f.prices, u.payment) : u.payment,
    model: f.model,
    prices: f.prices,
    place: f.place,
    serviceArea: f.serviceArea,
    ages: f.ages,
    facts: f.facts,
    differentiator: f.differentiator,
    ecosystem: f.ecosystem,
  };
}
