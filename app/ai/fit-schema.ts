import type { z } from "zod";
import { trimToLimit } from "~/platform/text/text";

/**
 * Cuts generated content down to a schema's maximum lengths instead of failing
 * it: a text over its maximum is cut at a word boundary with "…", a list over
 * its maximum count loses its tail. A model (or a template fed long wizard
 * answers) cannot always see a limit, and losing the end of one sentence is
 * better than losing the asset. Anything else wrong is left for validation.
 */

const MAX_PASSES = 4;

type Container = Record<string | number, unknown>;

export function fitToSchema(schema: z.ZodType, value: unknown): unknown {
  let current = value;
  // Zod reports some issues only once others are gone (an object's refinement after its fields): a few passes.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const result = schema.safeParse(current);
    if (result.success) return current;
    const tooBig = result.error.issues.filter(
      (i): i is z.core.$ZodIssueTooBig => i.code === "too_big" && (i.origin === "string" || i.origin === "array") && typeof i.maximum === "number",
    );
    if (!tooBig.length) return current;
    if (pass === 0) current = structuredClone(current);
    for (const issue of tooBig) current = fitAt(current, issue.path as PropertyKey[], Number(issue.maximum));
  }
  return current;
}

function fit(v: unknown, max: number): unknown {
  if (typeof v === "string") return trimToLimit(v.trim(), max, (t) => t.length).text;
  if (Array.isArray(v)) return v.slice(0, max);
  return v;
}

/** `root` with the value at `path` cut to `max`; the root itself when the path is empty. */
function fitAt(root: unknown, path: PropertyKey[], max: number): unknown {
  if (!path.length) return fit(root, max);
  let parent = root as Container;
  for (const key of path.slice(0, -1)) {
    const next = parent?.[key as string];
    if (typeof next !== "object" || next === null) return root;
    parent = next as Container;
  }
  const last = path[path.length - 1] as string;
  if (parent && last in parent) parent[last] = fit(parent[last], max);
  return root;
}
