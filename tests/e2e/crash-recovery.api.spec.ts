import path from "node:path";
import Database from "better-sqlite3";
import { startFakeOpenAI } from "../support/fake-openai.mjs";
import { PASSWORD, startServer, tempDir } from "../../scripts/bench/support.mjs";
import { expect, test } from "./fixtures";

type Server = Awaited<ReturnType<typeof startServer>>;

async function post(server: Server, pathname: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${server.origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form),
  });
}

test("a kill -9 during generation leaves the kit recoverable: draft with its error after restart, then Retry completes it", async () => {
  test.setTimeout(90_000);
  const fake = await startFakeOpenAI();
  const dbPath = path.join(tempDir("launchkit-crash-"), "crash.db");
  const env = { OPENAI_API_KEY: "sk-crash", OPENAI_BASE_URL: fake.baseURL, AI_PROVIDER: "openai", AI_MAX_RETRIES: "0" };
  let server = await startServer(dbPath, env);
  try {
    const signup = await post(server, "/signup", { name: "Crash Test", email: "crash@example.com", password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" });
    const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
    const kit = { audience: "Testers", tone: "bold", goal: "waitlist", vibe: "playful", intent: "generate", step: "2" };

    // One kit completes normally; it must come through the crash untouched.
    const first = await post(server, "/wizard", { ...kit, idea: "A finished kit" }, cookie);
    const finishedId = first.headers.get("location")!.split("/").pop()!;
    const db = new Database(dbPath, { readonly: true });
    const row = (id: string) => db.prepare("select * from launch_kits where id = ?").get(id) as Record<string, unknown>;
    await expect.poll(() => row(finishedId).status, { timeout: 15_000 }).toBe("completed");
    const before = { finished: row(finishedId), users: db.prepare("select * from users").all() };

    // The second one streams slowly; kill the server in the middle of it.
    fake.setDefault("chat", { chunkDelayMs: 300, chunkSize: 8 });
    const second = await post(server, "/wizard", { ...kit, idea: "A kit interrupted by a crash" }, cookie);
    const id = second.headers.get("location")!.split("/").pop()!;
    await expect.poll(() => row(id).generation_progress as number, { timeout: 15_000 }).toBeGreaterThanOrEqual(30);
    expect(row(id).status).toBe("generating");
    server.child.kill("SIGKILL");
    await new Promise((r) => server.child.once("exit", r));

    fake.setDefault("chat", {});
    server = await startServer(dbPath, env);
    const recovered = row(id);
    expect(recovered.status).toBe("draft");
    expect(recovered.generation_progress).toBeNull();
    expect(JSON.parse(recovered.generation_metadata as string).error.message).toMatch(/interrupted/);
    expect(row(finishedId)).toEqual(before.finished);
    expect(db.prepare("select * from users").all()).toEqual(before.users);

    const page = await (await fetch(`${server.origin}/dashboard/kits/${id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Generation was interrupted because the server restarted. Please retry.");
    const retry = await post(server, `/dashboard/kits/${id}`, { intent: "retry" }, cookie);
    expect(retry.status).toBe(303);
    await expect.poll(() => row(id).status, { timeout: 15_000 }).toBe("completed");
    expect(row(finishedId)).toEqual(before.finished);
    db.close();
  } finally {
    server.child.kill("SIGKILL");
    await fake.close();
  }
});
