import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Marketing
  index("routes/marketing/home.tsx"),
  route("newsletter", "routes/marketing/newsletter.tsx"),
  route("process", "routes/marketing/process.tsx"),
  route("samples", "routes/marketing/samples.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("templates", "routes/marketing/templates.tsx"),
  route("blog", "routes/marketing/blog.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("cookies", "routes/marketing/cookies.tsx"),
  route("bot", "routes/marketing/bot.tsx"),
  route("sitemap.xml", "routes/marketing/sitemap[.]xml.ts"),
  route("robots.txt", "routes/marketing/robots[.]txt.ts"),

  // Accounts
  route("signup", "routes/auth/signup.tsx"),
  route("signin", "routes/auth/signin.tsx"),
  route("signout", "routes/auth/signout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("confirm-email", "routes/auth/confirm-email.tsx"),

  // Wizard and generation
  route("wizard", "routes/wizard/wizard.tsx"),
  route("kits/:id/events", "routes/resources/kit-events.ts"),
  route("kits/:id/logo", "routes/resources/kit-logo.ts"),
  // The e-mailed, signed link to a kit's ZIP (no sign-in needed)
  route("kits/:id/download/:linkId", "routes/resources/kit-download.ts"),

  // Dashboard (signed-in users)
  route("dashboard", "routes/dashboard/index.tsx"),
  route("dashboard/kits/:id", "routes/dashboard/kit.tsx"),
  // Where the Pro card's items link: a section of the founder's newest kit (app/features/marketing/pro-features.ts)
  route("dashboard/go/:section", "routes/dashboard/go.ts"),
  route("dashboard/kits/:id/prompt.txt", "routes/dashboard/kit-prompt-download.ts"),
  // The kit workspace: one section per asset, each drawn inside the shell its layout route reads and renders once
  layout("routes/dashboard/workspace/layout.tsx", [
    route("dashboard/kits/:id/brand", "routes/dashboard/workspace/brand.tsx"),
    route("dashboard/kits/:id/logo", "routes/dashboard/workspace/logo.tsx"),
    route("dashboard/kits/:id/deck", "routes/dashboard/workspace/deck.tsx"),
    route("dashboard/kits/:id/export", "routes/dashboard/workspace/export.tsx"),
    route("dashboard/kits/:id/social", "routes/dashboard/workspace/social.tsx"),
    route("dashboard/kits/:id/calendar", "routes/dashboard/workspace/calendar.tsx"),
    route("dashboard/kits/:id/ads", "routes/dashboard/workspace/ads.tsx"),
    route("dashboard/kits/:id/research", "routes/dashboard/workspace/research.tsx"),
    route("dashboard/kits/:id/launch", "routes/dashboard/workspace/launch.tsx"),
    route("dashboard/kits/:id/website", "routes/dashboard/workspace/website.tsx"),
    // Visits and leads of the published page (app/features/analytics)
    route("dashboard/kits/:id/analytics", "routes/dashboard/workspace/analytics.tsx"),
    // This month: Pro's monthly content pieces (app/features/monthly)
    route("dashboard/kits/:id/month", "routes/dashboard/workspace/month.tsx"),
    // A/B experiments on the published page's hero (app/features/analytics/experiments)
    route("dashboard/kits/:id/experiments", "routes/dashboard/workspace/experiments.tsx"),
    // E-mail sequences and broadcasts to the page's leads (app/features/site/sequences)
    route("dashboard/kits/:id/email", "routes/dashboard/workspace/email.tsx"),
    // The published page's referral waitlist: the line, referrals, rewards, invitations (app/features/site/waitlist)
    route("dashboard/kits/:id/waitlist", "routes/dashboard/workspace/waitlist.tsx"),
    // Pro's monthly strategy review (app/features/monthly)
    route("dashboard/kits/:id/review", "routes/dashboard/workspace/review.tsx"),
    // Competitor watch (Pro, app/features/competitors)
    route("dashboard/kits/:id/competitors", "routes/dashboard/workspace/competitors.tsx"),
    // The published page's custom domain (app/features/billing: a paid plan's)
    route("dashboard/kits/:id/website/domain", "routes/dashboard/workspace/website-domain.tsx"),
  ]),
  // The sections' files, downloads and previews (no shell)
  route("dashboard/kits/:id/logo/:file", "routes/dashboard/workspace/logo-file.ts"),
  route("dashboard/kits/:id/kit.zip", "routes/dashboard/workspace/kit-zip.ts"),
  route("dashboard/kits/:id/files/*", "routes/dashboard/workspace/kit-file.ts"),
  route("dashboard/kits/:id/social/:file", "routes/dashboard/workspace/social-file.ts"),
  route("dashboard/kits/:id/calendar/:file", "routes/dashboard/workspace/calendar-file.ts"),
  route("dashboard/kits/:id/ads/:file", "routes/dashboard/workspace/ads-file.ts"),
  route("dashboard/kits/:id/research/:file", "routes/dashboard/workspace/research-file.ts"),
  route("dashboard/kits/:id/launch/:file", "routes/dashboard/workspace/launch-file.ts"),
  route("dashboard/kits/:id/website/preview", "routes/dashboard/workspace/website-preview.ts"),
  route("dashboard/kits/:id/website/index.html", "routes/dashboard/workspace/website-download.ts"),
  route("dashboard/kits/:id/website/leads.csv", "routes/dashboard/workspace/website-leads-csv.ts"),
  route("dashboard/kits/:id/analytics.csv", "routes/dashboard/workspace/analytics-csv.ts"),
  route("dashboard/kits/:id/month/:file", "routes/dashboard/workspace/month-file.ts"),
  route("dashboard/kits/:id/waitlist.csv", "routes/dashboard/workspace/waitlist-csv.ts"),
  route("dashboard/kits/:id/review/:file", "routes/dashboard/workspace/review-pdf.ts"),

  // Published landing pages (public, anonymous, user content: app/features/site/public.server.ts)
  route("p/:slug", "routes/public/page.ts"),
  route("p/:slug/lead", "routes/public/lead.ts"),
  // Lead forms post to a page's stable id (its address may change)
  route("f/:pageId", "routes/public/page-lead.ts"),
  route("p/:slug/thanks", "routes/public/thanks.ts"),
  route("p/:slug/og.png", "routes/public/og-image.ts"),
  // The page for AI agents, in the llms.txt format (app/kit/assets/landing/llms.ts)
  route("p/:slug/llms.txt", "routes/public/llms-txt.ts"),
  // The page's press kit and its files, with a contact form that reaches the founder (app/features/site/press.server.ts and press-contact.server.ts; its files: app/kit/assets/landing/press-files.server.ts)
  route("p/:slug/press", "routes/public/press.ts"),
  route("p/:slug/press/:file", "routes/public/press-file.ts"),
  // The visit counter of downloaded copies: a 1×1 image, /a/<page_id>.gif (app/features/analytics)
  route("a/:file", "routes/public/pixel.ts"),
  // A waitlist lead's status page, opened by its signed link (app/features/site/waitlist)
  route("w/:token", "routes/public/waitlist-status.ts"),
  // A lead's links from sequence e-mails: unsubscribe (one-click POST too) and double opt-in (app/features/site/sequences)
  route("e/u/:token", "routes/public/email-unsubscribe.ts"),
  route("e/confirm/:token", "routes/public/email-confirm.ts"),

  // Plans and payments (app/features/billing)
  route("account", "routes/account.tsx"),
  route("checkout", "routes/billing/checkout.tsx"),
  route("upgrade", "routes/billing/upgrade.tsx"),
  route("stripe/webhook", "routes/billing/stripe-webhook.ts"),

  // Admin (admins only)
  route("admin", "routes/admin/index.tsx"),
  route("admin/export.csv", "routes/admin/export-csv.ts"),
  route("admin/messages", "routes/admin/messages.tsx"),
  route("admin/users", "routes/admin/users.tsx"),
  route("admin/pages", "routes/admin/pages.tsx"),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),
  route("fonts/:file", "routes/resources/font-file.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
