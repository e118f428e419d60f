import { type BusinessCategory, GENERAL_CATEGORY } from "./taxonomy";
import type { CategorySection, PaymentModel } from "./types";
import { type Reading, has, unique } from "./reading";
import { AUDIENCE_CHANNELS } from "./words.data";

// ---------------------------------------------------------------- channels and landing sections

export function channelsOf(category: BusinessCategory, r: Reading, customers: string, audience: string, local: boolean, payment: PaymentModel): string[] {
  const fromAudience: string[] = [];
  const who = `${customers} ${audience}`;
  for (const [re, channels] of AUDIENCE_CHANNELS) if (re.test(who)) fromAudience.push(...channels);
  const cued: string[] = [];
  for (const [word, channels] of Object.entries(category.channelCues ?? {})) if (has(r, word) || r.audienceLemmas.includes(` ${word} `)) cued.push(...channels);
  const localChannels = local ? ["Google Business Profile", "Nextdoor", "local Facebook groups"] : [];
  // Developers are not reached in neighbourhood groups: a developer audience keeps its own channels.
  const developerAudience = /\b(developers?|engineers?|programmers?)\b/i.test(who);
  const notLocal = (c: string) => !/^(Google Business Profile|Nextdoor|local Facebook groups|Yelp|Thumbtack|Google Maps)$/.test(c);
  const own = payment === "marketplace" || payment === "open-source" ? category.channels.filter(notLocal) : category.channels;
  return unique([...cued, ...fromAudience, ...own, ...(developerAudience ? [] : localChannels), ...GENERAL_CATEGORY.channels], 6);
}

export function sectionsOf(category: BusinessCategory, payment: PaymentModel, local: boolean, product: string): CategorySection[] {
  const byPayment: Record<PaymentModel, CategorySection[]> = {
    "local-service": ["service-area", "prices", "booking"],
    booking: ["booking", "prices"],
    "open-source": ["install", "repository"],
    subscription: /\b(box|kit|crate|bundle)\b/i.test(product) ? ["in-the-box", "prices"] : ["prices"],
    "one-off": [],
    free: [],
    marketplace: [],
    freemium: ["prices"],
  };
  const inPerson = new Set<CategorySection>(["service-area", "booking"]);
  const own = payment === "marketplace" || payment === "open-source" ? category.sections.filter((s) => !inPerson.has(s)) : category.sections;
  const sections = [...own, ...byPayment[payment], ...(local ? (["service-area"] as const) : [])];
  return [...new Set(sections)];
}
