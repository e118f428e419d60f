/**
 * Priority support (docs/decisions/031-priority-support.md): what
 * the Pro card promises, and how the admin inbox orders and times messages.
 * Pure: shared by the inbox view, the contact page and the server.
 */

/** The response target Pro promises (the Pro card, the contact page and the inbox use these words). */
export const PRO_RESPONSE_TARGET = "a reply within one business day";
/** The contact page's promise for everyone else. */
export const STANDARD_RESPONSE_TARGET = "a reply within 24-48 hours";

/** A Pro message is overdue after this many business hours (weekdays, UTC) of waiting: one business day. */
export const PRO_TARGET_BUSINESS_HOURS = 24;
/** Any other message is overdue after this many hours (the upper end of 24-48 hours), weekends counted. */
export const STANDARD_TARGET_HOURS = 48;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds between `from` and `to` that fall on a weekday (Monday to Friday, UTC). */
export function businessMsBetween(from: Date, to: Date): number {
  let start = from.getTime();
  const end = to.getTime();
  let total = 0;
  while (start < end) {
    const dayEnd = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
    const stop = Math.min(dayEnd, end);
    const weekday = new Date(start).getUTCDay();
    if (weekday !== 0 && weekday !== 6) total += stop - start;
    start = stop;
  }
  return total;
}

export type WaitInfo = {
  /** waiting: open and not answered yet; replied: answered (the clock stopped at the first reply); closed: handled without a reply. */
  state: "waiting" | "replied" | "closed";
  /** "3 h", "2 d 4 h", "12 min": how long the message waited (until now, or until the first reply). */
  waited: string;
  /** "reply within one business day" / "reply within 24-48 hours". */
  target: string;
  /** Past the target: still waiting beyond it, or answered after it. */
  overdue: boolean;
};

export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/** Past the target after waiting from `from` to `to`? Pro counts business hours; others count every hour. */
export function pastTarget(pro: boolean, from: Date, to: Date): boolean {
  return pro ? businessMsBetween(from, to) > PRO_TARGET_BUSINESS_HOURS * HOUR_MS : to.getTime() - from.getTime() > STANDARD_TARGET_HOURS * HOUR_MS;
}

/**
 * How long a message waited and whether it missed its target. The clock
 * stops at the first reply; a message marked handled without a reply has no
 * clock.
 */
export function waitInfo(message: { pro: boolean; createdAt: Date; firstReplyAt: Date | null; handled: boolean }, now: Date): WaitInfo {
  const target = (message.pro ? PRO_RESPONSE_TARGET : STANDARD_RESPONSE_TARGET).replace(/^a /, "");
  const until = message.firstReplyAt ?? now;
  const state = message.firstReplyAt ? "replied" : message.handled ? "closed" : "waiting";
  return {
    state,
    waited: formatWait(until.getTime() - message.createdAt.getTime()),
    target,
    overdue: state !== "closed" && pastTarget(message.pro, message.createdAt, until),
  };
}

/** The inbox order: open Pro, then open others, then handled; newest first within each. */
export function inboxRank(message: { pro: boolean; handled: boolean }): number {
  if (message.handled) return 2;
  return message.pro ? 0 : 1;
}

export function sortInbox<T extends { pro: boolean; handled: boolean; createdAt: Date; id: string }>(messages: T[]): T[] {
  return [...messages].sort(
    (a, b) => inboxRank(a) - inboxRank(b) || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}
