import { MIN_VISITORS_PER_ARM, type ExperimentReading } from "~/analytics/stats";
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

/** The verdict in one plain sentence. */
export function verdictSentence(reading: ExperimentReading): string {
  const v = reading.verdict;
  switch (v.kind) {
    case "too-early": {
      const fewest = Math.min(...reading.arms.map((a) => a.visitors));
      return `Too early to call: no winner is named before every version has ${MIN_VISITORS_PER_ARM} visitors (the fewest so far: ${count(fewest)}).`;
    }
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
  if (fewest === 0) return "No visitors yet: share the page's address to start.";
  const each = `With ${count(fewest)} visitors per version so far`;
  if (reading.detectableEffect === null) return `${each}, no difference can be told apart from chance yet: only large differences can be detected, and only with more visitors.`;
  const from = reading.baseline;
  return `${each}, only large differences can be detected: a rise from about ${percent(from)} to ${percent(from + reading.detectableEffect)} of visitors signing up, or more. Smaller differences need many more visitors.`;
}

export function mismatchSentence(reading: ExperimentReading): string | null {
  if (!reading.srm?.mismatch) return null;
  return `Warning: the versions got uneven numbers of visitors (${reading.arms.map((a) => count(a.visitors)).join(" / ")}; χ² p ${pValue(reading.srm.pValue)}). Each should get about the same share. Something other than chance is at work (a link to one version, a cached page, counting errors): don't trust these results.`;
}
