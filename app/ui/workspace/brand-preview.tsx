import { PALETTE_ROLES, type Palette } from "~/kit/brand/brand";
import { FONT_IDS, FONTS, fontStack } from "~/kit/brand/fonts";
import { buttonTextColor, legibleColor } from "~/kit/brand/palette";

type FontKey = (typeof FONT_IDS)[number];

/**
 * The brand as a founder would see it on a page, drawn from the values in the
 * brand form while JavaScript is on. Every text in it reads on its surface
 * (WCAG AA): the small "Preview" label is in the secondary colour only when
 * that colour reaches 4.5:1 on the background, else the nearest that does.
 */
export function BrandPreview({ name, tagline, palette, heading, body }: { name: string; tagline: string; palette: Palette; heading: string; body: string }) {
  const h = FONTS[heading as FontKey] ? fontStack(heading as FontKey) : undefined;
  const b = FONTS[body as FontKey] ? fontStack(body as FontKey) : undefined;
  return (
    <div data-testid="brand-preview" className="overflow-hidden rounded-xl ring-1 ring-slate-200" style={{ background: palette.background, color: palette.text, fontFamily: b }}>
      <div className="p-6 sm:p-8">
        <p data-testid="brand-preview-label" className="text-xs font-semibold uppercase tracking-widest" style={{ color: legibleColor(palette.secondary, palette.background) }}>Preview</p>
        <p className="mt-2 text-3xl font-bold leading-tight" style={{ fontFamily: h }}>{name}</p>
        <p className="mt-2 text-base">{tagline}</p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <span className="rounded-lg px-4 py-2 text-sm font-semibold" style={{ background: palette.primary, color: buttonTextColor(palette) }}>Get started</span>
          <span className="rounded-lg px-4 py-2 text-sm font-semibold ring-2" style={{ color: palette.text, boxShadow: `inset 0 0 0 2px ${palette.accent}` }}>Learn more</span>
        </div>
      </div>
      <div className="flex h-3">
        {PALETTE_ROLES.map((r) => <div key={r} className="flex-1" style={{ background: palette[r] }} />)}
      </div>
    </div>
  );
}
