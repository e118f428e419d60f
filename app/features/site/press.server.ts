import { getAsset } from "~/kit/assets/assets.server";
import { readyContent } from "~/kit/content.server";
import { renderLogoFile } from "~/kit/assets/logo/render.server";
import { SocialContentSchema } from "~/kit/assets/social/schema";
import { SOCIAL_IMAGES, socialImagePng, type SocialImageName } from "~/kit/assets/social/images.server";
import { escapeHtml } from "~/platform/text/html";
import { pageOwner } from "~/kit/assets/landing/pages.server";
import { pressAddress, pressKit, colourName, countWords, PRESS_LOGOS, type PressKit } from "~/kit/assets/landing/press";
import { cachedOgImage } from "~/kit/assets/landing/page-cache.server";
import type { PublicPage } from "~/kit/assets/landing/public-page";
import { publicPage } from "./public.server";
import { documentHtml, footer, header } from "~/kit/assets/landing/render.server";
import { canonicalAddress } from "~/kit/assets/landing/seo.server";
import { landingTheme } from "~/kit/assets/landing/styles";

/**
 * The published press kit, /p/<slug>/press (and /press on the page's
 * verified custom domain): what press.ts makes of the kit, in the page's own
 * look, under the page's CSP (no script), with its logo files and images.
 * It lives and dies with the page: unpublished, taken down or unknown is a
 * 404, and it is indexed exactly when the page is.
 */

export type PressPage = {
  data: PublicPage;
  kit: PressKit;
  /** The page's trusted public address (null when none is known: the press kit then links the page by its path). */
  pageUrl: string | null;
  /** Where the press kit's own files are: always under /p/<slug>/press/, which the custom domain passes through. */
  base: string;
  /** The social images the kit has (its social asset is ready), with their stored layout. */
  social: { layout: NonNullable<ReturnType<typeof SocialContentSchema.parse>["layout"]> | undefined; version: number } | null;
};

/** The page's press kit, or null when the page is not live (404). */
export async function pressPage(slug: string, request?: Request): Promise<PressPage | null> {
  const data = await publicPage(slug);
  if (!data) return null;
  const [owner, pageUrl, social, socialRow] = await Promise.all([
    pageOwner(data.page.kitId),
    canonicalAddress(data.page.kitId, request),
    readyContent(data.page.kitId, "social", SocialContentSchema),
    getAsset(data.page.kitId, "social"),
  ]);
  const kit = pressKit({
    brand: data.brand,
    content: data.content,
    pageUrl,
    launched: data.page.publishedAt,
    today: new Date(),
    founder: { name: owner?.name ?? "", role: data.page.pressRole },
  });
  return { data, kit, pageUrl, base: `/p/${data.page.slug}/press`, social: social ? { layout: social.layout, version: socialRow?.version ?? 0 } : null };
}

// ---- files ----------------------------------------------------------------------

/** The social images a press kit shows (the profile picture is too small to print). */
export const PRESS_IMAGES: SocialImageName[] = ["launch-post.png", "x-header.png", "linkedin-banner.png"];

/**
 * One file of the press kit: a logo (the free plan's watermarked, exactly as
 * its other logo downloads) or a social image. Null for any other name.
 */
export function pressFile(press: PressPage, name: string): { body: Buffer; contentType: string } | null {
  const { data } = press;
  const logo = PRESS_LOGOS.find((l) => l.name === name);
  if (logo) {
    const drawing = data.logo;
    if (!drawing) return null;
    // Drawn once per version of the brand, logo and plan (a PNG is a rasterisation: a public URL must not cost one per request).
    const body = cachedOgImage(`${data.page.slug}:press:${logo.name}:${data.version}`, () => {
      const file = renderLogoFile(data.brand, drawing, logo.from, { watermark: data.watermarked })!;
      return typeof file.body === "string" ? Buffer.from(file.body) : file.body;
    });
    return { body, contentType: logo.name.endsWith(".svg") ? "image/svg+xml" : "image/png" };
  }
  if (press.social && (PRESS_IMAGES as string[]).includes(name)) {
    const image = name as SocialImageName;
    // Drawn once per version (the cache is dropped with the page's).
    const body = cachedOgImage(`${data.page.slug}:press:${image}:${data.version}.${press.social.version}`, () =>
      socialImagePng(image, data.brand, data.logo, { watermark: data.watermarked, layout: press.social!.layout }),
    );
    return { body, contentType: "image/png" };
  }
  return null;
}

// ---- the page -------------------------------------------------------------------

const h = escapeHtml;

export const PRESS_LIMITS = { name: 100, email: 254, outlet: 120, message: 5000 } as const;

export type PressFormState = {
  error?: string;
  field?: "name" | "email" | "outlet" | "message";
  values?: Partial<Record<"name" | "email" | "outlet" | "message", string>>;
  sent?: boolean;
};

