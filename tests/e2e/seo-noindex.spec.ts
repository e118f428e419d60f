import crypto from "node:crypto";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, hydrated, isNoJs, signUp, test } from "./fixtures";

/**
 * The SEO card says plainly whether search engines may list the published
 * page, JavaScript on and off: "marked noindex" until the founder ticks "Let
 * search engines index it", then that they may. The published page carries
 * a canonical link to its public address (APP_URL here), whichever it is.
 */

test("the SEO card says when the page is noindex; the published page has its canonical link either way", async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `noindex-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);
  const canonical = `${new URL(baseURL!).origin}/p/${slug}`;

  await page.goto(`/dashboard/kits/${id}/website`);
  if (!noJs) await hydrated(page);
  const status = page.getByTestId("seo-indexing");
  await expect(status).toContainText("Search engines won't list this page: it is marked noindex.");
  await expect(status.getByRole("link", { name: "Publish → Settings" })).toHaveAttribute("href", "#landing-publish");
  const noindex = await (await page.request.get(`/p/${slug}`)).text();
  expect(noindex).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(noindex).toContain(`<link rel="canonical" href="${canonical}">`);

  await page.getByLabel("Let search engines index it").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("seo-indexing")).toHaveText("Search engines may list this page: it is indexable and in LaunchKit's sitemap.");
  const indexed = await (await page.request.get(`/p/${slug}`)).text();
  expect(indexed).toContain('<meta name="robots" content="index, follow">');
  expect(indexed).toContain(`<link rel="canonical" href="${canonical}">`);
});
