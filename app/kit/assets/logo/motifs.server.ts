import fs from "node:fs";
import { createRequire } from "node:module";
import type { GenerationInput } from "~/kit/input";
import { motifText, storedUnderstanding, understandIdea } from "~/kit/understanding";

/**
 * The motif set of the marks: @tabler/icons' outline icons (MIT; decision
 * 021). icons.json gives each icon a name, a category and tags; the drawing
 * of an icon (its path nodes on a 24-unit grid, stroke-based) comes from
 * tabler-nodes-outline.json. Both are read from the package at run time
 * (about 4 MB together), never bundled; only a slim index is kept in memory.
 *
 * `motifsFor` chooses offline: the understanding of the idea gives
 * motifs best first; `matchMotifs`, the words of the idea matched against
 * icon names and tags, fills in behind them and stands alone for an idea the
 * understanding has no motif for.
 */

export type IconNode = { d: string; fill?: boolean; stroke?: boolean };

type Entry = { name: string; category: string; parts: string[]; tags: Set<string> };

/** Categories whose icons are never a business's motif: other companies' logos, letters, digits, arrows, beliefs and signs. */
const EXCLUDED_CATEGORIES = new Set(["Brand", "Letters", "Numbers", "Arrows", "Zodiac", "Logic", "Extensions", "Gender", "Symbols"]);
/** Text formatting tools, icons that spell letters ("JSX", "HDR"), and icons that are someone's character or say "adults only". */
const EXCLUDED_NAMES = /^(align|sort|text|letter|alphabet|baseline|h|rating|indent|float|columns|separator|pilcrow|language|file-type|letter-case)-|^(xxx|explicit|mickey|lego|pokeball|pacman|mcp|abc|hdr|tex|sql|csv|json|html|pdf|zip|gif|svg|png|jpg)$/;

/** Endings that make a status variant of another icon ("camera-off", "users-plus"): never a motif when the base icon exists. */
const MODIFIERS = new Set(
  "off plus minus x check search dollar star exclamation share bolt code cog heart pause question cancel pin spark key flame up down left right edit discount bitcoin ai scan dashed lock dot dots filled euro pound yen rupee stop play exclamation-circle".split(
    " ",
  ),
);

const require = createRequire(import.meta.url);
const packageFile = (name: string) => require.resolve(`@tabler/icons/${name}`);

let index: Map<string, Entry> | null = null;

/** Every icon of the set by name (including those never chosen as a motif, so a model's name can be checked). */
function icons(): Map<string, Entry> {
  if (index) return index;
  const raw = JSON.parse(fs.readFileSync(packageFile("icons.json"), "utf8")) as Record<string, { name: string; category?: string; tags?: unknown[] }>;
  index = new Map();
  for (const [key, icon] of Object.entries(raw)) {
    const name = String(icon.name ?? key);
    const tags = new Set<string>();
    for (const t of icon.tags ?? []) for (const w of words(String(t))) tags.add(w);
    const parts = name.split("-");
    for (const p of parts) tags.add(singular(p));
    index.set(name, { name, category: String(icon.category ?? ""), parts, tags });
  }
  return index;
}

/** Whether `name` is an icon of the set that may be used as a mark's motif. */
export function isMotif(name: string): boolean {
  const entry = icons().get(name);
  return !!entry && eligible(entry);
}

function eligible(entry: Entry): boolean {
  if (EXCLUDED_CATEGORIES.has(entry.category) || entry.name.startsWith("brand-") || EXCLUDED_NAMES.test(entry.name)) return false;
  const last = entry.parts[entry.parts.length - 1]!;
  if (last === "off" || (entry.parts.length > 1 && MODIFIERS.has(last) && icons().has(entry.parts.slice(0, -1).join("-")))) return false;
  return true;
}

// ---------------------------------------------------------------- drawing

const NODE_CACHE = new Map<string, IconNode[]>();

/**
 * The path nodes of icons, by name. The nodes file is parsed only when an
 * icon not seen yet is asked for, and not kept: marks are stored as markup,
 * so this runs once per generation, not per render.
 */
