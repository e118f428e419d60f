import { describe, expect, it } from "vitest";
import { pagePathOf, requireUser } from "~/features/auth/guards.server";

const at = (path: string) => new Request(`http://launchkit.test${path}`);

describe("the page a raw request is for (loaders get requests as they came)", () => {
  it("drops React Router's .data suffix and its _routes parameter", () => {
    expect(pagePathOf(at("/dashboard.data?_routes=routes%2Fdashboard%2Findex"))).toBe("/dashboard");
    expect(pagePathOf(at("/_root.data"))).toBe("/");
    expect(pagePathOf(at("/dashboard/kits/k1/website.data?leads=2&_routes=x"))).toBe("/dashboard/kits/k1/website?leads=2");
  });

  it("keeps a document request's own path and query", () => {
    expect(pagePathOf(at("/dashboard?page=2&kit=abc"))).toBe("/dashboard?page=2&kit=abc");
    expect(pagePathOf(at("/"))).toBe("/");
    expect(pagePathOf(at("/account/"))).toBe("/account");
  });

  it("a signed-out client-side navigation is sent to sign in with the page itself to come back to", async () => {
    const thrown = await requireUser(at("/account.data?_routes=routes%2Faccount")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent("/account")}`);
  });
});
