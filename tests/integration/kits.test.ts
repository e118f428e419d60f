import { describe, expect, it } from "vitest";
import { createKit, kitForUser, kitsForUser, setKitStatus, statsForUser } from "~/kit/kits.server";
import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { launchKits } from "~/platform/db/schema";
import type { WizardInput } from "~/kit/schema";
import { createUser } from "~/features/users/users.server";

const input: WizardInput = { idea: "A tiny idea", audience: "Everyone", geography: "", tone: "bold", competitors: "", goal: "waitlist", vibe: "playful" };

describe("kit queries", () => {
  it("counts stats in SQL for one user only and lists their kits newest first", async () => {
    const a = await createUser({ name: "A", email: "a@kits.test", password: "Secret123" });
    const b = await createUser({ name: "B", email: "b@kits.test", password: "Secret123" });
    const k1 = await createKit(a.id, input);
    const k2 = await createKit(a.id, input);
    const k3 = await createKit(a.id, input);
    await createKit(b.id, input);
    await setKitStatus(k1.id, "exported");
    await setKitStatus(k2.id, "generating");
    expect(await statsForUser(a.id)).toEqual({ total: 3, exported: 1, generating: 1 });
    expect(await statsForUser(b.id)).toEqual({ total: 1, exported: 0, generating: 0 });
    const t = Date.now();
    const age = (id: string, ms: number) => getDb().update(launchKits).set({ createdAt: new Date(t - ms) }).where(eq(launchKits.id, id));
    await age(k1.id, 3000);
    await age(k2.id, 2000);
    await age(k3.id, 1000);
    expect((await kitsForUser(a.id)).map((k) => k.id)).toEqual([k3.id, k2.id, k1.id]);
    expect(await kitsForUser(a.id, 2, 2)).toHaveLength(1);
    expect(await kitForUser(k1.id, b.id)).toBeUndefined();
    expect((await kitForUser(k1.id, a.id))?.id).toBe(k1.id);
  });
});
