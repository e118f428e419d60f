import type { AdVariant } from "~/kit/assets/ads/schema";

/**
 * The ads section's previews, drawn like the placements. They show the
 * address the ads send people to: the kit's landing page (published, or the
 * address it gets when published), never a made-up domain.
 */

const ADDRESS_TITLE = "Your landing page's address: the ads link to it once it is published";

/** "https://host/p/slug" as the networks print it: without the scheme. */
const shown = (address: string) => address.replace(/^https?:\/\//, "").replace(/\/$/, "");

/** A Google responsive search ad as it shows on a results page: three headlines joined, two descriptions. */
export function GooglePreview({ name, variant, address }: { name: string; variant: AdVariant; address: string | null }) {
  const [h1, h2, h3] = variant.google.headlines;
  return (
    <div data-testid="google-preview" className="rounded-xl bg-white p-4 font-[Arial,Helvetica,sans-serif] shadow-sm ring-1 ring-slate-200">
      <p className="text-[13px] font-bold text-[#202124]">Sponsored</p>
      <div className="mt-1.5 flex items-center gap-2.5">
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-[#f1f3f4] text-xs font-bold text-[#4d5156]">{Array.from(name)[0] ?? "·"}</span>
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm text-[#202124]">{name}</p>
          {address ? <p data-testid="google-address" className="truncate text-xs text-[#4d5156]" title={ADDRESS_TITLE}>{address}</p> : null}
        </div>
      </div>
      <p className="mt-2 text-xl leading-snug text-[#1a0dab]">{[h1, h2, h3].join(" | ")}</p>
      <p className="mt-1 text-sm leading-snug text-[#4d5156]">{variant.google.descriptions.join(" ")}</p>
    </div>
  );
}

/** A Meta (Facebook/Instagram) feed ad: page, primary text, creative, link bar with headline, description and button. */
export function MetaPreview({
  name,
  variant,
  avatar,
  creative,
  tile,
  address,
}: {
  name: string;
  variant: AdVariant;
  avatar: string | null;
  creative: string | null;
  tile: { bg: string; fg: string };
  address: string | null;
}) {
  return (
    <div data-testid="meta-preview" className="overflow-hidden rounded-xl bg-white font-[system-ui,-apple-system,'Segoe_UI',Helvetica,Arial,sans-serif] shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-2.5 p-3">
        {avatar ? <img src={avatar} alt="" className="h-10 w-10 rounded-full" /> : <span aria-hidden="true" className="h-10 w-10 rounded-full" style={{ background: tile.bg }} />}
        <div className="leading-tight">
          <p className="text-[15px] font-semibold text-[#050505]">{name}</p>
          <p className="text-[13px] text-[#65676b]">Sponsored · <span aria-label="Public">🌐</span></p>
        </div>
      </div>
      <p className="whitespace-pre-wrap px-3 pb-3 text-[15px] leading-5 text-[#050505]">{variant.meta.primaryText}</p>
      {creative ? (
        <img src={creative} alt={`Ad image for ${name}`} className="aspect-square w-full object-cover" />
      ) : (
        <div className="flex aspect-square w-full items-center justify-center p-8 text-center text-2xl font-bold" style={{ background: tile.bg, color: tile.fg }}>{name}</div>
      )}
      <div className="flex items-center gap-3 bg-[#f0f2f5] px-3 py-2.5">
        <div className="min-w-0 flex-1 leading-tight">
          {address ? <p data-testid="meta-address" className="truncate text-[13px] uppercase text-[#65676b]" title={ADDRESS_TITLE}>{shown(address)}</p> : null}
          <p className="truncate text-[15px] font-semibold text-[#050505]">{variant.meta.headline}</p>
          <p className="truncate text-[13px] text-[#65676b]">{variant.meta.description}</p>
        </div>
        <span data-testid="meta-cta" className="shrink-0 rounded-md bg-[#e4e6eb] px-3 py-2 text-[15px] font-semibold text-[#050505]">{variant.meta.cta}</span>
      </div>
    </div>
  );
}
