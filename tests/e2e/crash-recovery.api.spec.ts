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

test("a kill -9 after the brand step: on restart the kit resumes and finishes without redoing the brand", async () => {
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
    const asset = (id: string, kind: string) => db.prepare("select status, version, updated_at from kit_assets where kit_id = ? and kind = ?").get(id, kind) as { status: string; version: number; updated_at: number } | undefined;
    await expect.poll(() => row(finishedId).status, { timeout: 15_000 }).toBe("completed");
    const before = { finished: row(finishedId), users: db.prepare("select * from users").all() };

    // The second one streams its prompt slowly; kill the server once its brand is ready.
    fake.setDefault("chat", { chunkDelayMs: 300, chunkSize: 8 });
    const second = await post(server, "/wizard", { ...kit, idea: "A kit interrupted by a crash" }, cookie);
    const id = second.headers.get("location")!.split("/").pop()!;
    await expect.poll(() => row(id).generation_progress as number, { timeout: 15_000 }).toBeGreaterThanOrEqual(30);
    expect(row(id).status).toBe("generating");
    const brandBefore = asset(id, "brand")!;
    expect(brandBefore).toMatchObject({ status: "ready", version: 1 });
    expect(asset(id, "prompt")!.status).toBe("generating");
    server.child.kill("SIGKILL");
    await new Promise((r) => server.child.once("exit", r));

    fake.setDefault("chat", {});
    fake.reset();
    server = await startServer(dbPath, env);
    // No Retry needed: the kit resumes at start-up and finishes.
    await expect.poll(() => row(id).status, { timeout: 30_000 }).toBe("completed");
    expect(asset(id, "brand")).toEqual(brandBefore);
    const brandRequests = fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === "brand");
    expect(brandRequests).toHaveLength(0);
    expect(asset(id, "prompt")).toMatchObject({ status: "ready", version: 1 });
    expect(asset(id, "logo")).toMatchObject({ status: "ready", version: 1 });
    expect(row(finishedId)).toEqual(before.finished);
    expect(db.prepare("select * from users").all()).toEqual(before.users);
    const page = await (await fetch(`${server.origin}/dashboard/kits/${id}`, { headers: { Cookie: cookie } })).text();
    expect(page).not.toContain("Please retry");
    db.close();
  } finally {
    server.child.kill("SIGKILL");
    await fake.close();
  }
});
