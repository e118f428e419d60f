import { and, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { changes, first, getDb, isUniqueViolation, prepared } from "~/platform/db/client.server";
import { analyticsHourly, experiments, type Experiment, type ExperimentSrmAtStop, type LaunchKit } from "~/platform/db/schema";
import { readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { invalidateKitPage } from "~/kit/assets/landing/page-cache.server";
import { showsEmailForm } from "~/kit/assets/landing/render.server";
import { LandingContentSchema, type LandingContent } from "~/kit/assets/landing/schema";
import { readExperiment, type ArmInput } from "~/features/analytics/stats";
import { CONTROL_KEY, VARIANT_KEYS, type ExperimentField } from "./schema";
import { armKeys, fieldText, withFieldText } from "./variant";

/**
 * Experiments of a kit's published page: start one on the hero's
 * headline, subheadline or button (at most one running per page, which the
 * database enforces), stop it, and apply an arm: the variant's text is saved
 * in the landing copy as the founder's own edit would be. Every change drops
 * the page's cached copies (every variant's). Stopped experiments stay, with
 * their texts and counts, for the history.
 */

export type { Experiment };

type Failure = { ok: false; status: number; message: string };
const fail = (status: number, message: string): Failure => ({ ok: false, status, message });

export const NOT_LIVE_MESSAGE = "Publish your landing page first: an experiment needs visitors.";
export const NO_FORM_MESSAGE = "This page has no sign-up form, so there are no leads to compare. Turn the e-mail form on in the landing page section to run an experiment.";
export const ALREADY_RUNNING_MESSAGE = "An experiment is already running on this page. Stop it before starting another.";
export const BUSY_MESSAGE = "New copy is being written for this page. Please wait for it, then try again.";

export async function experimentsOfKit(kitId: string): Promise<Experiment[]> {
  // Prepared once: the Analytics section reads it on every visit.
  const list = prepared("experiments_of_kit", () =>
    getDb().select().from(experiments).where(eq(experiments.kitId, sql.placeholder("kitId"))).orderBy(desc(experiments.createdAt), desc(experiments.startedAt)),
  );
  return list.execute({ kitId });
}

/** The experiment of this kit with that id (another kit's is not found). */
export async function experimentOfKit(kitId: string, id: string): Promise<Experiment | undefined> {
  return first(getDb().select().from(experiments).where(and(eq(experiments.kitId, kitId), eq(experiments.id, id))));
}

export async function runningExperimentOfPage(pageId: string): Promise<Experiment | undefined> {
  return first(getDb().select().from(experiments).where(and(eq(experiments.pageId, pageId), eq(experiments.status, "running"))));
}

/** What an experiment needs of the page: live, with its stable id, its copy, and a sign-up form to convert. */
export async function experimentPage(kitId: string): Promise<{ ok: true; pageId: string; content: LandingContent } | Failure> {
  const page = await landingPageOf(kitId);
  const content = await readyContent(kitId, "landing", LandingContentSchema);
  if (!page?.pageId || !page.published || page.takenDownAt || !content) return fail(409, NOT_LIVE_MESSAGE);
  if (!showsEmailForm(content)) return fail(409, NO_FORM_MESSAGE);
  return { ok: true, pageId: page.pageId, content };
}

export async function startExperiment(
  kit: Pick<LaunchKit, "id">,
  field: ExperimentField,
  variants: ReadonlyArray<{ text: string; reason: string }>,
): Promise<{ ok: true; experiment: Experiment } | Failure> {
  const page = await experimentPage(kit.id);
  if (!page.ok) return page;
  if (await runningExperimentOfPage(page.pageId)) return fail(409, ALREADY_RUNNING_MESSAGE);
  const row = {
    id: crypto.randomUUID(),
    kitId: kit.id,
    pageId: page.pageId,
    field,
    status: "running" as const,
    control: fieldText(page.content, field),
    variants: variants.slice(0, VARIANT_KEYS.length).map((v, i) => ({ key: VARIANT_KEYS[i]!, text: v.text, reason: v.reason })),
    startedAt: new Date(),
  };
  try {
    await getDb().insert(experiments).values(row);
  } catch (error) {
    // Two starts at once: the partial unique index keeps one running.
    if (isUniqueViolation(error)) return fail(409, ALREADY_RUNNING_MESSAGE);
    throw error;
  }
  await invalidateKitPage(kit.id);
  return { ok: true, experiment: (await experimentOfKit(kit.id, row.id))! };
}

export const UNEVEN_SPLIT_MESSAGE = "The versions got uneven numbers of visitors, so these results can't be trusted. Confirm that you want to apply this variant anyway.";

/** Applying a variant under the uneven-split warning: nothing changed, the founder is asked again. */
export type NeedsConfirmation = { ok: false; status: 409; message: string; confirm: { key: string; srm: ExperimentSrmAtStop } };

/**
 * Stops a running experiment; with `apply`, keeps that arm: "a" leaves the
 * page as it is, a variant's text replaces the field in the landing copy (a
 * new version of the asset, as an edit in the landing page section makes).
 * Under the uneven-split warning a variant is applied only with
 * `confirmedUnevenSplit` (the second, explicit step); the warning is stored
 * with the stopped experiment, whichever way it stops.
 */
export async function stopExperiment(
  kitId: string,
  id: string,
  apply?: string,
  { confirmedUnevenSplit = false }: { confirmedUnevenSplit?: boolean } = {},
): Promise<{ ok: true; experiment: Experiment } | Failure | NeedsConfirmation> {
  const experiment = await experimentOfKit(kitId, id);
  if (!experiment) return fail(404, "No such experiment.");
  if (experiment.status !== "running") return fail(409, "This experiment has already stopped.");
  if (apply && !armKeys(experiment).includes(apply)) return fail(400, "Choose one of this experiment's versions to keep.");
  const variant = apply && apply !== CONTROL_KEY ? experiment.variants.find((v) => v.key === apply)! : null;
  // The numbers as the founder decides on them: read now, not when the page was drawn.
  const reading = readExperiment(await experimentCounts(experiment));
  const srmAtStop: ExperimentSrmAtStop | null = reading.srm?.mismatch ? { visitors: reading.arms.map((a) => ({ key: a.key, visitors: a.visitors })), pValue: reading.srm.pValue } : null;
  if (variant && srmAtStop && !confirmedUnevenSplit) return { ok: false, status: 409, message: UNEVEN_SPLIT_MESSAGE, confirm: { key: variant.key, srm: srmAtStop } };
  let current: LandingContent | null = null;
  if (variant) {
    const row = await getAsset(kitId, "landing");
    if (row?.status === "queued" || row?.status === "generating") return fail(409, BUSY_MESSAGE);
    current = await readyContent(kitId, "landing", LandingContentSchema);
    if (!current) return fail(409, "The landing page isn't ready yet.");
  }
  const stopped = await getDb()
    .update(experiments)
    .set({ status: "stopped", stoppedAt: new Date(), appliedKey: apply ?? null, srmAtStop })
    .where(and(eq(experiments.id, id), eq(experiments.status, "running")));
  if (changes(stopped) === 0) return fail(409, "This experiment has already stopped.");
  // Saving the copy drops the page's cached copies itself; stopping alone must too (the variants go).
  if (current && variant) await saveAssetContent(kitId, "landing", LandingContentSchema.parse(withFieldText(current, experiment.field, variant.text)));
  await invalidateKitPage(kitId);
  return { ok: true, experiment: (await experimentOfKit(kitId, id))! };
}

const HOUR_MS = 60 * 60 * 1000;
const hourOf = (t: number) => t - (t % HOUR_MS);

/**
 * The hours whose counts belong to this experiment: from the hour it started
 * to the hour it stopped (or now). Counts are kept per hour and per arm key,
 * and every experiment names its arms a, b, c…: an hour shared with another
 * experiment of the page (one stopped and the next started within it) is
 * left out of both, so neither reads the other's visitors.
 */
async function countedHours(experiment: Experiment, now: Date): Promise<{ from: Date; to: Date } | null> {
  let from = hourOf(experiment.startedAt.getTime());
  let to = hourOf((experiment.stoppedAt ?? now).getTime());
  const others = await getDb()
    .select({ startedAt: experiments.startedAt, stoppedAt: experiments.stoppedAt })
    .from(experiments)
    .where(and(eq(experiments.pageId, experiment.pageId), ne(experiments.id, experiment.id)));
  for (const o of others) {
    const oStart = hourOf(o.startedAt.getTime());
    const oEnd = hourOf((o.stoppedAt ?? now).getTime());
    if (oStart <= from && oEnd >= from) from = oEnd + HOUR_MS;
    if (oStart <= to && oStart >= from) to = oStart - HOUR_MS;
  }
  return from <= to ? { from: new Date(from), to: new Date(to) } : null;
}

/** Visitors and leads of each arm (the published page's counts, app/features/analytics), the original first. */
export async function experimentCounts(experiment: Experiment, now = new Date()): Promise<ArmInput[]> {
  const keys = armKeys(experiment);
  const hours = await countedHours(experiment, now);
  const rows = hours
    ? await getDb()
        .select({
          variant: analyticsHourly.variant,
          visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`.mapWith(Number),
          leads: sql<number>`coalesce(sum(${analyticsHourly.leads}), 0)`.mapWith(Number),
        })
        .from(analyticsHourly)
        .where(
          and(
            eq(analyticsHourly.pageId, experiment.pageId),
            eq(analyticsHourly.origin, "page"),
            inArray(analyticsHourly.variant, keys),
            gte(analyticsHourly.hour, hours.from),
            lte(analyticsHourly.hour, hours.to),
          ),
        )
        .groupBy(analyticsHourly.variant)
    : [];
  return keys.map((key) => {
    const row = rows.find((r) => r.variant === key);
    return { key, visitors: row?.visitors ?? 0, conversions: row?.leads ?? 0 };
  });
}
