import { afterAll, describe, expect, it } from "vitest";
import { outboxHealth } from "~/platform/mail/sender.server";
import { beforeShutdown, startup } from "../../server/app";
import { SCHEDULES } from "../../server/boot";

/**
 * Background work starts from one list (server/boot.ts), called by
 * server/app.ts: importing the server starts nothing.
 */
describe("the boot list", () => {
  afterAll(async () => {
    await beforeShutdown();
  });

  it("has the recurring work under the names its runs are stored by", () => {
    expect(SCHEDULES.map((s) => [s.name, s.every])).toEqual([
      ["domain-recheck", "day"],
      ["competitor-watch", "week"],
      ["strategy-review", "month"],
      ["analytics-salts", "day"],
    ]);
  });

  it("starts the mail outbox's sender at start-up, not when the server is imported, and stops it", async () => {
    expect((await outboxHealth()).sender).toBe(false);
    await startup();
    expect((await outboxHealth()).sender).toBe(true);
    await beforeShutdown();
    expect((await outboxHealth()).sender).toBe(false);
  });
});
