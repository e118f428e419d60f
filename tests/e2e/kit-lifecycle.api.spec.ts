import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, fakeOpenAI, PASSWORD, query, randomIp, test, confirmEmail, adminReady } from "./fixtures";

type Client = APIRequestContext;

async function signedIn(playwright: { request: { newContext: (o: object) => Promise<Client> } }, baseURL: string, email: string) {
  const c = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  const res = await c.post("/signup", { form: { name: "Lifecycle", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" }, maxRedirects: 0 });
  if (res.status() === 409) expect((await c.post("/signin", { form: { email, password: PASSWORD }, maxRedirects: 0 })).status()).toBe(302);
  else {
    expect(res.status()).toBe(302);
    await confirmEmail(c, email);
  }
  return c;
}

/** Starts a generation whose prompt streams slowly (about 4 s); returns the kit id. */
async function startSlowKit(c: Client, tag: string, { slowSteps = false } = {}) {
  await fakeOpenAI("queue", { kind: "chat", script: { match: tag, chunkDelayMs: 150, chunkSize: 8 } });
  if (slowSteps) {
    // The other steps take 1.5 s a call too, so some are still to come (the logo image after its concept, the deck after the research) when the kit is deleted.
    await fakeOpenAI("queue", { kind: "chat", script: { match: tag, structured: true, delayMs: 1500, times: 30 } });
    await fakeOpenAI("queue", { kind: "chat", script: { match: tag, concept: true, delayMs: 1500 } });
    await fakeOpenAI("queue", { kind: "responses", script: { match: tag, delayMs: 1500 } });
  }
  const created = await c.post("/wizard", {
    form: { idea: `Slow kit ${tag}`, audience: "Testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(303);
  const id = created.headers().location!.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status).toBe("generating");
  return id;
}

const providerCallsFor = async (tag: string) =>
  ((await fakeOpenAI("requests")) as Array<{ path: string; body: unknown }>).filter((r) => JSON.stringify(r.body).includes(tag)).map((r) => r.path);

test("deleting a kit while it generates stops the generation and tells the open live stream", async ({ playwright, baseURL }) => {
  // The stream ends when the kit is deleted; on a busy machine (2 cores, other suites) that can take longer than 15 s.
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await signedIn(playwright, baseURL!, `deleter-${tag}@example.com`);
  const id = await startSlowKit(owner, tag, { slowSteps: true });

  // The owner's live stream is open while the kit is deleted.
  const events = owner.get(`/kits/${id}/events`, { timeout: 45_000 });
  // Deleted once the brand is ready and the steps after it have started.
  await expect.poll(async () => (await providerCallsFor(tag)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  const deleted = await owner.post(`/dashboard/kits/${id}`, { form: { intent: "delete" }, maxRedirects: 0 });
  expect(deleted.status()).toBe(303);

  const atDelete = await providerCallsFor(tag);
  const stream = await events;
  expect(await stream.text()).toMatch(/event: failed\ndata: .*This kit was deleted\./);
  expect(query("select id from launch_kits where id = ?", id)).toHaveLength(0);
  // Nothing more is asked of the provider for a kit that no longer exists (its steps ran side by side until the delete).
  await new Promise((r) => setTimeout(r, 5_000));
  expect(atDelete.length).toBeGreaterThanOrEqual(2);
  expect(atDelete).not.toContain("/v1/images/generations");
  expect(await providerCallsFor(tag)).toEqual(atDelete);
});

test("an admin deleting a kit while it generates stops the generation too", async ({ playwright, baseURL }) => {
  // The stream ends when the kit is deleted; on a busy machine (2 cores, other suites) that can take longer than 15 s.
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await signedIn(playwright, baseURL!, `admin-deleted-${tag}@example.com`);
  const admin = await signedIn(playwright, baseURL!, "admin2-js@e2e.test");
  await adminReady(admin, "admin2-js@e2e.test");
  const id = await startSlowKit(owner, tag, { slowSteps: true });
  const events = owner.get(`/kits/${id}/events`, { timeout: 45_000 });
  // Deleted once the brand is ready and the steps after it have started.
  await expect.poll(async () => (await providerCallsFor(tag)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  expect((await admin.post("/admin", { form: { intent: "delete", kitId: id }, maxRedirects: 0 })).status()).toBe(200);
  const atDelete = await providerCallsFor(tag);
  expect(await (await events).text()).toMatch(/event: failed\ndata: .*This kit was deleted\./);
  await new Promise((r) => setTimeout(r, 5_000));
  expect(atDelete.length).toBeGreaterThanOrEqual(2);
  expect(await providerCallsFor(tag)).toEqual(atDelete);
});

test("an admin cannot set a kit to generating by hand, nor change one that is generating", async ({ playwright, baseURL }) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await signedIn(playwright, baseURL!, `status-${tag}@example.com`);
  const admin = await signedIn(playwright, baseURL!, "admin2-js@e2e.test");
  await adminReady(admin, "admin2-js@e2e.test");
  const id = await startSlowKit(owner, tag);
  const setStatus = (status: string) => admin.post("/admin", { form: { intent: "status", kitId: id, status }, maxRedirects: 0 });

  const busy = await setStatus("draft");
  expect(busy.status()).toBe(409);
  expect(await busy.text()).toContain("This kit is being generated. Change its status when the generation ends.");

  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  const manual = await setStatus("generating");
  expect(manual.status()).toBe(400);
  expect(await manual.text()).toContain("Only a generation can set a kit to generating.");
  expect(query<{ status: string }>("select status from launch_kits where id = ?", id)[0]!.status).toBe("completed");

  expect((await setStatus("exported")).status()).toBe(200);
  expect(query<{ status: string }>("select status from launch_kits where id = ?", id)[0]!.status).toBe("exported");
});

test("retry regenerates only a draft, never a generated kit or its edited prompt", async ({ playwright, baseURL }) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await signedIn(playwright, baseURL!, `retry-${tag}@example.com`);
  const created = await owner.post("/wizard", {
    form: { idea: `Retry kit ${tag}`, audience: "Testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  const id = created.headers().location!.split("/").pop()!;
  await expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status, { timeout: 20_000 }).toBe("completed");
  expect((await owner.post(`/dashboard/kits/${id}`, { form: { intent: "edit-prompt", prompt: `Hand-edited ${tag}` }, maxRedirects: 0 })).status()).toBe(303);

  const retry = await owner.post(`/dashboard/kits/${id}`, { form: { intent: "retry" }, maxRedirects: 0 });
  expect(retry.status()).toBe(409);
  expect(await retry.text()).toContain("This launch kit is already generated. Create a new kit to generate again.");
  await new Promise((r) => setTimeout(r, 1_000));
  const row = query<{ status: string; generated_prompt: string }>("select status, generated_prompt from launch_kits where id = ?", id)[0]!;
  expect(row).toEqual({ status: "completed", generated_prompt: `Hand-edited ${tag}` });

  // An admin moves it back to draft: still not regenerated over the edit.
  const admin = await signedIn(playwright, baseURL!, "admin2-js@e2e.test");
  await adminReady(admin, "admin2-js@e2e.test");
  expect((await admin.post("/admin", { form: { intent: "status", kitId: id, status: "draft" }, maxRedirects: 0 })).status()).toBe(200);
  const afterAdmin = await owner.post(`/dashboard/kits/${id}`, { form: { intent: "retry" }, maxRedirects: 0 });
  expect(afterAdmin.status()).toBe(409);
  expect(await afterAdmin.text()).toContain("Only a failed or interrupted generation can be retried.");
  await new Promise((r) => setTimeout(r, 1_000));
  expect(query<{ generated_prompt: string }>("select generated_prompt from launch_kits where id = ?", id)[0]!.generated_prompt).toBe(`Hand-edited ${tag}`);
});

test("retries count against the 30 generations an hour, like new kits", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await signedIn(playwright, baseURL!, `hourly-${tag}@example.com`);
  // Every prompt request of this kit fails at once: each run ends as a draft with an error.
  await fakeOpenAI("queue", { kind: "chat", script: { match: tag, error: "server_error", times: 40 } });
  const created = await owner.post("/wizard", {
    form: { idea: `Hourly kit ${tag}`, audience: "Testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  const id = created.headers().location!.split("/").pop()!;
  const settled = () => expect.poll(() => query<{ status: string }>("select status from launch_kits where id = ?", id)[0]?.status).toBe("draft");
  await settled();
  for (let i = 2; i <= 30; i++) {
    expect((await owner.post(`/dashboard/kits/${id}`, { form: { intent: "retry" }, maxRedirects: 0 })).status(), `generation ${i}`).toBe(303);
    await settled();
  }
  const refused = await owner.post(`/dashboard/kits/${id}`, { form: { intent: "retry" }, maxRedirects: 0 });
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain("You&#x27;ve generated a lot of kits this hour. Please try again later.");
  const wizard = await owner.post("/wizard", {
    form: { idea: `One more ${tag}`, audience: "Testers", tone: "technical", goal: "downloads", vibe: "corporate", intent: "generate", step: "2" },
    maxRedirects: 0,
  });
  expect(wizard.status()).toBe(429);
});
