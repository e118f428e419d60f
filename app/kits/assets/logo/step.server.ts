import { answerLines, type GenerationInput } from "~/generation/input";
import type { AIProvider } from "~/generation/providers/types";
import { answersSeed } from "~/kits/assets/brand/builtin";
import type { Brand } from "~/kits/brand/brand";
import { brandBrief } from "~/kits/brand/brief";
import { builtinMarks } from "./builtin-marks";
import type { Mark } from "./mark";
import { sanitizeMarkSvg } from "./sanitize";
import { ModelMarksSchema, type LogoContent } from "./schema";

const SYSTEM = [
  "You are a logo designer. Draw 3 different, simple, geometric logo marks (symbols only) as SVG.",
  "Each SVG: one <svg> element with a viewBox of 0 0 100 100, using only path, circle, ellipse, rect, line, polyline, polygon and g;",
  "flat fills with at most 3 colours taken from the brand palette; no text, no letters as <text>, no gradients, filters, images, styles or scripts.",
  "The marks must read clearly at 16 px and look professional at 1024 px.",
].join(" ");

/**
 * The logo step's vector part: three marks. From the text model, each SVG is
 * sanitised to a whitelist; marks that do not survive are replaced by builtin
 * geometric marks (and the section says so). The builtin provider draws its
 * own marks, seeded by the answers (and `salt` for a regeneration).
 */
export async function generateMarks(
  input: GenerationInput,
  brand: Brand,
  provider: AIProvider,
  signal?: AbortSignal,
  salt = "",
): Promise<LogoContent> {
  const fallback = builtinMarks(answersSeed(input, `marks${salt}`), input.brand_vibe, { name: brand.name });
  if (provider.name === "builtin") return { marks: fallback, selected: 0 };
  const answer = await provider.structured(
    {
      name: "logo_marks",
      schema: ModelMarksSchema,
      system: SYSTEM,
      user: `${answerLines(input, ["business_idea", "brand_vibe"]).join("\n")}\nBrand: ${brandBrief(brand)}\n${salt ? "Draw new marks, different from before." : ""}`,
      builtin: () => ({ marks: [] }),
      maxTokens: 6000,
    },
    signal,
  );
  const marks: Mark[] = [];
  for (const m of answer.marks) {
    const result = sanitizeMarkSvg(m.svg, { label: m.label });
    if (result.ok) marks.push(result.mark);
  }
  const dropped = answer.marks.length - marks.length;
  let i = 0;
  while (marks.length < 3) marks.push(fallback[i++]!);
  return {
    marks,
    selected: 0,
    ...(dropped > 0 || answer.marks.length < 3
      ? { note: `${3 - i} of the marks were drawn by the AI model; ${i} ${i === 1 ? "is a" : "are"} LaunchKit geometric mark${i === 1 ? "" : "s"} because the model's SVG was unusable or missing.` }
      : {}),
  };
}
