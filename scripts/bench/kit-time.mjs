// Time to a whole kit: from the wizard's post to the brand, the
// core ("complete") and the last asset ready, against the fake OpenAI server
// answering every call after a set latency. Used by `npm run bench` (section
// "kit") and runnable alone: node scripts/bench/kit-time.mjs
import path from "node:path";
import { startFakeOpenAI } from "../../tests/support/fake-openai.mjs";
import { postWizard, signupCookie, startServer, stopServer, tempDir } from "./support.mjs";

/** Posts the wizard (no JS) and follows the kit's event stream until every asset has ended. */
async function timedKit(origin, cookie, idea) {
  const t0 = performance.now();
  const id = await postWizard(origin, cookie, { idea, audience: "Remote-first startups", tone: "friendly", goal: "waitlist", vibe: "minimalist" });
  const ready = {};
  let complete = null;
  let failed = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const events = await fetch(`${origin}/kits/${id}/events`, { headers: { Cookie: cookie } });
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of events.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const type = block.match(/^event: (.+)$/m)?.[1];
        const data = block.match(/^data: (.+)$/m)?.[1];
        if (!type || !data) continue;
        const payload = JSON.parse(data);
        const now = performance.now() - t0;
        if (type === "asset" && (payload.status === "ready" || payload.status === "failed")) ready[payload.kind] ??= { ms: now, status: payload.status };
        if (type === "complete") complete ??= now;
        if (type === "failed") failed = payload.message;
      }
    }
    // The stream ends when the core and every asset have ended (or this instance closed it): done when nothing is pending.
    const kinds = Object.keys(ready);
    if (complete !== null && kinds.length >= 9) break;
    if (failed) break;
  }
  const last = Math.max(...Object.values(ready).map((r) => r.ms));
  return { id, brand: ready.brand?.ms ?? null, complete, last, ready, failed };
}

/**
 * One kit with the fake at `textMs`/`imageMs` per call; returns the figures
 * and the sum of every call's time (what running them one after another takes).
 */
export async function measureKit({ textMs, imageMs, env = {}, label }) {
  const fake = await startFakeOpenAI();
  fake.setLatency({ textMs, imageMs });
  const server = await startServer(path.join(tempDir(), "kit-time.db"), {
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: fake.baseURL,
    AI_PROVIDER: "openai",
    AI_MAX_RETRIES: "0",
    TRUST_PROXY: "true",
    ...env,
  });
  try {
    const cookie = await signupCookie(server.origin, `kit-time-${Date.now()}@bench.test`);
    const r = await timedKit(server.origin, cookie, "Coffee subscription box for remote teams");
    const calls = fake.requests.filter((q) => q.path.startsWith("/v1/"));
    const sum = calls.reduce((s, q) => s + (q.durationMs ?? 0), 0);
    const notReady = Object.entries(r.ready).filter(([, v]) => v.status !== "ready").map(([k]) => k);
    return { label, ...r, calls: calls.length, sum, notReady };
  } finally {
    await stopServer(server);
    await fake.close();
  }
}

/** The bench's "kit" section: prints rows through `row(area, metric, value, note)`. */
export async function kitTimes(row) {
  const s = (ms) => (ms === null ? "n/a" : (ms / 1000).toFixed(1));
  const runs = [
    { label: "graph, fake at 3 s", textMs: 3000, imageMs: 3000 },
    { label: "one step at a time (KIT_CONCURRENCY=1), fake at 3 s", textMs: 3000, imageMs: 3000, env: { KIT_CONCURRENCY: "1" } },
    { label: "graph, fake at 10 s text / 20 s images", textMs: 10_000, imageMs: 20_000 },
  ];
  for (const run of runs) {
    const r = await measureKit(run);
    const note = `${r.calls} AI calls taking ${s(r.sum)} s one after another${r.notReady.length ? `; not ready: ${r.notReady.join(", ")}` : ""}${r.failed ? `; failed: ${r.failed}` : ""}`;
    row("kit", `${run.label}: brand ready, s`, s(r.brand), "from the wizard's post");
    row("kit", `${run.label}: kit complete (prompt + logo), s`, s(r.complete), "");
    row("kit", `${run.label}: last asset ready, s`, s(r.last), note);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await kitTimes((area, metric, value, note) => console.log(`${area} | ${metric}: ${value}${note ? ` (${note})` : ""}`));
  process.exit(0);
}
