import type { Page } from "@playwright/test";
import { expect, hydrated, isNoJs, query, randomIp, test, uniqueEmail } from "./fixtures";

/** Every public page with texts it must show (server-rendered, so in both projects). */
const PAGES: Array<{ path: string; h1: RegExp; texts: Array<string | RegExp> }> = [
  {
    path: "/",
    h1: /launch kit in minutes/i,
    texts: [
      "500+ launch kits generated",
      "Fast setup",
      "Accessible",
      "Exportable assets",
      "Citation-backed",
      "Brand in a click",
      "Site and deploy",
      "Socials and ads",
      "10 starter posts",
      "3 ad variants",
      "A posting calendar",
      "Research snapshot",
      "Ideal customer profile (ICP)",
      "5 competitors compared",
      "Export everything",
      "One zip with every asset",
    ],
  },
  {
    path: "/process",
    h1: /four steps/i,
    texts: [
      "Tell us your idea",
      "Pick your brand starter",
      "Review your launch kit",
      "Social bios/posts",
      "3 ad concepts",
      "5-slide deck",
      "Deploy and export",
      "One-click deploy",
      "Custom domain",
      "Asset download",
      "Email delivery",
    ],
  },
  { path: "/samples", h1: /launch kit looks like/i, texts: ["Paws on Wheels", "Terra Ceramics", "Code in 30", "Shiftly", "Studio Wren"] },
  {
    path: "/pricing",
    h1: /pricing/i,
    texts: ["Free preview", "$0", "forever", "Starter", "$39", "one-time", "Pro", "$19", "per month", "Most popular", "14-day money-back guarantee", "Pro can be cancelled any time."],
  },
  {
    path: "/templates",
    h1: /structure/i,
    texts: ["Local Service", "Digital Product", "Micro-SaaS", "Coaching", "Event", "Nonprofit", "Most popular", "+3 more sections"],
  },
  {
    path: "/blog",
    h1: /founders who ship/i,
    texts: ["Featured", "Launch tactics", "Branding", "Copywriting", "Research", "Founder stories", "Marketing", "Popular topics"],
  },
  {
    path: "/about",
    h1: /idea to launch/i,
    texts: ["Our mission", "Maya Chen", "Jonas Okafor", "Priya Raman", "What we stand for", "Q1 2025", "Q2 2025", "Q3 2025"],
  },
  {
    path: "/contact",
    h1: /LaunchKit team/i,
    texts: ["Response time", "24-48 hours", "Quick answers", "Office hours", "Mon-Fri", "9am-6pm PST", "Emergency only"],
  },
  { path: "/privacy", h1: /Privacy Policy/, texts: ["Last updated January 1, 2025", "card payment provider", "dashboard"] },
  { path: "/terms", h1: /Terms of Service/, texts: ["Last updated January 1, 2025", "card payment provider", "dashboard", "14-day money-back guarantee"] },
  { path: "/cookies", h1: /Cookie Policy/, texts: ["Last updated January 1, 2025", "card payment provider", "dashboard", "launchkit_session"] },
];

async function metaContent(page: Page, selector: string) {
  return page.locator(`head meta[${selector}]`).getAttribute("content");
}

