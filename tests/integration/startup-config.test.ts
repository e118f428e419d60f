import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, resetConfigForTests } from "~/platform/config.server";
import { startup } from "../../server/app";

/**
 * The settings the job runner, the scheduler and the mail sender read (once
 * replaced by their defaults when they made no sense) stop the server at
 * start-up like every other setting: server.js prints the message, naming
 * the variable, and exits 1.
 */
const BAD = [
  ["JOB_CONCURRENCY", "lots", "JOB_CONCURRENCY must be a whole number of at least 1"],
  ["KIT_CONCURRENCY", "0", "KIT_CONCURRENCY must be a whole number of at least 1"],
  ["JOB_WORKERS", "maybe", "JOB_WORKERS must be 0"],
  ["SCHEDULE_TICK_MS", "soon", "SCHEDULE_TICK_MS must be a whole number"],
  ["SHUTDOWN_GRACE_MS", "-1", "SHUTDOWN_GRACE_MS must be a whole number"],
  ["MAIL_RATE_PER_MINUTE", "fast", "MAIL_RATE_PER_MINUTE must be a whole number"],
  ["DKIM_PRIVATE_KEY", "not a key", "DKIM_PRIVATE_KEY must be a private key in PEM"],
] as const;

describe("start-up with a bad setting", () => {
  afterEach(() => {
    for (const [name] of BAD) delete process.env[name];
    resetConfigForTests();
  });

  it.each(BAD)("stops on %s=%s, naming it", async (name, value, message) => {
    process.env[name] = value;
    resetConfigForTests();
    const failure = await startup().then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(String(failure)).toContain(`${name}: ${message}`);
  });
});
