import { BADGE_TEXT, WATERMARK_TEXT } from "~/kit/plans/plans";
import type { Brand } from "~/kit/brand/brand";
import { FONTS, headingWeight, type FontId } from "~/kit/brand/fonts";
import { fontBytes } from "~/kit/brand/fonts.server";
import { escapeHtml } from "~/platform/text/html";
import { logoSvg, type LogoInput } from "~/kit/assets/logo/render.server";
import { ctaKind, LEAD_LIMITS, SECTION_IDS, type CtaKind, type LandingContent, type SectionId } from "./schema";
import type { LandingLayout } from "~/kit/layouts";
import { repositoryHost } from "./category";
import { bookingHtml, CATEGORY_ANCHORS, CATEGORY_NAV, categoryAnchor, categorySectionHtml, categorySectionsOf, getStartedHtml, heroHtml, type CategoryId } from "./layout.server";
import { fontFaceCss, landingCss, landingTheme, type FontFace } from "./styles";
import { LEAD_VARIANT_FIELD } from "./page-forms";
import { jsonLdScripts, landingTitle, type JsonLd, type PageSeo } from "./seo";

export { landingTitle };

/**
 * The landing page as one self-contained HTML document: a pure function of
 * the brand, the copy and the options. Inline CSS from the brand's tokens,
 * the logo inline as SVG, no JavaScript at all (the FAQ opens with
 * <details>, the form is a plain POST). Every piece of text comes from
 * founders or a model, so every piece of text is escaped here.
 */

export type FontMode =
  /** The named fallback stacks only (nothing to download). */
  | { mode: "stack" }
  /** @font-face rules pointing at LaunchKit's font files (/fonts/<id>-<weight>.woff). */
  | { mode: "linked"; base?: string }
  /** The two faces the page uses (heading, body) embedded as data: URLs (the latin subset of each). */
  | { mode: "embedded" };

export type LandingRenderOptions = {
  /** The kit's primary goal: decides what the sign-up form asks for. */
  goal: string;
  /** The logo asset; null draws a monogram of the brand's initial. */
  logo: LogoInput | null;
  /** Where the sign-up form posts (LaunchKit's lead endpoint of the page). */
  formAction: string;
  /** The address the page was asked at (og:url when no canonical address is given). */
  url?: string | null;
  /**
   * The published page's trusted public address (seo.server.ts's
   * canonicalAddress: its verified custom domain, APP_URL or the address an
   * admin confirmed; never a request's Host): the canonical link, indexed or
   * not, and og:url. Absent on copies that may live elsewhere.
   */
  canonical?: string | null;
  /** The page's llms.txt at its trusted public address (llms.ts), linked from the head for AI agents; absent on copies that may live elsewhere. */
  llmsTxt?: string | null;
  /** Absolute URL of the OpenGraph image. */
  ogImage?: string | null;
  /** A referral waitlist's line under the form: how places and rewards work (app/features/site/waitlist). */
  waitlistNote?: string | null;
  /** false (default): `noindex`. */
  indexable?: boolean;
  fonts?: FontMode;
  /** Free-plan previews: a visible "Made with LaunchKit — preview" banner, and the watermarked logo. */
  watermark?: boolean;
  /** The watermarked logo and favicon without the banner: free plans' published pages. */
  watermarkLogo?: boolean;
  /** A small "Made with LaunchKit" badge in the footer. */
  badge?: boolean;
  /** Where the badge links to (default "/", LaunchKit's home on the same origin). */
  badgeUrl?: string;
  /** The published page's press kit (press.ts), linked from the footer; absent on copies that may live elsewhere. */
  pressUrl?: string | null;
  /** The experiment arm this copy shows ("a", "b"...; app/features/analytics/experiments): the sign-up form carries it, so the lead is attributed. */
  variant?: string | null;
  /** Downloaded copies: the absolute URL of their 1×1 visit-counting image on LaunchKit (/a/<page_id>.gif). */
  pixelUrl?: string | null;
  /** The <title> and meta description (app/kit/assets/landing/seo.server.ts: the founder's own, or the defaults); absent: the defaults. */
  seo?: PageSeo | null;
  /** schema.org blocks (Organization, FAQPage) embedded as <script type="application/ld+json">. */
  jsonLd?: JsonLd[];
};

// ---- escaping ------------------------------------------------------------------

const h = escapeHtml;