test.describe("public pages", () => {
  for (const { path, h1, texts } of PAGES) {
    test(`${path} renders its content, title, description and OpenGraph tags`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const main = page.locator("main");
      for (const text of texts) {
        await expect(main.getByText(text, { exact: typeof text === "string" ? false : undefined }).first()).toBeVisible();
      }
      await expect(page).toHaveTitle(/LaunchKit/);
      const title = await page.title();
      expect(await metaContent(page, 'property="og:title"')).toBe(title);
      const description = await metaContent(page, 'name="description"');
      expect(description?.length).toBeGreaterThan(50);
      expect(await metaContent(page, 'property="og:description"')).toBe(description);
      expect(await metaContent(page, 'property="og:type"')).toBe("website");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} LaunchKit`);
    });
  }

  test("every page has a unique title and description", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of PAGES) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add((await metaContent(page, 'name="description"')) ?? "");
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/pricing/enterprise-plan");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("images on the public pages all load", async ({ page, request }) => {
    for (const path of ["/", "/samples"]) {
      await page.goto(path);
      const sources = await page
        .locator("main img, main picture source")
        .evaluateAll((els) => els.map((el) => el.getAttribute("src") ?? el.getAttribute("srcset")!));
      expect(sources.length).toBeGreaterThan(0);
      for (const src of sources) {
        const res = await request.get(src);
        expect(res.status(), src).toBe(200);
        expect(res.headers()["content-type"]).toContain("image/svg+xml");
      }
      for (const img of await page.locator("main img:visible").all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
    }
  });

  test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const { path } of PAGES) expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${path === "/" ? "/" : path}</loc>`));
    expect(xml).not.toContain("/dashboard");

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const path of ["/dashboard", "/admin", "/wizard"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test("'Try free' links to the wizard", async ({ page }) => {
    await page.goto("/");
    const tryFree = page.locator("main").getByRole("link", { name: "Try free" });
    await expect(tryFree).toHaveAttribute("href", "/wizard");
    await expect(page.locator("main").getByRole("link", { name: "Start your launch kit" })).toHaveAttribute("href", "/wizard");
  });

  test("FAQ answers open without JavaScript", async ({ page }) => {
    await page.goto("/process");
    const answer = page.getByText("Most kits are ready in 1-2 minutes");
    await expect(answer).toBeHidden();
    await page.getByText("How long does it take to get my launch kit?").click();
    await expect(answer).toBeVisible();
    await page.goto("/pricing");
    await expect(page.locator("main details")).toHaveCount(8);
    await expect(page.locator("#faq details")).toHaveCount(8);
  });
});

