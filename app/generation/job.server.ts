import { eq } from "drizzle-orm";
import OpenAI from "openai";
import { getDb } from "~/db/client.server";
import { launchKits, logoImages, type LaunchKit } from "~/db/schema";
import { assetsOfKit, failAsset, getAsset, markGenerating, queueAsset, saveAssetContent, unfinishedAssets } from "~/kits/assets/assets.server";
import { generateMarks } from "~/kits/assets/logo/step.server";
import { BrandSchema, type Brand } from "~/kits/brand/brand";
import { brandBrief } from "~/kits/brand/brief";
import { getKit, updateKit } from "~/kits/kits.server";
import { kindsToRun, missingDependency } from "~/kits/plan";
import { STEPS } from "~/kits/steps.server";
import { onShutdown, onStartup } from "~/lifecycle.server";
import { logError } from "~/utils/log.server";
import {
  assetErrorMessage,
  BRAND_ERROR,
  GenerationError,
  INTERRUPTED_MESSAGE,
  logoErrorMessage,
  promptErrorMessage,
} from "./errors";
import { closeAllStreams, openChannel, publish } from "./events.server";
import { generationInput } from "./input";
import { nextLogoProgress, nextPromptProgress, PROGRESS, PROMPT_CHARS_PER_STEP, STATUS_TEXT } from "./progress";
import { imagePrompt } from "./prompts";
import { getProvider } from "./providers/index.server";

/**
 * The step runner: the one place that decides where a kit's steps run. Here,
 * in this process: the core steps (brand → prompt → logo) in the spec's
 * generation flow with its progress sequence, then the background assets one
 * by one. The asset rows are the durable state: a restart resumes what was
 * unfinished and never redoes a ready asset.
 */

type Run = { userId: string; controller: AbortController; done: Promise<void> };

/** Core generations running in this process, by kit. */
const running = new Map<string, Run>();
/** Background asset work (after completion, regenerations), by kit. */
const background = new Map<string, Run & { queue: Array<{ kind: string; salt: string }> }>();

export const MAX_CONCURRENT_PER_USER = 3;
/** A kit interrupted this many times (crashes mid-generation) stops resuming and waits for a Retry. */
const MAX_RESUMES = 3;

export function runningCountForUser(userId: string) {
  let n = 0;
  for (const job of running.values()) if (job.userId === userId) n++;
  return n;
}

export function isGenerating(kitId: string) {
  return running.has(kitId);
}

/** True while the kit has background asset work in this process. */
export function hasAssetWork(kitId: string) {
  return background.has(kitId);
}

/**
 * Stops a kit's generation and asset work (the kit is being deleted): no more
 * provider calls, and open live streams get a final "failed" event instead of
 * waiting forever.
 */
export function stopGeneration(kitId: string, message: string) {
  const job = running.get(kitId);
  const bg = background.get(kitId);
  if (bg) {
    bg.queue.length = 0;
    bg.controller.abort(new Error(message));
  }
  if (!job) return;
  job.controller.abort(new Error(message));
  publish(kitId, { type: "error", message });
}

export function logoUrlFor(kitId: string, version: number) {
  return `/kits/${kitId}/logo?v=${version}`;
}

type Metadata = Record<string, unknown>;

function setProgress(kitId: string, progress: number, statusText: string, status: LaunchKit["status"] = "generating", metadata?: Metadata) {
  updateKit(kitId, { generationProgress: progress, status, ...(metadata ? { generationMetadata: metadata } : {}) });
  publish(kitId, { type: "progress", progress, statusText, status });
}

export function publishAsset(kitId: string, kind: string) {
  const row = getAsset(kitId, kind);
  if (row) publish(kitId, { type: "asset", kind, status: row.status, version: row.version, error: row.error });
}

/** The ready content of an asset, parsed with its schema; null when missing or unreadable. */
export function readyContent<T>(kitId: string, kind: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  const row = getAsset(kitId, kind);
  if (!row || row.version === 0 || row.content == null) return null;
  const parsed = schema.safeParse(row.content);
  return parsed.success ? parsed.data : null;
}

export function kitBrand(kitId: string): Brand | null {
  return readyContent(kitId, "brand", BrandSchema);
}

/**
 * Starts (or resumes) generating a kit in this process, independent of the
 * request that asked for it. Returns false when it is already running.
 */
