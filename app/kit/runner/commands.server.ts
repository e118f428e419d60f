import { and, eq } from "drizzle-orm";
import { first, getDb, lockInTransaction, transaction } from "~/platform/db/client.server";
import { jobs, launchKits, type LaunchKit } from "~/platform/db/schema";
import { abortLocalJobs, announceWork, hasJob, jobId } from "~/platform/jobs/queue.server";
import { getAsset } from "~/kit/assets/assets.server";
// The queue runs a kit's jobs once the runner registered its handler (job.server.ts):
// whoever can start a generation has the runner loaded.
import "./job.server";
import { broadcastStop, openChannel, publish } from "./events.server";
import { PROGRESS, STATUS_TEXT } from "./progress";
import { STEPS } from "./steps.server";
import { CORE_STEP, isGenerating, priorityForOwner, startAssetWork } from "./work.server";

/**
 * What the app asks of a kit's generation: start it (the wizard, a retry),
 * stop it (the kit is deleted), regenerate one asset (the founder's
 * Regenerate). The runner (job.server.ts) does the work the queue hands it.
 */

export { isGenerating, startAssetWork } from "./work.server";

type Metadata = Record<string, unknown>;

export const MAX_CONCURRENT_PER_USER = 3;

/** Kits of the user being generated now, on any instance. */
export async function runningCountForUser(userId: string, except?: string) {
  const rows = await getDb()
    .select({ id: launchKits.id })
    .from(launchKits)
    .where(and(eq(launchKits.userId, userId), eq(launchKits.status, "generating")));
  return rows.filter((r) => r.id !== except).length;
}

/**
 * Stops a kit's generation and asset work (the kit is being deleted): no more
 * provider calls here or on another instance, and open live streams get a
 * final "failed" event instead of waiting forever.
 */
export async function stopGeneration(kitId: string, message: string) {
  const core = await isGenerating(kitId);
  await getDb().delete(jobs).where(eq(jobs.kitId, kitId));
  const reason = new Error(message);
  abortLocalJobs(kitId, reason);
  broadcastStop(kitId, message);
  if (core) publish(kitId, { type: "error", message });
}

const TOO_MANY_RUNNING = `You already have ${MAX_CONCURRENT_PER_USER} launch kits generating. Please wait for one to finish.`;

/**
 * Starts generating a kit, independent of the request that asked for it:
 * marks it generating and queues its core job, in one transaction that also
 * holds the per-user limit (MAX_CONCURRENT_PER_USER generating at once, on
 * every instance together) when `limit` is set. Returns null when it
 * started or was already running, else the message to show.
 */
export async function startGeneration(kit: LaunchKit, { limit = false }: { limit?: boolean } = {}): Promise<string | null> {
  const meta: Metadata = { ...(kit.generationMetadata ?? {}) };
  delete meta.error;
  delete meta.resumes;
  const priority = await priorityForOwner(kit.userId);
  const refused = await transaction(async (tx) => {
    await lockInTransaction(tx, `generation:${kit.userId}`);
    const existing = await first(tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId(kit.id, CORE_STEP))));
    if (existing) return "running";
    if (limit && (await runningCountForUser(kit.userId, kit.id)) >= MAX_CONCURRENT_PER_USER) return TOO_MANY_RUNNING;
    await tx
      .update(launchKits)
      .set({ status: "generating", generationProgress: PROGRESS.start, generationMetadata: meta, updatedAt: new Date() })
      .where(eq(launchKits.id, kit.id));
    await tx.insert(jobs).values({ id: jobId(kit.id, CORE_STEP), kitId: kit.id, step: CORE_STEP, priority, orderKey: `${Date.now().toString().padStart(15, "0")}:core` });
    return null;
  });
  if (refused === "running") return null;
  if (refused) return refused;
  openChannel(kit.id, {
    status: "generating",
    progress: PROGRESS.start,
    statusText: STATUS_TEXT.start,
    prompt: "",
    logoUrl: null,
    error: null,
    done: false,
  });
  publish(kit.id, { type: "progress", progress: PROGRESS.start, statusText: STATUS_TEXT.start, status: "generating" });
  await announceWork();
  return null;
}

/**
 * The founder's "Regenerate" (or "Generate brand" on a kit made before
 * brands existed). Returns a message when it cannot start now.
 */
export async function regenerateAsset(kit: LaunchKit, kind: string): Promise<string | null> {
  if (!STEPS[kind]) return "This part of the kit can't be regenerated.";
  if (kit.status === "generating" || (await isGenerating(kit.id))) return "The kit is still being generated. Please wait for it to finish.";
  const row = await getAsset(kit.id, kind);
  if (row && (row.status === "queued" || row.status === "generating") && (await hasJob(kit.id, kind))) return null;
  await startAssetWork(kit, [{ kind, salt: `v${(row?.version ?? 0) + 1}` }], { founder: true });
  return null;
}
