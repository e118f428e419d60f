import type { LaunchKit } from "~/platform/db/schema";
import { enqueue, hasJob, jobPriority } from "~/platform/jobs/queue.server";
import { getAsset, queueAsset } from "~/kit/assets/assets.server";
import { entitlementsFor } from "~/kit/plans/entitlements.server";
import { publish } from "./events.server";
import { STEPS } from "./steps.server";

/** What the runner and the commands share: the core step's name, a kit's priority, and queueing asset work. */

export const CORE_STEP = "core";

/** The priority of `userId`'s kit steps: their effective plan, read now (the queue knows no plans). */
export async function priorityForOwner(userId: string, { founder = false } = {}) {
  return jobPriority({ pro: (await entitlementsFor(userId)).effectivePlan === "pro", founder });
}

/** Is the kit's core generation waiting or running (on any instance)? */
export async function isGenerating(kitId: string) {
  return hasJob(kitId, CORE_STEP);
}

export async function publishAsset(kitId: string, kind: string) {
  const row = await getAsset(kitId, kind);
  if (row) publish(kitId, { type: "asset", kind, status: row.status, version: row.version, error: row.error });
}

/**
 * Queues asset steps of a kit: one job each, run side by side as the kit
 * plan's order allows (queue.server.ts claims). A step's failure fails only
 * its asset; a regeneration keeps the previous version until the new one
 * succeeds.
 *
 * `founder` marks a request the founder is waiting for (a Regenerate button):
 * it goes ahead of the kit's remaining background assets instead of behind
 * them, so one rewritten post does not wait for a whole deck and landing page.
 */
export async function startAssetWork(kit: LaunchKit, steps: Array<{ kind: string; salt: string }>, { founder = false } = {}) {
  const wanted = steps.filter((s) => STEPS[s.kind]);
  if (wanted.length === 0) return;
  for (const s of wanted) {
    await queueAsset(kit.id, s.kind);
    await publishAsset(kit.id, s.kind);
  }
  const priority = await priorityForOwner(kit.userId, { founder });
  await enqueue(kit.id, wanted.map((s) => ({ step: s.kind, salt: s.salt, priority })));
}
