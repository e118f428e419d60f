import type { Price, Understanding } from "./types";
import { MODEL_WORDS, PAYMENT_WORDS, PERIOD_WORDS } from "./words.data";

/** What every step's prompt is told of the business: the understanding and the founder's facts, in words. */
export function understandingContext(u: Understanding): string {
  return [
    `What is sold: ${u.product} (product word: "${u.productWord}"); to: ${u.customers}; where: ${u.place ?? "not tied to one place"}; paid: ${PAYMENT_WORDS[u.payment]}; category: ${u.categoryLabel}.`,
    `Keywords (real words of the business): ${u.keywords.slice(0, 8).join(", ")}.`,
    u.channels.length ? `Where its customers are: ${u.channels.slice(0, 5).join(", ")}.` : "",
    ...factLines(u),
  ]
    .filter(Boolean)
    .join("\n");
}

/** A price as a prompt states it: the founder's words, then what they mean ("$29/org (USD 29 per org, cloud tier)"). */
export function priceLine(p: Price): string {
  const meaning = [`${p.currency} ${p.amount}`, p.period ? PERIOD_WORDS[p.period] : "", p.per ? `per ${p.per}` : "", p.label ?? ""].filter(Boolean).join(", ");
  return `"${p.text}" (${meaning})`;
}

/**
 * The founder's facts for every prompt, and the rule that goes with them: these prices, places, ages and
 * names as given, and no other price or figure as theirs.
 */
export function factLines(u: Understanding): string[] {
  const lines: string[] = [];
  if (u.model) lines.push(`How it is sold: ${MODEL_WORDS[u.model]}.`);
  const prices = u.prices ?? [];
  const currencies = [...new Set(prices.map((p) => p.currency))];
  if (prices.length) lines.push(`The founder's prices (quote them as written, in ${currencies.join(" and ")}): ${prices.map(priceLine).join("; ")}.`);
  else if (u.prices) lines.push("The founder gave no price: show no price as theirs (say \"add your price\" where one is asked for).");
  if (u.serviceArea) lines.push(`Area served: ${u.serviceArea}${u.place ? ` (${u.place})` : ""}.`);
  if (u.ages) lines.push(`Ages or sizes: ${u.ages}.`);
  if (u.facts?.length) lines.push(`Facts in the founder's words (use them, keep their names and figures): ${u.facts.map((f) => `"${f}"`).join("; ")}.`);
  if (u.differentiator) lines.push(`What sets it apart, in their words: "${u.differentiator}".`);
  if (u.ecosystem) {
    const e = u.ecosystem;
    lines.push(
      `Ecosystem: ${e.language}; install: ${e.install ? `\`${e.install}\`` : `none given (use ${e.language}'s own way, never npm unless it is JavaScript; never invent a module path)`}${e.repository ? `; repository: ${e.repository}` : ""}.`,
    );
  }
  if (u.model || u.prices) {
    const currency = currencies.length ? ` Market estimates are labelled estimates, in ${currencies.join(" and ")}.` : " Market estimates are labelled estimates.";
    lines.push(`Never invent a price, a figure, a customer count or a currency the founder did not give.${currency}`);
  }
  return lines;
}