test.describe("samples", () => {
  const card = (page: Page) => page.locator("main ul li h3");

  test("shows six samples and filters by the category in the URL", async ({ page }) => {
    await page.goto("/samples");
    await expect(card(page)).toHaveCount(6);
    await expect(page.getByRole("link", { name: "All samples" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("main img[src$='.svg']")).toHaveCount(6);

    await page.getByRole("link", { name: "Ecommerce", exact: true }).click();
    await expect(page).toHaveURL(/\/samples\?category=ecommerce$/);
    await expect(card(page)).toHaveText(["Terra Ceramics"]);
    await expect(page.getByRole("link", { name: "Ecommerce", exact: true })).toHaveAttribute("aria-current", "page");

    await page.goto("/samples?category=local-service");
    await expect(card(page)).toHaveText(["Paws on Wheels", "Brightside Plumbing"]);
    const swatches = page.locator("main").getByText("#2563EB");
    await expect(swatches).toBeVisible();
  });

  test("'View full kit' buttons are visibly inert", async ({ page }) => {
    await page.goto("/samples");
    const buttons = page.getByRole("button", { name: "View full kit" });
    await expect(buttons).toHaveCount(6);
    for (const b of await buttons.all()) await expect(b).toBeDisabled();
  });

  test("shows the empty state for a filter without samples and clears it", async ({ page }) => {
    await page.goto("/samples?category=podcast");
    await expect(page.getByText("No samples found for this filter.")).toBeVisible();
    await expect(card(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/samples$/);
    await expect(card(page)).toHaveCount(6);
  });
});

test.describe("templates and pricing", () => {
  test("templates show three sections and how many more", async ({ page }) => {
    await page.goto("/templates");
    const cards = page.locator("main ul > li").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(6);
    const digital = cards.filter({ hasText: "Digital Product" });
    await expect(digital).toContainText("Most popular");
    await expect(digital.locator("ul li")).toHaveText(["1Product hero with preview", "2What's inside", "3Who it's for", "+4 more sections"]);
    await expect(page.getByRole("button", { name: "Use this template" }).first()).toBeDisabled();
  });

  test("pricing shows the three plans with features and limitations", async ({ page }) => {
    await page.goto("/pricing");
    const plans = page.locator("main ul > li").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText("Watermarked");
    await expect(plans.nth(0)).toContainText("No export");
    for (const f of ["ZIP export", "One-click deployment", "5-slide pitch deck", "HTML/CSS landing page", "SVG and PNG logos", "Brand guidelines PDF"]) {
      await expect(plans.nth(1)).toContainText(f);
    }
    // Every Pro item links to where it lives (a section of the founder's newest kit, the contact page, the account).
    const proLinks: Array<[string, string]> = [
      ["Analytics for your published page", "/dashboard/go/analytics"],
      ["A/B experiments with suggested variants", "/dashboard/go/experiments"],
      ["Email sequences and broadcasts to your leads", "/dashboard/go/email"],
      ["Competitor watch: 5 competitors, a weekly digest of what changed", "/dashboard/go/competitors"],
      ["4 new content pieces every month", "/dashboard/go/month"],
      ["Monthly strategy review, in the app and as a PDF", "/dashboard/go/review"],
      ["SEO editor and structured data for your page", "/dashboard/go/seo"],
      ["Priority support: a reply within one business day", "/contact"],
      ["Custom domain", "/dashboard/go/domain"],
    ];
    for (const [label, href] of proLinks) await expect(plans.nth(2).getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    // "strategy consultations" is now the monthly strategy review.
    await expect(plans.nth(2)).not.toContainText("consultation");
    await expect(plans.filter({ hasText: "Most popular" })).toHaveCount(1);
    // A visitor following one signs in first, and comes back to it.
    await plans.nth(2).getByRole("link", { name: "Competitor watch: 5 competitors, a weekly digest of what changed" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fgo%2Fcompetitors$/);
  });
});

test.describe("contact", () => {
  async function fillContact(page: Page, values: { name: string; email: string; topic: string; message: string }) {
    await page.getByLabel("Name", { exact: true }).fill(values.name);
    await page.getByLabel("Email", { exact: true }).fill(values.email);
    await page.getByLabel("Topic", { exact: true }).selectOption(values.topic);
    await page.getByLabel("Message", { exact: true }).fill(values.message);
  }

  test("stores a message, confirms it and can send another", async ({ page }, info) => {
    const email = uniqueEmail("contact");
    await page.goto("/contact");
    await expect(page.getByTestId("pro-support")).toHaveCount(0); // a visitor gets the page as ever
    const send = page.getByRole("button", { name: "Send message" });
    if (isNoJs(info.project.name)) {
      await expect(send).toBeEnabled();
    } else {
      await hydrated(page);
      await expect(send).toBeDisabled();
    }
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("maxlength", "100");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("maxlength", "254");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("maxlength", "5000");
    const topics = await page.getByLabel("Topic", { exact: true }).locator("option").allTextContents();
    expect(topics.slice(1)).toEqual([
      "Sales inquiry",
      "Technical support",
      "Partnership opportunity",
      "Feature request",
      "Press & media",
      "General question",
    ]);

    await fillContact(page, { name: "Ada Founder", email, topic: "Press & media", message: "We'd love to feature LaunchKit." });
    await expect(send).toBeEnabled();
    await send.click();

    await expect(page.getByRole("heading", { name: "Message sent!" })).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24-48 hours.")).toBeVisible();
    const rows = query<{ name: string; topic: string; message: string; handled: number }>(
      "select name, topic, message, handled from contact_messages where email = ?",
      email,
    );
    expect(rows).toEqual([{ name: "Ada Founder", topic: "Press & media", message: "We'd love to feature LaunchKit.", handled: 0 }]);

    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  });

  test("the server rejects bad input with 400, messages and the values kept", async ({ page, request }, info) => {
    const ip = randomIp();
    const email = uniqueEmail("bad-contact");
    const post = (form: Record<string, string>) =>
      request.post("/contact", { form, headers: { "X-Forwarded-For": ip }, maxRedirects: 0 });

    const empty = await post({});
    expect(empty.status()).toBe(400);
    const emptyHtml = await empty.text();
    for (const m of ["Name is required", "Email is required", "Please choose a topic", "Message is required"]) expect(emptyHtml).toContain(m);

    const tooLong = await post({ name: "x".repeat(101), email, topic: "General question", message: "y".repeat(5001) });
    expect(tooLong.status()).toBe(400);
    const tooLongHtml = await tooLong.text();
    expect(tooLongHtml).toContain("Name must be at most 100 characters");
    expect(tooLongHtml).toContain("Message must be at most 5000 characters");

    const badTopic = await post({ name: "Ada", email, topic: "Free money", message: "Hello" });
    expect(badTopic.status()).toBe(400);
    expect(await badTopic.text()).toContain("Please choose a topic");

    const badEmail = await post({ name: "Ada", email: "not-an-email", topic: "General question", message: "Hello" });
    expect(badEmail.status()).toBe(400);
    expect(await badEmail.text()).toContain("Please enter a valid email address");

    const garbled = await request.post("/contact", {
      data: "%%%name=&&email=%zz&topic",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    });
    expect(garbled.status()).toBe(400);

    expect(query("select id from contact_messages where email = ?", email)).toEqual([]);

    // In the browser (no client validation without JS), the page re-renders with messages and values.
    if (isNoJs(info.project.name)) {
      await page.goto("/contact");
      await fillContact(page, { name: "Grace", email: "grace@", topic: "Feature request", message: "Dark mode please" });
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Grace");
      await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("Feature request");
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Dark mode please");
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    } else {
      await page.goto("/contact");
      await hydrated(page);
      await fillContact(page, { name: "Grace", email: "grace@", topic: "Feature request", message: "Dark mode please" });
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Grace");
    }
  });

  test("a filled honeypot is accepted silently and stores nothing", async ({ request }) => {
    const email = uniqueEmail("bot");
    const res = await request.post("/contact", {
      form: { name: "Bot", email, topic: "Sales inquiry", message: "Cheap pills", website: "http://spam.example" },
      headers: { "X-Forwarded-For": randomIp() },
    });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("Message sent!");
    expect(query("select id from contact_messages where email = ?", email)).toEqual([]);
  });

  test("limits messages per IP and answers 429", async ({ request }) => {
    const ip = randomIp();
    const email = uniqueEmail("flood");
    const form = { name: "Flood", email, topic: "General question", message: "Hello again" };
    for (let i = 0; i < 5; i++) {
      const ok = await request.post("/contact", { form, headers: { "X-Forwarded-For": ip } });
      expect(ok.status()).toBe(200);
    }
    const limited = await request.post("/contact", { form, headers: { "X-Forwarded-For": ip } });
    expect(limited.status()).toBe(429);
    expect(await limited.text()).toContain("Please wait 10 minutes before sending another one.");
    expect(query("select id from contact_messages where email = ?", email)).toHaveLength(5);
    // Another IP is not affected.
    const other = await request.post("/contact", { form, headers: { "X-Forwarded-For": randomIp() } });
    expect(other.status()).toBe(200);
  });
});

test.describe("newsletter", () => {
  test("the footer box stores a subscriber", async ({ page }, info) => {
    const email = uniqueEmail("news");
    await page.goto("/about");
    if (!isNoJs(info.project.name)) await hydrated(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Launch tips, twice a month").fill(email);
    await footer.getByRole("button", { name: "Join 1,000+ founders" }).click();
    await expect(page.getByText("You're in! Watch your inbox for launch tips.")).toBeVisible();
    expect(query("select email from newsletter_subscribers where email = ?", email)).toEqual([{ email }]);
  });

  test("the blog's email capture box stores a subscriber", async ({ page }, info) => {
    const email = uniqueEmail("blog");
    await page.goto("/blog");
    if (!isNoJs(info.project.name)) await hydrated(page);
    await page.locator("#blog-newsletter-email").fill(email);
    await page.locator("main").getByRole("button", { name: "Join 1,000+ founders" }).click();
    await expect(page.getByText("You're in! Watch your inbox for launch tips.")).toBeVisible();
    expect(query("select email from newsletter_subscribers where email = ?", email)).toEqual([{ email }]);
  });
});

test("/upgrade on its own says what Pro adds, each item linked to where it lives", async ({ page }) => {
  const res = await page.goto("/upgrade");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "This comes with Pro" })).toBeVisible();
  const list = page.getByTestId("pro-features");
  await expect(list.getByRole("link", { name: "4 new content pieces every month" })).toHaveAttribute("href", "/dashboard/go/month");
  await expect(list.getByRole("link", { name: "Monthly strategy review, in the app and as a PDF" })).toHaveAttribute("href", "/dashboard/go/review");
  await expect(list.getByRole("link", { name: "SEO editor and structured data for your page" })).toHaveAttribute("href", "/dashboard/go/seo");
  // A refused download still explains the download.
  await page.goto("/upgrade?need=download");
  await expect(page.getByRole("heading", { level: 1, name: "Downloads come with a paid plan" })).toBeVisible();
});

test("/bot tells site owners what LaunchKitBot reads and how to block it", async ({ page }) => {
  const res = await page.goto("/bot");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "LaunchKitBot" })).toBeVisible();
  await expect(page.getByText("User-agent: LaunchKitBot")).toBeVisible();
  await expect(page.getByText("LaunchKitBot honours robots.txt.")).toBeVisible();
});

