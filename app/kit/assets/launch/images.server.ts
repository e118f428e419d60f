import type { Brand } from "~/kit/brand/brand";
import { headingWeight } from "~/kit/brand/fonts";
import { AA_GRAPHICS, buttonTextColor, contrastRatio } from "~/kit/brand/palette";
import type { SocialLayout } from "~/kit/layouts";
import type { LandingCopy } from "../landing/schema";
import { renderPng } from "../logo/render.server";
import { GALLERY, GALLERY_NAMES, THUMBNAIL, type GalleryName } from "./image-names";
import { colorsOnPrimary, doc, fitRun, markDisc, markOrInitial, motifPattern, profileSvg, run, textLine, wrap, type LogoChoice } from "../social/images.server";

/**
 * Product Hunt's images, drawn from the brand like the social images (every
 * letter outlined, rasterised by resvg; pure, nothing stored):
 *
 * - thumbnail.png 240×240: the mark, as the profile picture draws it;
 * - gallery-1…5.png 1270×760: the landing page's hero, its three benefits
 *   and its call to action, in the page's own words.
 *
 * Sizes from third-party launch guides (Product Hunt's help pages do not give
 * them): a 240×240 thumbnail and 1270×760 gallery images.
 */

export { GALLERY, GALLERY_NAMES, THUMBNAIL, type GalleryName };

/** The words of the five slides: the page's own copy, or the brand's when the kit has no page. */
export type GalleryCopy = { hero: { headline: string; sub: string }; features: Array<{ title: string; body: string }>; cta: { headline: string; body: string; button: string } };

export function galleryCopy(brand: Brand, landing: LandingCopy | null, fallback: { description: string; cta: string }): GalleryCopy {
  if (landing) {
    return {
      hero: { headline: landing.hero.headline, sub: landing.hero.subheadline },
      features: landing.benefits.items.map((b) => ({ title: b.title, body: b.body })),
      cta: { headline: landing.cta.headline, body: landing.cta.body, button: landing.cta.button },
    };
  }
  const voice = brand.voice.samples.length ? brand.voice.samples : [brand.positioning];
  return {
    hero: { headline: brand.tagline, sub: fallback.description },
    features: [0, 1, 2].map((i) => ({ title: i === 0 ? brand.tagline : (brand.taglineAlternatives?.[i - 1] ?? brand.tagline), body: voice[i % voice.length] ?? brand.positioning })),
    cta: { headline: brand.tagline, body: brand.positioning, button: fallback.cta },
  };
}

type Options = { watermark?: boolean; layout?: SocialLayout };

export function thumbnailPng(brand: Brand, logo: LogoChoice, options: Options = {}): Buffer {
  return renderPng(profileSvg(brand, logo, options), THUMBNAIL.width);
}

function gallerySvg(index: number, brand: Brand, logo: LogoChoice, copy: GalleryCopy, options: Options): string {
  const { width, height } = GALLERY;
  const p = brand.palette;
  const heading = brand.fonts.heading;
  const body = brand.fonts.body;
  const weight = headingWeight(heading);
  const label = buttonTextColor(p);
  const accent = contrastRatio(p.accent, p.primary) >= AA_GRAPHICS ? p.accent : label;
  const margin = 84;
  const parts: string[] = [];
  const id = `lk-gallery-${index}`;
  const signature = (ink: string, colors = p, bottom = height - margin) => {
    const name = run(brand.name, heading, 34, weight);
    const size = name.capHeight * 1.8;
    return markOrInitial(brand, logo, colors, margin, bottom - size, size, `${id}-sig`) + textLine(name, margin + size * 1.35, bottom - size / 2 + name.capHeight / 2, ink);
  };

  if (index === 0 || index === 4) {
    // The hero and the call to action: big type on the primary colour.
    const isCta = index === 4;
    const title = isCta ? copy.cta.headline : copy.hero.headline;
    const sub = isCta ? copy.cta.body : copy.hero.sub;
    const maxWidth = width - margin * 2 - (isCta ? 0 : 260);
    parts.push(`<rect width="${width}" height="${height}" fill="${p.primary}"/>`);
    if (!isCta) parts.push(motifPattern(brand, logo, width - 300, 0, 300, height, `${id}-pattern`), markDisc(brand, logo, width - 150, height / 2, 100, `${id}-disc`));
    const t = wrap(title, heading, 84, 44, maxWidth, 3, weight);
    // The hero carries the signature above the headline, the call to action below its button.
    let baseline = (isCta ? margin + 40 : margin + 100) + t.size * 0.8;
    for (const line of t.lines) {
      parts.push(textLine(line, margin, baseline, label));
      baseline += t.size * 1.1;
    }
    parts.push(`<rect x="${margin}" y="${baseline - t.size * 0.3}" width="72" height="10" fill="${accent}"/>`);
    const s = wrap(sub, body, 36, 24, maxWidth, 3, 400);
    baseline += 40 + s.size * 0.4;
    for (const line of s.lines) {
      baseline += s.size * 1.35;
      parts.push(textLine(line, margin, baseline, label));
    }
    if (isCta) {
      const button = fitRun(copy.cta.button, body, 34, 22, 520, 700);
      const bw = button.width + 80;
      const bh = button.capHeight + 52;
      const by = Math.min(baseline + 48, height - margin - 60 - bh);
      parts.push(`<rect x="${margin}" y="${by}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="${p.background}"/>`);
      parts.push(textLine(button, margin + 40, by + 26 + button.capHeight, p.text));
      parts.push(signature(label, colorsOnPrimary(p)));
      return doc(`${brand.name}: ${title}`, width, height, parts.join(""), options, p.primary, `${id}-wm`);
    }
    parts.push(signature(label, colorsOnPrimary(p), margin + 44));
    return doc(`${brand.name}: ${title}`, width, height, parts.join(""), options, p.primary, `${id}-wm`);
  }

  // A benefit: its number and title on the background, the text under it, the motif panel at the right.
  const feature = copy.features[index - 1] ?? copy.features[0]!;
  const panel = 380;
  const maxWidth = width - panel - margin * 2;
  parts.push(`<rect width="${width}" height="${height}" fill="${p.background}"/>`);
  parts.push(motifPattern(brand, logo, width - panel, 0, panel, height, `${id}-pattern`));
  parts.push(markDisc(brand, logo, width - panel / 2, height / 2, 120, `${id}-disc`));
  const number = run(`0${index}`, heading, 64, weight);
  parts.push(textLine(number, margin, margin + number.capHeight, p.primary));
  const t = wrap(feature.title, heading, 72, 40, maxWidth, 2, weight);
  let baseline = margin + number.capHeight + 60 + t.size * 0.8;
  for (const line of t.lines) {
    parts.push(textLine(line, margin, baseline, p.text));
    baseline += t.size * 1.1;
  }
  const s = wrap(feature.body, body, 34, 22, maxWidth, 5, 400);
  baseline += 16;
  for (const line of s.lines) {
    baseline += s.size * 1.4;
    parts.push(textLine(line, margin, baseline, p.text));
  }
  parts.push(signature(p.text));
  return doc(`${brand.name}: ${feature.title}`, width, height, parts.join(""), options, p.background, `${id}-wm`);
}

export function galleryPng(name: GalleryName, brand: Brand, logo: LogoChoice, copy: GalleryCopy, options: Options = {}): Buffer {
  return renderPng(gallerySvg(GALLERY_NAMES.indexOf(name), brand, logo, copy, options), GALLERY.width);
}
