import { saveAssetContent } from "~/kit/assets/assets.server";
import type { Brand } from "~/kit/brand/brand";
import type { BrandEdit } from "~/kit/brand/edit-schema";
import { fixPalette } from "~/kit/brand/palette";

type Listener = (kitId: string) => void | Promise<void>;
const listeners = new Set<Listener>();

/** Modules whose rendered output follows the brand (published pages, caches) hear about every change. */
export function onBrandChange(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function brandChanged(kitId: string) {
  await Promise.all([...listeners].map((l) => l(kitId)));
}

/**
 * The founder's edit of the brand: name, tagline, the five colours, the font
 * pair. The palette is fixed for contrast again (the section says what
 * changed); no AI is called: every rendered file follows the new version.
 */
export async function saveBrandEdit(kitId: string, current: Brand, edit: BrandEdit): Promise<{ brand: Brand; version: number | null }> {
  const proposed = { primary: edit.primary, secondary: edit.secondary, accent: edit.accent, background: edit.background, text: edit.text };
  const fixed = fixPalette(proposed);
  const brand: Brand = {
    ...current,
    name: edit.name,
    tagline: edit.tagline,
    palette: fixed.palette,
    paletteAdjustments: fixed.adjustments,
    fonts: { heading: edit.heading, body: edit.body },
  };
  const version = await saveAssetContent(kitId, "brand", brand);
  await brandChanged(kitId);
  return { brand, version };
}