export function iconNodes(names: readonly string[]): Map<string, IconNode[]> {
  const out = new Map<string, IconNode[]>();
  const missing = names.filter((n) => !NODE_CACHE.has(n) && icons().has(n));
  if (missing.length) {
    const all = JSON.parse(fs.readFileSync(packageFile("tabler-nodes-outline.json"), "utf8")) as Record<string, [string, Record<string, string>][]>;
    for (const name of missing) {
      const nodes = (all[name] ?? [])
        .filter(([tag, attrs]) => tag === "path" && typeof attrs.d === "string" && attrs.opacity === undefined)
        .map(([, attrs]): IconNode => ({ d: attrs.d!, ...(attrs.fill && attrs.fill !== "none" ? { fill: true } : {}), ...(attrs.stroke === "none" ? { stroke: false } : {}) }));
      if (NODE_CACHE.size > 400) NODE_CACHE.clear();
      NODE_CACHE.set(name, nodes);
    }
  }
  for (const n of names) {
    const nodes = NODE_CACHE.get(n);
    if (nodes?.length) out.set(n, nodes);
  }
  return out;
}

/** "coffee" → "coffee", "tools-kitchen-2" → "tools kitchen": the icon's name as words, for prompts and labels. */
export function motifWords(name: string): string {
  return name
    .split("-")
    .filter((p) => !/^\d+$/.test(p))
    .join(" ");
}

/** A few of the icon's own tags that describe it ("coffee": cup, mug, cafe), for image prompts. */
export function motifTags(name: string, count = 3): string[] {
  const entry = icons().get(name);
  if (!entry) return [];
  const own = new Set(entry.parts);
  return [...entry.tags].filter((t) => !own.has(t) && t.length > 2).slice(0, count);
}

// ---------------------------------------------------------------- matching

/** Words that say nothing about what is sold. */
const STOP = new Set(
  (
    "a an the and or of to in on at by for from into onto with without that which who whom whose this these those my our your their its it is are be " +
    "been being was were will can could should would we you they i me us them as than then so such very more most less just also only all any every each " +
    "other own same new best better great good simple easy quick fast smart way ways help helps helping make makes making get gets let lets use uses using " +
    "turn turns turning people person user users customer customers client clients business businesses company companies startup startups brand " +
    "app apps application platform service services solution solutions product products online digital based first one two three per via like want need needs " +
    "idea launch kit thing things stuff lot lots day days time times year years"
  ).split(" "),
);

const AFTER_AUDIENCE = new Set(["in", "at", "near", "around", "across", "with", "that", "who", "which", "by"]);

/** Words that describe the form of the business more than its subject: they count, but less. */
const GENERIC = new Set(
  "box subscription team remote mobile local tool file source open busy small home service delivery van truck store shop market club community network hub studio agency lab labs group plan monthly weekly ai assistant adult kid class lesson course".split(
    " ",
  ),
);

/**
 * Words whose subject the icon tags miss, to what the icon set calls it. A
 * short list for the offline chooser only; the understanding's taxonomy is
 * where categories live.
 */
const EXPANSIONS: Record<string, string[]> = {
  groom: ["scissors", "paw"],
  grooming: ["scissors", "paw"],
  groomer: ["scissors", "paw"],
  barber: ["scissors", "razor"],
  haircut: ["scissors"],
  salon: ["scissors"],
  hair: ["scissors"],
  pet: ["paw"],
  puppy: ["dog", "paw"],
  kitten: ["cat", "paw"],
  developer: ["code", "terminal-2"],
  programming: ["code"],
  software: ["code"],
  saas: ["cloud"],
  espresso: ["coffee"],
  roastery: ["coffee"],
  roaster: ["coffee"],
  bakery: ["bread", "baguette"],
  florist: ["flower"],
  garden: ["plant-2", "leaf"],
  gardening: ["plant-2", "leaf"],
  fitness: ["barbell"],
  gym: ["barbell"],
  tutoring: ["school"],
  tutor: ["school"],
  accounting: ["calculator"],
  bookkeeping: ["calculator"],
  cleaning: ["spray", "bucket"],
  plumbing: ["tools"],
  plumber: ["tools"],
  dental: ["dental"],
  dentist: ["dental"],
  therapy: ["heart-handshake"],
  wedding: ["heart"],
  photography: ["camera"],
  photographer: ["camera"],
};

/** Lower case, accents folded, split into words, each in the singular. */
export function words(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w))
    .map(singular);
}

/** A plain English singular: "puppies" → "puppy", "boxes" → "box", "teams" → "team"; "glass", "bus", "analysis" stay. */
export function singular(w: string): string {
  if (w.length <= 3) return w;
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(xes|ches|shes|sses|zzes)$/.test(w)) return w.slice(0, -2);
  if (/[^su]s$/.test(w) && !/(is|ss)$/.test(w)) return w.slice(0, -1);
  return w;
}

type Scored = { name: string; score: number };

