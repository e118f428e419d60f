import { eq } from "drizzle-orm";
import OpenAI from "openai";
import { getDb, transaction } from "~/platform/db/client.server";
import { jobs, launchKits, logoImages, type LaunchKit } from "~/platform/db/schema";
import { assetsOfKit, failAsset, getAsset, markGenerating, saveAssetContent, unfinishedAssets } from "~/kit/assets/assets.server";
import { logoArt, logoConcept } from "~/kit/assets/logo/art-step.server";
import { conceptArtFor } from "~/kit/assets/logo/concept-art.server";
import { generateMarks } from "~/kit/assets/logo/step.server";
import { writeWebsitePrompt } from "~/kit/assets/prompt/step.server";
import { BrandSchema, type Brand } from "~/kit/brand/brand";
import { brandBrief } from "~/kit/brand/brief";
import { kitBrand } from "~/kit/content.server";
import { getKit, updateKit } from "~/kit/kits.server";
import { kindsToRun, missingDependency, stepOrder } from "~/kit/plan";
import { STEPS } from "~/kit/runner/steps.server";
import { setting } from "~/platform/config.server";
import { logError } from "~/platform/log.server";
import { assetErrorMessage, GenerationError, logoErrorMessage, promptErrorMessage } from "~/ai/errors";
import { BRAND_ERROR, INTERRUPTED_MESSAGE } from "~/kit/messages";
import { closeAllStreams, onRemoteStop, openChannel, publish, startEventRelay, stopEventRelay } from "./events.server";
import { CORE_STEP, publishAsset, startAssetWork } from "./work.server";
import { generationInput } from "../input";
import { nextLogoProgress, nextPromptProgress, PROGRESS, PROMPT_CHARS_PER_STEP, STATUS_TEXT } from "./progress";
import { getProvider } from "~/ai/index.server";
import {
  abortLocalJobs,
  enqueue,
  ensureWorkers,
  jobId,
  jobsOfKit,
  releaseStaleLocks,
  setJobHandler,
  setStepOrder,
  settleJobs,
  stopWorkers,
  type Job,
} from "~/platform/jobs/queue.server";

/**
 * The step runner: the one place that decides how a kit's steps run. Every
 * step is a job on the durable queue (queue.server.ts), and a kit runs as a
 * graph: `core` makes the brand, then queues one job per background asset
 * (run side by side by any instance, in the kit plan's order: the calendar
 * after the social posts, the deck after the research) while it writes the
 * prompt and the logo together, reported in the spec's progress sequence.
 * Any process with workers runs any job; the kit and asset rows are the durable state, so a job run again
 * after its instance died resumes from its first unfinished step and never
 * redoes a ready asset.
 */

/** A kit interrupted this many times (crashes mid-generation) stops resuming and waits for a Retry. */
const MAX_RESUMES = 3;

onRemoteStop((kitId, message) => abortLocalJobs(kitId, new Error(message)));

function logoUrlFor(kitId: string, version: number) {
  return `/kits/${kitId}/logo?v=${version}`;
}

type Metadata = Record<string, unknown>;

async function setProgress(kitId: string, progress: number, statusText: string, status: LaunchKit["status"] = "generating", metadata?: Metadata) {
  await updateKit(kitId, { generationProgress: progress, status, ...(metadata ? { generationMetadata: metadata } : {}) });
  publish(kitId, { type: "progress", progress, statusText, status });
}

/** The core job: the kit's brand, prompt and logo, resuming after an interruption. */
async function runCore(job: Job, signal: AbortSignal) {
  const kit = await getKit(job.kitId);
  if (!kit || kit.status !== "generating") return;
  const meta: Metadata = { ...(kit.generationMetadata ?? {}) };
  if (job.attempts > 1) {
    // Its instance died mid-run (or the server restarted): resume, a few times at most.
    if (job.attempts > MAX_RESUMES) {
      await failKit(kit.id, INTERRUPTED_MESSAGE);
      return;
    }
    meta.resumes = job.attempts - 1;
    openChannel(kit.id, {
      status: "generating",
      progress: kit.generationProgress ?? PROGRESS.start,
      statusText: STATUS_TEXT.start,
      prompt: kit.generatedPrompt ?? "",
      logoUrl: kit.generatedLogoUrl,
      error: null,
      done: false,
    });
    await updateKit(kit.id, { generationMetadata: meta });
  }
  await runPipeline(kit, meta, signal);
}

type Stage = "brand" | "prompt" | "concept" | "image";

/**
 * The kit's graph, core part: the brand first (everything reads it); then,
 * at once, the background assets (queued as their own jobs: they start on
 * any instance while the core goes on), the website prompt (streamed) and
 * the logo (concept art, image and vector marks, side by side with the
 * prompt). The founder still sees the spec's progress sequence: the logo's
 * steps are reported after the prompt, as they finish.
 */
