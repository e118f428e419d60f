// Steps with a result table, for the container tests (test:docker,
// test:compose): each step prints its outcome as it ends, a failed step stops
// the run, and the table of every step and its time is printed at the end.

/** A failed expectation: its message is the whole report (no stack trace). */
export class Failure extends Error {}

export function check(condition, message) {
  if (!condition) throw new Failure(message);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy; errors thrown meanwhile count as "not yet". */
export async function waitFor(what, fn, { timeout = 60_000, interval = 500 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(interval);
  }
  throw new Failure(`${what}: not within ${timeout / 1000}s${last ? ` (last error: ${last.message})` : ""}`);
}

export function createSteps() {
  const results = [];

  /** Runs one step; its return value is the step's detail. Rethrows a failure after recording it. */
  async function step(name, fn) {
    const t0 = Date.now();
    process.stdout.write(`\n▶ ${name}\n`);
    try {
      const detail = (await fn()) ?? "";
      results.push({ name, ok: true, ms: Date.now() - t0, detail });
      process.stdout.write(`  ok (${((Date.now() - t0) / 1000).toFixed(1)}s) ${detail}\n`);
    } catch (error) {
      results.push({ name, ok: false, ms: Date.now() - t0, detail: error.message });
      process.stdout.write(`  FAILED: ${error.message}\n`);
      throw error;
    }
  }

  /** The table of steps: number, name, result, time, first line of the detail. */
  function table() {
    const rows = results.map((r, i) => [String(i + 1), r.name, r.ok ? "ok" : "FAIL", `${(r.ms / 1000).toFixed(1)}s`, String(r.detail).split("\n")[0]]);
    const head = ["#", "step", "result", "time", "detail"];
    const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (c === 4 ? 0 : r[c].length))));
    const fmt = (r) => r.map((cell, c) => (c === 4 ? cell : c === 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join("  ");
    return [fmt(head), ...rows.map(fmt)].join("\n");
  }

  return { results, step, table, failed: () => results.some((r) => !r.ok) };
}
