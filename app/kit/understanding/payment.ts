import type { BusinessCategory } from "./taxonomy";
import type { PaymentModel } from "./types";
import { type Reading, has } from "./reading";
import { FREE_NOT_A_PRICE } from "./words.data";

// ---------------------------------------------------------------- payment

export function paymentOf(category: BusinessCategory, r: Reading, idea: string): PaymentModel {
  const text = ` ${idea.toLowerCase().replace(FREE_NOT_A_PRICE, " ").replace(/[-‑]/g, " ").replace(/\s+/g, " ")} `;
  const test = (re: RegExp) => re.test(text);
  const paid = test(/\b(paid|premium|pro plan|paying|upgrade)\b/);
  const free = test(/\bfree\b(?! (shipping|delivery|trial|consultation|quote|quotes|estimate|estimates|returns|samples?|up|time|range)\b)/) || test(/\bfor free\b/);
  if (test(/\bopen source\b|\bfoss\b|\bself hosted\b/)) return "open-source";
  if (test(/\bfreemium\b|\bfree (tier|plan|version)\b/) || (free && paid)) return "freemium";
  if (test(/\bmarket ?place\b|\bpeer to peer\b|\bconnects? (\w+ ){1,3}(with|to) /)) return "marketplace";
  if (test(/\bsubscriptions?\b|\bsubscribe\b|\bmonthly\b|\bmembers?hips?\b|\bper month\b|\ba month\b|\/ ?(month|mo|year|yr)\b|\bretainers?\b|\bevery month\b|\bboxe?s?\b/)) return "subscription";
  // A nonprofit or a charity does not charge the people it serves.
  if (free || test(/\bnon ?profit\b|\bcharit(y|ies|able)\b/)) return "free";
  if (test(/\bvans?\b|\bsalons?\b|\brepairs?\b|\bcleaning\b|\bhouse calls?\b|\bcall outs?\b|\bat your (home|door|doorstep)\b|\bcomes? to you\b/)) return "local-service";
  if (test(/\bbookings?\b|\bbook (a|an|your|online|in)\b|\bappointments?\b|\breservations?\b/)) return "booking";
  for (const [cue, model] of Object.entries(category.paymentCues ?? {})) if (has(r, cue)) return model;
  return category.payment;
}
