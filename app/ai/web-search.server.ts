import type OpenAI from "openai";
import type { WebSearchRequest, WebSearchResult } from "./types";

/**
 * Web research through the Responses API's hosted web search tool
 * (`tools: [{ type: "web_search" }]`). Returns the model's notes and every
 * page the search returned: the url_citation annotations of its text and the
 * search calls' sources (asked for with `include`). Nothing else counts as a
 * source. A server without the tool (or without /v1/responses) answers with
 * an error, which the caller treats as "no web access".
 */
export async function webSearch(client: OpenAI, model: string, request: WebSearchRequest, signal?: AbortSignal): Promise<WebSearchResult> {
  const response = await client.responses.create(
    {
      model,
      instructions: request.instructions,
      input: request.input,
      tools: [{ type: "web_search" }],
      include: ["web_search_call.action.sources"],
      max_output_tokens: request.maxTokens ?? 4000,
    },
    { signal },
  );
  let text = "";
  const sources: WebSearchResult["sources"] = [];
  for (const item of response.output ?? []) {
    if (item.type === "web_search_call" && item.action?.type === "search") {
      for (const s of item.action.sources ?? []) if (typeof s?.url === "string") sources.push({ url: s.url, title: "" });
    } else if (item.type === "message") {
      for (const part of item.content ?? []) {
        if (part.type !== "output_text") continue;
        text += part.text;
        for (const a of part.annotations ?? []) {
          if (a.type === "url_citation" && typeof a.url === "string") sources.push({ url: a.url, title: typeof a.title === "string" ? a.title : "" });
        }
      }
    }
  }
  // Titled citations first, so a page found twice keeps its title.
  sources.sort((a, b) => Number(!a.title) - Number(!b.title));
  return { text: text.trim(), sources };
}
