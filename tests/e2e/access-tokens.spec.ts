import { expect, query, signUp, test } from "./fixtures";

/**
 * /account's access tokens for AI agents, JavaScript on and off: create a
 * named, scoped token, see it once, find it listed with its scope and "never
 * used", revoke it. A token does not sign anyone in on the browser's pages.
 */
test.describe("access tokens for AI agents", () => {
  test("create a token, see it once, it is stored hashed; a Bearer token opens no page; revoke it", async ({ page, playwright, baseURL }) => {
    const email = await signUp(page);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Access tokens for AI agents" });
    await expect(section.getByText("No tokens yet.")).toBeVisible();

    // A name is needed: a clear message, nothing created.
    await section.getByRole("button", { name: "Create token" }).click();
    await expect(section.getByText("Give the token a name, like “Claude Code on my laptop”.")).toBeVisible();
    expect(query("select t.id from access_tokens t join users u on u.id = t.user_id where u.email = ?", email)).toHaveLength(0);

    await section.getByLabel("Name", { exact: true }).fill("Claude Code <laptop>");
    await section.getByLabel(/Read, and write/).check();
    await section.getByRole("button", { name: "Create token" }).click();
    const shown = section.getByTestId("new-token");
    await expect(shown).toContainText("Copy it now");
    const token = await shown.getByLabel("New token").inputValue();
    expect(token).toMatch(/^lk_pat_[A-Za-z0-9_-]{43}$/);
    // Stored as a hash only, with the scope asked for and leads off.
    const rows = query<{ token_hash: string; scope: string; leads: number; name: string }>("select t.* from access_tokens t join users u on u.id = t.user_id where u.email = ?", email);
    expect(rows).toMatchObject([{ scope: "write", leads: 0, name: "Claude Code <laptop>" }]);
    expect(rows[0]!.token_hash).not.toContain(token.slice(7));

    // Shown once: the page opened again lists it without the secret.
    await page.goto("/account");
    await expect(section.getByTestId("new-token")).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    const item = section.getByTestId("token-list").getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Claude Code <laptop>");
    await expect(item).toContainText("Read and write");
    await expect(item).toContainText("never used");

    // The token is no way into the browser's pages.
    const anonymous = await playwright.request.newContext({ baseURL });
    const res = await anonymous.get("/dashboard", { headers: { Authorization: `Bearer ${token}` }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toMatch(/^\/signin/);
    await anonymous.dispose();

    await item.getByRole("button", { name: "Revoke Claude Code <laptop>" }).click();
    await expect(section.getByRole("status")).toContainText("“Claude Code <laptop>” is revoked");
    await expect(section.getByText("No tokens yet.")).toBeVisible();
    expect(query<{ revoked_at: number | null }>("select t.revoked_at from access_tokens t join users u on u.id = t.user_id where u.email = ?", email)[0]!.revoked_at).not.toBeNull();
  });
});
