import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROMPT, startFakeOpenAI } from "../support/fake-openai.mjs";

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let client: OpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  client = new OpenAI({ apiKey: "sk-test", baseURL: fake.baseURL, maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("fake OpenAI server through the official SDK", () => {
  it("answers a plain chat completion and records the request", async () => {
    const reply = await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
      temperature: 0.7,
    });
    expect(reply.choices[0]?.message.content).toBe(DEFAULT_PROMPT);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7 });
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-test");
  });

  it("streams a chat completion in chunks", async () => {
    fake.queue("chat", { content: "one two three four five six", chunkSize: 4 });
    const stream = await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const parts: string[] = [];
    for await (const chunk of stream) parts.push(chunk.choices[0]?.delta?.content ?? "");
    expect(parts.join("")).toBe("one two three four five six");
    expect(parts.filter(Boolean).length).toBeGreaterThan(3);
  });

  it("returns images as b64_json or as a downloadable url", async () => {
    const b64 = await client.images.generate({ model: "gpt-image-2", prompt: "logo", n: 1, size: "1024x1024" });
    const png = Buffer.from(b64.data?.[0]?.b64_json ?? "", "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");

    const viaUrl = await client.images.generate({ model: "dall-e-3", prompt: "logo", n: 1, size: "1024x1024", quality: "standard", style: "vivid" });
    const res = await fetch(viaUrl.data?.[0]?.url ?? "");
    expect(res.headers.get("content-type")).toBe("image/png");
  });

  it.each([
    ["invalid_api_key", OpenAI.AuthenticationError, 401],
    ["rate_limit", OpenAI.RateLimitError, 429],
    ["insufficient_quota", OpenAI.RateLimitError, 429],
    ["content_policy_violation", OpenAI.BadRequestError, 400],
    ["model_not_found", OpenAI.NotFoundError, 404],
  ] as const)("can be scripted to fail with %s", async (kind, ErrorClass, status) => {
    fake.queue("chat", { error: kind });
    const error = await client.chat.completions
      .create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "x" }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe(kind === "rate_limit" ? "rate_limit_exceeded" : kind);
  });

  it("can reply empty and can be delayed", async () => {
    fake.queue("chat", { empty: true, delayMs: 150 });
    const started = Date.now();
    const reply = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(reply.choices[0]?.message.content).toBe("");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
