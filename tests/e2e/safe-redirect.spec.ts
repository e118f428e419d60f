import { expect, PASSWORD, randomIp, signUp, test, uniqueEmail } from "./fixtures";

/**
 * A back link or redirect target the client sends never
 * takes the browser to another host, and never makes the server answer 500.
 * The browser is the judge: without JavaScript, Chromium itself resolves the
 * link and follows the redirect (it drops a tab from a URL, so "/\t/host" is
 * "//host"); with JavaScript, React Router does.
 */

/** The hosts an attacker would send the visitor to: 127.0.0.2 is not the e2e server's address. */
const OFFSITE = ["/\t/127.0.0.2:4400/x", "/\n/127.0.0.2:4400/x", "//127.0.0.2:4400/x", "/\\127.0.0.2:4400/x", "\\\\127.0.0.2:4400/x", "/\u3000/127.0.0.2:4400/x", "https://127.0.0.2:4400/x"];
/** And values that are not valid in a Location header at all (a 500 before). */
const NOT_A_HEADER = ["/dashboard\r", "/dashboard\n", "/dashboard\u000b", "/dashboard\u3000", "/\r\nSet-Cookie: evil=1"];

test.describe("client-sent redirect targets stay on the site", () => {
  test("the upgrade page's back link, for back=/%09/127.0.0.2:4400/x and friends", async ({ page, baseURL }) => {
    const site = new URL(baseURL!).origin;
    // The back link is offered to a signed-in founder (a visitor has no kit to go back to).
    await signUp(page, { confirm: false });
    for (const back of ["/%09/127.0.0.2:4400/x", ...OFFSITE.map(encodeURIComponent)]) {
      const res = await page.goto(`/upgrade?need=download&back=${back}`);
      expect(res?.status(), back).toBe(403);
      const link = page.getByRole("link", { name: "← Back to your kit" });
      const href = await link.getAttribute("href");
      // The WHATWG URL parser is the browser's: what it makes of the href is where a click goes.
      expect(new URL(href!, page.url()).origin, `${back} → ${href}`).toBe(site);
      expect(href, back).toBe("/dashboard");
    }
    // And the click itself lands on this site.
    await page.goto("/upgrade?need=download&back=/%09/127.0.0.2:4400/x");
    await page.getByRole("link", { name: "← Back to your kit" }).click();
    await expect(page).toHaveURL(/\/(dashboard|signin)/);
    expect(new URL(page.url()).origin).toBe(site);
  });

  test("signing in with such a redirectTo lands on the dashboard of this site", async ({ page, context, baseURL }) => {
    const site = new URL(baseURL!).origin;
    const email = await signUp(page, { confirm: false });
    for (const redirectTo of [OFFSITE[0]!, OFFSITE[1]!, NOT_A_HEADER[2]!, NOT_A_HEADER[3]!]) {
      await context.clearCookies();
      await page.goto(`/signin?redirectTo=${encodeURIComponent(redirectTo)}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page, JSON.stringify(redirectTo)).toHaveURL(`${site}/dashboard`);
    }
  });

  test("posted straight to sign-in and sign-up: a same-site redirect, never a 500", async ({ page, baseURL }) => {
    const email = await signUp(page, { confirm: false });
    for (const redirectTo of [...OFFSITE, ...NOT_A_HEADER]) {
      const res = await page.request.post("/signin", { form: { email, password: PASSWORD, redirectTo }, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(redirectTo)).toBe(302);
      expect(res.headers().location, JSON.stringify(redirectTo)).toBe("/dashboard");
    }
    const fresh = await page.request.post("/signup", {
      form: { name: "Redirected", email: uniqueEmail("redirect"), password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", redirectTo: "/\t/127.0.0.2:4400/x" },
      headers: { "X-Forwarded-For": randomIp() },
      maxRedirects: 0,
    });
    expect(fresh.status()).toBe(302);
    expect(new URL(fresh.headers().location!, baseURL).origin).toBe(new URL(baseURL!).origin);
    expect(fresh.headers().location).toBe("/dashboard");
  });
});
