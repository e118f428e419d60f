/**
 * The built-in (offline) describer of a competitor's change: decides what
 * matters (prices and their changes, plan names, headings, new or removed
 * features, a line that claims what the founder leads with) and writes "what
 * changed and why it matters to you" for this founder's business, quoting
 * every changed line (the most telling first). Every number it writes is
 * copied from a changed line; nothing is invented. Its advice fits the
 * founder's own page: nothing about "your pricing section" to a page that
 * shows no prices. Null: nothing that matters changed (only noise, or
 * nothing at all).
 */

export type DescribeInput = {
  competitor: string;
  page: string;
  added: string[];
  removed: string[];
  /**
   * The founder's business; its name is written whole (never cut or re-cased). productWord is not put in sentences: read from an idea it can be a fragment ("b2b").
   * showsPrices: whether the founder's own page shows prices (no pricing advice when it does not; unknown counts as yes).
   * claims: what the founder leads with (the idea, the positioning, the page's headline and benefits): a competitor's new line that says the same is told first.
   */
  business: { name: string; productWord?: string; showsPrices?: boolean; claims?: string[] };
  /** From detectChanges: the label above a changed price line ("Pro" above "$29/month"). */
  context?: Record<string, string>;
};

export type Description = {
  summary: string;
  importance: "high" | "normal";
  quotes: Array<{ kind: "added" | "removed"; text: string }>;
};

const MAX_QUOTE = 200;
/** The longest summary stored (summarize.server.ts's SUMMARY_MAX): the describer's fits in it whole. */
export const SUMMARY_LIMIT = 600;

// $29, $1,299.00, €49, 49 €, £9.99, USD 29, 29 EUR
const PRICE_RE =
  /(?:([$€£¥₹])\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:[.,]\d{1,2})?)|(\d+(?:[.,]\d{1,2})?)\s?(€|£|usd|eur|gbp)\b|\b(usd|eur|gbp)\s?(\d+(?:[.,]\d{1,2})?))/i;
const PERIOD_RE = /(?:\/|per|a|an|each|every)\s*(mo(?:nth)?|yr|year|annum|week|user|seat|member)\b|\b(monthly|annually|yearly)\b/i;

const PLAN_WORDS =
  /\b(free|hobby|personal|individual|starter|basic|essential|essentials|standard|plus|pro|professional|premium|growth|team|teams|business|scale|startup|agency|advanced|ultimate|enterprise|unlimited|lifetime)\b/i;

type Price = { symbol: string; amount: number; shown: string; period: string | null };

function findPrice(line: string): Price | null {
  const m = PRICE_RE.exec(line);
  if (!m) return null;
  const symbol = (m[1] ?? m[4] ?? m[5] ?? "").toUpperCase();
  const digits = m[2] ?? m[3] ?? m[6] ?? "";
  const amount = Number(digits.replace(/,(?=\d{3}\b)/g, "").replace(",", "."));
  if (!Number.isFinite(amount)) return null;
  const after = line.slice(m.index + m[0].length, m.index + m[0].length + 24);
  const p = PERIOD_RE.exec(after);
  const unit = p ? (p[1] ?? p[2] ?? "").toLowerCase() : null;
  const period =
    unit === null ? null : /^(mo|month|monthly)$/.test(unit) ? "a month" : /^(yr|year|annum|annually|yearly)$/.test(unit) ? "a year" : unit === "week" ? "a week" : `per ${unit}`;
  return { symbol, amount, shown: m[0].trim(), period };
}

function clip(text: string) {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= MAX_QUOTE ? t : `${t.slice(0, MAX_QUOTE - 1).trimEnd()}…`;
}

/** Words that tie a plan's name to its price in a sentence ("The Full Day package is £2,400", "Weekly box costs £7"): not part of the name. */
const PLAN_TAIL = /(?:^|\s+)(?:costs?|is|are|was|were|now|only|just|from|at|for|starts?|starting|priced|will\s+be|becomes?|each|per|:|–|—|-)\s*$/i;

/** A plan's name from the words before its price: "The Weekly Loaf costs" → "The Weekly Loaf". */
function planName(words: string): string {
  let t = words.replace(/[:\s]+$/, "").trim();
  for (let i = 0; i < 4 && PLAN_TAIL.test(t); i++) t = t.replace(PLAN_TAIL, "").trim();
  return t;
}

