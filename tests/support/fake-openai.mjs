// A fake OpenAI-compatible HTTP server for tests: a real server on loopback that
// implements POST /v1/chat/completions (plain and stream: true) and
// POST /v1/images/generations (b64_json and url), records every request, and
// can be scripted (in-process, or over HTTP at /__control/*) to fail or stall.
import http from "node:http";
import zlib from "node:zlib";
import { FAKE_WEB_SEARCH } from "./fake-launch.mjs";
import { STRUCTURED_DEFAULTS, structuredName } from "./fake-structured.mjs";

/**
 * @typedef {"invalid_api_key" | "rate_limit" | "insufficient_quota" | "content_policy_violation"
 *   | "billing_hard_limit_reached" | "model_not_found" | "server_error" | "overloaded"} FakeErrorKind
 * @typedef {{ error?: FakeErrorKind, content?: string, empty?: boolean, delayMs?: number,
 *   chunkDelayMs?: number, chunkSize?: number, times?: number, noImage?: boolean, match?: string,
 *   refuseJsonSchema?: boolean, structured?: boolean, concept?: boolean,
 *   unsupportedTool?: boolean, noSources?: boolean, matchAll?: string[], retryAfter?: number, retryAfterMs?: number }} Script
 *   (`retryAfter` (seconds) / `retryAfterMs` add those headers to an error answer, as OpenAI sends them with a 429)
 *   (structured requests (response_format) get STRUCTURED_DEFAULTS[name] unless `content` is given;
 *   `refuseJsonSchema` answers 400 to a json_schema response format, like servers without Structured Outputs)
 *   (a script with `match` only applies to requests whose body contains that text, with `matchAll`
 *   to those that contain every one of the texts, so parallel tests can each script their own requests)
 * @typedef {{ method: string, path: string, headers: Record<string, string | string[] | undefined>, body: any, durationMs?: number,
 *   startedAt: number, endedAt?: number, status?: number }} RecordedRequest
 *   (`startedAt`/`endedAt`: Date.now() when the request arrived and when its answer ended, to check what overlapped)
 * @typedef {{ textMs?: number, imageMs?: number }} Latency
 *   (every answer waits this long unless its script sets delayMs: chat and responses `textMs`, images `imageMs`)
 * @typedef {{ every: number, retryAfter: number, untilMs: number, status?: 429 | 503 }} Storm
 *   (until Date.now() passes `untilMs`, one request in `every` (2: half of them) is answered 429 (or 503) with Retry-After)
 */

