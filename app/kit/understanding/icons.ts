import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * A slim index of @tabler/icons' icons.json (name, category, tags per icon),
 * read from the package at run time (never bundled: the file is about 1 MB)
 * on the first call, so the understanding can offer motifs whose name or tags
 * match the idea's nouns. Decision 021.
 */

type IconEntry = { name: string; category: string; tags: readonly string[] };

/** Categories never offered as a business's motif: other companies' logos, letters, digits, arrows, signs. */
const EXCLUDED_CATEGORIES = new Set(["Brand", "Letters", "Numbers", "Arrows", "Zodiac", "Logic", "Extensions", "Gender", "Symbols", "Text", "Math", "Shapes", "Badges"]);
/** Status variants of another icon ("camera-off", "users-plus"): not a motif of their own. */
const VARIANTS = new Set(
  "off plus minus x check search dollar star exclamation share bolt code cog heart pause question cancel pin spark key flame up down left right edit discount bitcoin ai scan dashed lock dot dots filled euro pound yen rupee yuan taka stop play".split(" "),
);

let index: Map<string, IconEntry> | null = null;
let byTag: Map<string, string[]> | null = null;

function load(): Map<string, IconEntry> {
  if (index) return index;
  index = new Map();
  byTag = new Map();
  try {
    const file = createRequire(import.meta.url).resolve("@tabler/icons/icons.json");
    const raw = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { name?: string; category?: string; tags?: unknown[]; styles?: { outline?: unknown } }>;
    for (const key of Object.keys(raw).sort()) {
      const icon = raw[key]!;
      if (!icon.styles?.outline) continue;
      const name = String(icon.name ?? key);
      const tags = (icon.tags ?? []).map((t) => String(t).toLowerCase());
      const entry = { name, category: String(icon.category ?? ""), tags };
      index.set(name, entry);
      if (!motifEligible(entry)) continue;
      for (const tag of new Set([...tags, ...name.split("-")])) {
        const list = byTag.get(tag) ?? [];
        list.push(name);
        byTag.set(tag, list);
      }
    }
  } catch {
    // Without the icon set the understanding still works, with the taxonomy's motifs only.
  }
  return index;
}

/** Text tools, icons that spell letters or file types, characters of other companies. */
const EXCLUDED_NAMES =
  /^(align|sort|text|letter|alphabet|baseline|h|rating|indent|float|columns|separator|pilcrow|file-type|letter-case|brand)-|^(xxx|explicit|mickey|lego|pokeball|pacman|mcp|abc|hdr|tex|sql|csv|json|html|pdf|zip|gif|svg|png|jpg|paywall)$/;

function motifEligible(entry: IconEntry): boolean {
  if (EXCLUDED_CATEGORIES.has(entry.category) || EXCLUDED_NAMES.test(entry.name)) return false;
  const parts = entry.name.split("-");
  return !(parts.length > 1 && VARIANTS.has(parts[parts.length - 1]!));
}

/** Whether `name` is an outline icon of the set. */
export function iconExists(name: string): boolean {
  return load().has(name);
}

/** Whether `name` is an icon that may stand for a business (no brand logos, letters, arrows or status variants). */
export function isMotifIcon(name: string): boolean {
  const entry = load().get(name);
  return !!entry && motifEligible(entry);
}

/** Motif icons named `word` or tagged with it, the exact name first, then the simplest names. */
export function iconsForWord(word: string): string[] {
  load();
  const w = word.toLowerCase();
  const found = [...(byTag?.get(w) ?? [])];
  return found.sort((a, b) => rank(a, w) - rank(b, w) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

function rank(name: string, word: string): number {
  if (name === word) return 0;
  if (name.split("-").includes(word)) return 1;
  return 2;
}
