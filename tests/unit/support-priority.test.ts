import { describe, expect, it } from "vitest";
import {
  businessMsBetween,
  formatWait,
  pastTarget,
  PRO_RESPONSE_TARGET,
  sortInbox,
  STANDARD_RESPONSE_TARGET,
  waitInfo,
} from "~/features/support/priority";

const H = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("the response targets", () => {
  it("are the words the Pro card and the contact page use", () => {
    expect(PRO_RESPONSE_TARGET).toBe("a reply within one business day");
    expect(STANDARD_RESPONSE_TARGET).toBe("a reply within 24-48 hours");
  });
});

describe("business hours (weekdays, UTC)", () => {
  it("counts weekdays and skips Saturdays and Sundays", () => {
    // 2026-11-27 is a Friday.
    expect(businessMsBetween(at("2026-11-27T09:00:00Z"), at("2026-11-27T15:00:00Z"))).toBe(6 * H);
    expect(businessMsBetween(at("2026-11-27T18:00:00Z"), at("2026-11-30T09:00:00Z"))).toBe(6 * H + 9 * H);
    expect(businessMsBetween(at("2026-11-28T10:00:00Z"), at("2026-11-29T22:00:00Z"))).toBe(0);
    expect(businessMsBetween(at("2026-11-30T00:00:00Z"), at("2026-11-27T00:00:00Z"))).toBe(0);
  });

  it("a Pro message sent on Friday evening is not overdue on Monday morning; after a business day it is", () => {
    const friday = at("2026-11-27T18:00:00Z");
    expect(pastTarget(true, friday, at("2026-11-30T09:00:00Z"))).toBe(false);
    expect(pastTarget(true, friday, at("2026-11-30T18:00:01Z"))).toBe(true);
    // Everyone else: 48 hours, weekends counted.
    expect(pastTarget(false, friday, at("2026-11-29T17:59:00Z"))).toBe(false);
    expect(pastTarget(false, friday, at("2026-11-29T18:00:01Z"))).toBe(true);
  });
});

describe("how long a message waited", () => {
  const now = at("2026-11-26T12:00:00Z"); // a Thursday
  it("formats minutes, hours and days", () => {
    expect(formatWait(59_000)).toBe("0 min");
    expect(formatWait(12 * 60_000)).toBe("12 min");
    expect(formatWait(3 * H + 5 * 60_000)).toBe("3 h");
    expect(formatWait(52 * H)).toBe("2 d 4 h");
    expect(formatWait(48 * H)).toBe("2 d");
    expect(formatWait(-5)).toBe("0 min");
  });

  it("waiting: the clock runs until now, overdue past the target", () => {
    expect(waitInfo({ pro: true, handled: false, firstReplyAt: null, createdAt: new Date(now.getTime() - 3 * H) }, now)).toEqual({
      state: "waiting",
      waited: "3 h",
      target: "reply within one business day",
      overdue: false,
    });
    expect(waitInfo({ pro: true, handled: false, firstReplyAt: null, createdAt: new Date(now.getTime() - 25 * H) }, now).overdue).toBe(true);
    expect(waitInfo({ pro: false, handled: false, firstReplyAt: null, createdAt: new Date(now.getTime() - 25 * H) }, now)).toMatchObject({ target: "reply within 24-48 hours", overdue: false });
    expect(waitInfo({ pro: false, handled: false, firstReplyAt: null, createdAt: new Date(now.getTime() - 49 * H) }, now).overdue).toBe(true);
  });

  it("replied: the clock stops at the first reply; closed without a reply: never overdue", () => {
    const createdAt = new Date(now.getTime() - 100 * H);
    expect(waitInfo({ pro: true, handled: true, firstReplyAt: new Date(createdAt.getTime() + 2 * H), createdAt }, now)).toMatchObject({ state: "replied", waited: "2 h", overdue: false });
    expect(waitInfo({ pro: true, handled: false, firstReplyAt: new Date(createdAt.getTime() + 80 * H), createdAt }, now)).toMatchObject({ state: "replied", overdue: true });
    expect(waitInfo({ pro: true, handled: true, firstReplyAt: null, createdAt }, now)).toMatchObject({ state: "closed", overdue: false });
  });
});

describe("the inbox order", () => {
  it("open Pro, then open others, then handled; newest first within each", () => {
    const m = (id: string, pro: boolean, handled: boolean, hoursAgo: number) => ({ id, pro, handled, createdAt: new Date(Date.UTC(2026, 10, 26) - hoursAgo * H) });
    const sorted = sortInbox([
      m("free-new", false, false, 1),
      m("pro-old", true, false, 50),
      m("handled-pro", true, true, 0),
      m("pro-new", true, false, 2),
      m("free-old", false, false, 40),
      m("handled-free-old", false, true, 90),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(["pro-new", "pro-old", "free-new", "free-old", "handled-pro", "handled-free-old"]);
  });
});
