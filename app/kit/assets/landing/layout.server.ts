import type { Brand } from "~/kit/brand/brand";
import type { LandingLayout } from "~/kit/layouts";
import { escapeHtml as h } from "~/platform/text/html";
import { repositoryHost, type CategorySections } from "./category";
import type { LandingContent } from "./schema";

/**
 * The parts of the landing page that change with its layout: the
 * hero of each of the three layouts, the category's own sections and the
 * final call to action of a page without the e-mail form. Every text is
 * escaped here; addresses are http(s) only (the schema and safeHttpUrl).
 */

export type HeroParts = {
  brand: Brand;
  content: LandingContent;
  layout: LandingLayout;
  /** The mark, inline SVG, aria-hidden. */
  art: string;
  /** The primary action: where and what it says. */
  primary: { href: string; label: string };
  /** The secondary link ("How it works", or the repository). */
  secondary: { href: string; label: string } | null;
};

function actions({ primary, secondary }: Pick<HeroParts, "primary" | "secondary">) {
  return `<div class="actions"><a class="btn" href="${h(primary.href)}">${h(primary.label)}</a>${secondary ? `<a href="${h(secondary.href)}">${h(secondary.label)}</a>` : ""}</div>`;
}

/** The command as a code block: wraps instead of scrolling (a scrolling region would need to be focusable). */
export function codeBlock(command: string, label: string): string {
  return `<pre class="code" aria-label="${h(label)}"><code>${h(command)}</code></pre>`;
}

/**
 * The download link a page shows itself: a page without the sign-up form (a
 * developer tool's) whose published copy carries the download link
 * (withDownloadLink); pages with the form give it on their thank-you page.
 */
export function directDownload(content: LandingContent): { href: string; label: string } | null {
  const href = content.category.download;
  const form = content.emailForm || !(content.category.install || content.category.repository);
  return href && !form && /^https?:\/\//i.test(href) ? { href, label: content.hero.button } : null;
}

export function heroHtml(parts: HeroParts): string {
  // Nothing stands between the visitor and the download: its link is the hero's main button.
  const download = directDownload(parts.content);
  const p = download ? { ...parts, primary: download } : parts;
  const { brand, content } = p;
  const text = `<p class="eyebrow">${h(brand.name)}</p>
<h1 id="hero-title">${h(content.hero.headline)}</h1>
<p class="lead">${h(content.hero.subheadline)}</p>
${actions(p)}`;
  if (p.layout === "editorial") {
    // Centred, one column: a small emblem above a large headline, between rules.
    return `<section class="hero hero-editorial" aria-labelledby="hero-title"><div class="wrap measure">
<div class="emblem" aria-hidden="true">${p.art}</div>
${text}
</div></section>`;
  }
  if (p.layout === "grid") {
    // Tiles: the message, the mark on its own tile, and a tile that acts: the install section itself
    // (the page then has no other), or the way to the sign-up.
    const install = content.category.install;
    const repo = content.category.repository;
    const side = install
      ? `<div class="tile tile-act" id="install" aria-labelledby="install-title"><h2 class="tile-label" id="install-title">${h(install.heading)}</h2><p>${h(install.body)}</p>${codeBlock(install.command, "Install command")}${repo ? `<p class="repo"><a href="${h(repo)}" rel="noopener">View the source on ${h(repositoryHost(repo))}</a></p>` : ""}</div>`
      : `<div class="tile tile-act"><p class="tile-label">${h(content.cta.headline)}</p><a class="btn" href="${h(p.primary.href)}">${h(p.primary.label)}</a></div>`;
    return `<section class="hero hero-tiles" aria-labelledby="hero-title"><div class="wrap bento">
<div class="tile tile-main">${text}</div>
<div class="tile tile-mark" aria-hidden="true">${p.art}</div>
${side}
</div></section>`;
  }
  return `<section class="hero" aria-labelledby="hero-title"><div class="wrap hero-grid">
<div>
${text}
</div>
<div class="art" aria-hidden="true"><span class="dot"></span>${p.art}</div>
</div></section>`;
}

// ---- the category's sections ------------------------------------------------------

/**
 * Where each category section goes: after a section of the founder's order (or just before the
 * final call to action when that one is hidden). Booking is not a section: its steps sit beside
 * the sign-up form (bookingHtml).
 */
export const CATEGORY_ANCHORS = { install: "hero", area: "benefits", menu: "benefits", portfolio: "benefits", inTheBox: "benefits", prices: "how", schedule: "how", origin: "how" } as const;
export type CategoryId = keyof typeof CATEGORY_ANCHORS;
export const CATEGORY_IDS = Object.keys(CATEGORY_ANCHORS) as CategoryId[];

export const CATEGORY_NAV: Partial<Record<CategoryId, string>> = { install: "Install", area: "Area", menu: "Menu", portfolio: "Work", prices: "Prices", schedule: "Times" };

/** The html id of a category section (also its nav anchor). */
export const categoryAnchor = (id: CategoryId) =>
  ({ install: "install", area: "area", menu: "menu", portfolio: "work", inTheBox: "in-the-box", prices: "prices", schedule: "times", origin: "origin" })[id];