async function runPipeline(kit: LaunchKit, meta: Metadata, signal: AbortSignal) {
  const provider = getProvider();
  const input = generationInput(kit);
  let stage: Stage = "brand";
  // Ends the logo work when the prompt fails (or the kit stops): nothing runs on for a failed kit.
  const local = new AbortController();
  const work = AbortSignal.any([signal, local.signal]);
  let logo: Awaited<ReturnType<typeof startLogo>> | null = null;
  try {
    // 1. The brand, while the founder reads "Analyzing your business idea..." (progress 10).
    let brand = await kitBrand(kit.id);
    if (!brand) {
      await markGenerating(kit.id, "brand");
      await publishAsset(kit.id, "brand");
      brand = BrandSchema.parse(await STEPS.brand!.run({ kit, input, provider, signal, salt: "", brand: null, content: () => null }));
      signal.throwIfAborted();
      await saveAssetContent(kit.id, "brand", brand);
      await publishAsset(kit.id, "brand");
    }
    const brief = brandBrief(brand);

    // 2. Everything that needs only the brand starts now: the background assets as jobs of their own...
    await startMissingAssetWork(kit);

    // ...and the logo here, beside the prompt.
    const logoRow = await getAsset(kit.id, "logo");
    const current = await getKit(kit.id);
    logo = logoRow && logoRow.version > 0 && current?.generatedLogoUrl ? null : await startLogo(kit, brand, work);

    // 3. The website prompt, streamed; each PROMPT_CHARS_PER_STEP characters is a progress message.
    stage = "prompt";
    const promptRow = await getAsset(kit.id, "prompt");
    const existingPrompt = current?.generatedPrompt;
    if (promptRow && promptRow.version > 0 && existingPrompt) {
      publish(kit.id, { type: "prompt-final", prompt: existingPrompt });
    } else {
      await markGenerating(kit.id, "prompt");
      await publishAsset(kit.id, "prompt");
      let progress: number = PROGRESS.start;
      let streamed = 0;
      let nextTick = PROMPT_CHARS_PER_STEP;
      // Progress rows are written in order while the prompt streams; awaited before the next step.
      let writes: Promise<void> = Promise.resolve();
      const prompt = await writeWebsitePrompt(
        input,
        provider,
        (delta) => {
          publish(kit.id, { type: "prompt", delta });
          streamed += delta.length;
          while (streamed >= nextTick && progress < PROGRESS.promptMax) {
            progress = nextPromptProgress(progress);
            nextTick += PROMPT_CHARS_PER_STEP;
            const value = progress;
            writes = writes.then(() => setProgress(kit.id, value, STATUS_TEXT.prompt));
          }
        },
        signal,
        brief,
      );
      await writes;
      signal.throwIfAborted();
      if (progress < PROGRESS.promptMax) {
        progress = nextPromptProgress(progress);
        await setProgress(kit.id, progress, STATUS_TEXT.prompt);
      }
      const generatedAt = new Date().toISOString();
      Object.assign(meta, { input_data: input, generated_at: generatedAt, model: provider.textModel, provider: provider.name });
      await updateKit(kit.id, { generatedPrompt: prompt, generationMetadata: meta });
      await saveAssetContent(kit.id, "prompt", { characters: prompt.length });
      await publishAsset(kit.id, "prompt");
      publish(kit.id, { type: "prompt-final", prompt });
    }
    await setProgress(kit.id, PROGRESS.savingPrompt, STATUS_TEXT.savingPrompt);

    // 4. The logo, reported in the spec's order (concept, then image: +5 each), then its vector marks.
    if (logo) {
      stage = "concept";
      const concept = await logo.concept;
      let progress = nextLogoProgress(PROGRESS.savingPrompt);
      await setProgress(kit.id, progress, STATUS_TEXT.concept);
      stage = "image";
      const { image, logoPrompt } = await logo.image;
      signal.throwIfAborted();
      progress = nextLogoProgress(progress);
      await setProgress(kit.id, progress, STATUS_TEXT.image);
      const version = Date.now();
      const logoUrl = logoUrlFor(kit.id, version);
      Object.assign(meta, {
        logo_reasoning: concept.reasoning_steps,
        logo_concept: concept.final_logo_concept,
        logo_generated_at: new Date(version).toISOString(),
        image_model: provider.imageModel,
        business_name: brand.name,
      });
      await transaction(async (tx) => {
        await tx
          .insert(logoImages)
          .values({ kitId: kit.id, contentType: image.contentType, data: image.data })
          .onConflictDoUpdate({ target: logoImages.kitId, set: { contentType: image.contentType, data: image.data, createdAt: new Date() } });
        await tx
          .update(launchKits)
          .set({ generatedLogoUrl: logoUrl, logoPrompt, generationMetadata: meta, updatedAt: new Date() })
          .where(eq(launchKits.id, kit.id));
      });
      publish(kit.id, { type: "logo", url: logoUrl });
      const marks = await logo.marks;
      signal.throwIfAborted();
      await saveAssetContent(kit.id, "logo", marks);
      await publishAsset(kit.id, "logo");
    }

    await setProgress(kit.id, PROGRESS.finalizing, STATUS_TEXT.finalizing);
    const final = { ...((await getKit(kit.id))?.generationMetadata ?? meta) };
    delete final.resumes;
    await updateKit(kit.id, { status: "completed", generationProgress: PROGRESS.done, generationMetadata: final });
    publish(kit.id, { type: "progress", progress: PROGRESS.done, statusText: STATUS_TEXT.done, status: "completed" });
    publish(kit.id, { type: "complete" });
  } catch (error) {
    local.abort(error);
    // Shutting down (start-up resumes the kit) or stopped because the kit is being deleted.
    if (signal.aborted) return;
    const message =
      stage === "brand"
        ? assetErrorMessage(error, provider.textModel, BRAND_ERROR)
        : stage === "prompt"
          ? promptErrorMessage(error, provider.textModel)
          : logoErrorMessage(error, stage === "concept" ? { setting: "AI_TEXT_MODEL", model: provider.textModel } : { setting: "AI_IMAGE_MODEL", model: provider.imageModel });
    logStepError(error, kit.id, stage);
    const failed = stage === "concept" || stage === "image" ? "logo" : stage;
    // The logo started beside the prompt stops with it: its row says so too (a Retry runs it again).
    for (const kind of new Set([failed, ...(logo ? ["logo"] : [])])) {
      await failAsset(kit.id, kind, message);
      await publishAsset(kit.id, kind);
    }
    await failKit(kit.id, message);
  }
}

