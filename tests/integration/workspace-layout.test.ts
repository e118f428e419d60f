// The kit workspace's sections render inside one layout route that reads the
// shell's summary once; each section's own loader and action still check the
// kit's owner, since React Router runs the layout's loader beside theirs.
import { describe, expect, it } from "vitest";
import { createKit } from "~/kit/kits.server";
import { requireKitWorkspace } from "~/features/workspace/workspace.server";
import { createRequestContext } from "~/platform/http/request-context";
import { founder, ORIGIN, resource } from "../support/landing-routes";
import { routeArgs } from "../support/route-args";
import { call } from "../support/route-call";

const SECTIONS = ["ads", "analytics", "brand", "calendar", "competitors", "deck", "email", "experiments", "export", "launch", "logo", "month", "research", "review", "social", "waitlist", "website", "website-domain"];
const path = (section: string) => (section === "website-domain" ? "website/domain" : section);
const input = { idea: "Mobile dog grooming van", audience: "Busy owners", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" } as const;

async function ownerAndStranger() {
  const owner = await founder("layout");
  const stranger = await founder("layout-other");
  const kit = await createKit(owner.user.id, input);
  return { owner, stranger, kit };
}

describe("the kit workspace's layout route", () => {
  it("reads the shell's summary once for every section: the same as the sections had", async () => {
    const { owner, kit } = await ownerAndStranger();
    const shell = await resource("~/routes/dashboard/workspace/layout", owner.cookie, `/dashboard/kits/${kit.id}/brand`, { id: kit.id });
    expect(shell.status).toBe(200);
    const { summary } = await requireKitWorkspace(new Request(`${ORIGIN}/dashboard/kits/${kit.id}`, { headers: { Cookie: owner.cookie } }), kit.id);
    expect(shell.data).toEqual({ summary });
    // The sections no longer carry it in their own data.
    const section = await resource("~/routes/dashboard/workspace/brand", owner.cookie, `/dashboard/kits/${kit.id}/brand`, { id: kit.id });
    expect(section.status).toBe(200);
    expect(section.data).not.toHaveProperty("summary");
  });

  it("is a 404 for another founder's kit and for a kit that does not exist, and sends a visitor to sign in", async () => {
    const { stranger, kit } = await ownerAndStranger();
    expect((await resource("~/routes/dashboard/workspace/layout", stranger.cookie, `/dashboard/kits/${kit.id}/brand`, { id: kit.id })).status).toBe(404);
    expect((await resource("~/routes/dashboard/workspace/layout", stranger.cookie, "/dashboard/kits/nope/brand", { id: "nope" })).status).toBe(404);
    const visitor = await resource("~/routes/dashboard/workspace/layout", null, `/dashboard/kits/${kit.id}/brand`, { id: kit.id });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/signin/);
  });

  it("leaves every section's loader and action checking the owner on its own: another founder's kit is a 404", async () => {
    const { stranger, kit } = await ownerAndStranger();
    for (const section of SECTIONS) {
      const url = `/dashboard/kits/${kit.id}/${path(section)}`;
      const module = `~/routes/dashboard/workspace/${section}`;
      expect((await resource(module, stranger.cookie, url, { id: kit.id })).status, `${section} loader`).toBe(404);
      const route = (await import(/* @vite-ignore */ module)) as { action: (a: never) => Promise<unknown> };
      const post = new Request(`${ORIGIN}${url}`, { method: "POST", headers: { Cookie: stranger.cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=regenerate" });
      // Analytics has no form: any post is refused before the kit is looked at.
      expect((await call(() => route.action(routeArgs(post, { id: kit.id }, createRequestContext("10.0.0.3"))))).status, `${section} action`).toBe(section === "analytics" ? 405 : 404);
    }
  });

  it("leaves the sections' files, downloads and previews (outside the layout) checking the owner too", async () => {
    const { stranger, kit } = await ownerAndStranger();
    const files: Array<[string, string, Record<string, string>]> = [
      ["ads-file", "ads/ads.csv", { file: "ads.csv" }],
      ["analytics-csv", "analytics.csv", {}],
      ["calendar-file", "calendar/calendar.ics", { file: "calendar.ics" }],
      ["kit-file", "files/brand/tokens.json", { "*": "brand/tokens.json" }],
      ["kit-zip", "kit.zip", {}],
      ["launch-file", "launch/launch.md", { file: "launch.md" }],
      ["logo-file", "logo/logo.svg", { file: "logo.svg" }],
      ["month-file", "month/x.md", { file: "x.md" }],
      ["research-file", "research/research.md", { file: "research.md" }],
      ["social-file", "social/posts.csv", { file: "posts.csv" }],
      ["waitlist-csv", "waitlist.csv", {}],
      ["website-download", "website/index.html", {}],
      ["website-leads-csv", "website/leads.csv", {}],
      ["website-preview", "website/preview", {}],
    ];
    for (const [module, url, params] of files) {
      const answer = await resource(`~/routes/dashboard/workspace/${module}`, stranger.cookie, `/dashboard/kits/${kit.id}/${url}`, { id: kit.id, ...params });
      expect(answer.status, module).toBe(404);
    }
  });
});