/** The plan a price line belongs to: a name before the price in the line, else the label above it on the page, else a plan word. */
function planOf(line: string, context?: Record<string, string>): string | null {
  const label = context?.[line];
  const beforePrice = line.split(PRICE_RE)[0] ?? "";
  const cells = line.split("|").map((c) => c.trim());
  const candidates: Array<[string, number]> = [
    [cells.length > 1 ? planName(cells[0]!) : "", 30],
    [planName(beforePrice.replace(/[:–—-]\s*$/, "")), 30],
    [label ? planName(label) : "", 40],
  ];
  for (const [c, max] of candidates) {
    if (c && c.length <= max && /[a-z]/i.test(c) && !PRICE_RE.test(c)) return c;
  }
  const word = PLAN_WORDS.exec(line)?.[1];
  return word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : null;
}

function isPlanName(line: string) {
  return line.length <= 30 && PLAN_WORDS.test(line) && !PRICE_RE.test(line) && line.split(/\s+/).length <= 3;
}

function isHeadingLike(line: string) {
  return line.length <= 70 && !/[.!?:;]$/.test(line) && line.split(/\s+/).length <= 9;
}

function pageName(page: string) {
  const p = page.trim();
  if (/^https?:\/\//i.test(p)) {
    try {
      const u = new URL(p);
      const path = u.pathname.replace(/\/+$/, "");
      if (!path) return "home page";
      const last = path.split("/").pop()!.replace(/[-_]+/g, " ");
      return `${decodeURIComponent(last)} page`;
    } catch {
      return "page";
    }
  }
  // "Pricing" → "pricing page"; a longer label ("Enterprise Plans") keeps its capitals.
  const label = /^[A-Z][a-z]+$/.test(p) ? p.toLowerCase() : p;
  return /page$/i.test(label) ? label : `${label} page`;
}

const isChangelog = (page: string) => /changelog|release|what'?s new|updates|news|blog/i.test(page);
const isPricing = (page: string) => /pric|plans?\b/i.test(page);

/** "Acme's", "Acme Forms'", "Headrow Loaves'": one rule for every name, wherever it is written (summaries, review, PDF). */
export function possessive(name: string) {
  const n = name.trim();
  return /s$/i.test(n) ? `${n}'` : `${n}'s`;
}

/** What a line offers besides its price and plan name: "includes a printed album, 8 hours" → ["printed album", …] with their words as written. */
function lineItems(line: string, plan: string | null): Array<{ key: string; text: string }> {
  let t = line.replace(new RegExp(PRICE_RE.source, "gi"), " ").replace(PERIOD_RE, " ");
  if (plan) t = t.split(plan).join(" ");
  return t
    .split(/\s*(?:[,;|·•+()]|\s[–—-]\s|\band\b|\bwith\b|\bincludes?\b|\bincluding\b|\bplus\b|\bnow\b)\s*/i)
    .map((x) => x.replace(/^[\s:.!–—-]+|[\s:.!–—-]+$/g, "").trim())
    .filter((x) => /\p{L}{2}/u.test(x) && !/^(is|are|was|costs?|only|just|from|at|for|each|per|a|an|the|it|starts?|starting|priced|a (month|year|week)|monthly|yearly|weekly|total)$/i.test(x))
    .map((x) => ({ key: x.toLowerCase().replace(/^(a|an|the)\s+/, ""), text: x }));
}

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

function fmt(p: Price) {
  return p.shown;
}

const STOP_WORDS = new Set(
  "the and for with your you our from that this into onto over than then them they their there what when where which who why how all any are was were has have had not but can will just only also more most very each every per one two off out own via its it's".split(" "),
);

/** The words of a line that carry its meaning, roughly stemmed: "Delivered weekly by cargo bikes" → deliver, week, cargo, bike. */
function meaningWords(line: string): Set<string> {
  const out = new Set<string>();
  for (const raw of line.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 3 || STOP_WORDS.has(raw) || /^\d+$/.test(raw)) continue;
    const w = raw.replace(/ies$/, "y").replace(/ery$/, "er").replace(/(?:ing|ed|ly|es|s)$/, "");
    if (w.length >= 3) out.add(w);
  }
  return out;
}