export function categorySectionHtml(id: CategoryId, c: CategorySections, alt: boolean): string {
  const anchor = categoryAnchor(id);
  const open = (heading: string, extra = "") =>
    `<section class="band${alt ? " alt" : ""}${extra}" id="${anchor}" aria-labelledby="${anchor}-title"><div class="wrap">\n<h2 id="${anchor}-title">${h(heading)}</h2>`;
  const close = `\n</div></section>`;
  switch (id) {
    case "install": {
      const s = c.install!;
      const repo = c.repository ? `<p class="repo"><a href="${h(c.repository)}" rel="noopener">View the source on ${h(repositoryHost(c.repository))}</a></p>` : "";
      return `${open(s.heading, " install")}<p class="intro">${h(s.body)}</p>${codeBlock(s.command, "Install command")}${repo}${close}`;
    }
    case "area": {
      const s = c.area!;
      const places = s.places.length ? `<ul class="places">${s.places.map((p) => `<li>${h(p)}</li>`).join("")}</ul>` : "";
      return `${open(s.heading)}<div class="area"><p class="intro">${h(s.body)}</p>${places}</div>${close}`;
    }
    case "prices": {
      const s = c.prices!;
      return `${open(s.heading)}<p class="intro">${h(s.body)}</p><dl class="prices">${s.items.map((i) => `<div><dt>${h(i.name)}</dt><dd>${h(i.price)}</dd></div>`).join("")}</dl>${close}`;
    }
    case "inTheBox": {
      const s = c.inTheBox!;
      return `${open(s.heading)}<ul class="box-list">${s.items.map((i) => `<li><h3>${h(i.title)}</h3><p>${h(i.body)}</p></li>`).join("")}</ul>${close}`;
    }
    case "origin": {
      const s = c.origin!;
      return `${open(s.heading)}<p class="intro wide">${h(s.body)}</p>${close}`;
    }
    case "menu": {
      const s = c.menu!;
      return `${open(s.heading)}<p class="intro">${h(s.body)}</p><ul class="places">${s.items.map((i) => `<li>${h(i)}</li>`).join("")}</ul>${close}`;
    }
    case "schedule": {
      const s = c.schedule!;
      const times = s.times.length ? `<ul class="places">${s.times.map((t) => `<li>${h(t)}</li>`).join("")}</ul>` : "";
      return `${open(s.heading)}<p class="intro">${h(s.body)}</p>${times}${close}`;
    }
    case "portfolio": {
      const s = c.portfolio!;
      return `${open(s.heading)}<p class="intro">${h(s.body)}</p><ul class="box-list">${s.items.map((i) => `<li><h3>${h(i.title)}</h3><p>${h(i.body)}</p></li>`).join("")}</ul>${close}`;
    }
  }
}

/** How booking goes, beside the sign-up form of a local service. */
export function bookingHtml(b: NonNullable<CategorySections["booking"]>): string {
  return `<div class="booking"><h3>${h(b.heading)}</h3><ol>${b.steps.map((st) => `<li><strong>${h(st.title)}.</strong> ${h(st.body)}</li>`).join("")}</ol></div>`;
}

/** The category sections a content has, in the order of CATEGORY_IDS. */
export function categorySectionsOf(c: CategorySections): CategoryId[] {
  return CATEGORY_IDS.filter((id) => Boolean(c[id]));
}

/**
 * The final call to action of a page without the e-mail form (developer
 * tools by default): the install command and the repository, no gate.
 */
export function getStartedHtml(brand: Brand, c: CategorySections, download: { href: string; label: string } | null = null): string {
  // Called with the category sections alone, the section still shows a download link they carry.
  download ??= c.download && /^https?:\/\//i.test(c.download) ? { href: c.download, label: "Download it" } : null;
  const repo = c.repository ?? null;
  const command = c.install?.command;
  const how = [download ? "download it" : "", command ? "install it with one command" : "", repo ? `read the source on ${repositoryHost(repo)}` : ""].filter(Boolean);
  const body = how.length ? `${how.length > 1 ? `${how.slice(0, -1).join(", ")} or ${how[how.length - 1]}` : how[0]}.` : "";
  const downloadLink = download ? `<a class="btn" href="${h(download.href)}" rel="noopener">${h(download.label)}</a>` : "";
  const repoLink = repo ? `<a class="${download ? "repo" : "btn"}" href="${h(repo)}" rel="noopener">View the source on ${h(repositoryHost(repo))}</a>` : "";
  return `<section class="band signup" id="signup" aria-labelledby="signup-title"><div class="wrap signup-grid">
<div><h2 id="signup-title">${h(`Get started with ${brand.name}`)}</h2>${body ? `<p class="intro">${h(body.charAt(0).toUpperCase() + body.slice(1))}</p>` : ""}</div>
<div class="get">${downloadLink}${command ? codeBlock(command, "Install command") : ""}${repoLink}</div>
</div></section>`;
}
