/**
 * What React Router hands a loader or action, for tests that call one
 * directly: the request as it came and its normalised `url` (with
 * `future.v8_passThroughRequests` the loaders read that, not request.url).
 */
export function routeArgs(request: Request, params: Record<string, string | undefined> = {}, context: unknown = {}): never {
  return { request, url: new URL(request.url), params, context, pattern: "" } as never;
}
