import { GenerationError, LOGO_ERRORS } from "./errors";
import { INPUT_FIELDS } from "./input";
import type { LogoConcept } from "./providers/types";

/**
 * Parses the concept reply defensively: models wrap JSON in code fences or
 * prose. Every input field gets a reasoning text (empty when the model skipped it).
 */
export function parseConcept(raw: string | null | undefined): LogoConcept {
  const text = raw?.trim();
  if (!text) throw new GenerationError(LOGO_ERRORS.emptyConcept);
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  }
  if (!parsed || typeof parsed !== "object") throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  const obj = parsed as Record<string, unknown>;
  const concept = typeof obj.final_logo_concept === "string" ? obj.final_logo_concept.trim() : "";
  if (!concept) throw new GenerationError(LOGO_ERRORS.unparseableConcept);
  const steps = obj.reasoning_steps && typeof obj.reasoning_steps === "object" ? (obj.reasoning_steps as Record<string, unknown>) : {};
  const reasoning_steps: Record<string, string> = {};
  for (const field of INPUT_FIELDS) {
    const value = steps[field];
    reasoning_steps[field] = typeof value === "string" ? value.trim() : value == null ? "" : JSON.stringify(value);
  }
  return { reasoning_steps, final_logo_concept: concept.slice(0, 2000) };
}
