import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialect, getDb } from "~/platform/db/client.server";
import { jobs, users } from "~/platform/db/schema";
import { startAssetWork, startGeneration } from "~/kit/runner/commands.server";
import { agingMs, claim, complete, jobPriority, pauseWorkers, PRIORITY } from "~/platform/jobs/queue.server";
import { createKit } from "~/kit/kits.server";
import type { WizardInput } from "~/kit/schema";
import { createUser, setRole } from "~/features/users/users.server";

/**
 * Priority support, the queue's half (decision 031): a Pro
 * owner's kit steps are claimed before a Free or Starter owner's waiting
 * steps, a founder's Regenerate still goes ahead of background work, and a
 * job waiting longer than AGING_MS ranks with Pro work. Through the real
 * enqueue path (startAssetWork, startGeneration) and claim() with one
 * worker, on SQLite and PostgreSQL.
 */

const input: WizardInput = { idea: "Mobile dog grooming for busy owners", audience: "Busy dog owners", tone: "friendly", goal: "waitlist", vibe: "playful" } as WizardInput;
const STEPS = ["social", "calendar", "ads", "research", "deck"];
let freeId = "";
let starterId = "";
let proId = "";
let adminId = "";

beforeAll(async () => {
  // No workers here: jobs stay where the tests put them; one "worker" is this test's claim() calls.
  await pauseWorkers();
  freeId = (await createUser({ name: "Free", email: "free@queue.test", password: "Secret123" })).id;
  starterId = (await createUser({ name: "Starter", email: "starter@queue.test", password: "Secret123" })).id;
  proId = (await createUser({ name: "Pro", email: "pro@queue.test", password: "Secret123" })).id;
  adminId = (await createUser({ name: "Admin", email: "admin@queue.test", password: "Secret123" })).id;
  await setRole(adminId, "admin");
  await getDb().update(users).set({ plan: "starter" }).where(eq(users.id, starterId));
  await getDb().update(users).set({ plan: "pro", planStatus: "active" }).where(eq(users.id, proId));
});

beforeEach(async () => {
  await getDb().delete(jobs);
});

/** Claims and completes one job at a time (one worker), returning the kit of each claim in order. */
async function drainInOrder() {
  const order: Array<{ kitId: string; step: string }> = [];
  for (let job = await claim(); job; job = await claim()) {
    order.push({ kitId: job.kitId, step: job.step });
    await complete(job.id);
  }
  return order;
}

describe(`the queue's priority (${dialect()})`, () => {
  it("defines the levels in one place: Pro above background, Regenerate above Pro, a Pro Regenerate above all", () => {
    expect(jobPriority({ pro: false, founder: false })).toBe(PRIORITY.background);
    expect(jobPriority({ pro: true, founder: false })).toBe(PRIORITY.pro);
    expect(jobPriority({ pro: false, founder: true })).toBe(PRIORITY.founder);
    expect(jobPriority({ pro: true, founder: true })).toBeGreaterThan(PRIORITY.founder);
    expect(PRIORITY.founder).toBeGreaterThan(PRIORITY.pro);
  });

  it("claims a Pro kit's steps before the waiting steps of Free and Starter kits queued earlier", async () => {
    const free = await createKit(freeId, input);
    const starter = await createKit(starterId, input);
    const pro = await createKit(proId, input);
    await startAssetWork(free, STEPS.map((kind) => ({ kind, salt: "" })));
    await startAssetWork(starter, STEPS.map((kind) => ({ kind, salt: "" })));
    await startAssetWork(pro, STEPS.map((kind) => ({ kind, salt: "" })));
    const stored = await getDb().select({ kitId: jobs.kitId, priority: jobs.priority }).from(jobs);
    expect(stored.filter((j) => j.kitId === pro.id).every((j) => j.priority === PRIORITY.pro)).toBe(true);
    expect(stored.filter((j) => j.kitId !== pro.id).every((j) => j.priority === PRIORITY.background)).toBe(true);

    const order = await drainInOrder();
    expect(order).toHaveLength(STEPS.length * 3);
    const kits = order.map((o) => o.kitId);
    // Every Pro step first, then the others in the order they were queued.
    expect(kits.slice(0, STEPS.length)).toEqual(Array(STEPS.length).fill(pro.id));
    expect(kits.slice(STEPS.length, STEPS.length * 2)).toEqual(Array(STEPS.length).fill(free.id));
    expect(kits.slice(STEPS.length * 2)).toEqual(Array(STEPS.length).fill(starter.id));
  });

  it("a Pro kit's core generation step goes ahead too; an admin without a Pro plan is not Pro", async () => {
    const free = await createKit(freeId, input);
    const admins = await createKit(adminId, input);
    const pro = await createKit(proId, input);
    for (const kit of [free, admins, pro]) expect(await startGeneration(kit)).toBeNull();
    const order = await drainInOrder();
    expect(order.map((o) => o.kitId)).toEqual([pro.id, free.id, admins.id]);
  });

  it("a founder's Regenerate goes ahead of Pro background work, and a Pro founder's ahead of a Free founder's", async () => {
    const free = await createKit(freeId, input);
    const pro = await createKit(proId, input);
    await startAssetWork(pro, [{ kind: "social", salt: "" }, { kind: "calendar", salt: "" }]);
    await startAssetWork(free, [{ kind: "ads", salt: "r1" }], { founder: true });
    await startAssetWork(pro, [{ kind: "ads", salt: "r2" }], { founder: true });
    const order = await drainInOrder();
    expect(order).toEqual([
      { kitId: pro.id, step: "ads" },
      { kitId: free.id, step: "ads" },
      { kitId: pro.id, step: "social" },
      { kitId: pro.id, step: "calendar" },
    ]);
  });

  it("does not starve: a job that has waited longer than AGING_MS ranks with Pro work (then the older goes first)", async () => {
    const free = await createKit(freeId, input);
    const pro = await createKit(proId, input);
    await startAssetWork(free, [{ kind: "social", salt: "" }]);
    await startAssetWork(pro, [{ kind: "social", salt: "" }, { kind: "calendar", salt: "" }]);
    // The free kit's step was queued AGING_MS + 1 s ago (order keys start with the queueing time).
    const old = (Date.now() - agingMs() - 1000).toString().padStart(15, "0");
    await getDb()
      .update(jobs)
      .set({ orderKey: sql`${old} || substr(${jobs.orderKey}, 16)` })
      .where(eq(jobs.kitId, free.id));
    const order = await drainInOrder();
    expect(order.map((o) => o.kitId)).toEqual([free.id, pro.id, pro.id]);
  });
});