export function startGeneration(kit: LaunchKit, options: { resumed?: boolean } = {}): boolean {
  if (running.has(kit.id)) return false;
  const controller = new AbortController();
  const meta: Metadata = { ...(kit.generationMetadata ?? {}) };
  delete meta.error;
  if (options.resumed) meta.resumes = (Number(meta.resumes) || 0) + 1;
  else delete meta.resumes;
  openChannel(kit.id, {
    status: "generating",
    progress: PROGRESS.start,
    statusText: STATUS_TEXT.start,
    prompt: "",
    logoUrl: null,
    error: null,
    done: false,
  });
  setProgress(kit.id, PROGRESS.start, STATUS_TEXT.start, "generating", meta);
  const done = runPipeline(kit, meta, controller.signal)
    .catch((error) => logError("generation crashed", error, { kitId: kit.id }))
    .finally(() => running.delete(kit.id));
  running.set(kit.id, { userId: kit.userId, controller, done });
  return true;
}

type Stage = "brand" | "prompt" | "concept" | "image";

async function runPipeline(kit: LaunchKit, meta: Metadata, signal: AbortSignal) {
  const provider = getProvider();
  const input = generationInput(kit);
  let stage: Stage = "brand";
  try {
    // 1. The brand, while the founder reads "Analyzing your business idea..." (progress 10).
    let brand = kitBrand(kit.id);
    if (!brand) {
      markGenerating(kit.id, "brand");
      publishAsset(kit.id, "brand");
      brand = BrandSchema.parse(await STEPS.brand!.run({ kit, input, provider, signal, salt: "", brand: null, content: () => null }));
      signal.throwIfAborted();
      saveAssetContent(kit.id, "brand", brand);
      publishAsset(kit.id, "brand");
    }
    const brief = brandBrief(brand);

    // 2. The website prompt, streamed; each PROMPT_CHARS_PER_STEP characters is a progress message.
    stage = "prompt";
    const promptRow = getAsset(kit.id, "prompt");
    const existingPrompt = getKit(kit.id)?.generatedPrompt;
    if (promptRow && promptRow.version > 0 && existingPrompt) {
      publish(kit.id, { type: "prompt-final", prompt: existingPrompt });
    } else {
      markGenerating(kit.id, "prompt");
      publishAsset(kit.id, "prompt");
      let progress: number = PROGRESS.start;
      let streamed = 0;
      let nextTick = PROMPT_CHARS_PER_STEP;
      const prompt = await provider.writePrompt(
        input,
        (delta) => {
          publish(kit.id, { type: "prompt", delta });
          streamed += delta.length;
          while (streamed >= nextTick && progress < PROGRESS.promptMax) {
            progress = nextPromptProgress(progress);
            nextTick += PROMPT_CHARS_PER_STEP;
            setProgress(kit.id, progress, STATUS_TEXT.prompt);
          }
        },
        signal,
        brief,
      );
      signal.throwIfAborted();
      if (progress < PROGRESS.promptMax) {
        progress = nextPromptProgress(progress);
        setProgress(kit.id, progress, STATUS_TEXT.prompt);
      }
      const generatedAt = new Date().toISOString();
      Object.assign(meta, { input_data: input, generated_at: generatedAt, model: provider.textModel, provider: provider.name });
      updateKit(kit.id, { generatedPrompt: prompt, generationMetadata: meta });
      saveAssetContent(kit.id, "prompt", { characters: prompt.length });
      publishAsset(kit.id, "prompt");
      publish(kit.id, { type: "prompt-final", prompt });
    }
    setProgress(kit.id, PROGRESS.savingPrompt, STATUS_TEXT.savingPrompt);

    // 3. The logo: concept art (concept, then image: +5 each), then the vector marks.
    const logoRow = getAsset(kit.id, "logo");
    const current = getKit(kit.id);
    if (!(logoRow && logoRow.version > 0 && current?.generatedLogoUrl)) {
      markGenerating(kit.id, "logo");
      publishAsset(kit.id, "logo");
      stage = "concept";
      const concept = await provider.logoConcept(input, signal);
      let progress = nextLogoProgress(PROGRESS.savingPrompt);
      setProgress(kit.id, progress, STATUS_TEXT.concept);
      stage = "image";
      const logoPrompt = `${imagePrompt(concept.final_logo_concept, input)} Brand colours: ${brand.palette.primary}, ${brand.palette.secondary}, ${brand.palette.accent}.`;
      const image = await provider.logoImage(logoPrompt, input, signal);
      signal.throwIfAborted();
      progress = nextLogoProgress(progress);
      setProgress(kit.id, progress, STATUS_TEXT.image);
      const version = Date.now();
      const logoUrl = logoUrlFor(kit.id, version);
      Object.assign(meta, {
        logo_reasoning: concept.reasoning_steps,
        logo_concept: concept.final_logo_concept,
        logo_generated_at: new Date(version).toISOString(),
        image_model: provider.imageModel,
        business_name: brand.name,
      });
      getDb().transaction((tx) => {
        tx.insert(logoImages)
          .values({ kitId: kit.id, contentType: image.contentType, data: image.data })
          .onConflictDoUpdate({ target: logoImages.kitId, set: { contentType: image.contentType, data: image.data, createdAt: new Date() } })
          .run();
        tx.update(launchKits)
          .set({ generatedLogoUrl: logoUrl, logoPrompt, generationMetadata: meta, updatedAt: new Date() })
          .where(eq(launchKits.id, kit.id))
          .run();
      });
      publish(kit.id, { type: "logo", url: logoUrl });
      const marks = await marksOrFallback(kit, brand, signal);
      signal.throwIfAborted();
      saveAssetContent(kit.id, "logo", marks);
      publishAsset(kit.id, "logo");
    }

    setProgress(kit.id, PROGRESS.finalizing, STATUS_TEXT.finalizing);
    const final = { ...(getKit(kit.id)?.generationMetadata ?? meta) };
    delete final.resumes;
    updateKit(kit.id, { status: "completed", generationProgress: PROGRESS.done, generationMetadata: final });
    // Queue the background assets before "complete", so a stream never sees a finished kit with nothing pending.
    startAssetWork(kit, kindsToRun(assetsOfKit(kit.id), "background").map((kind) => ({ kind, salt: "" })));
    publish(kit.id, { type: "progress", progress: PROGRESS.done, statusText: STATUS_TEXT.done, status: "completed" });
    publish(kit.id, { type: "complete" });
  } catch (error) {
    // Shutting down (start-up resumes the kit) or stopped because the kit is being deleted.
    if (signal.aborted) return;
    const message =
      stage === "brand"
        ? assetErrorMessage(error, provider.textModel, BRAND_ERROR)
        : stage === "prompt"
          ? promptErrorMessage(error, provider.textModel)
          : logoErrorMessage(error, stage === "concept" ? { setting: "AI_TEXT_MODEL", model: provider.textModel } : { setting: "AI_IMAGE_MODEL", model: provider.imageModel });
    logStepError(error, kit.id, stage);
    failAsset(kit.id, stage === "concept" || stage === "image" ? "logo" : stage, message);
    publishAsset(kit.id, stage === "concept" || stage === "image" ? "logo" : stage);
    failKit(kit.id, message);
  }
}

