import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { visitorHash } from "~/features/analytics/collector.server";
import { existingSalt, forgetSalts, oldestKeptDay, previousDay, rotateSalts, saltFor } from "~/features/analytics/salts.server";
import { getDb } from "~/platform/db/client.server";
import { analyticsSalts, analyticsVisitors } from "~/platform/db/schema";
import { runDueSchedules } from "~/platform/jobs/schedule.server";
import { SCHEDULES } from "../../server/boot";

/**
 * The daily salts of visitor hashes (app/features/analytics/salts.server.ts): one per
 * UTC day for every instance, kept for today and yesterday, deleted with the
 * day's visitor list 48 hours after the day began, by the daily schedule
 * (once across instances).
 */

const days = async () => (await getDb().select({ day: analyticsSalts.day }).from(analyticsSalts).orderBy(asc(analyticsSalts.day))).map((r) => r.day);
const visitorDays = async () => [...new Set((await getDb().select({ day: analyticsVisitors.day }).from(analyticsVisitors)).map((r) => r.day))].sort();

describe("daily salts", () => {
  it("are one per day for every instance: the first insert wins, the others read it", async () => {
    const salt = await saltFor("2030-01-01");
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    // Another instance (nothing in its memory) gets the same salt, not a new one.
    forgetSalts();
    expect(await saltFor("2030-01-01")).toBe(salt);
    expect(await saltFor("2030-01-02")).not.toBe(salt);
    // Yesterday's salt is only read, never made.
    expect(await existingSalt("2029-12-01")).toBeNull();
    expect(await days()).not.toContain("2029-12-01");
  });

  it("make the same visitor a different hash each day, and different pages different visitors", () => {
    const a = visitorHash("salt-day-1", "203.0.113.5", "Mozilla/5.0", "page1");
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash("salt-day-1", "203.0.113.5", "Mozilla/5.0", "page1")).toBe(a);
    expect(visitorHash("salt-day-2", "203.0.113.5", "Mozilla/5.0", "page1")).not.toBe(a);
    expect(visitorHash("salt-day-1", "203.0.113.5", "Mozilla/5.0", "page2")).not.toBe(a);
    expect(visitorHash("salt-day-1", "203.0.113.6", "Mozilla/5.0", "page1")).not.toBe(a);
    // The hash is not the inputs: neither the address nor the agent can be read from it.
    expect(a).not.toContain("203");
  });

  it("rotate: today's is made, and salts and visitor lists of days that began 48 hours ago or more are deleted", async () => {
    const now = new Date("2031-03-10T00:04:00Z");
    expect(previousDay("2031-03-01")).toBe("2031-02-28");
    expect(oldestKeptDay(now)).toBe("2031-03-09");
    for (const day of ["2031-03-07", "2031-03-08", "2031-03-09"]) {
      await saltFor(day);
      await getDb().insert(analyticsVisitors).values({ day, pageId: "p1", visitor: `v-${day}` });
    }
    const outcome = await rotateSalts(now);
    expect(outcome.deletedSalts).toBeGreaterThanOrEqual(2);
    const left = (await days()).filter((d) => d.startsWith("2031-"));
    expect(left).toEqual(["2031-03-09", "2031-03-10"]);
    expect((await visitorDays()).filter((d) => d.startsWith("2031-"))).toEqual(["2031-03-09"]);
    // The deleted salts are gone from memory too: a lookup of one finds nothing.
    expect(await existingSalt("2031-03-08")).toBeNull();
    // A second run the same day changes nothing.
    expect(await rotateSalts(now)).toEqual({ deletedSalts: 0, deletedVisitors: 0 });
    expect((await days()).filter((d) => d.startsWith("2031-"))).toEqual(["2031-03-09", "2031-03-10"]);
  });

  it("run once a day across instances through the durable schedule", async () => {
    const now = new Date("2032-06-15T00:01:00Z");
    await saltFor("2032-06-12");
    // The boot list's schedule, alone (the others would do their own work at each look).
    const only = SCHEDULES.filter((s) => s.name === "analytics-salts");
    expect(only).toHaveLength(1);
    const first = await runDueSchedules(only, { now });
    expect(first["analytics-salts"]).toBe("ran");
    expect((await days()).filter((d) => d.startsWith("2032-"))).toEqual(["2032-06-15"]);
    // Another instance looking at the same day skips it.
    const second = await runDueSchedules(only, { now: new Date("2032-06-15T09:00:00Z") });
    expect(second["analytics-salts"]).toBe("skipped");
  });
});