/** Only http(s) URLs ever reach an href; anything else (javascript:, data:...) becomes null. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// ---- pieces --------------------------------------------------------------------

const EMPTY_LOGO: LogoInput = { marks: [], selected: 0 };

/** Every logo a page shows (header, hero, favicon) is the free plan's watermarked one when either option asks for it. */
const logoOptions = (options: Pick<LandingRenderOptions, "watermark" | "watermarkLogo">) => ({ watermark: Boolean(options.watermark || options.watermarkLogo) });

function inlineSvg(svg: string, attrs = ""): string {
  // logoSvg escapes its title and holds nothing but our own shapes; drop the XML newline.
  return svg.trim().replace(/^<svg /, `<svg ${attrs}`);
}

/** The faces the first screen shows: the heading's weight and the body text. */
function firstScreenFaces(brand: Brand): Array<{ id: FontId; weight: number }> {
  return [
    { id: brand.fonts.heading, weight: headingWeight(brand.fonts.heading) },
    { id: brand.fonts.body, weight: 400 },
  ];
}

function fontFaces(brand: Brand, mode: FontMode): string {
  if (mode.mode === "stack") return "";
  const wanted = firstScreenFaces(brand);
  if (mode.mode === "linked") {
    // Linked files cost nothing until used: the body's bold too (labels, buttons).
    if (FONTS[brand.fonts.body].weights.includes(700)) wanted.push({ id: brand.fonts.body, weight: 700 });
  }
  const seen = new Set<string>();
  const faces: FontFace[] = [];
  for (const w of wanted) {
    const key = `${w.id}-${w.weight}`;
    if (seen.has(key) || !FONTS[w.id].weights.includes(w.weight)) continue;
    seen.add(key);
    const src =
      mode.mode === "linked"
        ? `${mode.base ?? ""}/fonts/${key}.woff`
        : `data:font/woff;base64,${fontBytes(w.id, w.weight).toString("base64")}`;
    faces.push({ id: w.id, weight: w.weight, src, ...(mode.mode === "linked" ? { woff2: `${mode.base ?? ""}/fonts/${key}.woff2` } : {}) });
  }
  return fontFaceCss(faces);
}

/**
 * Linked fonts are asked for with the document (the heading and the body text, what the first
 * screen shows): discovered from the CSS only once text is laid out, they arrived after the first
 * paint and the swap moved the hero (a layout shift). Crossorigin: fonts are fetched in CORS mode.
 */
function fontPreloads(brand: Brand, mode: FontMode): string {
  if (mode.mode !== "linked") return "";
  const firstScreen = firstScreenFaces(brand).filter((f) => FONTS[f.id].weights.includes(f.weight));
  return [...new Set(firstScreen.map((f) => `${f.id}-${f.weight}`))]
    .map((key) => `<link rel="preload" href="${h(`${mode.base ?? ""}/fonts/${key}.woff2`)}" as="font" type="font/woff2" crossorigin>`)
    .join("\n");
}

export type Doc = {
  brand: Brand;
  title: string;
  description: string;
  options: Pick<LandingRenderOptions, "url" | "canonical" | "llmsTxt" | "ogImage" | "indexable" | "fonts" | "watermark" | "watermarkLogo" | "logo">;
  body: string;
  /** The landing page's layout (the result pages use the same, for the same look). */
  layout?: LandingLayout;
  /** Whether the page has category sections (their rules are added only then). */
  category?: boolean;
  jsonLd?: JsonLd[];
  /** Rules of a page built on the landing page's look (the press kit), after the page's own. */
  extraCss?: string;
};