/**
 * The vector marks of the core flow. The concept art already succeeded, so a
 * model that cannot draw usable SVG does not fail the kit: LaunchKit's
 * geometric marks stand in and the logo section says why.
 */
async function marksOrFallback(kit: LaunchKit, brand: Brand, signal: AbortSignal) {
  const input = generationInput(kit);
  try {
    return await generateMarks(input, brand, getProvider(), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    logStepError(error, kit.id, "marks");
    const fallback = await generateMarks(input, brand, { ...getProvider(), name: "builtin" }, signal);
    return { ...fallback, note: "The AI model could not draw usable vector marks, so these are LaunchKit's geometric marks. Use Regenerate to ask the model again." };
  }
}

function logStepError(error: unknown, kitId: string, stage: string) {
  if (error instanceof OpenAI.APIError) {
    // An answer from the provider: one line is enough (never the key).
    logError("generation failed", undefined, { kitId, stage, status: error.status, code: error.code ?? null });
  } else if (!(error instanceof GenerationError)) {
    logError("generation failed", error, { kitId, stage });
  }
}

/** The spec sets no failed status: back to draft, progress cleared, the message kept for the kit page. */
function failKit(kitId: string, message: string) {
  const kit = getKit(kitId);
  if (!kit) return;
  updateKit(kitId, {
    status: "draft",
    generationProgress: null,
    generationMetadata: { ...(kit.generationMetadata ?? {}), error: { message, at: new Date().toISOString() } },
  });
  publish(kitId, { type: "error", message });
}

// ---- Background assets -------------------------------------------------------

/**
 * Queues asset steps of a kit and runs them one by one in the background (a
 * kit has at most one such worker). A step's failure fails only its asset; a
 * regeneration keeps the previous version until the new one succeeds.
 *
 * `founder` marks a request the founder is waiting for (a Regenerate button):
 * it goes ahead of the kit's remaining background assets instead of behind
 * them, so one rewritten post does not wait for a whole deck and landing page.
 */
export function startAssetWork(kit: LaunchKit, steps: Array<{ kind: string; salt: string }>, { founder = false } = {}) {
  const wanted = steps.filter((s) => STEPS[s.kind]);
  if (wanted.length === 0) return;
  for (const s of wanted) {
    queueAsset(kit.id, s.kind);
    publishAsset(kit.id, s.kind);
  }
  const existing = background.get(kit.id);
  if (existing) {
    if (founder) {
      existing.queue = existing.queue.filter((q) => !wanted.some((s) => s.kind === q.kind));
      existing.queue.unshift(...wanted);
    } else {
      for (const s of wanted) if (!existing.queue.some((q) => q.kind === s.kind)) existing.queue.push(s);
    }
    return;
  }
  const controller = new AbortController();
  const entry = { userId: kit.userId, controller, queue: [...wanted], done: Promise.resolve() };
  background.set(kit.id, entry);
  entry.done = drain(kit, entry)
    .catch((error) => logError("asset work crashed", error, { kitId: kit.id }))
    .finally(() => {
      if (background.get(kit.id) === entry) background.delete(kit.id);
    });
}

async function drain(kit: LaunchKit, entry: { controller: AbortController; queue: Array<{ kind: string; salt: string }> }) {
  const provider = getProvider();
  const input = generationInput(kit);
  const signal = entry.controller.signal;
  while (entry.queue.length > 0 && !signal.aborted) {
    const { kind, salt } = entry.queue.shift()!;
    const step = STEPS[kind]!;
    const missing = missingDependency(kind, assetsOfKit(kit.id));
    if (missing) {
      failAsset(kit.id, kind, `Needs the ${missing} first: generate it, then retry this one.`);
      publishAsset(kit.id, kind);
      continue;
    }
    markGenerating(kit.id, kind);
    publishAsset(kit.id, kind);
    try {
      const content = step.schema.parse(
        await step.run({
          kit,
          input,
          provider,
          signal,
          salt,
          brand: kitBrand(kit.id),
          content: (other) => getAsset(kit.id, other)?.content ?? null,
        }),
      );
      if (signal.aborted) return;
      saveAssetContent(kit.id, kind, content);
    } catch (error) {
      if (signal.aborted) return;
      logStepError(error, kit.id, kind);
      failAsset(kit.id, kind, assetErrorMessage(error, provider.textModel, step.failure));
    }
    publishAsset(kit.id, kind);
  }
}

/**
 * The founder's "Regenerate" (or "Generate brand" on a kit made before
 * brands existed). Returns a message when it cannot start now.
 */
export function regenerateAsset(kit: LaunchKit, kind: string): string | null {
  if (!STEPS[kind]) return "This part of the kit can't be regenerated.";
  if (running.has(kit.id) || kit.status === "generating") return "The kit is still being generated. Please wait for it to finish.";
  const row = getAsset(kit.id, kind);
  if (row && (row.status === "queued" || row.status === "generating")) return null;
  startAssetWork(kit, [{ kind, salt: `v${(row?.version ?? 0) + 1}` }], { founder: true });
  return null;
}

// ---- Start-up, shutdown, tests -----------------------------------------------

/**
 * After a crash or a restart: kits left generating resume from their first
 * unfinished step (ready assets stay ready); one interrupted too often goes
 * back to draft with the interrupted message and a Retry. Background assets
 * left queued or generating run again.
 */
export function recoverInterruptedGenerations() {
  const db = getDb();
  const stuck = db.select().from(launchKits).where(eq(launchKits.status, "generating")).all().filter((k) => !running.has(k.id));
  let resumed = 0;
  let reset = 0;
  for (const kit of stuck) {
    if ((Number(kit.generationMetadata?.resumes) || 0) >= MAX_RESUMES) {
      updateKit(kit.id, {
        status: "draft",
        generationProgress: null,
        generationMetadata: { ...(kit.generationMetadata ?? {}), error: { message: INTERRUPTED_MESSAGE, at: new Date().toISOString() } },
      });
      reset++;
    } else {
      startGeneration(kit, { resumed: true });
      resumed++;
    }
  }
  const byKit = new Map<string, string[]>();
  for (const row of unfinishedAssets()) {
    if (stuck.some((k) => k.id === row.kitId)) continue;
    if (row.attempts >= MAX_RESUMES) {
      failAsset(row.kitId, row.kind, INTERRUPTED_MESSAGE);
      continue;
    }
    byKit.set(row.kitId, [...(byKit.get(row.kitId) ?? []), row.kind]);
  }
  for (const [kitId, kinds] of byKit) {
    const kit = getKit(kitId);
    if (kit) startAssetWork(kit, kinds.map((kind) => ({ kind, salt: "" })));
  }
  if (resumed || reset || byKit.size) {
    console.log(`Recovered interrupted work: ${resumed} generation(s) resumed, ${reset} set back to draft, ${byKit.size} kit(s) with assets to finish.`);
  }
  return { resumed, reset, assetKits: byKit.size };
}

/** Waits for the running generations and asset work, including what they start (tests and graceful shutdowns). */
export async function settleGenerations() {
  while (running.size > 0 || background.size > 0) {
    await Promise.all([...running.values(), ...background.values()].map((j) => j.done));
  }
}

onStartup("generation-recovery", () => {
  recoverInterruptedGenerations();
});

onShutdown("generation", () => {
  // Stop the runs without marking them failed: start-up resumes them.
  for (const job of running.values()) job.controller.abort(new Error("server shutting down"));
  for (const job of background.values()) job.controller.abort(new Error("server shutting down"));
  closeAllStreams();
});