/**
 * The logo's work, started beside the prompt: the concept art then its
 * image, and the vector marks (which need only the brand) at the same time.
 * The promises are awaited in the spec's order by the pipeline; a failure
 * waits there (no unhandled rejection meanwhile).
 */
async function startLogo(kit: LaunchKit, brand: Brand, signal: AbortSignal) {
  const provider = getProvider();
  const input = generationInput(kit);
  await markGenerating(kit.id, "logo");
  await publishAsset(kit.id, "logo");
  const art = conceptArtFor(input, brand);
  const concept = logoConcept(input, provider, signal, art);
  const image = concept.then((c) => logoArt(c, input, provider, art, signal));
  const marks = marksOrFallback(kit, brand, signal);
  for (const p of [concept, image, marks]) p.catch(() => {});
  return { concept, image, marks };
}

/**
 * The vector marks of the core flow. The concept art already succeeded, so a
 * model that cannot give usable marks does not fail the kit: LaunchKit's
 * own marks stand in and the logo section says why.
 */
async function marksOrFallback(kit: LaunchKit, brand: Brand, signal: AbortSignal) {
  const input = generationInput(kit);
  try {
    return await generateMarks(input, brand, getProvider(), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    logStepError(error, kit.id, "marks");
    const fallback = await generateMarks(input, brand, { ...getProvider(), offline: true }, signal);
    return { ...fallback, note: "The AI model could not choose usable marks, so these are LaunchKit's own marks for your business. Use Regenerate to ask the model again." };
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
async function failKit(kitId: string, message: string) {
  const kit = await getKit(kitId);
  if (!kit) return;
  await updateKit(kitId, {
    status: "draft",
    generationProgress: null,
    generationMetadata: { ...(kit.generationMetadata ?? {}), error: { message, at: new Date().toISOString() } },
  });
  publish(kitId, { type: "error", message });
}

// ---- Background assets -------------------------------------------------------

/**
 * Queues the background assets the kit still lacks (the resume rule), except
 * those already queued or running: a resumed core never runs a step twice.
 */
async function startMissingAssetWork(kit: LaunchKit) {
  const pending = new Set((await jobsOfKit(kit.id)).map((j) => j.step));
  const kinds = kindsToRun(await assetsOfKit(kit.id), "background").filter((kind) => !pending.has(kind));
  await startAssetWork(kit, kinds.map((kind) => ({ kind, salt: "" })));
}

/** An asset job: one step of the kit, unless its dependency is missing or it keeps dying. */
async function runAssetStep(job: Job, signal: AbortSignal) {
  const kit = await getKit(job.kitId);
  if (!kit) return;
  const kind = job.step;
  const step = STEPS[kind];
  if (!step) return;
  const provider = getProvider();
  const input = generationInput(kit);
  const row = await getAsset(kit.id, kind);
  if (row?.status === "ready" && job.attempts > 1) return; // done before its instance died
  if (job.attempts > MAX_RESUMES) {
    await failAsset(kit.id, kind, INTERRUPTED_MESSAGE);
    await publishAsset(kit.id, kind);
    return;
  }
  const missing = missingDependency(kind, await assetsOfKit(kit.id));
  if (missing) {
    await failAsset(kit.id, kind, `Needs the ${missing} first: generate it, then retry this one.`);
    await publishAsset(kit.id, kind);
    return;
  }
  await markGenerating(kit.id, kind);
  await publishAsset(kit.id, kind);
  try {
    const contents = new Map((await assetsOfKit(kit.id)).map((a) => [a.kind, a.content ?? null]));
    const content = step.schema.parse(
      await step.run({
        kit,
        input,
        provider,
        signal,
        salt: job.salt,
        brand: await kitBrand(kit.id),
        content: (other) => contents.get(other) ?? null,
      }),
    );
    if (signal.aborted) return;
    await saveAssetContent(kit.id, kind, content);
  } catch (error) {
    if (signal.aborted) return;
    logStepError(error, kit.id, kind);
    await failAsset(kit.id, kind, assetErrorMessage(error, provider.textModel, step.failure));
  }
  await publishAsset(kit.id, kind);
}

setJobHandler((job, signal) => (job.step === CORE_STEP ? runCore(job, signal) : runAssetStep(job, signal)));
setStepOrder(stepOrder());

// ---- Start-up, shutdown, tests -----------------------------------------------

/**
 * At start-up: work the queue does not know about gets its jobs. Kits left
 * generating without a core job (a database from before the queue, or a job
 * lost with a restored backup) resume, unless interrupted too often (back
 * to draft with the interrupted message and a Retry); assets left queued or
 * generating without a job run again. On SQLite, jobs locked by the previous
 * process are free again at once. Then this process's workers start.
 */
export async function recoverInterruptedGenerations() {
  const released = await releaseStaleLocks();
  const db = getDb();
  const queued = new Set((await db.select({ id: jobs.id }).from(jobs)).map((j) => j.id));
  const stuck = (await db.select().from(launchKits).where(eq(launchKits.status, "generating"))).filter((k) => !queued.has(jobId(k.id, CORE_STEP)));
  let resumed = 0;
  let reset = 0;
  for (const kit of stuck) {
    const resumes = Number(kit.generationMetadata?.resumes) || 0;
    if (resumes >= MAX_RESUMES) {
      await updateKit(kit.id, {
        status: "draft",
        generationProgress: null,
        generationMetadata: { ...(kit.generationMetadata ?? {}), error: { message: INTERRUPTED_MESSAGE, at: new Date().toISOString() } },
      });
      reset++;
      continue;
    }
    // Counted as a resume: the job starts at its second attempt.
    await db
      .insert(jobs)
      .values({ id: jobId(kit.id, CORE_STEP), kitId: kit.id, step: CORE_STEP, orderKey: `${Date.now().toString().padStart(15, "0")}:core`, attempts: resumes + 1 })
      .onConflictDoNothing();
    resumed++;
  }
  const byKit = new Map<string, string[]>();
  for (const row of await unfinishedAssets()) {
    if (stuck.some((k) => k.id === row.kitId) || queued.has(jobId(row.kitId, row.kind)) || queued.has(jobId(row.kitId, CORE_STEP))) continue;
    if (row.attempts >= MAX_RESUMES) {
      await failAsset(row.kitId, row.kind, INTERRUPTED_MESSAGE);
      continue;
    }
    byKit.set(row.kitId, [...(byKit.get(row.kitId) ?? []), row.kind]);
  }
  for (const [kitId, kinds] of byKit) await enqueue(kitId, kinds.map((step) => ({ step })));
  if (resumed || reset || byKit.size || queued.size) {
    console.log(
      `Recovered interrupted work: ${resumed} generation(s) resumed, ${reset} set back to draft, ${byKit.size} kit(s) with assets to finish, ${queued.size} job(s) already in the queue${released ? ` (${released} of them interrupted here)` : ""}.`,
    );
  }
  ensureWorkers();
  return { resumed, reset, assetKits: byKit.size };
}

/** Waits for the queue to empty and this process's jobs to end (tests). */
export async function settleGenerations() {
  await settleJobs();
}

/** At start-up: live events across instances, then generations a stop interrupted go on. */
export async function startGenerations() {
  await startEventRelay();
  await recoverInterruptedGenerations();
}

/**
 * At shutdown: running steps get a few seconds (SHUTDOWN_GRACE_MS), then go back to the queue for
 * another instance (or the next start); streams close with a reconnect hint.
 */
export async function stopGenerations() {
  closeAllStreams();
  await stopWorkers(setting("SHUTDOWN_GRACE_MS"));
  await stopEventRelay();
}
