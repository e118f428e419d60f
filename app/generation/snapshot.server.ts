import type { LaunchKit } from "~/db/schema";
import type { KitSnapshot } from "./events.server";
import { liveSnapshot } from "./events.server";
import { STATUS_TEXT } from "./progress";

export function kitError(kit: Pick<LaunchKit, "generationMetadata">): string | null {
  const error = kit.generationMetadata?.error as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : null;
}

/** The current state of a kit's generation: the live channel when one exists, else the row. */
export function snapshotFor(kit: LaunchKit): { snapshot: KitSnapshot; seq: number } {
  const live = liveSnapshot(kit.id);
  if (live) return live;
  const done = kit.status !== "generating";
  const error = kit.status === "draft" ? kitError(kit) : null;
  return {
    seq: 0,
    snapshot: {
      status: kit.status,
      progress: kit.generationProgress ?? (kit.status === "completed" || kit.status === "exported" ? 100 : 0),
      statusText: kit.status === "completed" || kit.status === "exported" ? STATUS_TEXT.done : kit.status === "generating" ? STATUS_TEXT.prompt : "",
      prompt: kit.generatedPrompt ?? "",
      logoUrl: kit.generatedLogoUrl,
      error,
      done,
    },
  };
}
