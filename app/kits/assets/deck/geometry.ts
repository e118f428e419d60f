import type { Brand, Palette } from "~/kits/brand/brand";
import { AA_TEXT, buttonTextColor, mix, nearestPassingColor, relativeLuminance } from "~/kits/brand/palette";
import { SLIDE_KEYS, SLIDE_LABELS, type DeckContent, type SlideKey } from "./schema";

/**
 * The deck's one layout, shared by the three renderers (PPTX, PDF and the
 * HTML preview), so the slides look the same everywhere. Units are inches on
 * a 10 × 5.625 in (16:9) slide, font sizes in points. Client-safe.
 */

export const SLIDE = { w: 10, h: 5.625 } as const;

type Box = { x: number; y: number; w: number; h: number };

export const BOXES = {
  rule: { x: 0.6, y: 0.55, w: 0.5, h: 0.06 },
  kicker: { x: 0.6, y: 0.7, w: 5.6, h: 0.3 },
  title: { x: 0.6, y: 1.02, w: 5.6, h: 1.28 },
  bullets: { x: 0.6, y: 2.42, w: 5.6, h: 2.18 },
  footnote: { x: 0.6, y: 4.62, w: 5.6, h: 0.36 },
  card: { x: 6.65, y: 0.7, w: 2.75, h: 4.28 },
  /** Inside the card: its padding. */
  cardInset: 0.28,
  footerLine: { x: 0.6, y: 5.1, w: 8.8, h: 0 },
  logo: { x: 0.6, y: 5.2, w: 2.4, h: 0.26 },
  pageNumber: { x: 8.4, y: 5.2, w: 1.0, h: 0.26 },
} satisfies Record<string, Box | number>;

/** Line height as a multiple of the font size: the same in PPTX ("exactly"), PDF and CSS. */
export const LINE = { heading: 1.12, body: 1.3 } as const;
/** Space after each bullet, as a multiple of its font size. */
export const BULLET_GAP = 0.55;
/** Hanging indent of bullets, in inches. */
export const BULLET_INDENT = 0.26;

export const SIZES = {
  kicker: 10.5,
  title: { max: 34, min: 20 },
  bullets: { max: 18, min: 11 },
  callout: { max: 30, min: 15 },
  howMany: { max: 22, min: 12 },
  who: { max: 13, min: 10 },
  badge: 8,
  footnote: 8.5,
  pageNumber: 9,
  watermark: 40,
} as const;

export type DeckColors = {
  background: string;
  text: string;
  /** Small text on the background (kicker, page number): passes AA. */
  strong: string;
  muted: string;
  line: string;
  accent: string;
  card: string;
  onCard: string;
};

export function deckColors(palette: Palette): DeckColors {
  return {
    background: palette.background,
    text: palette.text,
    strong: nearestPassingColor(palette.primary, palette.background, AA_TEXT).hex,
    muted: nearestPassingColor(mix(palette.text, palette.background, 0.35), palette.background, AA_TEXT).hex,
    line: mix(palette.text, palette.background, 0.82),
    accent: palette.accent,
    card: palette.primary,
    onCard: buttonTextColor(palette),
  };
}

/** The logo variant drawn on the slides: the light one unless the background is dark. */
export function deckLogoTheme(palette: Palette): "light" | "dark" {
  return relativeLuminance(palette.background) < 0.18 ? "dark" : "light";
}

/** The deck's text with the brand's current name where the text has the name it was written with. */
export function withCurrentName(deck: DeckContent, name: string): DeckContent {
  const from = deck.writtenFor.trim();
  if (!from || from === name) return deck;
  // Whole words only: "Fig" is not swapped inside "Figures".
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "gu");
  const swap = (s: string) => s.replace(word, () => name);
  const slide = <T extends { title: string; bullets: string[]; notes: string; callout?: string }>(s: T): T => ({
    ...s,
    title: swap(s.title),
    bullets: s.bullets.map(swap),
    ...(s.callout !== undefined ? { callout: swap(s.callout) } : {}),
    notes: swap(s.notes),
  });
  return {
    problem: slide(deck.problem),
    solution: slide(deck.solution),
    market: { ...slide(deck.market), who: swap(deck.market.who), howMany: swap(deck.market.howMany) },
    businessModel: slide(deck.businessModel),
    ask: slide(deck.ask),
    writtenFor: name,
  };
}

export function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Sources named on the market slide itself; all of them, with their addresses, are in its speaker notes. */
export const SOURCES_ON_SLIDE = 3;

/** The small print under the market slide's bullets: its sources, or that it is an estimate. */
export function marketFootnote(market: DeckContent["market"]): string {
  const shown = market.sources.slice(0, SOURCES_ON_SLIDE);
  const more = market.sources.length - shown.length;
  const sources = shown.map((s, i) => `[${i + 1}] ${s.title} (${hostOf(s.url)})`).join("  ") + (more > 0 ? `  and ${more} more in the notes` : "");
  if (market.basis === "research") return `Sources: ${sources}`;
  const estimate = "Estimate: an assumption to check, not researched data.";
  return shown.length ? `${estimate} See also: ${sources}` : estimate;
}

/** The market slide's notes end with every source and its address, to check before pitching. */
export function marketNotes(market: DeckContent["market"]): string {
  if (market.sources.length === 0) return market.notes;
  return `${market.notes}\n\nSources:\n${market.sources.map((s, i) => `[${i + 1}] ${s.title}: ${s.url}`).join("\n")}`;
}

export type SlideText = {
  key: SlideKey;
  number: number;
  kicker: string;
  title: string;
  bullets: string[];
  callout: string;
  notes: string;
  market?: { who: string; howMany: string; badge: string; footnote: string; sources: DeckContent["market"]["sources"] };
};

/** Every slide's text in order, the name already current. */
export function slideTexts(brand: Pick<Brand, "name">, content: DeckContent): SlideText[] {
  const deck = withCurrentName(content, brand.name);
  return SLIDE_KEYS.map((key, i) => {
    const s = deck[key];
    return {
      key,
      number: i + 1,
      kicker: `${String(i + 1).padStart(2, "0")} — ${SLIDE_LABELS[key].toUpperCase()}`,
      title: s.title,
      bullets: s.bullets,
      callout: "callout" in s ? s.callout : deck.market.howMany,
      notes: key === "market" ? marketNotes(deck.market) : s.notes,
      ...(key === "market"
        ? {
            market: {
              who: deck.market.who,
              howMany: deck.market.howMany,
              badge: deck.market.basis === "research" ? "FROM RESEARCH" : "ESTIMATE",
              footnote: marketFootnote(deck.market),
              sources: deck.market.sources.slice(0, SOURCES_ON_SLIDE),
            },
          }
        : {}),
    };
  });
}
