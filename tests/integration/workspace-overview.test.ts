// The kit page (the workspace's overview) reads asset states without their
// contents, through statements prepared once: what it returns must
// be what every section's requireKitWorkspace() returns for the same kit.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { kitAssets } from "~/platform/db/schema";
import { kitBrand } from "~/kit/content.server";
import { createKit, founderFactsOf, kitForUser } from "~/kit/kits.server";
import { requireKitOverview, requireKitWorkspace } from "~/features/workspace/workspace.server";
import { founder, kitFor, ORIGIN } from "../support/landing-routes";

const get = (cookie: string | null, kitId: string) => new Request(`${ORIGIN}/dashboard/kits/${kitId}`, { headers: cookie ? { Cookie: cookie } : {} });

async function status(p: Promise<unknown>) {
  try {
    await p;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the kit page's overview", () => {
  it("has the summary and the kit every section has, without reading the contents", async () => {
    const { user, cookie } = await founder("overview");
    const kit = await kitFor(user.id);
    const overview = await requireKitOverview(get(cookie, kit.id), kit.id);
    const section = await requireKitWorkspace(get(cookie, kit.id), kit.id);
    expect(overview.summary).toEqual(section.summary);
    expect(overview.summary.hasBrand).toBe(true);
    expect(overview.summary.name).toBe((await kitBrand(kit.id))!.name);
    const { logoPrompt: _unused, ...shown } = (await kitForUser(kit.id, user.id))!;
    // With the founder's facts beside it (kit_facts; null: the automatic reading).
    expect(overview.kit).toEqual({ ...shown, understanding: await founderFactsOf(kit.id) });
    expect(overview.user.id).toBe(user.id);
  });

  it("counts a brand it cannot read as no brand, as kitBrand() does", async () => {
    const { user, cookie } = await founder("overview");
    const kit = await kitFor(user.id);
    await getDb()
      .update(kitAssets)
      .set({ content: { name: 42 } })
      .where(and(eq(kitAssets.kitId, kit.id), eq(kitAssets.kind, "brand")));
    expect(await kitBrand(kit.id)).toBeNull();
    const overview = await requireKitOverview(get(cookie, kit.id), kit.id);
    expect(overview.summary.hasBrand).toBe(false);
    expect(overview.summary).toEqual((await requireKitWorkspace(get(cookie, kit.id), kit.id)).summary);
  });

  it("summarises a kit without assets (made before brands) like the sections", async () => {
    const { user, cookie } = await founder("overview");
    const kit = await createKit(user.id, { idea: "Mobile dog grooming van", audience: "Busy owners", geography: "", tone: "friendly", competitors: "", goal: "waitlist", vibe: "cozy" });
    const overview = await requireKitOverview(get(cookie, kit.id), kit.id);
    expect(overview.summary).toEqual((await requireKitWorkspace(get(cookie, kit.id), kit.id)).summary);
    expect(overview.summary).toMatchObject({ hasBrand: false, name: "Mobile dog grooming", sections: [], assets: [] });
  });

  it("is a 404 for another founder's kit and for a kit that does not exist", async () => {
    const owner = await founder("overview");
    const other = await founder("overview");
    const kit = await createKit(owner.user.id, { idea: "A tiny idea", audience: "Everyone", geography: "", tone: "bold", competitors: "", goal: "waitlist", vibe: "playful" });
    expect(await status(requireKitOverview(get(other.cookie, kit.id), kit.id))).toBe(404);
    expect(await status(requireKitOverview(get(owner.cookie, "no-such-kit"), "no-such-kit"))).toBe(404);
    expect(await status(requireKitOverview(get(owner.cookie, kit.id), undefined))).toBe(404);
    // Signed out: the sign-in redirect, as before.
    expect(await status(requireKitOverview(get(null, kit.id), kit.id))).toBe(302);
  });
});
