export type Answer = { status: number; headers: Headers; body: string; data: Record<string, unknown> | null; location: string | null };

/** Calls a route function and normalises what it returns or throws: a Response, or data() with an init. */
export async function call(fn: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const body = await result.text();
    return { status: result.status, headers: result.headers, body, data: null, location: result.headers.get("Location") };
  }
  const d = result as { data?: Record<string, unknown>; init?: { status?: number } } & Record<string, unknown>;
  if (d && "init" in d && "data" in d) return { status: d.init?.status ?? 200, headers: new Headers(), body: "", data: d.data ?? null, location: null };
  if (result instanceof Error) throw result;
  return { status: 200, headers: new Headers(), body: "", data: d, location: null };
}

