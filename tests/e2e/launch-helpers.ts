import type { Page } from "@playwright/test";
import { expect, fakeOpenAI, query } from "./fixtures";
import { uniqueIdea } from "./wizard-helpers";

export const LAUNCH_KINDS = ["social", "calendar", "ads", "research"] as const;

/**
 * Creates a kit through the wizard's plain form post (as the signed-in page's
 * user) and waits until its social, calendar, ads and research assets are
 * ready. `scripts` are queued on the fake OpenAI server first; `{tag}` in
 * their match texts is replaced by the kit's unique tag.
 */
export async function createLaunchKit(page: Page, options: { competitors?: string; scripts?: Array<{ kind: "chat" | "responses"; script: Record<string, unknown> }> } = {}) {
  const { tag, idea } = uniqueIdea();
  for (const s of options.scripts ?? []) {
    const script = JSON.parse(JSON.stringify(s.script).replaceAll("{tag}", tag));
    await fakeOpenAI("queue", { kind: s.kind, script });
  }
  const res = await page.request.post("/wizard", {
    form: { idea, audience: "Busy professionals, new parents", geography: "Austin, Texas", tone: "friendly", competitors: options.competitors ?? "Rover, Wag!", goal: "book calls", vibe: "cozy", intent: "generate", step: "2" },
  });
  expect(res.ok()).toBe(true);
  const id = new URL(res.url()).pathname.split("/").pop()!;
  await expect
    .poll(() => query<{ n: number }>(`select count(*) as n from kit_assets where kit_id = ? and status = 'ready' and kind in (${LAUNCH_KINDS.map(() => "?").join(",")})`, id, ...LAUNCH_KINDS)[0]?.n, { timeout: 30_000 })
    .toBe(LAUNCH_KINDS.length);
  return { id, tag, idea };
}

export function assetContent<T = any>(kitId: string, kind: string): T {
  return JSON.parse(query<{ content: string }>("select content from kit_assets where kit_id = ? and kind = ?", kitId, kind)[0]!.content) as T;
}
