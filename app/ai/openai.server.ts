import OpenAI from "openai";
import type { Config } from "~/platform/config.server";
import { completeStructured } from "./structured.server";
import { webSearch } from "./web-search.server";
import { GenerationError, LOGO_ERRORS } from "./errors";
import type { AIProvider, GeneratedImage } from "./types";

const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** The official SDK against OpenAI or any OpenAI-compatible server (OPENAI_BASE_URL). */
export function createOpenAIProvider(ai: Config["ai"]): AIProvider {
  const client = new OpenAI({
    apiKey: ai.apiKey ?? "missing",
    baseURL: ai.baseURL,
    timeout: ai.timeoutMs,
    maxRetries: ai.maxRetries,
  });

  async function downloadImage(url: string, signal?: AbortSignal): Promise<GeneratedImage> {
    // Provider links expire within the hour: fetch the bytes now and keep them.
    const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(ai.timeoutMs)]) : AbortSignal.timeout(ai.timeoutMs) });
    const contentType = res.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    if (!res.ok || !contentType.startsWith("image/")) throw new GenerationError(LOGO_ERRORS.other);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length === 0 || data.length > MAX_IMAGE_BYTES) throw new GenerationError(LOGO_ERRORS.other);
    return { data, contentType };
  }

  return {
    name: "openai",
    offline: false,
    textModel: ai.textModel,
    imageModel: ai.imageModel,

    async text(request, signal, onDelta) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        ...(request.system !== undefined ? [{ role: "system" as const, content: request.system }] : []),
        { role: "user", content: request.user },
      ];
      if (!onDelta) {
        const reply = await client.chat.completions.create(
          { model: ai.textModel, messages, temperature: request.temperature, max_tokens: request.maxTokens },
          { signal },
        );
        return reply.choices[0]?.message?.content ?? "";
      }
      const stream = await client.chat.completions.create(
        { model: ai.textModel, messages, temperature: request.temperature, max_tokens: request.maxTokens, stream: true },
        { signal },
      );
      let text = "";
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content ?? "";
        if (delta) {
          text += delta;
          onDelta(delta);
        }
      }
      return text;
    },

    structured(request, signal) {
      return completeStructured(client, ai.textModel, request, signal);
    },

    webSearch: ai.webSearch ? (request, signal) => webSearch(client, ai.textModel, request, signal) : undefined,

    async image(request, signal) {
      const isDallE3 = ai.imageModel === "dall-e-3";
      const result = await client.images.generate(
        isDallE3
          ? { model: "dall-e-3", prompt: request.prompt, n: 1, size: "1024x1024", quality: "standard", style: "vivid" }
          : // GPT image models take only their own parameters and always answer base64.
            { model: ai.imageModel, prompt: request.prompt, n: 1, size: "1024x1024" },
        { signal },
      );
      const item = result.data?.[0];
      if (item?.b64_json) return { data: Buffer.from(item.b64_json, "base64"), contentType: "image/png" };
      if (item?.url) return downloadImage(item.url, signal);
      throw new GenerationError(LOGO_ERRORS.noImage);
    },
  };
}