/** A competitor's line that says what the founder leads with: two meaning words in common with one of the founder's claims. */
function echoesClaim(line: string, claims: Array<Set<string>>): boolean {
  const words = meaningWords(line);
  if (words.size < 2) return false;
  return claims.some((claim) => [...words].filter((w) => claim.has(w)).length >= 2);
}

export function describeChanges(input: DescribeInput): Description | null {
  const added = input.added.map((l) => l.trim()).filter((l) => l.length >= 2);
  const removed = input.removed.map((l) => l.trim()).filter((l) => l.length >= 2);
  if (added.length === 0 && removed.length === 0) return null;

  const who = input.competitor.trim() || "A competitor";
  const you = input.business.name.trim() || "your business";
  const page = pageName(input.page);
  const sentences: string[] = [];
  const quotes: Description["quotes"] = [];
  const quoted = new Set<string>();
  const quote = (kind: "added" | "removed", text: string) => {
    if (quoted.has(`${kind}:${text}`)) return;
    quoted.add(`${kind}:${text}`);
    quotes.push({ kind, text: clip(text) });
  };
  let importance: Description["importance"] = "normal";
  const advice: string[] = [];
  const advise = (text: string) => {
    if (!advice.includes(text)) advice.push(text);
  };
  const adviceFirst = (text: string) => {
    if (!advice.includes(text)) advice.unshift(text);
  };
  const whose = possessive(who);
  const onPricing = isPricing(input.page + page);
  // Advice about "your pricing" only to a founder whose page shows prices.
  const hasPrices = input.business.showsPrices !== false;
  const comparePricing = () => {
    if (hasPrices) advise(`Compare it with ${possessive(you)} pricing before your next page update.`);
  };
  const short = (line: string, n = 80) => {
    const t = clip(line);
    return t.length > n ? `${t.slice(0, n - 1).trimEnd()}…` : t;
  };
  /** Up to three lines, each quoted ("New: AI receptionist" → "AI receptionist" (marked new)), then how many more. */
  const named = (lines: string[], adjective: string) => {
    const shown = lines.slice(0, 3).map((l) => {
      const m = /^(?:new|neu|nouveau)\s*[:!–—-]\s*(.+)$/i.exec(l);
      return m ? `"${short(m[1]!, 60)}" (marked new)` : `"${short(l, 60)}"`;
    });
    const more = lines.length - shown.length;
    return more > 0 ? `${shown.join(", ")} and ${more} more ${adjective}line${more > 1 ? "s" : ""}` : list(shown);
  };

  // 1. Prices: pair a removed price with an added one for the same plan (or, with one of each, with each other).
  const removedPrices = removed.map((line) => ({ line, price: findPrice(line), plan: planOf(line, input.context) })).filter((x) => x.price);
  const addedPrices = added.map((line) => ({ line, price: findPrice(line), plan: planOf(line, input.context) })).filter((x) => x.price);
  const usedAdded = new Set<string>();
  const priceLines = new Set<string>();
  type PriceLine = (typeof removedPrices)[number];
  const pairPrices = (old: PriceLine, match: PriceLine) => {
    usedAdded.add(match.line);
    priceLines.add(old.line).add(match.line);
    const a = old.price!;
    const b = match.price!;
    const plan = match.plan ?? old.plan;
    const period = b.period ?? a.period;
    importance = "high";
    // What else the plan's line says: an item gone from it ("a printed album") matters as much as the price.
    const oldItems = lineItems(old.line, old.plan);
    const newItems = lineItems(match.line, match.plan);
    const goneItems = oldItems.filter((o) => !newItems.some((n) => n.key === o.key));
    const newOnes = newItems.filter((n) => !oldItems.some((o) => o.key === n.key));
    // An item whose words stayed and whose number changed ("up to 3 forms" → "up to 5 forms") is one change, not a loss and a gain.
    const itemShape = (t: string) => t.toLowerCase().replace(/\d[\d,.]*/g, "#");
    const reworded = goneItems.flatMap((o) => {
      const n = newOnes.find((x) => /\d/.test(x.text) && itemShape(x.text) === itemShape(o.text));
      return n ? [[o, n] as const] : [];
    });
    const dropped = goneItems.filter((o) => !reworded.some(([r]) => r === o)).slice(0, 2);
    const gained = newOnes.filter((n) => !reworded.some(([, r]) => r === n)).slice(0, 2);
    const also = [
      ...reworded.slice(0, 2).map(([o, n]) => `"${o.text}" became "${n.text}"`),
      ...(dropped.length ? [`it no longer includes ${list(dropped.map((d) => d.text))}`] : []),
      ...(gained.length ? [`it now includes ${list(gained.map((g) => g.text))}`] : []),
    ];
    const tail = also.length ? `, and ${also.join(", and ")}` : "";
    const moved = a.symbol === b.symbol && a.amount !== b.amount;
    if (!plan) {
      // A bare price with no name near it: quoted as it was and is, with nothing claimed about what it is for.
      sentences.push(`A price on ${whose} ${page} with no name next to it went from "${short(old.line)}" to "${short(match.line)}"${tail}.`);
      comparePricing();
    } else if (moved) {
      const verb = b.amount > a.amount ? "raised" : "cut";
      sentences.push(`${who} ${verb} ${plan} from ${fmt(a)} to ${fmt(b)}${period ? ` ${period}` : ""}${tail}.`);
      if (hasPrices) {
        advise(
          b.amount > a.amount
            ? `If ${you} costs less, say so on your pricing section: the gap just grew.`
            : `Check that ${possessive(you)} pricing still holds up next to it, and lead with what you do better.`,
        );
      } else if (b.amount < a.amount) {
        advise(`Lead with what ${you} does better: ${who} now competes on price.`);
      }
    } else {
      sentences.push(`${who} changed the price of ${plan}: ${fmt(a)} → ${fmt(b)}${period ? ` ${period}` : ""}${tail}.`);
      comparePricing();
    }
    if (dropped.length) advise(`If ${you} still includes ${dropped.length === 1 ? "it" : "them"}, say so where visitors compare: it is now a point in your favour.`);
    quote("removed", old.line);
    quote("added", match.line);
  };
  for (const old of removedPrices) {
    const match =
      addedPrices.find((n) => !usedAdded.has(n.line) && n.plan && old.plan && n.plan.toLowerCase() === old.plan.toLowerCase()) ??
      (removedPrices.length === 1 && addedPrices.length === 1 && !usedAdded.has(addedPrices[0]!.line) ? addedPrices[0] : undefined);
    if (match) pairPrices(old, match);
  }
  // One price left on each side, not both named (another plan's): the same price line, changed.
  const leftRemoved = removedPrices.filter((o) => !priceLines.has(o.line));
  const leftAdded = addedPrices.filter((n) => !usedAdded.has(n.line));
  if (leftRemoved.length === 1 && leftAdded.length === 1 && !(leftRemoved[0]!.plan && leftAdded[0]!.plan)) pairPrices(leftRemoved[0]!, leftAdded[0]!);

  // 2. Plans that appeared or went away (on a pricing page), with their price when it came or went with them.
  const removedPlanNames = new Set(removed.filter((l) => !priceLines.has(l) && isPlanName(l)).map((l) => l.toLowerCase()));
  const addedPlanNames = new Set(added.filter((l) => !priceLines.has(l) && isPlanName(l)).map((l) => l.toLowerCase()));
  const newPlans = onPricing ? added.filter((l) => !priceLines.has(l) && isPlanName(l) && !removedPlanNames.has(l.toLowerCase())) : [];
  const gonePlans = onPricing ? removed.filter((l) => !priceLines.has(l) && isPlanName(l) && !addedPlanNames.has(l.toLowerCase())) : [];
  for (const p of newPlans) {
    importance = "high";
    const price = addedPrices.find((n) => !usedAdded.has(n.line) && n.plan?.toLowerCase() === p.toLowerCase());
    if (price) {
      usedAdded.add(price.line);
      priceLines.add(price.line);
    }
    sentences.push(`${who} added a plan: ${p}${price ? ` at ${fmt(price.price!)}${price.price!.period ? ` ${price.price!.period}` : ""}` : ""}.`);
    advise(hasPrices ? `See who it is aimed at, and make sure ${possessive(you)} plans answer the same buyer.` : `See who it is aimed at, and make sure ${possessive(you)} page speaks to the same buyer.`);
    quote("added", p);
    if (price) quote("added", price.line);
  }
  for (const p of gonePlans) {
    importance = "high";
    const price = removedPrices.find((o) => !priceLines.has(o.line) && o.plan?.toLowerCase() === p.toLowerCase());
    if (price) priceLines.add(price.line);
    sentences.push(`${who} dropped its ${p} plan${price ? ` (${fmt(price.price!)})` : ""}.`);
    advise(
      hasPrices
        ? `Its ${p} customers may be looking around: a clear comparison on ${possessive(you)} pricing section helps them find you.`
        : `Its ${p} customers may be looking around: make sure ${possessive(you)} page says plainly what you offer them.`,
    );
    quote("removed", p);
    if (price) quote("removed", price.line);
  }
  for (const n of addedPrices) {
    if (usedAdded.has(n.line) || priceLines.has(n.line)) continue;
    priceLines.add(n.line);
    importance = "high";
    // A price line is told with what it is the price of; a bare price without a name near it is quoted, not called a change of price.
    const hasWords = lineItems(n.line, n.plan).length > 0;
    sentences.push(
      n.plan
        ? `${whose} ${page} now lists ${n.plan} at ${fmt(n.price!)}${n.price!.period ? ` ${n.price!.period}` : ""}.`
        : hasWords
          ? `${whose} ${page} has a new price line: "${short(n.line)}".`
          : `${whose} ${page} also shows a new price, "${short(n.line)}", without a name next to it.`,
    );
    comparePricing();
    quote("added", n.line);
  }
  for (const o of removedPrices) {
    if (priceLines.has(o.line)) continue;
    priceLines.add(o.line);
    importance = "high";
    sentences.push(o.plan ? `${whose} ${page} no longer lists ${o.plan} at ${fmt(o.price!)}.` : `${whose} ${page} no longer shows the price line "${short(o.line)}".`);
    quote("removed", o.line);
  }
  // What steps 1 and 2 said: prices and plans, the first to be counted rather than told when the summary runs long.
  const priceTold = [...sentences];
  const planLines = new Set([...newPlans, ...gonePlans]);
  const rest = (lines: string[]) => lines.filter((l) => !priceLines.has(l) && !planLines.has(l));

  // 3. A line whose words stayed and whose numbers changed: a limit or a quota ("Up to 5 users" → "Up to 10 users").
  const shape = (l: string) => l.toLowerCase().replace(/\d[\d,.]*/g, "#").replace(/\s+/g, " ").trim();
  const changedPairs: Array<[string, string]> = [];
  const pairedRemoved = new Set<string>();
  for (const n of rest(added).filter((l) => /\d/.test(l))) {
    const o = rest(removed).find((r) => !pairedRemoved.has(r) && shape(r) === shape(n));
    if (!o) continue;
    pairedRemoved.add(o);
    changedPairs.push([o, n]);
  }
  const pairedAdded = new Set(changedPairs.map(([, n]) => n));
  const pairTold: string[] = [];
  for (const [o, n] of changedPairs.slice(0, 2)) pairTold.push(`${who} changed "${short(o)}" to "${short(n)}" on its ${page}.`);
  if (changedPairs.length > 2) pairTold.push(`${who} changed the numbers of ${changedPairs.length - 2} more line${changedPairs.length - 2 > 1 ? "s" : ""} on its ${page}.`);
  sentences.push(...pairTold);
  for (const [o, n] of changedPairs) {
    // A plan's limit ("Up to 6 housemates"): it matters wherever it is.
    if (onPricing || isLimit(o) || isLimit(n)) importance = "high";
    quote("removed", o);
    quote("added", n);
  }
  if (changedPairs.length > 0) advise(`Check how ${you} compares on this, and say so where visitors compare.`);

  // 4. A new line that says what the founder leads with: the competitor moving onto their ground, told first.
  const claims = (input.business.claims ?? []).map(meaningWords).filter((w) => w.size >= 2);
  const echoes = rest(added).filter((l) => !pairedAdded.has(l) && echoesClaim(l, claims));
  if (echoes.length > 0) {
    importance = "high";
    sentences.unshift(`${who} now says what ${you} leads with: ${named(echoes, "such ")} on its ${page}.`);
    adviceFirst(`Say on ${possessive(you)} page what makes yours different, before visitors compare the two.`);
    for (const l of echoes) quote("added", l);
  }
  const echoed = new Set(echoes);

  // 5. New and removed items: features, headings, changelog entries.
  const otherAdded = rest(added).filter((l) => !pairedAdded.has(l) && !echoed.has(l));
  const otherRemoved = rest(removed).filter((l) => !pairedRemoved.has(l));
  // On a pricing page a line that came or went is a plan's feature; a limit is one anywhere: always reported, and important.
  if ([...otherAdded, ...otherRemoved].some((l) => onPricing || isLimit(l))) importance = "high";
  const heading = (l: string) => isHeadingLike(l);
  const words = (l: string) => l.split(/\s+/).length;
  // A swapped headline: on a pricing page only a sentence-long one (a short line there is a feature that went and one that came).
  const swapped = otherAdded.length === 1 && otherRemoved.length === 1 && heading(otherAdded[0]!) && heading(otherRemoved[0]!) && !isChangelog(input.page + page) && (!onPricing || (words(otherAdded[0]!) >= 4 && words(otherRemoved[0]!) >= 4));
  if (swapped) {
    // One heading swapped for another: a new message.
    sentences.push(`${whose} ${page} now says "${short(otherAdded[0]!)}" where it said "${short(otherRemoved[0]!)}".`);
    advise(`A change of message: check that ${possessive(you)} page still says plainly how you differ.`);
    quote("removed", otherRemoved[0]!);
    quote("added", otherAdded[0]!);
  } else {
    if (otherAdded.length > 0) {
      const first = otherAdded[0]!;
      if (isChangelog(input.page + page)) {
        sentences.push(`${who} posted something new on its ${page}: "${short(first, 90)}".`);
        advise(`See whether it closes a gap with ${you}; if ${you} already does this, say so where visitors compare.`);
      } else {
        sentences.push(`${whose} ${page} added ${named(otherAdded, "new ")}.`);
        advise(`If ${you} already covers it, make that visible; if not, decide whether it matters to your customers.`);
      }
      for (const l of otherAdded) quote("added", l);
    }
    if (otherRemoved.length > 0) {
      sentences.push(`${whose} ${page} no longer mentions ${named(otherRemoved, "")}.`);
      if (otherAdded.length === 0) advise(`If ${you} still offers it, that is now a point in your favour: say so.`);
      for (const l of otherRemoved) quote("removed", l);
    }
  }

  if (sentences.length === 0) return null;
  // Every changed line is quoted (the describer's picks first): the section lists every change.
  for (const l of added) quote("added", l);
  for (const l of removed) quote("removed", l);
  // Dropped first when too long: prices after the first two, the changed numbers, then the second price; what came and went stays.
  const droppable = [...priceTold.slice(2).reverse(), ...pairTold.slice().reverse(), ...priceTold.slice(1, 2)];
  return { summary: fitSummary(sentences, advice.slice(0, 2), droppable, who), importance, quotes };
}

