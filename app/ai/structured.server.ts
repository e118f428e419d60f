import OpenAI from "openai";
import { z } from "zod";
import { GenerationError, INVALID_JSON_MESSAGE } from "./errors";
import { fitToSchema } from "./fit-schema";
import type { StructuredRequest } from "./types";

/**
 * Structured content from an OpenAI-compatible server: JSON that the kind's
 * zod schema validates. Asks with a JSON-schema response format (Structured
 * Outputs), falls back to plain JSON mode on servers that refuse it, asks once
 * more (with what was wrong) when the answer is not valid, then repairs it
 * when the kind can and cuts what is still too long (fitToSchema), else fails
 * with the catalogue's message.
 */

type Message = { role: "system" | "user" | "assistant"; content: string };

const jsonSchemaCache = new WeakMap<object, Record<string, unknown>>();

export function jsonSchemaFor(schema: z.ZodType): Record<string, unknown> {
  let cached = jsonSchemaCache.get(schema);
  if (!cached) {
    cached = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete cached.$schema;
    jsonSchemaCache.set(schema, cached);
  }
  return cached;
}

/** Servers without Structured Outputs answer 400 naming response_format / json_schema. */
function refusesJsonSchema(error: unknown) {
  return error instanceof OpenAI.BadRequestError && /response_format|json_schema/i.test(error.message);
}

function describeIssues(error: z.ZodError) {
  return error.issues
    .slice(0, 12)
    .map((i) => `- ${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("\n");
}

export async function completeStructured<T>(
  client: OpenAI,
  model: string,
  request: StructuredRequest<T>,
  signal?: AbortSignal,
): Promise<T> {
  const schema = jsonSchemaFor(request.schema);
  const messages: Message[] = [
    {
      role: "system",
      content: `${request.system}\n\nReply with one JSON object only (content: ${request.name}), matching this JSON schema:\n${JSON.stringify(schema)}`,
    },
    { role: "user", content: request.user },
  ];
  let mode: "json_schema" | "json_object" = "json_schema";
  let lastRaw: unknown = undefined;

  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string | null | undefined;
    try {
      text = await ask(client, model, request, messages, mode, schema, signal);
    } catch (error) {
      if (mode === "json_schema" && refusesJsonSchema(error)) {
        mode = "json_object";
        text = await ask(client, model, request, messages, mode, schema, signal);
      } else {
        throw error;
      }
    }
    let raw: unknown;
    try {
      raw = JSON.parse(stripFences(text ?? ""));
    } catch {
      messages.push({ role: "assistant", content: (text ?? "").slice(0, 4000) });
      messages.push({ role: "user", content: "That was not valid JSON. Reply with the JSON object only, nothing else." });
      continue;
    }
    lastRaw = raw;
    const parsed = request.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    messages.push({ role: "assistant", content: JSON.stringify(raw).slice(0, 8000) });
    messages.push({
      role: "user",
      content: `That JSON does not match the schema:\n${describeIssues(parsed.error)}\nReply with the corrected JSON object only.`,
    });
  }
  if (lastRaw !== undefined) {
    // Last resort: the kind's own repair, then any text still over a limit is cut (a long answer is not a failure).
    const repaired = request.repair ? request.repair(lastRaw) : null;
    const parsed = request.schema.safeParse(fitToSchema(request.schema, repaired ?? lastRaw));
    if (parsed.success) return parsed.data;
  }
  throw new GenerationError(INVALID_JSON_MESSAGE);
}

async function ask<T>(
  client: OpenAI,
  model: string,
  request: StructuredRequest<T>,
  messages: Message[],
  mode: "json_schema" | "json_object",
  schema: Record<string, unknown>,
  signal?: AbortSignal,
) {
  const reply = await client.chat.completions.create(
    {
      model,
      messages,
      temperature: request.temperature ?? 0.7,
      max_tokens: request.maxTokens ?? 3000,
      response_format:
        mode === "json_schema"
          ? { type: "json_schema", json_schema: { name: request.name, schema, strict: false } }
          : { type: "json_object" },
    },
    { signal },
  );
  return reply.choices[0]?.message?.content;
}

function stripFences(text: string) {
  const t = text.trim();
  const fenced = t.match(/^```(?:json)?\s*([\s\S]*?)\s*```$/);
  return fenced ? fenced[1]! : t;
}

/**
 * The builtin provider's answer, held to the same schema: templates fed long
 * answers are cut to the limits like a model's text; any other bug in a
 * template fails loudly in tests.
 */
export function builtinStructured<T>(request: StructuredRequest<T>): T {
  return request.schema.parse(fitToSchema(request.schema, request.builtin()));
}