export function documentHtml({ brand, title, description, options, body, layout = "split", category = false, jsonLd = [], extraCss = "" }: Doc): string {
  const theme = landingTheme(brand);
  const css = landingCss(brand, theme, fontFaces(brand, options.fonts ?? { mode: "stack" }), { layout, category }) + extraCss;
  const logo = options.logo ?? EMPTY_LOGO;
  const icon = `data:image/svg+xml,${encodeURIComponent(logoSvg(brand, logo, "mark", theme.dark ? "dark" : "light", logoOptions(options)).trim())}`;
  const canonical = options.canonical ? h(options.canonical) : null;
  const url = canonical ?? (options.url ? h(options.url) : null);
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${h(title)}</title>`,
    `<meta name="description" content="${h(description)}">`,
    `<meta name="robots" content="${options.indexable ? "index, follow" : "noindex, nofollow"}">`,
    `<meta name="theme-color" content="${theme.primary}">`,
    canonical ? `<link rel="canonical" href="${canonical}">` : "",
    options.llmsTxt ? `<link rel="alternate" type="text/markdown" href="${h(options.llmsTxt)}" title="llms.txt">` : "",
    `<link rel="icon" href="${h(icon)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${h(brand.name)}">`,
    `<meta property="og:title" content="${h(title)}">`,
    `<meta property="og:description" content="${h(description)}">`,
    url ? `<meta property="og:url" content="${url}">` : "",
    options.ogImage
      ? `<meta property="og:image" content="${h(options.ogImage)}"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta property="og:image:alt" content="${h(title)}">`
      : "",
    `<meta name="twitter:card" content="${options.ogImage ? "summary_large_image" : "summary"}">`,
    fontPreloads(brand, options.fonts ?? { mode: "stack" }),
    `<style>${css}</style>`,
    // Data blocks, never run (the CSP allows no script): JSON escaped so no text in it can close the element.
    jsonLdScripts(jsonLd),
  ]
    .filter(Boolean)
    .join("\n");
  const watermark = options.watermark ? `\n<div class="watermark" role="note">${WATERMARK_TEXT}</div>` : "";
  const classes = [`layout-${layout}`, options.watermark ? "wm" : ""].filter(Boolean).join(" ");
  return `<!doctype html>\n<html lang="en">\n<head>\n${meta}\n</head>\n<body class="${classes}">\n${body}${watermark}\n</body>\n</html>\n`;
}

export function header(brand: Brand, logo: LogoInput, dark: boolean, opts: { nav?: string; homeHref: string; cta?: string; watermark: boolean }): string {
  const svg = inlineSvg(logoSvg(brand, logo, "horizontal", dark ? "dark" : "light", { watermark: opts.watermark }), 'aria-hidden="true" focusable="false" ');
  return `<header class="site" id="top"><div class="wrap bar">
<a class="brand" href="${h(opts.homeHref)}"><span class="sr">${h(brand.name)}</span>${svg}</a>
${opts.nav || opts.cta ? `<nav class="nav" aria-label="Page">${opts.nav ?? ""}${opts.cta ?? ""}</nav>` : ""}
</div></header>`;
}

export function footer(brand: Brand, options: Pick<LandingRenderOptions, "badge" | "badgeUrl" | "pixelUrl" | "pressUrl">): string {
  const press = options.pressUrl ? ` · <a href="${h(options.pressUrl)}">Press kit</a>` : "";
  const badge = options.badge ? `<a class="made" href="${h(options.badgeUrl ?? "/")}">${BADGE_TEXT}</a>` : "";
  // A downloaded copy's visit counter (app/features/analytics): a 1×1 transparent image on LaunchKit, no script, no cookie.
  const pixel = options.pixelUrl ? `<img src="${h(options.pixelUrl)}" alt="" width="1" height="1">` : "";
  return `<footer class="foot"><div class="wrap"><p>© ${h(brand.name)} · ${h(brand.tagline)}${press}</p>${badge}${pixel}</div></footer>`;
}

const FIELD_LIMITS = LEAD_LIMITS;

export type FormState = {
  /** Why the last sign-up was refused, shown above the form. */
  error?: string;
  /** Which field it was about (gets aria-invalid). */
  field?: "email" | "name" | "phone" | "time" | "date" | "places";
  values?: { email?: string; name?: string; phone?: string; time?: string; date?: string; places?: string };
};

function field(id: "email" | "name" | "phone" | "time" | "date" | "places", label: string, attrs: string, state: FormState, hint?: string): string {
  const invalid = state.field === id;
  const describedBy = [hint ? `lead-${id}-hint` : "", invalid ? "lead-error" : ""].filter(Boolean).join(" ");
  const value = state.values?.[id];
  return `<div><label for="lead-${id}">${h(label)}</label><input id="lead-${id}" name="${id}" ${attrs} maxlength="${FIELD_LIMITS[id]}" required${value ? ` value="${h(value)}"` : ""}${invalid ? ` aria-invalid="true"` : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}>${hint ? `<span class="hint" id="lead-${id}-hint">${h(hint)}</span>` : ""}</div>`;
}

const FINE_PRINT: Record<CtaKind, string> = {
  email: "We only use your e-mail to write to you about",
  call: "We only use your details to arrange the call with",
  download: "Your download link appears on the next page. We only use your e-mail to write to you about",
  reserve: "We only use your details to confirm your places with",
};

export function signupForm(brand: Brand, button: string, goal: string, formAction: string, state: FormState = {}, variant?: string | null): string {
  const kind = ctaKind(goal, brand.understanding?.model);
  const today = new Date().toISOString().slice(0, 10);
  const fields = [
    kind === "call" ? field("name", "Your name", `type="text" autocomplete="name"`, state) : "",
    field("email", "E-mail address", `type="email" autocomplete="email" inputmode="email" spellcheck="false"`, state),
    kind === "call" ? field("phone", "Phone number", `type="tel" autocomplete="tel" inputmode="tel"`, state, "With the country code if you are abroad, like +44 20 7946 0958") : "",
    kind === "call" ? field("time", "Preferred time for a call", `type="text"`, state, "For example: weekday mornings, or Tuesday after 3 pm") : "",
    kind === "reserve" ? field("date", "Date", `type="date" min="${today}"`, state, "The day you would like to start") : "",
    kind === "reserve" ? field("places", "Number of places", `type="number" min="1" max="50" inputmode="numeric"`, state) : "",
  ].join("");
  const error = state.error ? `<p class="alert" role="alert" id="lead-error">${h(state.error)}</p>` : "";
  return `${error}<form method="post" action="${h(formAction)}">
${fields}${variant ? `<input type="hidden" name="${LEAD_VARIANT_FIELD}" value="${h(variant)}">` : ""}<div class="hp" aria-hidden="true"><label for="lead-website">Leave this field empty</label><input id="lead-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<button class="btn" type="submit">${h(button)}</button>
<p class="fine">${h(FINE_PRINT[kind])} ${h(brand.name)}.</p>
</form>`;
}

function sectionHtml(id: SectionId, content: LandingContent, alt: boolean, brand: Brand, options: LandingRenderOptions): string {
  const cls = `band${alt ? " alt" : ""}`;
  switch (id) {
    case "benefits":
      return `<section class="${cls}" id="benefits" aria-labelledby="benefits-title"><div class="wrap">
<h2 id="benefits-title">${h(content.benefits.heading)}</h2>
<ul class="cards">${content.benefits.items.map((b) => `<li class="card"><span class="icon" aria-hidden="true"></span><h3>${h(b.title)}</h3><p>${h(b.body)}</p></li>`).join("")}</ul>
</div></section>`;
    case "how":
      return `<section class="${cls}" id="how" aria-labelledby="how-title"><div class="wrap">
<h2 id="how-title">${h(content.how.heading)}</h2>
<ol class="steps">${content.how.steps.map((s) => `<li><h3>${h(s.title)}</h3><p>${h(s.body)}</p></li>`).join("")}</ol>
</div></section>`;
    case "proof": {
      const placeholder = !content.proofIsReal;
      const items = content.proof.items
        .map(
          (q) =>
            `<li><figure${placeholder ? ` class="placeholder"` : ""}>${placeholder ? `<span class="tag">Placeholder</span>` : ""}<blockquote><p>${h(q.quote)}</p></blockquote><figcaption>${h(q.name)}<span>${h(q.detail)}</span></figcaption></figure></li>`,
        )
        .join("");
      return `<section class="${cls}" id="proof" aria-labelledby="proof-title"><div class="wrap">
<h2 id="proof-title">${h(content.proof.heading)}</h2>
<ul class="quotes">${items}</ul>
</div></section>`;
    }
    case "faq":
      return `<section class="${cls}" id="faq" aria-labelledby="faq-title"><div class="wrap">
<h2 id="faq-title">${h(content.faq.heading)}</h2>
<div class="faq">${content.faq.items.map((f) => `<details><summary>${h(f.question)}</summary><p>${h(f.answer)}</p></details>`).join("")}</div>
</div></section>`;
    case "cta":
      return `<section class="band signup" id="signup" aria-labelledby="signup-title"><div class="wrap signup-grid">
<div><h2 id="signup-title">${h(content.cta.headline)}</h2><p class="intro">${h(content.cta.body)}</p>${content.category.booking ? bookingHtml(content.category.booking) : ""}</div>
<div>${signupForm(brand, content.cta.button, options.goal, options.formAction, {}, options.variant)}${options.waitlistNote ? `<p class="fine" data-waitlist-note>${h(options.waitlistNote)}</p>` : ""}</div>
</div></section>`;
  }
}

const NAV_LABELS: Partial<Record<SectionId, string>> = { benefits: "Why us", how: "How it works", faq: "FAQ" };

/** The page asks for an e-mail unless it was turned off and there is something else to do (an install command or a repository). */
export function showsEmailForm(content: LandingContent): boolean {
  return content.emailForm || !(content.category.install || content.category.repository);
}

export function renderLandingHtml(brand: Brand, content: LandingContent, options: LandingRenderOptions): string {
  const theme = landingTheme(brand);
  const logo = options.logo ?? EMPTY_LOGO;
  const order = content.sections.filter((s, i, all) => SECTION_IDS.includes(s) && all.indexOf(s) === i);
  if (!order.includes("cta")) order.push("cta");
  const form = showsEmailForm(content);
  // The category's sections follow their anchor section (or come just before the final call to action).
  // The grid layout's hero has the install section as one of its tiles.
  const extras = categorySectionsOf(content.category).filter((id) => !(id === "install" && content.layout === "grid"));
  const after = (anchor: string) => extras.filter((id) => CATEGORY_ANCHORS[id] === anchor || (anchor === "cta" && CATEGORY_ANCHORS[id] !== "hero" && !order.includes(CATEGORY_ANCHORS[id] as SectionId)));
  type Part = { kind: "section"; id: SectionId } | { kind: "category"; id: CategoryId };
  const parts: Part[] = [...after("hero").map((id) => ({ kind: "category" as const, id }))];
  for (const id of order) {
    if (id === "cta") parts.push(...after("cta").map((c) => ({ kind: "category" as const, id: c })));
    parts.push({ kind: "section", id });
    if (id !== "cta") parts.push(...after(id).map((c) => ({ kind: "category" as const, id: c })));
  }
  const navParts: Part[] = content.layout === "grid" && content.category.install ? [{ kind: "category", id: "install" }, ...parts] : parts;
  const nav = navParts
    .map((p) => (p.kind === "section" ? (NAV_LABELS[p.id] ? [p.id, NAV_LABELS[p.id]!] : null) : CATEGORY_NAV[p.id] ? [categoryAnchor(p.id), CATEGORY_NAV[p.id]!] : null))
    .filter((x): x is [string, string] => x !== null)
    .slice(0, 4)
    .map(([href, label]) => `<li><a href="#${href}">${h(label)}</a></li>`)
    .join("");
  const art = inlineSvg(logoSvg(brand, logo, "mark", theme.dark ? "dark" : "light", logoOptions(options)), 'aria-hidden="true" focusable="false" ');
  const repo = content.category.repository ?? null;
  const primary = form
    ? { href: "#signup", label: content.hero.button }
    : content.category.install
      ? { href: "#install", label: "Get started" }
      : { href: repo!, label: `View the source on ${repositoryHost(repo!)}` };
  const secondary = !form && repo && content.category.install ? { href: repo, label: `Source on ${repositoryHost(repo)}` } : order.includes("how") ? { href: "#how", label: "How it works" } : null;
  const hero = heroHtml({ brand, content, layout: content.layout, art, primary, secondary });
  let alt = true;
  const sections = parts.map((p) => {
    const html =
      p.kind === "category"
        ? categorySectionHtml(p.id, content.category, alt)
        : p.id === "cta" && !form
          ? getStartedHtml(brand, content.category)
          : sectionHtml(p.id, content, alt, brand, options);
    alt = p.kind === "section" && p.id === "cta" ? false : !alt;
    return html;
  });
  const body = `<a class="skip" href="#main">Skip to content</a>
${header(brand, logo, theme.dark, { nav: nav ? `<ul>${nav}</ul>` : "", homeHref: "#top", cta: `<a class="btn small" href="${h(primary.href)}">${h(primary.label)}</a>`, ...logoOptions(options) })}
<main id="main">
${hero}
${sections.join("\n")}
</main>
${footer(brand, options)}`;
  return documentHtml({
    brand,
    title: options.seo?.title || landingTitle(brand, content),
    description: options.seo?.description || content.hero.subheadline,
    options,
    body,
    jsonLd: options.jsonLd,
    layout: content.layout,
    category: categorySectionsOf(content.category).length > 0 || !form || Boolean(content.category.booking),
  });
}

// ---- after the form ------------------------------------------------------------

export type ResultPageOptions = Pick<LandingRenderOptions, "goal" | "logo" | "fonts" | "badge" | "badgeUrl" | "watermark" | "watermarkLogo"> & {
  /** The landing page's address, for "Back to …". */
  pageUrl: string;
};

const THANKS: Record<CtaKind, { title: string; body: string }> = {
  email: { title: "You're on the list", body: "Thank you for signing up. We'll be in touch by e-mail." },
  call: { title: "Thank you, we'll be in touch", body: "We'll e-mail you shortly to confirm a time for the call." },
  download: { title: "Your download is ready", body: "Thank you for signing up. Your download is one click away." },
  reserve: { title: "Thank you, we'll be in touch", body: "We'll e-mail you to confirm the date and your places." },
};

/** For downloads, what a visitor who opens the thank-you page without signing up sees. */
const SIGN_UP_FIRST = { title: "Sign up to get the download", body: "Leave your e-mail on the page and the download is yours." };
/** For downloads, after a sign-up on a page whose link is missing (publishing needs one; a link removed or broken since): no promise of a download. */
const NO_LINK_YET = { title: "Thank you for signing up", body: "The download isn't available yet. We have your e-mail address and will send it to you as soon as it is." };

/**
 * The thank-you page after a sign-up, in the brand's style. For downloads,
 * the founder's link, but only when `signedUp` (the visitor came from the
 * sign-up form); otherwise a way back to the form.
 */
export function renderThanksHtml(brand: Brand, content: LandingContent, options: ResultPageOptions & { downloadUrl?: string | null; signedUp: boolean; waitlist?: boolean }): string {
  const theme = landingTheme(brand);
  const kind = ctaKind(options.goal, brand.understanding?.model);
  const gated = kind === "download" && !options.signedUp;
  const download = kind === "download" && !gated ? safeHttpUrl(options.downloadUrl) : null;
  // "Your download is ready" only above a link that works.
  const text = gated ? SIGN_UP_FIRST : kind === "download" && !download ? NO_LINK_YET : THANKS[kind];
  const action = gated
    ? `<a class="btn" href="${h(options.pageUrl)}#signup">Sign up</a>`
    : download
      ? `<a class="btn" href="${h(download)}" rel="noopener nofollow">Download now</a>`
      : "";
  const body = `<a class="skip" href="#main">Skip to content</a>
${header(brand, options.logo ?? EMPTY_LOGO, theme.dark, { homeHref: options.pageUrl, ...logoOptions(options) })}
<main id="main" class="thanks"><div class="wrap">
${gated ? "" : `<div class="check" aria-hidden="true"></div>`}
<h1>${h(text.title)}</h1>
<p>${h(text.body)}</p>
${options.waitlist ? `<p data-waitlist-next>Check your inbox and confirm your address: that gives you your place in line and a personal link. Each friend who joins with it and confirms moves you up.</p>` : ""}
<div class="stack">${action}<a href="${h(options.pageUrl)}">Back to ${h(brand.name)}</a></div>
</div></main>
${footer(brand, options)}`;
  return documentHtml({ brand, title: `${text.title} · ${brand.name}`, description: content.hero.subheadline, options: { ...options, indexable: false }, body, layout: content.layout });
}

/**
 * The sign-up form on its own page, in the brand's style: what a refused
 * sign-up (a mistyped e-mail, too many tries) gets back, with the message
 * and what the visitor typed, so nothing is lost without JavaScript.
 */
export function renderSignupPageHtml(brand: Brand, content: LandingContent, options: ResultPageOptions & { formAction: string; state: FormState; title: string; variant?: string | null }): string {
  const theme = landingTheme(brand);
  const body = `<a class="skip" href="#main">Skip to content</a>
${header(brand, options.logo ?? EMPTY_LOGO, theme.dark, { homeHref: options.pageUrl, ...logoOptions(options) })}
<main id="main">
<section class="band signup" id="signup" aria-labelledby="signup-title"><div class="wrap signup-grid">
<div><h1 id="signup-title">${h(options.title)}</h1><p class="intro">${h(content.cta.body)}</p><p class="intro"><a href="${h(options.pageUrl)}">Back to ${h(brand.name)}</a></p></div>
<div>${signupForm(brand, content.cta.button, options.goal, options.formAction, options.state, options.variant)}</div>
</div></section>
</main>
${footer(brand, options)}`;
  return documentHtml({ brand, title: `${options.title} · ${brand.name}`, description: content.hero.subheadline, options: { ...options, indexable: false }, body, layout: content.layout });
}
