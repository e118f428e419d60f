/**
 * Plain-text answers for resource routes (files, streams, health): a person
 * who opens such a URL, or a script that calls it, reads a sentence, not a
 * JSON-encoded string. Page routes throw the same responses; the root error
 * boundary renders them as pages.
 */
export function textResponse(body: string, status: number, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

export const notFound = () => textResponse("Not found", 404);

const methodNotAllowed = () => textResponse("Method Not Allowed", 405, { Allow: "GET, HEAD" });

/**
 * The action of a route that only reads (`export const action = refusePost`):
 * a form posted to it gets a plain 405. Without one, React Router answers with
 * an internal message naming the route module.
 */
export function refusePost(): never {
  throw methodNotAllowed();
}
