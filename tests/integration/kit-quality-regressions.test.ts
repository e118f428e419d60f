import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generationInput } from "~/kit/input";
import { settleGenerations } from "~/kit/runner/job.server";
import { startGeneration } from "~/kit/runner/commands.server";
import { createBuiltinProvider } from "~/ai/builtin.server";
import { setProviderForTests } from "~/ai/index.server";
import { generateBrand } from "~/kit/assets/brand/step.server";
import { generateLanding } from "~/kit/assets/landing/step.server";
import { generateLaunch } from "~/kit/assets/launch/step.server";
import { community } from "~/kit/assets/launch/subreddits";
import { understandingOf } from "~/kit/assets/launch-copy";
import { createKit } from "~/kit/kits.server";
import { writeWelcome } from "~/features/site/sequences/welcome.server";
import { createUser } from "~/features/users/users.server";
import { useBuiltinProvider } from "../support/ai-env";
import { IDEAS } from "../support/quality-ideas";

/** Two failures the quality suite found (offline provider), kept as regression tests. */

const GENERAL = new Set(["Entrepreneur", "smallbusiness", "SideProject", "IMadeThis", "startups", "SaaS"]);
const SHIPPING = /\b(ship(s|ped|ping)?|unbox\w*|in the box|first batch|parcels?|Order Now)\b/i;
let userId: string;

beforeAll(async () => {
  useBuiltinProvider("AI_WEB_SEARCH");
  setProviderForTests(createBuiltinProvider({ chunkDelayMs: 0 }));
  userId = (await createUser({ name: "Pending", email: "q1-pending@example.com", password: "Secret123" })).id;
});
afterAll(() => setProviderForTests(undefined));

describe("found by the quality suite", () => {
  it("a developer tool read as b2b-saas (a Ruby gem) still gets a developer community, not SaaS/SideProject/startups", async () => {
    const provider = createBuiltinProvider({ chunkDelayMs: 0 });
    const idea = IDEAS.find((i) => /Ruby gem/.test(i.idea))!;
    const kit = await createKit(userId, { geography: "", competitors: "", ...idea });
    const input = generationInput(kit);
    const brand = await generateBrand(input, provider);
    const launch = await generateLaunch(kit.id, input, brand, await generateLanding(input, brand, provider), null, provider);
    expect(understandingOf(input, brand).model).toBe("developer-tool");
    const names = launch.reddit.map((p) => p.subreddit);
    expect(names.some((n) => !GENERAL.has(n) && community(n)!.categories.some((c) => c === "developer-tool" || c === "open-source")), names.join(", ")).toBe(true);
  });

  it("the pre-order welcome e-mail of a camp says nothing ships", async () => {
    const idea = IDEAS.find((i) => /pottery camp/.test(i.idea))!;
    const kit = await createKit(userId, { geography: "", competitors: "", ...idea });
    await startGeneration(kit);
    await settleGenerations();
    const steps = await writeWelcome(kit.id);
    for (const s of steps) expect(s.body).not.toMatch(SHIPPING);
  }, 60_000);
});
