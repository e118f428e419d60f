import type { Brand } from "~/kit/brand/brand";
import { PALETTE_ROLES } from "~/kit/brand/brand";
import type { Price, Understanding } from "~/kit/understanding/types";
import { mdText, mdUrl, sentences } from "~/platform/text/markdown";
import { toOneLine } from "~/platform/text/text";
import { givenPrices } from "./llms";
import type { LandingContent } from "./schema";

/**
 * The press kit of a published page (docs/decisions/046-press-kit.md): the
 * boilerplate in 50 and 100 words, the fact sheet, the press release and the
 * founder's bio, made from what the kit already holds: the brand, the
 * published copy, the founder's facts (the understanding) and the account.
 * Pure: the same input gives the same text, and it is the one source of the
 * press page, its Markdown and its PDF. Nothing is made up: a fact the
 * founder did not give (a place, a price, a role) leaves its line out rather
 * than guessing one, and prices are only the founder's own.
 */

export type PressInput = {
  brand: Brand;
  /** The published copy (no placeholder quotes: publishedContent). */
  content: LandingContent;
  /** The page's trusted public address (its custom domain or LaunchKit's), or null when none is known (the ZIP of an unpublished page). */
  pageUrl: string | null;
  /** When the page was first published: the "Launched" line and the release's date. */
  launched: Date | null;
  /** The release's date when the page has not been published yet (the ZIP's date). */
  today: Date;
  founder: { name: string; role: string | null };
};

export type PressFact = { label: string; value: string };
export type PressLink = { label: string; url: string };

export type PressKit = {
  name: string;
  tagline: string;
  boilerplate50: string;
  boilerplate100: string;
  facts: PressFact[];
  /** The founder's facts in their words, when given. */
  keyFacts: string[];
  prices: string[];
  links: PressLink[];
  release: { headline: string; dateline: string; lead: string; body: string[]; quote: string; quoteBy: string; about: string };
  bio: string;
  colours: Array<{ role: string; hex: string }>;
};

export const BOILERPLATE_SHORT = 50;
export const BOILERPLATE_LONG = 100;

/** Words as a reader (and a word processor) counts them: runs of text with a letter or digit; a lone dash is no word. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const monthYear = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const longDate = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

const clean = (s: string | null | undefined) => toOneLine(s ?? "").trim();
const endSentence = (s: string) => (/[.!?…]["”’)]?$/.test(s) ? s : `${s}.`);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The understanding with the founder's facts (stored kits from before them have none; older ones have no understanding at all). */
function factsOf(brand: Brand): Understanding | null {
  return (brand.understanding as Understanding | undefined) ?? null;
}

const PERIODS: Record<NonNullable<Price["period"]>, string> = { hour: "an hour", day: "a day", week: "a week", month: "a month", year: "a year", session: "a session", "one-off": "one-off" };

/** One price as the founder wrote it, with what it is for. */
function priceLine(p: Price): string | null {
  const text = clean(p.text) || (clean(p.amount) ? `${clean(p.amount)} ${clean(p.currency)}${p.period ? ` ${PERIODS[p.period]}` : ""}${p.per ? ` per ${clean(p.per)}` : ""}` : "");
  if (!text) return null;
  return p.label && clean(p.label) ? `${capitalise(clean(p.label))}: ${text}` : text;
}

/** The founder's prices: the understanding's, else the ones they typed on the page; never the step's "Quote on request". */
export function pressPrices(brand: Brand, content: LandingContent): string[] {
  const given = (factsOf(brand)?.prices ?? []).map(priceLine).filter((p): p is string => Boolean(p));
  if (given.length > 0) return given;
  return (givenPrices(content) ?? []).filter((i) => !/^quote on request$/i.test(i.price.trim())).map((i) => `${clean(i.name)}: ${clean(i.price)}`);
}

/** Where it is, when the founder said: the place and the area served. */
function whereOf(u: Understanding | null): string | null {
  const place = clean(u?.place);
  const area = clean(u?.serviceArea);
  if (place && area && !area.toLowerCase().includes(place.toLowerCase())) return `${place} (${area})`;
  return area || place || null;
}

/** "Acme is a coffee subscription box for remote teams in Austin." — from the understanding, else the positioning. */
function whatSentence(brand: Brand, u: Understanding | null): string {
  if (u) {
    const where = clean(u.place);
    return endSentence(`${brand.name} is ${clean(u.product)} for ${clean(u.customers)}${where ? ` in ${where}` : ""}`);
  }
  return endSentence(clean(brand.positioning));
}

/**
 * Sentences in order, as many as fit in `limit` words: a sentence that would
 * pass it is left out and the next one tried; the first is cut at a word
 * when it alone is too long (a long positioning), so the text is never over.
 */
