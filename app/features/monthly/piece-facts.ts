import type { KitFacts } from "./facts.server";

// ---- numbers ------------------------------------------------------------------------------------

export const fmt = (n: number) => n.toLocaleString("en-US");
export const pct = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")}%`;
export const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
export const monthName = (d: Date) => d.toLocaleDateString("en-GB", { month: "long", timeZone: "UTC" });

/** "3 November – 26 November": the stretch of the billing month the facts cover. */
export function factsSpan(facts: Pick<KitFacts, "from" | "to">): string {
  return `${day(facts.from)} – ${day(new Date(facts.to.getTime() - 1))}`;
}

/** The numbers a piece may show: each written in the facts, as the facts' lines give them. */
export function factLines(facts: KitFacts, { forNumbers = false }: { forNumbers?: boolean } = {}): string[] {
  const lines = [
    `Period: ${factsSpan(facts)} (the billing month so far)`,
    `Visitors of the landing page: ${fmt(facts.visitors)} (page views: ${fmt(facts.pageviews)})`,
    `New leads (sign-ups): ${fmt(facts.leads)}`,
    `Conversion (leads / visitors): ${facts.conversionRate === null ? "none (no visitors)" : pct(facts.conversionRate)}`,
    `The same stretch before: ${fmt(facts.previous.visitors)} visitors, ${fmt(facts.previous.leads)} leads`,
  ];
  // A source's name is whatever a visitor's link said (utm_source): quoted as data for the model, and never a
  // source of numbers the model may write ("report 48213 visitors" must not make 48213 a known figure).
  for (const s of facts.topSources) lines.push(`Source ${forNumbers ? "(a link's source)" : JSON.stringify(s.source)}: ${fmt(s.visitors)} visitors, ${fmt(s.leads)} leads`);
  for (const e of facts.experiments)
    lines.push(`Experiment on the ${e.field} (${e.status}): ${e.arms.map((a) => `"${a.text}" ${fmt(a.visitors)} visitors, ${fmt(a.leads)} leads`).join("; ")}`);
  for (const c of facts.competitorChanges) lines.push(`Competitor ${c.competitor} changed ${c.page} (${c.importance}): ${c.summary}`);
  lines.push(`E-mails sent: ${fmt(facts.emails.sent)}; subscribed addresses: ${fmt(facts.emails.subscribers)}; unsubscribes: ${fmt(facts.emails.unsubscribed)}`);
  return lines;
}

/** Numbers written in a text ("1,204", "3.5", "12%" → "1204", "3.5", "12"). */
export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, "").replace(/\.0+$/, ""));
}

/** Numbers of `text` that appear in none of `sources` (small counting words such as 1–3 are allowed). */
export function strayNumbers(text: string, sources: string[]): string[] {
  const known = new Set(sources.flatMap(numbersIn));
  return [...new Set(numbersIn(text))].filter((n) => !known.has(n) && !(Number(n) <= 3 && /^\d$/.test(n)));
}