/** "Up to 6 housemates", "Max 3 users", "Unlimited vans": a plan's limit. */
function isLimit(line: string): boolean {
  return /\b(?:up to|upto|max(?:imum)?|limit(?:ed)? to|unlimited|at most)\b/i.test(line) && line.length <= 120;
}

/**
 * The sentences and the advice in SUMMARY_LIMIT characters, none cut in the
 * middle: the advice goes first, then the `droppable` sentences in their
 * order (told as a count instead). The sentences about lines that came and
 * went, and about a claim, are never dropped: they are always reported.
 */
function fitSummary(sentences: string[], advice: string[], droppable: string[], who: string): string {
  let tips = [...advice];
  const dropped = new Set<string>();
  const told = () => {
    const kept = sentences.filter((t) => !dropped.has(t));
    const n = dropped.size;
    return n ? [...kept, `${who} changed ${n} more thing${n > 1 ? "s" : ""} on the page too: every changed line is listed.`] : kept;
  };
  const text = () => [...told(), ...tips].join(" ");
  while (text().length > SUMMARY_LIMIT && tips.length > 0) tips = tips.slice(0, -1);
  for (const t of droppable) {
    if (text().length <= SUMMARY_LIMIT) break;
    dropped.add(t);
  }
  const out = text();
  return out.length <= SUMMARY_LIMIT ? out : `${out.slice(0, SUMMARY_LIMIT - 1).trimEnd()}…`;
}