function fitWords(parts: string[], limit: number, tailAt = -1): string {
  const ordered = fitInOrder(parts, limit);
  if (tailAt < 0) return ordered.join(" ");
  // The tail (launch date, address) is chosen early so it always fits, but reads last.
  const tail = new Set(parts.slice(tailAt, tailAt + 2).map(clean).filter(Boolean));
  return [...ordered.filter((p) => !tail.has(p)), ...ordered.filter((p) => tail.has(p))].join(" ");
}

function fitInOrder(parts: string[], limit: number): string[] {
  const out: string[] = [];
  let used = 0;
  const seen = new Set<string>();
  for (const part of parts.map(clean).filter(Boolean)) {
    // A kit without the founder's facts says what it is with its positioning: said once.
    if (seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    const n = countWords(part);
    if (used + n <= limit) {
      out.push(part);
      used += n;
    } else if (out.length === 0) {
      const words = part.split(/\s+/);
      let kept: string[] = [];
      let count = 0;
      for (const w of words) {
        const add = /[\p{L}\p{N}]/u.test(w) ? 1 : 0;
        if (count + add > limit) break;
        kept.push(w);
        count += add;
      }
      kept = kept.length ? kept : words.slice(0, 1);
      out.push(`${kept.join(" ").replace(/[,;:–—-]+$/, "")}.`);
      used = count;
    }
  }
  return out;
}

export function pressKit(input: PressInput): PressKit {
  const { brand, content } = input;
  const u = factsOf(brand);
  const name = clean(brand.name);
  const what = whatSentence(brand, u);
  const where = whereOf(u);
  const differentiator = clean(u?.differentiator);
  const launchedLine = input.launched ? `${name} launched in ${monthYear(input.launched)}.` : "";
  const more = input.pageUrl ? `Learn more at ${input.pageUrl}.` : "";
  const benefits = content.benefits.items.map((b) => sentences(clean(b.title), endSentence(clean(b.body))));
  // Most telling first; what does not fit is left out whole (fitWords), the address and launch last so they fit when anything does.
  const core = [what, endSentence(clean(brand.tagline)), endSentence(clean(brand.positioning)), differentiator ? endSentence(differentiator) : ""];
  const tail = [launchedLine, more];
  const boilerplate50 = fitWords([...core.slice(0, 2), ...tail, ...core.slice(2), endSentence(clean(content.hero.subheadline))], BOILERPLATE_SHORT, 2);
  const boilerplate100 = fitWords([...core.slice(0, 2), ...tail, ...core.slice(2), endSentence(clean(content.hero.subheadline)), ...benefits], BOILERPLATE_LONG, 2);

  const prices = pressPrices(brand, content);
  const facts: PressFact[] = [{ label: "What", value: u ? capitalise(clean(u.product)) : clean(brand.tagline) }];
  if (u) facts.push({ label: "Who it's for", value: capitalise(clean(u.customers)) });
  if (where) facts.push({ label: "Where", value: where });
  if (clean(u?.ages)) facts.push({ label: "Ages", value: clean(u!.ages) });
  if (input.launched) facts.push({ label: "Launched", value: longDate(input.launched) });
  if (prices.length) facts.push({ label: "Pricing", value: prices.join("; ") });
  if (differentiator) facts.push({ label: "What sets it apart", value: differentiator });
  const founderName = clean(input.founder.name);
  const role = clean(input.founder.role);
  if (founderName) facts.push({ label: role ? capitalise(role) : "Contact", value: founderName });

  const links: PressLink[] = [];
  if (input.pageUrl) links.push({ label: "Website", url: input.pageUrl });
  const repository = content.category.repository;
  if (repository && /^https?:\/\//i.test(repository)) links.push({ label: "Source code", url: repository });
  if (input.pageUrl) links.push({ label: "Press kit", url: pressAddress(input.pageUrl) });

  const date = input.launched ?? input.today;
  const place = clean(u?.place);
  const headline = u ? `${name} launches ${clean(u.product)} for ${clean(u.customers)}` : `${name} launches: ${clean(brand.tagline)}`;
  const lead = sentences(
    u ? `${name} today launched ${clean(u.product)} for ${clean(u.customers)}${place ? ` in ${place}` : ""}` : `${name} launched today`,
    clean(content.hero.subheadline),
  );
  const body = [
    // The positioning is the quote when the founder gave no differentiator: not said twice.
    sentences(...(differentiator ? [clean(brand.positioning)] : []), ...content.benefits.items.map((b) => sentences(clean(b.title), clean(b.body)))),
    content.how.steps.length ? `How it works: ${content.how.steps.map((s, i) => `${i + 1}. ${endSentence(clean(s.title))}`).join(" ")}` : "",
    prices.length ? `Pricing: ${prices.join("; ")}.` : "",
  ].filter(Boolean);
  const quote = differentiator ? endSentence(differentiator) : endSentence(clean(brand.positioning));
  const quoteBy = founderName ? `${founderName}${role ? `, ${role} of ${name}` : `, ${name}`}` : name;
  const bio = founderName
    ? sentences(`${founderName} ${role ? `is ${role} of ${name}` : `runs ${name}`}`, what)
    : what;

  return {
    name,
    tagline: clean(brand.tagline),
    boilerplate50,
    boilerplate100,
    facts,
    keyFacts: (u?.facts ?? []).map(clean).filter(Boolean),
    prices,
    links,
    release: {
      headline,
      dateline: `${place ? `${place.toUpperCase()}, ` : ""}${longDate(date)}`,
      lead,
      body,
      quote,
      quoteBy,
      about: boilerplate100,
    },
    bio,
    colours: PALETTE_ROLES.map((role) => ({ role, hex: brand.palette[role] })),
  };
}

/** The press kit's address next to the page: https://acme.com/press, or …/p/<slug>/press. */
export function pressAddress(pageUrl: string): string {
  return pageUrl.endsWith("/") ? `${pageUrl}press` : `${pageUrl}/press`;
}

const COLOUR_NAMES: Record<string, string> = { primary: "Primary", secondary: "Secondary", accent: "Accent", background: "Background", text: "Text" };
export const colourName = (role: string) => COLOUR_NAMES[role] ?? role;

/** The press release as Markdown (press/press-release.md): every piece of text escaped (mdText), links as bare URLs. */
export function pressReleaseMarkdown(kit: PressKit, contactUrl: string | null): string {
  const out: string[] = [`# ${mdText(kit.release.headline)}`, "", `**${mdText(kit.release.dateline)}** — ${mdText(kit.release.lead)}`, ""];
  for (const p of kit.release.body) out.push(mdText(p), "");
  out.push(`> ${mdText(kit.release.quote)}`, ">", `> — ${mdText(kit.release.quoteBy)}`, "");
  out.push(`## About ${mdText(kit.name)}`, "", mdText(kit.release.about), "");
  out.push("## Media contact", "");
  out.push(contactUrl ? `Write to ${mdText(kit.release.quoteBy)} through the form at <${mdUrl(contactUrl)}>.` : mdText(kit.release.quoteBy));
  out.push("");
  return out.join("\n");
}

/** The fact sheet as Markdown (press/fact-sheet.md). */
export function factSheetMarkdown(kit: PressKit): string {
  const out: string[] = [`# ${mdText(kit.name)}: fact sheet`, "", `*${mdText(kit.tagline)}*`, ""];
  for (const f of kit.facts) out.push(`- **${mdText(f.label)}:** ${mdText(f.value)}`);
  out.push("");
  if (kit.keyFacts.length) {
    out.push("## Key facts", "");
    for (const f of kit.keyFacts) out.push(`- ${mdText(f)}`);
    out.push("");
  }
  if (kit.links.length) {
    out.push("## Links", "");
    for (const l of kit.links) out.push(`- ${mdText(l.label)}: <${mdUrl(l.url)}>`);
    out.push("");
  }
  out.push("## Founder", "", mdText(kit.bio), "");
  out.push("## Brand colours", "");
  for (const c of kit.colours) out.push(`- ${colourName(c.role)}: \`${c.hex}\``);
  out.push("");
  return out.join("\n");
}

/** The boilerplate as plain text (press/boilerplate.txt), both lengths with their counts. */
export function boilerplateText(kit: PressKit): string {
  return [
    `About ${kit.name} (${countWords(kit.boilerplate50)} words)`,
    "",
    kit.boilerplate50,
    "",
    `About ${kit.name} (${countWords(kit.boilerplate100)} words)`,
    "",
    kit.boilerplate100,
    "",
  ].join("\n");
}

/** The colours as plain text (press/colours.txt). */
export function coloursText(kit: PressKit): string {
  return `${kit.name}: brand colours\n\n${kit.colours.map((c) => `${colourName(c.role).padEnd(11)} ${c.hex}`).join("\n")}\n`;
}

/** The press kit's logo files: light, dark and the mark, as SVG and 1024 px PNG (the logo section's files, under plain names). */
export const PRESS_LOGOS: Array<{ name: string; from: string; label: string; dark: boolean }> = [
  { name: "logo.svg", from: "logo-horizontal.svg", label: "Logo, for light backgrounds (SVG)", dark: false },
  { name: "logo.png", from: "logo-horizontal-1024.png", label: "Logo, for light backgrounds (PNG)", dark: false },
  { name: "logo-dark.svg", from: "logo-horizontal-dark.svg", label: "Logo, for dark backgrounds (SVG)", dark: true },
  { name: "logo-dark.png", from: "logo-horizontal-dark-1024.png", label: "Logo, for dark backgrounds (PNG)", dark: true },
  { name: "mark.svg", from: "mark.svg", label: "The mark alone (SVG)", dark: false },
  { name: "mark.png", from: "mark-1024.png", label: "The mark alone (PNG)", dark: false },
];