const PRESS_CSS = `
.press-hero{padding:clamp(2.5rem,6vw,4.5rem) 0 clamp(1.5rem,4vw,2.5rem)}
.press-hero h1{margin-bottom:.75rem}
.press .band h2{margin-bottom:1.25rem}
.press .prose{display:grid;gap:1rem;max-width:46rem}
.press .prose h3{font-size:1.45rem}
.press .count{font-weight:700;color:var(--ink);font-size:.9rem;letter-spacing:.04em;text-transform:uppercase}
.facts{display:grid;gap:.6rem;margin:0;max-width:46rem}
.facts div{display:grid;gap:.1rem 1.5rem}
@media (min-width:40rem){.facts div{grid-template-columns:11rem 1fr}}
.facts dt{font-weight:700}
.facts dd{margin:0}
.press blockquote{margin:0;padding-left:1.1rem;border-left:.3rem solid var(--primary);font-size:1.15rem}
.press figcaption{margin-top:.4rem;font-weight:600}
.logos,.swatches,.images{display:grid;gap:1rem;list-style:none;margin:0;padding:0;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}
.logos li,.images li{border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;background:var(--bg)}
.logos .pic{display:grid;place-items:center;height:9rem;padding:1.25rem;background:#FFFFFF}
.logos .pic.on-dark{background:#0F172A}
.logos img{max-height:100%;max-width:100%;width:auto;height:auto}
.logos p,.images p,.swatches p{padding:.6rem .9rem;font-size:.95rem}
.images img{display:block;width:100%;height:auto}
.swatches li{border:1px solid var(--line);border-radius:var(--radius);overflow:hidden}
.swatch{height:4.5rem}
.press textarea{display:block;width:100%;min-height:9rem;padding:.75rem 1rem;border:2px solid var(--text);border-radius:var(--radius);background:var(--bg);color:var(--text);font:inherit}
`;

function contactForm(press: PressPage, state: PressFormState): string {
  const values = state.values ?? {};
  const field = (id: "name" | "email" | "outlet", label: string, attrs: string, required: boolean) => {
    const invalid = state.field === id;
    return `<div><label for="press-${id}">${h(label)}</label><input id="press-${id}" name="${id}" ${attrs} maxlength="${PRESS_LIMITS[id]}"${required ? " required" : ""}${values[id] ? ` value="${h(values[id]!)}"` : ""}${invalid ? ` aria-invalid="true" aria-describedby="press-error"` : ""}></div>`;
  };
  const error = state.error ? `<p class="alert" role="alert" id="press-error">${h(state.error)}</p>` : "";
  const sent = state.sent ? `<p class="alert" role="status" data-press-sent>Message sent! ${h(press.kit.name)} will reply to the e-mail address you gave.</p>` : "";
  return `${sent}${error}<form method="post" action="${h(press.base)}">
${field("name", "Your name", `type="text" autocomplete="name"`, true)}
${field("email", "Your e-mail address", `type="email" autocomplete="email" inputmode="email" spellcheck="false"`, true)}
${field("outlet", "Publication (optional)", `type="text" autocomplete="organization"`, false)}
<div><label for="press-message">Message</label><textarea id="press-message" name="message" maxlength="${PRESS_LIMITS.message}" required${state.field === "message" ? ` aria-invalid="true" aria-describedby="press-error"` : ""}>${h(values.message ?? "")}</textarea></div>
<div class="hp" aria-hidden="true"><label for="press-website">Leave this field empty</label><input id="press-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<button class="btn" type="submit">Send message</button>
<p class="fine">Your message goes to ${h(press.kit.name)} by e-mail, with your address to reply to. It is not published.</p>
</form>`;
}

