import { WATERMARK_TEXT } from "~/kit/plans/plans";
import {
  BULLET_GAP,
  BULLET_INDENT,
  cardInk,
  cardInner,
  coverFrame,
  coverInk,
  deckFrame,
  headInk,
  LINE,
  ruleFill,
  SIZES,
  SLIDE,
  type CoverText,
  type DeckColors,
  type SlideText,
} from "~/kit/assets/deck/geometry";
import type { DeckLayout } from "~/kit/layouts";

/**
 * One slide of the pitch deck (or its cover) as HTML, drawn from the same geometry as the
 * PPTX and PDF (inches on a 10 × 5.625 slide, sizes in points): positions in
 * percent, font sizes in container-query units, so it keeps its 16:9 layout
 * at any width.
 */

type Rect = { x: number; y: number; w: number; h: number };
export type SlideView = SlideText & { sizes: { title: number; bullets: number; callout: number; who: number }; boxes: { bullets: Rect; footnote: Rect } };
export type DeckFontsView = { heading: string; headingWeight: number; body: string; bodyBold: number };

const left = (x: number) => `${(x / SLIDE.w) * 100}%`;
const top = (y: number) => `${(y / SLIDE.h) * 100}%`;
const width = (w: number) => `${(w / SLIDE.w) * 100}%`;
const height = (h: number) => `${(h / SLIDE.h) * 100}%`;
/** Points to container-query width units: the slide is 720 pt wide = 100cqw. */
const pt = (size: number) => `${(size / (SLIDE.w * 72)) * 100}cqw`;
const box = (b: { x: number; y: number; w: number; h: number }) => ({ position: "absolute" as const, left: left(b.x), top: top(b.y), width: width(b.w), height: height(b.h) });

function Watermark({ fonts }: { fonts: DeckFontsView }) {
  return (
    <p aria-hidden="true" style={{ position: "absolute", inset: 0, margin: 0, display: "flex", alignItems: "center", justifyContent: "center", transform: "rotate(-18deg)", fontSize: pt(40), fontWeight: fonts.bodyBold, opacity: 0.18, pointerEvents: "none" }}>
      {WATERMARK_TEXT}
    </p>
  );
}

const FRAME_CLASS = "relative w-full overflow-hidden rounded-lg shadow-sm ring-1 ring-slate-200";

export function DeckSlide({
  slide,
  colors,
  fonts,
  logoUrl,
  watermark,
  label,
  layout,
  total,
}: {
  slide: SlideView;
  colors: DeckColors;
  fonts: DeckFontsView;
  logoUrl: string | null;
  watermark?: boolean;
  label: string;
  layout?: DeckLayout;
  /** Pages in the deck, the cover included. */
  total: number;
}) {
  const f = deckFrame(layout);
  const card = f.card;
  const cardIn = cardInner(f);
  const ink = cardInk(f, colors);
  const head = headInk(f, colors);
  const m = f.market;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={`slide-${slide.key}`}
      data-layout={f.layout}
      className={FRAME_CLASS}
      style={{ aspectRatio: `${SLIDE.w} / ${SLIDE.h}`, containerType: "inline-size", background: colors.background, color: colors.text, fontFamily: fonts.body }}
    >
      {f.panel ? <div style={{ ...box(f.panel), background: colors.card }} /> : null}
      <div style={{ ...box(f.rule), background: ruleFill(f, colors) }} />
      <p style={{ ...box(f.kicker), margin: 0, fontSize: pt(SIZES.kicker), fontWeight: fonts.bodyBold, letterSpacing: "0.14em", color: head.kicker, whiteSpace: "nowrap" }}>{slide.kicker}</p>
      <p style={{ ...box(f.title), margin: 0, fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.title), lineHeight: LINE.heading, color: head.title }}>{slide.title}</p>
      <ul style={{ ...box(slide.boxes.bullets), margin: 0, padding: 0, listStyle: "none", fontSize: pt(slide.sizes.bullets), lineHeight: LINE.body }}>
        {slide.bullets.map((b, i) => (
          <li key={i} style={{ position: "relative", paddingLeft: width(BULLET_INDENT * (SLIDE.w / slide.boxes.bullets.w)), marginBottom: `${BULLET_GAP}em` }}>
            <span aria-hidden="true" style={{ position: "absolute", left: 0 }}>•</span>
            {b}
          </li>
        ))}
      </ul>
      {f.cardStyle === "fill" ? <div style={{ ...box(card), background: colors.card, borderRadius: pt(0.18 * 72) }} /> : null}
      {f.cardStyle === "quote" ? <div style={{ ...box({ ...card, w: 0.06 }), background: colors.accent }} /> : null}
      {slide.market ? (
        <div style={{ ...box(cardIn), color: ink.text, display: "flex", flexDirection: "column" }}>
          <p style={{ margin: 0, height: `${(m.badge / cardIn.h) * 100}%`, fontSize: pt(SIZES.badge), fontWeight: fonts.bodyBold, letterSpacing: "0.14em", color: ink.strong }}>{slide.market.badge}</p>
          <p style={{ margin: 0, height: `${(m.howMany / cardIn.h) * 100}%`, display: "flex", alignItems: "flex-end", fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.callout), lineHeight: LINE.heading, color: ink.strong }}>
            <span>{slide.market.howMany}</span>
          </p>
          <hr style={{ margin: `${((m.gap / 2) / cardIn.h) * 100}% 0`, border: 0, borderTop: `1px solid ${ink.text}`, opacity: 0.5 }} />
          <p style={{ margin: 0, marginTop: pt(4), fontSize: pt(slide.sizes.who), lineHeight: LINE.body }}>{slide.market.who}</p>
        </div>
      ) : (
        <p style={{ ...box(cardIn), margin: 0, display: "flex", alignItems: f.cardStyle === "fill" ? "center" : "flex-start", color: ink.strong, fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.callout), lineHeight: LINE.heading }}>
          <span>{slide.callout}</span>
        </p>
      )}
      {slide.market ? (
        <p style={{ ...box(slide.boxes.footnote), margin: 0, display: "flex", alignItems: "flex-end", fontSize: pt(SIZES.footnote), lineHeight: LINE.body, color: colors.muted }}>
          <span>{slide.market.footnote}</span>
        </p>
      ) : null}
      <div style={{ position: "absolute", left: left(f.footerLine.x), top: top(f.footerLine.y), width: width(f.footerLine.w), borderTop: `1px solid ${colors.line}` }} />
      {logoUrl ? <img src={logoUrl} alt="" style={{ ...box(f.logo), objectFit: "contain", objectPosition: "left center" }} /> : null}
      <p style={{ ...box(f.pageNumber), margin: 0, display: "flex", alignItems: "center", justifyContent: "flex-end", fontSize: pt(SIZES.pageNumber), color: colors.muted }}>
        {slide.number + 1} / {total}
      </p>
      {watermark ? <Watermark fonts={fonts} /> : null}
    </div>
  );
}

