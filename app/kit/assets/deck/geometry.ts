import type { Brand, Palette } from "~/kit/brand/brand";
import { AA_GRAPHICS, AA_TEXT, buttonTextColor, contrastRatio, mix, nearestPassingColor, relativeLuminance } from "~/kit/brand/palette";
import type { DeckLayout } from "~/kit/layouts";
import { SLIDE_KEYS, SLIDE_LABELS, type DeckContent, type SlideKey } from "./schema";

/**
 * The deck's layouts, shared by the three renderers (PPTX, PDF and the
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

type CardStyle =
  /** A rounded card of the primary colour (the classic slide). */
  | "fill"
  /** Text on the colour panel, no card of its own. */
  | "panel"
  /** A pull quote: an accent bar at its left, the text in the primary's ink. */
  | "quote";

/**
 * Where everything goes on a content slide, by the deck's layout:
 * "classic" (text on the left, a colour card on the right), "panel" (the
 * kicker, title and callout on a full-height colour panel at the left, the
 * bullets on the right) and "editorial" (a full-width headline over a
 * hairline, the bullets and a pull quote under it).
 */
export type DeckFrame = {
  layout: DeckLayout;
  /** A full-height panel of the primary colour behind the kicker and title, or null. */
  panel: Box | null;
  rule: Box;
  /** The short rule's colour: the accent, the accent as it reads on the panel, or the text (a hairline). */
  ruleColor: "accent" | "panelAccent" | "text";
  kicker: Box;
  title: Box;
  /** At most this many lines of title. */
  titleLines: number;
  bullets: Box;
  footnote: Box;
  card: Box;
  cardInset: number;
  cardStyle: CardStyle;
  /** The market slide's card, top to bottom, in inches: badge, how many, a rule's gap, who. */
  market: { badge: number; howMany: number; gap: number; who: number };
  footerLine: Box;
  logo: Box;
  pageNumber: Box;
};

const CLASSIC: DeckFrame = {
  layout: "classic",
  panel: null,
  rule: BOXES.rule,
  ruleColor: "accent",
  kicker: BOXES.kicker,
  title: BOXES.title,
  titleLines: 3,
  bullets: BOXES.bullets,
  footnote: BOXES.footnote,
  card: BOXES.card,
  cardInset: BOXES.cardInset,
  cardStyle: "fill",
  market: { badge: 0.3, howMany: 2.05, gap: 0.2, who: 1.15 },
  footerLine: BOXES.footerLine,
  logo: BOXES.logo,
  pageNumber: BOXES.pageNumber,
};

const FRAMES: Record<DeckLayout, DeckFrame> = {
  classic: CLASSIC,
  panel: {
    ...CLASSIC,
    layout: "panel",
    panel: { x: 0, y: 0, w: 3.8, h: SLIDE.h },
    rule: { x: 0.5, y: 0.55, w: 0.5, h: 0.06 },
    ruleColor: "panelAccent",
    kicker: { x: 0.5, y: 0.7, w: 2.9, h: 0.3 },
    title: { x: 0.5, y: 1.02, w: 2.9, h: 1.85 },
    titleLines: 5,
    card: { x: 0.5, y: 3.0, w: 2.9, h: 2.1 },
    cardInset: 0,
    cardStyle: "panel",
    market: { badge: 0.28, howMany: 0.82, gap: 0.16, who: 0.84 },
    bullets: { x: 4.35, y: 0.75, w: 5.05, h: 3.85 },
    footnote: { x: 4.35, y: 4.62, w: 5.05, h: 0.36 },
    footerLine: { x: 4.35, y: 5.1, w: 5.05, h: 0 },
    logo: { x: 4.35, y: 5.2, w: 2.4, h: 0.26 },
  },
  editorial: {
    ...CLASSIC,
    layout: "editorial",
    kicker: { x: 0.6, y: 0.5, w: 8.8, h: 0.3 },
    title: { x: 0.6, y: 0.84, w: 8.8, h: 1.2 },
    titleLines: 2,
    rule: { x: 0.6, y: 2.2, w: 8.8, h: 0.015 },
    ruleColor: "text",
    bullets: { x: 0.6, y: 2.45, w: 5.3, h: 2.15 },
    footnote: { x: 0.6, y: 4.62, w: 5.3, h: 0.36 },
    card: { x: 6.35, y: 2.45, w: 3.05, h: 2.5 },
    cardInset: 0.3,
    cardStyle: "quote",
    market: { badge: 0.28, howMany: 1.0, gap: 0.18, who: 0.92 },
  },
};

export function deckFrame(layout: DeckLayout | undefined): DeckFrame {
  return FRAMES[layout ?? "classic"];
}

/** The card's text area: inside its padding (a pull quote has its bar on the left only). */
export function cardInner(f: DeckFrame): Box {
  if (f.cardStyle === "quote") return { x: f.card.x + f.cardInset, y: f.card.y, w: f.card.w - f.cardInset, h: f.card.h };
  return { x: f.card.x + f.cardInset, y: f.card.y + f.cardInset, w: f.card.w - f.cardInset * 2, h: f.card.h - f.cardInset * 2 };
}