/** The press kit as one HTML document in the page's look; every piece of text escaped. */
export function renderPressHtml(press: PressPage, state: PressFormState = {}, options: { badgeUrl?: string } = {}): string {
  const { data, kit } = press;
  const theme = landingTheme(data.brand);
  const pageHref = press.pageUrl ?? `/p/${data.page.slug}`;
  const file = (name: string) => `${press.base}/${name}`;
  const release = kit.release;
  const facts = kit.facts.map((f) => `<div><dt>${h(f.label)}</dt><dd>${h(f.value)}</dd></div>`).join("");
  const links = kit.links.map((l) => `<li>${h(l.label)}: <a href="${h(l.url)}">${h(l.url)}</a></li>`).join("");
  const logos = data.logo
    ? PRESS_LOGOS.filter((l) => l.name.endsWith(".svg"))
        .map((l) => {
          const png = l.name.replace(/\.svg$/, ".png");
          return `<li><div class="pic${l.dark ? " on-dark" : ""}"><img src="${h(file(l.name))}" alt="${h(`${kit.name}: ${l.label.replace(/ \(SVG\)$/, "")}`)}" loading="lazy"></div><p><a href="${h(file(l.name))}" download>SVG</a> · <a href="${h(file(png))}" download>PNG</a> — ${h(l.label.replace(/ \(SVG\)$/, ""))}</p></li>`;
        })
        .join("")
    : "";
  const swatchCss = kit.colours.map((c, i) => `.sw-${i}{background:${c.hex}}`).join("\n");
  const swatches = kit.colours.map((c, i) => `<li><div class="swatch sw-${i}"></div><p><strong>${h(colourName(c.role))}</strong> ${h(c.hex)}</p></li>`).join("");
  const og = `/p/${data.page.slug}/og.png?v=${data.version}`;
  const images = [
    `<li><a href="${h(og)}"><img src="${h(og)}" alt="${h(`${kit.name}: the page's social card`)}" width="1200" height="630" loading="lazy"></a><p>The page's social card, 1200 × 630</p></li>`,
    ...(press.social
      ? PRESS_IMAGES.map((name) => {
          const size = SOCIAL_IMAGES[name];
          return `<li><a href="${h(file(name))}"><img src="${h(file(name))}" alt="${h(`${kit.name}: ${size.describe}`)}" width="${size.width}" height="${size.height}" loading="lazy"></a><p>${h(size.describe)}</p></li>`;
        })
      : []),
  ].join("");
  const section = (id: string, title: string, inner: string, alt: boolean) =>
    `<section class="band${alt ? " alt" : ""}" id="${id}" aria-labelledby="${id}-title"><div class="wrap"><h2 id="${id}-title">${h(title)}</h2>${inner}</div></section>`;
  const body = `<a class="skip" href="#main">Skip to content</a>
${header(data.brand, data.logo ?? { marks: [], selected: 0 }, theme.dark, { homeHref: pageHref, watermark: data.watermarked })}
<main id="main" class="press">
<div class="press-hero"><div class="wrap"><p class="eyebrow">Press kit</p><h1>${h(kit.name)}</h1><p class="lead">${h(kit.tagline)}</p><p><a href="${h(pageHref)}">Visit the ${h(kit.name)} page</a> · <a href="#contact">Press contact</a></p></div></div>
${section(
  "boilerplate",
  `About ${kit.name}`,
  `<div class="prose"><p class="count">${countWords(kit.boilerplate50)} words</p><p data-boilerplate="50">${h(kit.boilerplate50)}</p><p class="count">${countWords(kit.boilerplate100)} words</p><p data-boilerplate="100">${h(kit.boilerplate100)}</p></div>`,
  true,
)}
${section(
  "facts",
  "Fact sheet",
  `<dl class="facts">${facts}</dl>${kit.keyFacts.length ? `<h3>Key facts</h3><ul>${kit.keyFacts.map((f) => `<li>${h(f)}</li>`).join("")}</ul>` : ""}${links ? `<ul>${links}</ul>` : ""}`,
  false,
)}
${section(
  "release",
  "Press release",
  `<article class="prose"><h3>${h(release.headline)}</h3><p><strong>${h(release.dateline)}</strong> — ${h(release.lead)}</p>${release.body.map((p) => `<p>${h(p)}</p>`).join("")}<figure><blockquote><p>${h(release.quote)}</p></blockquote><figcaption>${h(release.quoteBy)}</figcaption></figure><h3>About ${h(kit.name)}</h3><p>${h(release.about)}</p><p>Media contact: <a href="#contact">the form below</a>.</p></article>`,
  true,
)}
${section("founder", "Founder", `<div class="prose"><p>${h(kit.bio)}</p></div>`, false)}
${logos ? section("logos", "Logos", `<ul class="logos">${logos}</ul>`, true) : ""}
${section("colours", "Brand colours", `<ul class="swatches">${swatches}</ul>`, false)}
${section("images", "Images", `<ul class="images">${images}</ul>`, true)}
<section class="band signup" id="contact" aria-labelledby="contact-title"><div class="wrap signup-grid">
<div><h2 id="contact-title">Press contact</h2><p class="intro">Writing about ${h(kit.name)}? Send a message and ${h(release.quoteBy)} will reply by e-mail.</p></div>
<div>${contactForm(press, state)}</div>
</div></section>
</main>
${footer(data.brand, { badge: data.badge, badgeUrl: options.badgeUrl })}`;
  return documentHtml({
    brand: data.brand,
    title: `${kit.name} press kit`,
    description: kit.boilerplate50,
    options: {
      canonical: press.pageUrl ? pressAddress(press.pageUrl) : null,
      indexable: data.page.indexable && !state.error,
      fonts: { mode: "linked" },
      logo: data.logo,
      watermarkLogo: data.watermarked,
      ogImage: null,
    },
    body,
    layout: data.content.layout,
    extraCss: PRESS_CSS + swatchCss,
  });
}