/** The cover slide: the brand's name, tagline and mark, in the deck's layout (geometry.ts coverFrame). */
export function DeckCover({
  cover,
  colors,
  fonts,
  markUrl,
  watermark,
  label,
  layout,
}: {
  cover: CoverText;
  colors: DeckColors;
  fonts: DeckFontsView;
  /** The mark in the cover's colours (a data: URL), or null without a logo. */
  markUrl: string | null;
  watermark?: boolean;
  label: string;
  layout?: DeckLayout;
}) {
  const c = coverFrame(layout);
  const ink = coverInk(c, colors);
  const align = c.align;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="slide-cover"
      data-layout={layout ?? "classic"}
      className={FRAME_CLASS}
      style={{ aspectRatio: `${SLIDE.w} / ${SLIDE.h}`, containerType: "inline-size", background: c.fill === "primary" ? colors.card : colors.background, color: ink.name, fontFamily: fonts.body }}
    >
      {c.card ? <div style={{ ...box(c.card), background: colors.card, borderRadius: pt(0.18 * 72) }} /> : null}
      {markUrl ? <img src={markUrl} alt="" style={{ ...box(c.mark), objectFit: "contain" }} /> : null}
      {c.rule ? <div style={{ ...box(c.rule), background: ink.rule }} /> : null}
      <p style={{ ...box(c.kicker), margin: 0, fontSize: pt(SIZES.kicker), fontWeight: fonts.bodyBold, letterSpacing: "0.14em", color: ink.kicker, textAlign: align, whiteSpace: "nowrap" }}>{cover.kicker}</p>
      <p style={{ ...box(c.name), margin: 0, display: "flex", flexDirection: "column", justifyContent: "flex-end", textAlign: align, fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(cover.sizes.name), lineHeight: LINE.heading }}>
        <span>{cover.name}</span>
      </p>
      <p style={{ ...box(c.tagline), margin: 0, textAlign: align, fontSize: pt(cover.sizes.tagline), lineHeight: LINE.body, color: ink.tagline }}>{cover.tagline}</p>
      {watermark ? <Watermark fonts={fonts} /> : null}
    </div>
  );
}

/** @font-face rules for the catalogue fonts a preview uses (served by LaunchKit at /fonts/). */
export function BrandFontFaces({ fonts }: { fonts: Array<{ family: string; id: string; weights: readonly number[] }> }) {
  const css = fonts
    .flatMap((f) => f.weights.map((w) => `@font-face{font-family:'${f.family}';font-weight:${w};font-display:swap;src:url(/fonts/${f.id}-${w}.woff) format('woff')}`))
    .join("");
  return <style>{css}</style>;
}