const ERRORS = {
  invalid_api_key: [401, { message: "Incorrect API key provided: sk-fake***. You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", code: "invalid_api_key" }],
  rate_limit: [429, { message: "Rate limit reached for requests. Please try again in 20s.", type: "requests", code: "rate_limit_exceeded" }],
  insufficient_quota: [429, { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", code: "insufficient_quota" }],
  content_policy_violation: [400, { message: "Your request was rejected as a result of our safety system.", type: "invalid_request_error", code: "content_policy_violation" }],
  billing_hard_limit_reached: [400, { message: "Billing hard limit has been reached.", type: "invalid_request_error", code: "billing_hard_limit_reached" }],
  model_not_found: [404, { message: "The model `missing-model` does not exist or you do not have access to it.", type: "invalid_request_error", code: "model_not_found" }],
  server_error: [500, { message: "The server had an error while processing your request.", type: "server_error", code: null }],
  overloaded: [503, { message: "The engine is currently overloaded, please try again later.", type: "server_error", code: null }],
};

export const DEFAULT_PROMPT =
  "Build a warm, conversion-focused landing page for the business described below. " +
  "Open with a bold hero that states the promise in one line, follow with three benefit sections, " +
  "social proof from early customers, a clear pricing teaser and a single call to action that " +
  "collects emails. Use a friendly tone, generous white space and an accessible colour palette.";

export const DEFAULT_CONCEPT = {
  reasoning_steps: {
    business_idea: "The idea centres on a simple, trustworthy service, so the mark should feel dependable.",
    target_audience: "The audience is busy and practical: the icon must read instantly at small sizes.",
    geographic_market: "The market is broad, so avoid region-specific symbols.",
    tone_of_voice: "A friendly tone suggests rounded shapes and open forms.",
    competitors: "Competitors use literal icons; an abstract mark will stand apart.",
    primary_goal: "To collect emails, the mark must build trust at first glance.",
    brand_vibe: "The vibe calls for a clean, modern geometry with one accent colour.",
  },
  final_logo_concept: "A rounded geometric monogram inside a soft circle, one accent colour, no text.",
};

/** A small, valid PNG (solid gradient) made without dependencies. */
export function makePng(size = 16, rgb = [99, 102, 241]) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      raw[row + 1 + x * 3] = rgb[0];
      raw[row + 2 + x * 3] = Math.min(255, rgb[1] + y * 4);
      raw[row + 3 + x * 3] = rgb[2];
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const sleep = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * @param {{ port?: number }} [options]
 */
export async function startFakeOpenAI(options = {}) {
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {{ chat: Script[], images: Script[], responses: Script[] }} */
  const queues = { chat: [], images: [], responses: [] };
  /** Applied when a queue is empty. */
  /** @type {{ chat: Script, images: Script, responses: Script }} */
  const defaults = { chat: {}, images: {}, responses: {} };
  const png = makePng(64);
  /** @type {Latency} */
  let latency = {};
  /** @type {Storm | null} */
  let storm = null;
  let stormCount = 0;
  /** Requests answered with a storm error. */
  let stormErrors = 0;

  /** @param {"chat" | "images" | "responses"} kind @param {string} bodyText */
  function next(kind, bodyText, structured = false, concept = false) {
    const q = queues[kind];
    // Structured-content requests (brand, marks...) take only scripts aimed at them
    // (`structured: true`, optionally narrowed by `match`), so a script queued for
    // "the chat call" reaches the website prompt, and one with `concept: true` the logo concept
    // (the two run at the same time, so their order says nothing).
    const index = q.findIndex((s) => (!s.match || bodyText.includes(s.match)) && (!s.matchAll || s.matchAll.every((m) => bodyText.includes(m))) && !!s.structured === structured && !!s.concept === concept);
    const head = q[index];
    if (!head) return structured && !defaults[kind].structured ? {} : defaults[kind];
    if ((head.times ?? 1) <= 1) q.splice(index, 1);
    else head.times = (head.times ?? 1) - 1;
    return head;
  }

  function sendError(res, kind, script = {}) {
    const [status, error] = ERRORS[kind];
    const headers = { "Content-Type": "application/json" };
    if (script.retryAfter !== undefined) headers["Retry-After"] = String(script.retryAfter);
    if (script.retryAfterMs !== undefined) headers["retry-after-ms"] = String(script.retryAfterMs);
    res.writeHead(status, headers);
    res.end(JSON.stringify({ error: { ...error, param: null } }));
  }

  function isConceptRequest(body) {
    return JSON.stringify(body.messages ?? "").includes("reasoning_steps");
  }

  async function chat(req, res, body) {
    const script = next("chat", JSON.stringify(body), !!body.response_format, !body.response_format && isConceptRequest(body));
    await sleep(script.delayMs ?? latency.textMs ?? 0);
    if (script.error) return sendError(res, script.error, script);
    if (script.refuseJsonSchema && body.response_format?.type === "json_schema") {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "response_format json_schema is not supported by this model", type: "invalid_request_error", param: "response_format", code: null } }));
      return;
    }
    const name = structuredName(body);
    const content = script.empty
      ? ""
      : (script.content ??
        (name && STRUCTURED_DEFAULTS[name]
          ? JSON.stringify(STRUCTURED_DEFAULTS[name])
          : isConceptRequest(body) ? JSON.stringify(DEFAULT_CONCEPT) : DEFAULT_PROMPT));
    const base = { id: "chatcmpl-fake", created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({
        ...base,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    const send = (delta, finish = null) =>
      res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    send({ role: "assistant", content: "" });
    const size = script.chunkSize ?? 24;
    for (let i = 0; i < content.length; i += size) {
      if (script.chunkDelayMs) await sleep(script.chunkDelayMs);
      if (res.destroyed) return;
      send({ content: content.slice(i, i + size) });
    }
    send({}, "stop");
    res.write("data: [DONE]\n\n");
    res.end();
  }

  async function images(req, res, body, origin) {
    const script = next("images", JSON.stringify(body));
    await sleep(script.delayMs ?? latency.imageMs ?? 0);
    if (script.error) return sendError(res, script.error, script);
    const wantsUrl = body.response_format === "url" || (body.model === "dall-e-3" && body.response_format !== "b64_json");
    const item = script.noImage ? {} : wantsUrl ? { url: `${origin}/files/logo.png`, revised_prompt: body.prompt } : { b64_json: png.toString("base64") };
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [item] }));
  }

  /**
   * POST /v1/responses with the web_search tool (research snapshot): a search call
   * with its sources (when `include` asks for them) and a message whose text carries
   * url_citation annotations. `unsupportedTool` answers 400 like a model or server
   * without the tool; `noSources` answers text without any citation.
   */
  async function responses(req, res, body) {
    const script = next("responses", JSON.stringify(body));
    await sleep(script.delayMs ?? latency.textMs ?? 0);
    if (script.error) return sendError(res, script.error, script);
    if (script.unsupportedTool) {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Tool 'web_search' is not supported with this model.", type: "invalid_request_error", param: "tools", code: null } }));
      return;
    }
    const search = FAKE_WEB_SEARCH;
    let text = search.text;
    const annotations = [];
    if (!script.noSources) {
      for (const c of search.citations) {
        const start = text.length;
        text += ` [${c.title}]`;
        annotations.push({ type: "url_citation", start_index: start + 1, end_index: text.length, url: c.url, title: c.title });
      }
    }
    const withSources = Array.isArray(body?.include) && body.include.includes("web_search_call.action.sources") && !script.noSources;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({
      id: "resp_fake", object: "response", created_at: Math.floor(Date.now() / 1000), status: "completed", model: body?.model,
      output: [
        { type: "web_search_call", id: "ws_fake", status: "completed", action: { type: "search", query: "competitors", ...(withSources ? { sources: search.sources.map((url) => ({ type: "url", url })) } : {}) } },
        { type: "message", id: "msg_fake", status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations }] },
      ],
      usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 },
    }));
  }

  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const text = Buffer.concat(chunks).toString("utf8");
    let body = null;
    try { body = text ? JSON.parse(text) : null; } catch { body = text; }
    const url = new URL(req.url ?? "/", "http://localhost");
    const origin = `http://${req.headers.host}`;
    try {
      if (url.pathname.startsWith("/__control/")) return control(url.pathname.slice(11), body, res);
      if (req.method === "GET" && url.pathname === "/files/logo.png") {
        res.writeHead(200, { "Content-Type": "image/png" });
        return res.end(png);
      }
      /** @type {RecordedRequest} */
      const record = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body, startedAt: Date.now() };
      requests.push(record);
      const started = performance.now();
      res.on("finish", () => {
        record.durationMs = performance.now() - started;
        record.endedAt = Date.now();
        record.status = res.statusCode;
      });
      if (storm && Date.now() < storm.untilMs && url.pathname.startsWith("/v1/") && ++stormCount % storm.every === 0) {
        stormErrors++;
        return sendError(res, storm.status === 503 ? "overloaded" : "rate_limit", { retryAfter: storm.retryAfter });
      }
      if (req.method === "POST" && url.pathname === "/v1/chat/completions") return await chat(req, res, body);
      if (req.method === "POST" && url.pathname === "/v1/images/generations") return await images(req, res, body, origin);
      if (req.method === "POST" && url.pathname === "/v1/responses") return await responses(req, res, body);
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: `Unknown path ${url.pathname}`, type: "invalid_request_error" } }));
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });

  function control(action, body, res) {
    const ok = (data = { ok: true }) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(data));
    };
    if (action === "queue") { api.queue(body.kind, body.script); return ok(); }
    if (action === "default") { api.setDefault(body.kind, body.script); return ok(); }
    if (action === "reset") { api.reset(); return ok(); }
    if (action === "requests") return ok(requests);
    if (action === "latency") { api.setLatency(body ?? {}); return ok(); }
    if (action === "storm") { api.startStorm(body); return ok(); }
    if (action === "storm-errors") return ok({ errors: stormErrors });
    res.writeHead(404);
    res.end();
  }

  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const origin = `http://127.0.0.1:${address.port}`;

  const api = {
    origin,
    /** The base URL to give the openai SDK (OPENAI_BASE_URL). */
    baseURL: `${origin}/v1`,
    requests,
    /** @param {"chat" | "images" | "responses"} kind @param {Script} script */
    queue(kind, script) { queues[kind].push({ ...script }); },
    /** @param {"chat" | "images" | "responses"} kind @param {Script} script */
    setDefault(kind, script) { defaults[kind] = { ...script }; },
    /** @param {Latency} value */
    setLatency(value) { latency = { ...value }; },
    /** @param {{ every?: number, retryAfter?: number, durationMs: number, status?: 429 | 503 }} options */
    startStorm(options) {
      storm = { every: options.every ?? 2, retryAfter: options.retryAfter ?? 1, untilMs: Date.now() + options.durationMs, status: options.status };
      stormCount = 0;
    },
    /** Requests answered with a storm error so far. */
    get stormErrors() { return stormErrors; },
    reset() {
      latency = {};
      storm = null;
      stormErrors = 0;
      requests.length = 0;
      queues.chat.length = 0;
      queues.images.length = 0;
      queues.responses.length = 0;
      defaults.chat = {};
      defaults.images = {};
      defaults.responses = {};
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
  return api;
}
