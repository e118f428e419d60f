import { WATERMARK_TEXT } from "~/billing/plans";
import { BOXES, BULLET_GAP, BULLET_INDENT, LINE, SIZES, SLIDE, type DeckColors, type SlideText } from "~/kits/assets/deck/geometry";

/**
 * One slide of the pitch deck as HTML, drawn from the same geometry as the
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

export function DeckSlide({ slide, colors, fonts, logoUrl, watermark, label }: { slide: SlideView; colors: DeckColors; fonts: DeckFontsView; logoUrl: string | null; watermark?: boolean; label: string }) {
  const card = BOXES.card;
  const inset = BOXES.cardInset;
  const cardInner = { x: card.x + inset, y: card.y + inset, w: card.w - inset * 2, h: card.h - inset * 2 };
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={`slide-${slide.key}`}
      className="relative w-full overflow-hidden rounded-lg shadow-sm ring-1 ring-slate-200"
      style={{ aspectRatio: `${SLIDE.w} / ${SLIDE.h}`, containerType: "inline-size", background: colors.background, color: colors.text, fontFamily: fonts.body }}
    >
      <div style={{ ...box(BOXES.rule), background: colors.accent }} />
      <p style={{ ...box(BOXES.kicker), margin: 0, fontSize: pt(SIZES.kicker), fontWeight: fonts.bodyBold, letterSpacing: "0.14em", color: colors.strong, whiteSpace: "nowrap" }}>{slide.kicker}</p>
      <p style={{ ...box(BOXES.title), margin: 0, fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.title), lineHeight: LINE.heading }}>{slide.title}</p>
      <ul style={{ ...box(slide.boxes.bullets), margin: 0, padding: 0, listStyle: "none", fontSize: pt(slide.sizes.bullets), lineHeight: LINE.body }}>
        {slide.bullets.map((b, i) => (
          <li key={i} style={{ position: "relative", paddingLeft: width(BULLET_INDENT * (SLIDE.w / BOXES.bullets.w)), marginBottom: `${BULLET_GAP}em` }}>
            <span aria-hidden="true" style={{ position: "absolute", left: 0 }}>•</span>
            {b}
          </li>
        ))}
      </ul>
      <div style={{ ...box(card), background: colors.card, borderRadius: pt(0.18 * 72) }} />
      {slide.market ? (
        <div style={{ ...box(cardInner), color: colors.onCard, display: "flex", flexDirection: "column" }}>
          <p style={{ margin: 0, height: `${(0.3 / cardInner.h) * 100}%`, fontSize: pt(SIZES.badge), fontWeight: fonts.bodyBold, letterSpacing: "0.14em" }}>{slide.market.badge}</p>
          <p style={{ margin: 0, height: `${(2.05 / cardInner.h) * 100}%`, display: "flex", alignItems: "flex-end", fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.callout), lineHeight: LINE.heading }}>
            <span>{slide.market.howMany}</span>
          </p>
          <hr style={{ margin: `${(0.1 / cardInner.h) * 100}% 0`, border: 0, borderTop: `1px solid ${colors.onCard}`, opacity: 0.5 }} />
          <p style={{ margin: 0, marginTop: pt(4), fontSize: pt(slide.sizes.who), lineHeight: LINE.body }}>{slide.market.who}</p>
        </div>
      ) : (
        <p style={{ ...box(cardInner), margin: 0, display: "flex", alignItems: "center", color: colors.onCard, fontFamily: fonts.heading, fontWeight: fonts.headingWeight, fontSize: pt(slide.sizes.callout), lineHeight: LINE.heading }}>
          <span>{slide.callout}</span>
        </p>
      )}
      {slide.market ? (
        <p style={{ ...box(slide.boxes.footnote), margin: 0, display: "flex", alignItems: "flex-end", fontSize: pt(SIZES.footnote), lineHeight: LINE.body, color: colors.muted }}>
          <span>{slide.market.footnote}</span>
        </p>
      ) : null}
      <div style={{ position: "absolute", left: left(BOXES.footerLine.x), top: top(BOXES.footerLine.y), width: width(BOXES.footerLine.w), borderTop: `1px solid ${colors.line}` }} />
      {logoUrl ? <img src={logoUrl} alt="" style={{ ...box(BOXES.logo), objectFit: "contain", objectPosition: "left center" }} /> : null}
      <p style={{ ...box(BOXES.pageNumber), margin: 0, display: "flex", alignItems: "center", justifyContent: "flex-end", fontSize: pt(SIZES.pageNumber), color: colors.muted }}>
        {slide.number} / 5
      </p>
      {watermark ? (
        <p aria-hidden="true" style={{ position: "absolute", inset: 0, margin: 0, display: "flex", alignItems: "center", justifyContent: "center", transform: "rotate(-18deg)", fontSize: pt(40), fontWeight: fonts.bodyBold, opacity: 0.18, pointerEvents: "none" }}>
          {WATERMARK_TEXT}
        </p>
      ) : null}
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
