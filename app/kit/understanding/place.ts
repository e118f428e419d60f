import type { GenerationInput } from "~/kit/input";
import { type Reading, type Token, tokenize } from "./reading";
import { NOT_PLACES, NO_PLACE_ANSWERS, PHRASE_BREAKS, TOOL_NAMES } from "./words.data";

// ---------------------------------------------------------------- place

/** A word that is a tool or a language, never a place. */
export function notPlace(t: Token): boolean {
  return NOT_PLACES.has(t.lower) || TOOL_NAMES.has(t.lower);
}

/**
 * Whether the answers name `place` as a place: the market answer says it, or the idea has it outside
 * parentheses and none of its words is a tool, a language or an unknown acronym ("CI", "Terraform").
 */
export function isPlaceInAnswers(input: GenerationInput, place: string): boolean {
  const p = place.trim().toLowerCase();
  if (!p) return false;
  const market = String(input.geographic_market ?? "").toLowerCase();
  if (!NO_PLACE_ANSWERS.test(market.trim()) && market.includes(p)) return true;
  const unglossed = String(input.business_idea ?? "").replace(/\([^()]*\)/g, " ").replace(/\s+/g, " ");
  if (!unglossed.toLowerCase().includes(p)) return false;
  const words = place.split(/[\s,]+/).filter(Boolean);
  return words.every((w) => !NOT_PLACES.has(w.toLowerCase()) && !TOOL_NAMES.has(w.toLowerCase()) && !(/^[A-Z]{2,}$/.test(w) && !tokenize(w).flat()[0]?.place));
}

export function placeOf(input: GenerationInput, r: Reading, idea: string): string | null {
  // A place named in the idea is the most precise ("Austin" in a market of "United States"). A term in
  // parentheses is a gloss ("CI (GitHub Actions)", "Lisbon (Arroios)"): never the place itself.
  const unglossed = idea.replace(/\([^()]*\)/g, " ").replace(/\s+/g, " ");
  const sentences = unglossed === idea ? r.sentences : tokenize(unglossed);
  for (const sentence of sentences) {
    for (let i = 0; i < sentence.length; i++) {
      const t = sentence[i]!;
      const prev = sentence[i - 1];
      const next = sentence[i + 1];
      const afterIn = !!prev && /^(in|near|around|across|throughout|serving|from)$/.test(prev.lower);
      if (!/^\p{Lu}/u.test(t.text) || notPlace(t)) continue;
      // "in Terraform plans", "in Shopify stores": a name compromise does not know as a place, before a
      // lower-case noun, names the kind of thing, not where.
      const modifier = !t.place && !!next && !t.breakAfter && /^\p{Ll}/u.test(next.text) && next.noun && !PHRASE_BREAKS.has(next.lower);
      // An acronym is a place only when compromise knows it as one ("UK", "NYC"), never "CI" or "HR".
      const acronym = /^[A-Z]{2,}$/.test(t.text) && !t.place;
      if (!(t.place || (afterIn && t.proper && i > 1 && !modifier && !acronym))) continue;
      const words = [t.text];
      for (let j = i - 1; j > 0 && words.length < 3; j--) {
        const b = sentence[j]!;
        if (b.breakAfter || !/^\p{Lu}/u.test(b.text) || !(b.proper || b.adjective) || PHRASE_BREAKS.has(b.lower) || notPlace(b)) break;
        words.unshift(b.text);
      }
      for (let j = i + 1; j < sentence.length && words.length < 4; j++) {
        const n = sentence[j]!;
        if (sentence[j - 1]!.breakAfter || !/^\p{Lu}/u.test(n.text) || !(n.place || n.proper) || notPlace(n)) break;
        words.push(n.text);
      }
      return words.join(" ");
    }
  }
  const market = (input.geographic_market ?? "").trim().replace(/\s+/g, " ");
  if (!market || NO_PLACE_ANSWERS.test(market) || /^(global|worldwide|online|international|remote|anywhere)\b/i.test(market)) return null;
  const short = market.split(/\s*(?:;|\(|\band\b|\bplus\b|\/)\s*/i)[0]!.trim().replace(/[.,]+$/, "");
  return short.length > 40 ? (short.split(",")[0]!.trim().slice(0, 40) || null) : short || null;
}
