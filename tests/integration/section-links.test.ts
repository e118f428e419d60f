// The Pro card's links: /dashboard/go/<section> opens that section of the founder's newest kit.
import { describe, expect, it } from "vitest";
import { createKit } from "~/kit/kits.server";
import { KIT_SECTIONS, sectionLink, type KitSectionKey } from "~/features/marketing/pro-features";
import { loader } from "~/routes/dashboard/go";
import { routeArgs } from "../support/route-args";
import { founder, ORIGIN } from "../support/landing-routes";

const answers = {
  idea: "Mobile dog grooming van",
  audience: "Busy owners",
  geography: "",
  tone: "friendly",
  competitors: "",
  goal: "waitlist",
  vibe: "cozy",
} as const;

async function go(section: string, cookie: string | null) {
  const request = new Request(`${ORIGIN}/dashboard/go/${section}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    const res = (await loader(routeArgs(request, { section }))) as Response;
    return { status: res.status, location: res.headers.get("Location") };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const data = thrown as { init?: { status?: number } };
    if (data?.init?.status) return { status: data.init.status, location: null };
    throw thrown;
  }
}

describe("/dashboard/go/:section", () => {
  it("opens each section of the founder's newest kit", async () => {
    const { user, cookie } = await founder("go");
    await createKit(user.id, answers);
    // Kits made in the same millisecond tie (then the id decides): the newest is made a moment later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = await createKit(user.id, { ...answers, idea: "Sourdough bakery delivering by bike" });
    for (const section of Object.keys(KIT_SECTIONS) as KitSectionKey[]) {
      expect(sectionLink(section)).toBe(`/dashboard/go/${section}`);
      expect(await go(section, cookie)).toEqual({ status: 302, location: `/dashboard/kits/${newest.id}/${KIT_SECTIONS[section]}` });
    }
  });

  it("sends a founder without a kit to the dashboard, a visitor to sign in (and back), and an unknown section to a 404", async () => {
    const { cookie } = await founder("go-empty");
    expect(await go("competitors", cookie)).toEqual({ status: 302, location: "/dashboard" });
    const anonymous = await go("review", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/signin?redirectTo=${encodeURIComponent("/dashboard/go/review")}`);
    expect((await go("admin", cookie)).status).toBe(404);
    expect((await go("__proto__", cookie)).status).toBe(404);
  });
});
