import { answerLines, type GenerationInput } from "~/kit/input";
import type { AIProvider } from "~/ai/types";
import type { Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { MARK_DESIGNS, markDesign, motifMark } from "./builtin-marks";
import type { Mark } from "./mark";
import { knockFor, motifCandidates, offlineMarks } from "./marks.server";
import { sanitizeMarkSvg } from "./sanitize";
import { ModelMarksSchema, type LogoContent } from "./schema";

const SYSTEM = [
  "You are a logo designer. Compose 3 different logo marks for this business from an icon set: Tabler's outline icons, simple line icons with round ends.",
  "For each mark give a short label, a motif and a design.",
  "motif: exactly one icon name from the candidate list in the message (the names are the icons; pick the one that says most about what the business sells, not a generic one).",
  `design: one of ${MARK_DESIGNS.join(", ")} (circle, tile, shield, hexagon and seal are solid containers with the icon cut out of them; ring is the icon inside a thin circle; soft is a tinted tile; emblem is the icon alone; monogram is the brand's initial with the icon on a small disc).`,
  "The first mark must use the motif and design the message names for it: the concept art shows them. The other two should differ from it in motif or design.",
  "Only when no candidate fits may a mark give svg instead of motif: one <svg> with a viewBox of 0 0 100 100, using only path, circle, ellipse, rect, line, polyline, polygon and g,",
  "flat fills and strokes in at most 3 of the brand's colours, no text, gradients, filters, images, styles or scripts.",
].join(" ");

/**
 * The logo step's vector part: three marks. The builtin provider composes
 * them from the motifs chosen offline. The text model picks a motif (a name
 * of the candidate list, checked against the icon set) and a design for each,
 * and LaunchKit composes them the same way; a model's free-drawn SVG is
 * still taken, sanitised to a whitelist. Marks that are unusable are replaced
 * by LaunchKit's own (and the section says so).
 */
export async function generateMarks(
  input: GenerationInput,
  brand: Brand,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
): Promise<LogoContent> {
  const fallback = offlineMarks(input, brand, salt);
  if (provider.offline) return { marks: fallback, selected: 0 };
  const candidates = motifCandidates(input, brand);
  const first = fallback[0];
  const answer = await provider.structured(
    {
      name: "logo_marks",
      schema: ModelMarksSchema,
      system: SYSTEM,
      user: [
        ...answerLines(input, ["business_idea", "brand_vibe"]),
        `Brand: ${brandBrief(brand)}`,
        `Candidate motifs, best first: ${candidates.join(", ")}.`,
        `First mark: motif ${first.motif ?? candidates[0]}, design ${markDesign(first) ?? "circle"}.`,
        salt ? "Choose new marks, different from before." : "",
      ]
        .filter(Boolean)
        .join("\n"),
      builtin: () => ({ marks: [] }),
      maxTokens: 6000,
    },
    signal,
  );
  const opts = { name: brand.name, knock: knockFor(brand.palette) };
  const marks: Mark[] = [];
  for (const m of answer.marks) {
    const motif = m.motif?.trim().toLowerCase();
    const composed = motif ? motifMark(m.design?.trim().toLowerCase() ?? "", motif, input.brand_vibe, { ...opts, label: m.label }) : null;
    if (composed) marks.push({ ...composed, source: "ai" });
    else if (m.svg) {
      const result = sanitizeMarkSvg(m.svg, { label: m.label });
      if (result.ok) marks.push(result.mark);
    }
  }
  // The concept art shows the first motif: a model's mark of it goes first.
  const shown = marks.findIndex((m) => m.motif === first.motif);
  if (shown > 0) marks.unshift(...marks.splice(shown, 1));
  const used = answer.marks.length;
  const kept = marks.length;
  for (const m of fallback) if (marks.length < 3 && !marks.some((k) => k.body === m.body)) marks.push(m);
  for (const m of fallback) if (marks.length < 3) marks.push(m);
  const added = marks.length - kept;
  return {
    marks,
    selected: 0,
    ...(added > 0
      ? {
          note: `${kept} of the marks ${kept === 1 ? "was" : "were"} designed by the AI model; ${added} ${added === 1 ? "is a" : "are"} LaunchKit mark${added === 1 ? "" : "s"} because the model's ${used < 3 ? "answer had fewer than 3" : "choice was unusable"}.`,
        }
      : {}),
  };
}
