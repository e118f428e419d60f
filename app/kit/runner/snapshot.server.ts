import type { LaunchKit } from "~/platform/db/schema";
import { assetsOfKit } from "~/kit/assets/assets.server";
import type { AssetState, KitSnapshot } from "./events.server";
import { liveSnapshot } from "./events.server";
import { STATUS_TEXT } from "./progress";

export function kitError(kit: Pick<LaunchKit, "generationMetadata">): string | null {
  const error = kit.generationMetadata?.error as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : null;
}

export async function assetStates(kitId: string): Promise<Record<string, AssetState>> {
  const out: Record<string, AssetState> = {};
  for (const row of await assetsOfKit(kitId)) out[row.kind] = { status: row.status, version: row.version, error: row.error };
  return out;
}

/** True while any asset of the kit waits or runs. */
export function assetsPending(assets: Record<string, AssetState>) {
  return Object.values(assets).some((a) => a.status === "queued" || a.status === "generating");
}

/** The current state of a kit's generation: the live channel when one exists, else the row. */
export async function snapshotFor(kit: LaunchKit): Promise<{ snapshot: KitSnapshot; seq: number }> {
  const assets = await assetStates(kit.id);
  const live = liveSnapshot(kit.id);
  if (live) return { seq: live.seq, snapshot: { ...live.snapshot, assets } };
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
      assets,
    },
  };
}