test.describe("navigation", () => {
  test("the mobile menu opens (a <details>, no JavaScript needed)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menuLink = nav.getByRole("link", { name: "Templates" });
    await expect(menuLink).toBeHidden();
    await nav.getByLabel("Menu").click();
    await expect(menuLink).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    await menuLink.click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("structure");
  });

  test("navbar and footer links are plain links that navigate in place with JavaScript", async ({ page }, info) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Templates" })).not.toHaveAttribute("aria-current", /.*/);
    const noJs = isNoJs(info.project.name);
    if (!noJs) {
      await hydrated(page);
      // A full page load would drop this marker; a router navigation keeps it.
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    }
    await nav.getByRole("link", { name: "Templates" }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(nav.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Pricing" })).not.toHaveAttribute("aria-current", /.*/);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const kept = await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);
    expect(kept).toBe(!noJs);
    // A modified click is the browser's: a new tab, not an in-place navigation.
    if (!noJs) {
      const [popup] = await Promise.all([page.context().waitForEvent("page"), nav.getByRole("link", { name: "Pricing" }).click({ modifiers: ["ControlOrMeta"] })]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe("/pricing");
      await expect(page).toHaveURL(/\/about$/);
      await popup.close();
    }
  });

  test("the navbar hides when scrolling down past 100px and returns on scroll up", async ({ page }, info) => {
    await page.goto("/");
    const navbar = page.getByTestId("navbar");
    await expect(navbar).toHaveAttribute("data-hidden", "false");
    if (isNoJs(info.project.name)) {
      // Without JavaScript the navbar simply stays put.
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await expect(navbar).toHaveAttribute("data-hidden", "false");
      await expect(navbar).toBeInViewport();
      return;
    }
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForTimeout(100);
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect(navbar).toHaveAttribute("data-hidden", "false");
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(navbar).toHaveAttribute("data-hidden", "true");
    await expect(navbar).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(navbar).toHaveAttribute("data-hidden", "false");
    await expect(navbar).toBeInViewport();
  });
});

test.describe("demo", () => {
  test("the demo's animation is fetched when the demo opens, not with the page", async ({ page }, info) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/images/demo/")) asked.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("load");
    // Without JavaScript browsers load lazy images at once; with it, nobody builds the hidden SVG.
    if (!isNoJs(info.project.name)) {
      await hydrated(page);
      expect(asked).toEqual([]);
    }
    await page.getByRole("link", { name: "Watch 60-second demo" }).click();
    const img = page.locator("dialog#demo img");
    await expect(img).toBeVisible();
    await expect(img).toHaveJSProperty("complete", true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(asked).toContain("/images/demo/demo-reel.svg");
  });

  test("the 60-second demo opens and closes", async ({ page }, info) => {
    await page.goto("/");
    const trigger = page.getByRole("link", { name: "Watch 60-second demo" });
    const dialog = page.locator("dialog#demo");
    await expect(dialog).toBeHidden();
    if (isNoJs(info.project.name)) {
      await trigger.click();
      await expect(page).toHaveURL(/#demo$/);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "LaunchKit in 60 seconds" })).toBeVisible();
      await expect(dialog.locator("img")).toHaveAttribute("src", /demo-reel\.svg$/);
      await dialog.getByRole("link", { name: "Close demo" }).click();
      await expect(dialog).toBeHidden();
      return;
    }
    await hydrated(page);
    await expect(dialog).toHaveAttribute("data-enhanced", "true");
    await trigger.click();
    await expect(page.getByRole("dialog", { name: "LaunchKit in 60 seconds" })).toBeVisible();
    await expect(page).not.toHaveURL(/#demo/);
    await expect(dialog.locator("img")).toHaveJSProperty("complete", true);
    await page.getByRole("button", { name: "Close demo" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // A click on the backdrop closes it too.
    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});
