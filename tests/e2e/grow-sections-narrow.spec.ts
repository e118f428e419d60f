import crypto from "node:crypto";
import { confirmAddress, publishedKit } from "./domain-helpers";
import { expect, grantPlan, hydrated, isNoJs, signUp, sidewaysOverflow, test } from "./fixtures";

/**
 * Every Grow section of a Pro founder's kit on a phone (375 px), with
 * JavaScript on and off: none of them may make the document wider than the
 * viewport. The data is the kind that stretches a layout: a visitor from a
 * launch link with a long campaign name and a lead with a long address.
 */

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SECTIONS = ["analytics", "email", "experiments", "competitors", "month", "review"];

test("no Grow section is wider than a 375 px phone", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const slug = `narrow-${tag}`;
  const { id } = await publishedKit(page.request, tag, slug);

  // A visitor from a launch link, then a sign-up with a long address.
  const ip = `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}.7`;
  const visitor = await browser.newContext({ javaScriptEnabled: !noJs, userAgent: DESKTOP, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  try {
    const campaign = "product-hunt-launch-day-spring-twenty-twenty-six-with-friends";
    const visit = await visitor.request.get(`/p/${slug}?utm_source=producthunt&utm_medium=social&utm_campaign=${campaign}&utm_content=maker-comment-link`);
    expect(visit.status()).toBe(200);
    const lead = await visitor.request.post(`/p/${slug}/lead`, {
      form: { email: `a-very-long-name.with-dots-and-${tag}@subdomain.of-a-long-company-name.example.com` },
      maxRedirects: 0,
    });
    expect(lead.status(), (await lead.text()).slice(0, 300)).toBe(303);
  } finally {
    await visitor.close();
  }

  await page.setViewportSize({ width: 375, height: 800 });
  for (const section of SECTIONS) {
    const res = await page.goto(`/dashboard/kits/${id}/${section}`);
    expect(res!.status(), section).toBe(200);
    if (!noJs) await hydrated(page);
    expect(await sidewaysOverflow(page), `the ${section} section is wider than 375 px`).toBeLessThanOrEqual(0);
  }
});
