import { csvRow } from "~/platform/text/csv.server";
import type { AdsContent } from "./schema";
import { META_CTAS } from "./schema";

/**
 * ads.csv: one row per variant and network, the fields in the order the ad
 * managers ask for them (Google: headlines then descriptions; Meta: primary
 * text, headline, description, button). Formula-safe cells (csvCell).
 */
export const ADS_CSV_COLUMNS = [
  "Variant", "Angle", "What it tests", "Network",
  "Headline 1", "Headline 2", "Headline 3", "Headline 4", "Headline 5",
  "Description 1", "Description 2",
  "Primary text", "Call to action", "Call to action (API)",
] as const;

export function adsCsv(ads: AdsContent): string {
  const rows = ads.variants.flatMap((v, i) => {
    const head = [String(i + 1), v.angle, v.hypothesis];
    const cta = META_CTAS.find((c) => c.label === v.meta.cta);
    return [
      csvRow([...head, "Google search", ...v.google.headlines, ...v.google.descriptions, "", "", ""]),
      csvRow([...head, "Meta feed", v.meta.headline, "", "", "", "", v.meta.description, "", v.meta.primaryText, v.meta.cta, cta?.type ?? ""]),
    ];
  });
  return "\uFEFF" + csvRow([...ADS_CSV_COLUMNS]) + rows.join("");
}
