import { describe, expect, it } from "vitest";
import { dialect, transaction, type Db } from "~/platform/db/client.server";

/**
 * Whether node is tracking every promise of the process (what an
 * AsyncLocalStorage that has run switches on): a tracked promise carries
 * node's async id. Turning the tracking off waits for a microtask.
 */
async function promisesTracked() {
  await null;
  await null;
  return Object.getOwnPropertySymbols(Promise.resolve()).length > 0;
}

describe("transaction()", () => {
  it("leaves no process-wide promise tracking behind once the last transaction is done", async () => {
    expect(await promisesTracked()).toBe(false);
    let trackedInside = false;
    await transaction(async () => {
      trackedInside = await promisesTracked();
    });
    // Inside, a nested call must be able to find its transaction.
    expect(trackedInside).toBe(true);
    // After it, every request's promises (a cached page's included) cost what they cost without one.
    expect(await promisesTracked()).toBe(false);
    await expect(transaction(async () => Promise.reject(new Error("rolled back")))).rejects.toThrow("rolled back");
    expect(await promisesTracked()).toBe(false);
  });

  it("a nested call joins the transaction it is in, in the first transaction and in every later one", async () => {
    for (let i = 0; i < 3; i++) {
      const [outer, inner] = await transaction(async (tx) => [tx, await transaction(async (nested) => nested)] as const);
      // (On SQLite a call that did not join would wait behind its own outer transaction for ever.)
      expect(inner).toBe(outer);
    }
  });

  it("keeps each of several open transactions its own nested calls while another one ends", async () => {
    // On PostgreSQL both are open at once: the first ends while the second is open, then the second nests.
    // (On SQLite transactions take turns: the second starts once the first is done.)
    const together = dialect() === "postgres";
    let secondStarted!: () => void;
    const secondHasStarted = new Promise<void>((resolve) => (secondStarted = resolve));
    const first = transaction(async (tx) => {
      if (together) await secondHasStarted;
      return [tx, await transaction(async (nested) => nested)] as const;
    });
    const second = transaction(async (tx): Promise<readonly [Db, Db]> => {
      secondStarted();
      await first;
      return [tx, await transaction(async (nested) => nested)] as const;
    });
    const [[a, aNested], [b, bNested]] = await Promise.all([first, second]);
    expect(aNested).toBe(a);
    expect(bNested).toBe(b);
    if (together) expect(b).not.toBe(a);
    expect(await promisesTracked()).toBe(false);
  });
});