/**
 * Icons for the words of `text`, best first (at most `limit`). An icon scores
 * for each word of the idea that is its name (4), part of its name (2), or
 * one of its tags (1.5); pairs of words ("ice cream", "open source") score
 * double. Generic words weigh a third; variants with more name parts or a
 * number ("leaf-2") lose a little, so the plain icon leads.
 */
export function matchMotifs(text: string, limit = 20): string[] {
  return scoreMotifs(text, limit).map((s) => s.name);
}

function scoreMotifs(text: string, limit: number): Scored[] {
  // Words after "for" name the customers ("for new parents", "for remote teams"), not what is sold, until a place or a "with".
  let audience = false;
  const all: { w: string; weight: number }[] = [];
  for (const w of words(text)) {
    if (w === "for") audience = true;
    else if (AFTER_AUDIENCE.has(w)) audience = false;
    if (!STOP.has(w)) all.push({ w, weight: audience || GENERIC.has(w) ? 0.35 : 1 });
  }
  const weighted = new Map<string, number>();
  const add = (w: string, weight: number) => weighted.set(w, Math.max(weighted.get(w) ?? 0, weight));
  all.forEach(({ w, weight }, i) => {
    add(w, weight);
    const next = all[i + 1];
    if (next) add(`${w}-${next.w}`, 2 * Math.min(weight, next.weight));
  });
  const boosts = new Map<string, number>();
  // A customer's word ("for dental practices") boosts its icon as little as it weighs: a bookkeeper for dentists gets no tooth.
  for (const [w, weight] of weighted) {
    (EXPANSIONS[w] ?? []).forEach((name, i) => boosts.set(name, Math.max(boosts.get(name) ?? 0, (3 - i * 0.5) * weight)));
  }
  if (weighted.size === 0) return [];
  const scored: Scored[] = [];
  for (const entry of icons().values()) {
    if (!eligible(entry)) continue;
    let score = boosts.get(entry.name) ?? 0;
    for (const [w, weight] of weighted) {
      let s = 0;
      if (entry.name === w) s = 4;
      else if (w.includes("-") ? entry.name.startsWith(`${w}-`) : entry.parts.includes(w)) s = 2;
      else if (entry.tags.has(w)) s = 1.5;
      score += s * weight;
    }
    if (score <= 0) continue;
    score -= (entry.parts.length - 1) * 0.25 + (entry.parts.some((p) => /^\d+$/.test(p)) ? 0.4 : 0);
    if (score > 0.5) scored.push({ name: entry.name, score });
  }
  scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  return scored.slice(0, limit);
}

/**
 * Motifs that fit any business, for an idea nothing matched: a seed picks
 * among them so such brands still differ.
 */
export const GENERIC_MOTIFS = ["sparkles", "star", "bolt", "leaf", "sun", "compass", "diamond", "flag", "bulb", "rocket", "feather", "infinity"] as const;

/** A match this strong means the idea names the icon itself ("coffee", "dog", "bread"), not a tag of it. */
const LITERAL = 3;

/**
 * The motifs of a business, best first (at most 20), from two readings: the
 * understanding of the idea (its product words and its category's motifs,
 * ~/kit/understanding) and the idea's words matched against the icons' tags.
 * An icon the idea names itself leads; then the motifs both readings found
 * (by their two ranks together), then the understanding's, then the
 * matcher's. So a category's motifs never push aside what the idea says,
 * and an idea the understanding has no motif for still gets the matcher's.
 * Empty when nothing fits (the marks then take a generic motif).
 */
export function motifsFor(input: GenerationInput, brand?: unknown): string[] {
  // The brand's stored understanding (the model's reading, checked) when it has one.
  const understood = (storedUnderstanding(brand) ?? understandIdea(input)).motifs.filter(isMotif);
  // The nouns of what is sold, never its verbs or the founders' description of themselves ("run by two ceramicists").
  const matched = scoreMotifs(motifText(input), 20);
  const rankIn = (list: readonly string[], name: string) => {
    const i = list.indexOf(name);
    return i < 0 ? Infinity : i;
  };
  const names = matched.map((m) => m.name);
  const both = understood.filter((n) => names.includes(n)).sort((a, b) => rankIn(understood, a) + rankIn(names, a) - (rankIn(understood, b) + rankIn(names, b)));
  const literal = matched[0] && matched[0].score >= LITERAL ? [matched[0].name] : [];
  return [...new Set([...literal, ...both, ...understood, ...names])].slice(0, 20);
}
