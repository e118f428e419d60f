import { MIN_VISITORS_PER_ARM, type ExperimentReading } from "~/features/analytics/stats";
import { armLabel } from "./schema";

/** How the experiments panel writes its numbers and verdicts (client-safe). */

const count = (n: number) => n.toLocaleString("en-US");

export function percent(rate: number, digits = 1): string {
  return `${(100 * rate).toFixed(digits)}%`;
}

/** A probability as a percentage, never "100%" or "0%" (nothing is certain). */
export function chance(p: number | null): string {
  if (p === null) return "—";
  if (p > 0.999) return ">99.9%";
  if (p < 0.001) return "<0.1%";
  return percent(p);
}

/** Expected loss, in percentage points of conversion rate. */
export function points(loss: number | null): string {
  if (loss === null) return "—";
  const pts = 100 * loss;
  return pts < 0.01 ? "<0.01 pts" : `${pts.toFixed(2)} pts`;
}

export function pValue(p: number | null): string {
  if (p === null) return "—";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}

export function visitorsNeeded(n: number | null): string {
  return n === null ? "—" : count(n);
}

/** Each version's visitors, exactly: "170 visitors on the original, 189 on Variant B and 121 on Variant C". */
export function visitorsPerVersion(reading: { arms: ReadonlyArray<{ key: string; visitors: number }> }): string {
  const parts = reading.arms.map((a, i) => `${i === 0 ? `${count(a.visitors)} ${a.visitors === 1 ? "visitor" : "visitors"}` : count(a.visitors)} on ${a.key === "a" ? "the original" : armLabel(a.key)}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** The verdict in one plain sentence. */
export function verdictSentence(reading: ExperimentReading): string {
  const v = reading.verdict;
  switch (v.kind) {
    case "too-early":
      return `Too early to call: no winner is named before every version has ${MIN_VISITORS_PER_ARM} visitors (so far ${visitorsPerVersion(reading)}).`;
    case "mismatch":
      return "No winner can be named: the visitors are not split evenly between the versions (see the warning), so the numbers can't be trusted.";
    case "winner": {
      const arm = reading.arms.find((a) => a.key === v.key)!;
      return `${armLabel(v.key)} is ahead: a ${chance(arm.probabilityToBeat)} chance of beating the original, and little to lose by choosing it.`;
    }
    case "original":
      return "The original is ahead: every variant is very likely worse. Keep the original.";
    case "undecided":
      return "No clear winner yet: the difference could still be chance. Keep it running for more visitors, or stop it.";
  }
}

/** With little traffic, the smallest change the visitors so far could show, said plainly. */
export function trafficSentence(reading: ExperimentReading): string | null {
  if (!reading.littleTraffic) return null;
  const fewest = Math.min(...reading.arms.map((a) => a.visitors));
  if (reading.arms.every((a) => a.visitors === 0)) return "No visitors yet: share the page's address to start.";
  const each = `With ${visitorsPerVersion(reading)} so far`;
  if (fewest === 0) return `${each}, nothing can be compared yet: every version needs visitors first.`;
  if (reading.detectableEffect === null) return `${each}, no difference can be told apart from chance yet: only large differences can be detected, and only with more visitors.`;
  const from = reading.baseline;
  return `${each}, only large differences can be detected: a variant would have to lift sign-ups from the original's ${percent(from)} to about ${percent(from + reading.detectableEffect)} of visitors or more (reckoned at ${count(fewest)} visitors, the fewest a version has). Smaller differences need many more visitors.`;
}

/** Why the chance to beat the original and the expected loss are not shown yet, when they are not. */
export function waitingSentence(reading: ExperimentReading): string | null {
  const empty = reading.arms.filter((a) => a.visitors === 0);
  if (empty.length === 0 || empty.length === reading.arms.length) return null;
  return `The chance of beating the original and the expected loss are shown once a version and the original both have visitors: ${empty.map((a) => (a.key === "a" ? "the original" : armLabel(a.key))).join(" and ")} ${empty.length === 1 ? "has" : "have"} none yet.`;
}

export function mismatchSentence(reading: ExperimentReading): string | null {
  if (!reading.srm?.mismatch) return null;
  return `Warning: the versions got uneven numbers of visitors (${visitorsPerVersion(reading)}; χ² p ${pValue(reading.srm.pValue)}). Each should get about the same share. Something other than chance is at work (a link to one version, a cached page, counting errors): don't trust these results.`;
}

/** The warning a past experiment was stopped under, with what was decided, for the list of past experiments. */
export function srmAtStopSentence(srm: { visitors: Array<{ key: string; visitors: number }>; pValue: number }, appliedKey: string | null): string {
  const split = visitorsPerVersion({ arms: srm.visitors });
  const decided = appliedKey && appliedKey !== "a" ? `${armLabel(appliedKey)} was applied anyway, after a second confirmation.` : "The original was kept.";
  return `Stopped under the uneven-split warning: ${split} (χ² p ${pValue(srm.pValue)}), so its results can't be trusted. ${decided}`;
}