/** The card's text colours: on the primary colour, or on the background (a pull quote). */
export function cardInk(f: DeckFrame, colors: DeckColors): { text: string; strong: string } {
  return f.cardStyle === "quote" ? { text: colors.text, strong: colors.strong } : { text: colors.onCard, strong: colors.onCard };
}

/** The kicker's and title's colours: on the panel, or on the background. */
export function headInk(f: DeckFrame, colors: DeckColors): { kicker: string; title: string } {
  return f.panel ? { kicker: colors.onCard, title: colors.onCard } : { kicker: colors.strong, title: colors.text };
}

export function ruleFill(f: DeckFrame, colors: DeckColors): string {
  return f.ruleColor === "accent" ? colors.accent : f.ruleColor === "panelAccent" ? colors.panelAccent : colors.text;
}

/**
 * The cover (the deck's first slide): the brand's name, tagline and mark.
 * "classic": the name on the left, the mark on a colour card on the right;
 * "panel": everything on the primary colour; "editorial": centred, the mark
 * above the name, a hairline above the tagline.
 */
export type CoverFrame = {
  /** The slide's colour: the background, or the primary colour (the whole slide). */
  fill: "background" | "primary";
  /** A card of the primary colour (the mark sits on it), or null. */
  card: Box | null;
  mark: Box;
  /** The mark's surface: decides its colours. */
  markOn: "background" | "primary";
  rule: Box | null;
  ruleColor: "accent" | "panelAccent" | "text";
  kicker: Box;
  name: Box;
  tagline: Box;
  align: "left" | "center";
};

const COVERS: Record<DeckLayout, CoverFrame> = {
  classic: {
    fill: "background",
    card: BOXES.card,
    mark: { x: BOXES.card.x + (BOXES.card.w - 1.7) / 2, y: BOXES.card.y + (BOXES.card.h - 1.7) / 2, w: 1.7, h: 1.7 },
    markOn: "primary",
    rule: { x: 0.6, y: 1.45, w: 0.5, h: 0.06 },
    ruleColor: "accent",
    kicker: { x: 0.6, y: 1.62, w: 5.6, h: 0.3 },
    name: { x: 0.6, y: 1.98, w: 5.6, h: 1.55 },
    tagline: { x: 0.6, y: 3.75, w: 5.6, h: 1.15 },
    align: "left",
  },
  panel: {
    fill: "primary",
    card: null,
    mark: { x: 0.6, y: 0.6, w: 1.15, h: 1.15 },
    markOn: "primary",
    rule: { x: 0.6, y: 4.98, w: 1.2, h: 0.08 },
    ruleColor: "panelAccent",
    kicker: { x: 0.6, y: 2.05, w: 8.8, h: 0.3 },
    name: { x: 0.6, y: 2.4, w: 8.8, h: 1.45 },
    tagline: { x: 0.6, y: 4.05, w: 7.4, h: 0.85 },
    align: "left",
  },
  editorial: {
    fill: "background",
    card: null,
    mark: { x: (SLIDE.w - 1.15) / 2, y: 0.55, w: 1.15, h: 1.15 },
    markOn: "background",
    rule: { x: (SLIDE.w - 0.8) / 2, y: 3.88, w: 0.8, h: 0.015 },
    ruleColor: "text",
    kicker: { x: 0.6, y: 1.95, w: 8.8, h: 0.3 },
    name: { x: 0.6, y: 2.3, w: 8.8, h: 1.45 },
    tagline: { x: 1.1, y: 4.05, w: 7.8, h: 0.95 },
    align: "center",
  },
};

export function coverFrame(layout: DeckLayout | undefined): CoverFrame {
  return COVERS[layout ?? "classic"];
}

/** The cover's text colours. */
export function coverInk(c: CoverFrame, colors: DeckColors): { kicker: string; name: string; tagline: string; rule: string } {
  const rule = c.ruleColor === "accent" ? colors.accent : c.ruleColor === "panelAccent" ? colors.panelAccent : colors.text;
  return c.fill === "primary" ? { kicker: colors.onCard, name: colors.onCard, tagline: colors.onCard, rule } : { kicker: colors.strong, name: colors.text, tagline: colors.text, rule };
}

export const COVER_KICKER = "PITCH DECK";

/** The cover's text: the name and tagline, with the sizes that fit (fit.server.ts). */
export type CoverText = { name: string; tagline: string; kicker: string; notes: string; sizes: { name: number; tagline: number } };

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
  coverName: { max: 54, min: 24 },
  coverTagline: { max: 20, min: 12 },
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
  /** The accent where it is drawn on the primary colour: itself when it reads there (3:1), else the label colour. */
  panelAccent: string;
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
    panelAccent: contrastRatio(palette.accent, palette.primary) >= AA_GRAPHICS ? palette.accent : buttonTextColor(palette),
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
    ...deck,
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
