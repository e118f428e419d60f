import type { EmailDelayUnit } from "~/platform/db/schema";

/**
 * Schedule arithmetic of a sequence, pure: a lead's next e-mail is the first
 * step whose order key is above the last one sent to them (so an e-mail
 * inserted before their place is never sent to them), due its delay after
 * the previous e-mail (or after the start: sign-up, or confirmation with
 * double opt-in). Steps are read as they are now, so an edit applies to
 * every e-mail not yet sent.
 */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Order keys are spaced this far apart when appended, leaving room to insert between. */
export const ORDER_GAP = 1024;

export type StepTiming = { id: string; orderKey: number; delayValue: number; delayUnit: EmailDelayUnit };
export type LeadPlace = { lastOrderKey: number; lastSentAt: Date | null; startedAt: Date | null };

export function delayMs(step: Pick<StepTiming, "delayValue" | "delayUnit">): number {
  return step.delayValue * (step.delayUnit === "hours" ? HOUR_MS : DAY_MS);
}

/** The next step for a lead and when it is due, or null when they have had every step. */
export function nextStep<S extends StepTiming>(steps: readonly S[], place: LeadPlace): { step: S; dueAt: Date } | null {
  const step = [...steps].sort((a, b) => a.orderKey - b.orderKey).find((s) => s.orderKey > place.lastOrderKey);
  if (!step) return null;
  const from = place.lastSentAt ?? place.startedAt;
  if (!from) return null;
  return { step, dueAt: new Date(from.getTime() + delayMs(step)) };
}

/** The order key of a step inserted after `after` (null: at the start), between it and the step that follows. */
export function orderKeyAfter(steps: readonly Pick<StepTiming, "orderKey">[], after: number | null): number {
  const keys = steps.map((s) => s.orderKey).sort((a, b) => a - b);
  if (after === null) return keys.length ? keys[0]! / 2 : ORDER_GAP;
  const following = keys.find((k) => k > after);
  return following === undefined ? after + ORDER_GAP : (after + following) / 2;
}

/** Retry delays for temporary failures (4xx, connection refused): 1 min, doubling, at most 2 h; given up 3 days after the first attempt. */
export const RETRY_WINDOW_MS = 3 * DAY_MS;
export function retryDelayMs(attempts: number): number {
  return Math.min(2 * HOUR_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}
