import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { routeArgs } from "../support/route-args";

const args = (init?: RequestInit) => routeArgs(new Request("http://x/pricing?token=secret", init), {}, {});

describe("errors caught by React Router", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => logged.mockClear());

  it("logs a real failure as one JSON line, without the query string", () => {
    handleError(new Error("disk I/O error"), args({ method: "POST" }));
    expect(logged).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(logged.mock.calls[0]![0]));
    expect(line).toMatchObject({ level: "error", message: "request failed", error: "disk I/O error", method: "POST", path: "/pricing" });
    expect(String(logged.mock.calls[0]![0])).not.toContain("secret");
  });

  it("does not log what the client got wrong (a 405 for a form posted to a page without an action)", () => {
    handleError(new ErrorResponse(405, "Method Not Allowed", "Error: You made a POST request..."), args({ method: "POST" }));
    handleError(new ErrorResponse(400, "Bad Request", "Invalid request"), args({ method: "POST" }));
    // React Router's cross-site check (it answers 400) throws a plain Error.
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), args({ method: "POST" }));
    expect(logged).not.toHaveBeenCalled();
  });

  it("does not log requests the client abandoned", () => {
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), args({ signal: controller.signal }));
    expect(logged).not.toHaveBeenCalled();
  });
});
