import { eq } from "drizzle-orm";
import OpenAI from "openai";
import { getDb } from "~/db/client.server";
import { launchKits, logoImages, type LaunchKit } from "~/db/schema";
import { getKit, updateKit } from "~/kits/kits.server";
import { businessName } from "~/kits/format";
import { onShutdown, onStartup } from "~/lifecycle.server";
import { logError } from "~/utils/log.server";
import { GenerationError, INTERRUPTED_MESSAGE, logoErrorMessage, promptErrorMessage } from "./errors";
import { closeAllStreams, openChannel, publish } from "./events.server";
import { generationInput } from "./input";
import { nextLogoProgress, nextPromptProgress, PROGRESS, PROMPT_CHARS_PER_STEP, STATUS_TEXT } from "./progress";
import { imagePrompt } from "./prompts";
import { getProvider } from "./providers/index.server";

/** Kits being generated in this process, with the abort controller of each run. */
const running = new Map<string, { userId: string; controller: AbortController; done: Promise<void> }>();

export const MAX_CONCURRENT_PER_USER = 3;

export function runningCountForUser(userId: string) {
  let n = 0;
  for (const job of running.values()) if (job.userId === userId) n++;
  return n;
}

export function isGenerating(kitId: string) {
  return running.has(kitId);
}

/**
 * Stops a kit's generation (the kit is being deleted): no more provider calls,
 * and open live streams get a final "failed" event instead of waiting forever.
 */
export function stopGeneration(kitId: string, message: string) {
  const job = running.get(kitId);
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

/**
 * Starts generating a kit in this process, independent of the request that
 * asked for it: the promise is kept here, not awaited by the request. Returns
 * false when the kit is already being generated.
 */
export function startGeneration(kit: LaunchKit): boolean {
  if (running.has(kit.id)) return false;
  const controller = new AbortController();
  const meta: Metadata = { ...(kit.generationMetadata ?? {}) };
  delete meta.error;
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
    .catch(() => undefined)
    .finally(() => running.delete(kit.id));
  running.set(kit.id, { userId: kit.userId, controller, done });
  return true;
}

async function runPipeline(kit: LaunchKit, meta: Metadata, signal: AbortSignal) {
  const provider = getProvider();
  const input = generationInput(kit);
  let stage: "prompt" | "concept" | "image" = "prompt";
  try {
    // 1. The website prompt, streamed; each PROMPT_CHARS_PER_STEP characters is a progress message.
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
    );
    if (progress < PROGRESS.promptMax) {
      progress = nextPromptProgress(progress);
      setProgress(kit.id, progress, STATUS_TEXT.prompt);
    }
    const generatedAt = new Date().toISOString();
    Object.assign(meta, { input_data: input, generated_at: generatedAt, model: provider.textModel, provider: provider.name });
    updateKit(kit.id, { generatedPrompt: prompt, generationMetadata: meta });
    publish(kit.id, { type: "prompt-final", prompt });
    setProgress(kit.id, PROGRESS.savingPrompt, STATUS_TEXT.savingPrompt);

    // 2. The logo: concept, then image (each a progress message of +5).
    stage = "concept";
    const concept = await provider.logoConcept(input, signal);
    progress = nextLogoProgress(PROGRESS.savingPrompt);
    setProgress(kit.id, progress, STATUS_TEXT.concept);
    stage = "image";
    const logoPrompt = imagePrompt(concept.final_logo_concept, input);
    const image = await provider.logoImage(logoPrompt, input, signal);
    progress = nextLogoProgress(progress);
    setProgress(kit.id, progress, STATUS_TEXT.image);

    const version = Date.now();
    const logoUrl = logoUrlFor(kit.id, version);
    Object.assign(meta, {
      logo_reasoning: concept.reasoning_steps,
      logo_concept: concept.final_logo_concept,
      logo_generated_at: new Date(version).toISOString(),
      image_model: provider.imageModel,
      business_name: businessName(kit.businessIdea),
    });
    const db = getDb();
    db.transaction((tx) => {
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

    setProgress(kit.id, PROGRESS.finalizing, STATUS_TEXT.finalizing);
    updateKit(kit.id, { status: "completed", generationProgress: PROGRESS.done });
    publish(kit.id, { type: "progress", progress: PROGRESS.done, statusText: STATUS_TEXT.done, status: "completed" });
    publish(kit.id, { type: "complete" });
  } catch (error) {
    // Shutting down (start-up recovery resets the kit) or stopped because the kit is being deleted.
    if (signal.aborted) return;
    const message =
      stage === "prompt"
        ? promptErrorMessage(error, provider.textModel)
        : logoErrorMessage(error, stage === "concept" ? { setting: "AI_TEXT_MODEL", model: provider.textModel } : { setting: "AI_IMAGE_MODEL", model: provider.imageModel });
    if (error instanceof OpenAI.APIError) {
      // An answer from the provider: one line is enough (never the key).
      logError("generation failed", undefined, { kitId: kit.id, stage, status: error.status, code: error.code ?? null });
    } else if (!(error instanceof GenerationError)) {
      logError("generation failed", error, { kitId: kit.id, stage });
    }
    failKit(kit.id, message);
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

/** Kits left "generating" by a crash or a restart go back to draft with the error recorded. */
export function recoverInterruptedGenerations() {
  const db = getDb();
  const stuck = db
    .select({ id: launchKits.id, metadata: launchKits.generationMetadata })
    .from(launchKits)
    .where(eq(launchKits.status, "generating"))
    .all()
    .filter((k) => !running.has(k.id));
  const at = new Date().toISOString();
  db.transaction((tx) => {
    for (const kit of stuck) {
      tx.update(launchKits)
        .set({
          status: "draft",
          generationProgress: null,
          generationMetadata: { ...(kit.metadata ?? {}), error: { message: INTERRUPTED_MESSAGE, at } },
          updatedAt: new Date(),
        })
        .where(eq(launchKits.id, kit.id))
        .run();
    }
  });
  if (stuck.length) console.log(`Recovered ${stuck.length} interrupted generation(s): set back to draft.`);
  return stuck.length;
}

/** Waits for the running generations (tests and graceful shutdowns). */
export async function settleGenerations() {
  await Promise.all([...running.values()].map((j) => j.done));
}

onStartup("generation-recovery", () => {
  recoverInterruptedGenerations();
});

onShutdown("generation", () => {
  // Stop the runs without marking them failed: start-up recovery resets them.
  for (const job of running.values()) job.controller.abort(new Error("server shutting down"));
  closeAllStreams();
});
