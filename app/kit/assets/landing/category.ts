import { z } from "zod";
import { categoryGroup } from "~/kit/layouts";
import type { Understanding } from "~/kit/understanding/types";
import { toOneLine } from "~/platform/text/text";

/**
 * The landing page's sections that only some businesses need,
 * from the category's `sections` of the Understanding: a local service shows
 * where it works, its prices and how booking goes; a developer tool an
 * install snippet and its repository, with no e-mail gate by default; a
 * physical product what is in the box and where it comes from. Written from
 * templates by the landing step (never by the model, so nothing is invented
 * beyond what the idea says), stored in the landing content, edited by the
 * founder. Client-safe.
 */

export const CATEGORY_LIMITS = { heading: 80, body: 300, title: 60, price: 40, place: 60, command: 200, url: 2000 } as const;
const L = CATEGORY_LIMITS;

const line = (max: number) => z.string().overwrite(toOneLine).trim().min(1).max(max);
const item = z.object({ title: line(L.title), body: line(L.body) });

/** An http(s) address, or nothing. */
export const RepositoryUrlSchema = z
  .string()
  .trim()
  .max(L.url)
  .regex(/^https?:\/\/[^\s"'<>]+$/i, "Enter an address that starts with https://.");

export const CategorySectionsSchema = z.object({
  area: z.object({ heading: line(L.heading), body: line(L.body), places: z.array(line(L.place)).max(6) }).optional(),
  prices: z.object({ heading: line(L.heading), body: line(L.body), items: z.array(z.object({ name: line(L.title), price: line(L.price) })).min(1).max(6) }).optional(),
  booking: z.object({ heading: line(L.heading), steps: z.array(item).length(3) }).optional(),
  install: z.object({ heading: line(L.heading), command: line(L.command), body: line(L.body) }).optional(),
  /** The source code's address; null until the founder (or the idea) gives one. */
  repository: RepositoryUrlSchema.nullable().optional(),
  /** The page's download link, set from the page settings when the page is shown (withDownloadLink), never written by a step. */
  download: RepositoryUrlSchema.optional(),
  inTheBox: z.object({ heading: line(L.heading), items: z.array(item).min(1).max(6) }).optional(),
  origin: z.object({ heading: line(L.heading), body: line(L.body) }).optional(),
  /** A cafe's or a bakery's: what it makes, named from the idea's and the category's words (no prices invented). */
  menu: z.object({ heading: line(L.heading), body: line(L.body), items: z.array(line(L.title)).min(1).max(8) }).optional(),
  /** Opening times, a timetable or a release rhythm: the times the idea names, the rest confirmed before launch. */
  schedule: z.object({ heading: line(L.heading), body: line(L.body), times: z.array(line(L.place)).max(6) }).optional(),
  /** The kinds of work a studio, a maker or an agency does. */
  portfolio: z.object({ heading: line(L.heading), body: line(L.body), items: z.array(item).min(1).max(6) }).optional(),
});
export type CategorySections = z.infer<typeof CategorySectionsSchema>;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A stable index in [0, n) from a text (FNV-1a): the same brand always gets the same wording. */
function variantIndex(text: string, n: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % n;
}

/** "Figma To React!" → "figma-to-react": a package name made of the brand's name. */
export function packageName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, 40).replace(/-+$/, "") || "app";
}

/** The language a developer tool's idea names, when the understanding has no ecosystem (kits made before it had one). */
function languageOf(idea: string): string | null {
  const t = ` ${idea} `;
  if (/\bgolang\b|\bGo (?:CLI|cli|binary|library|module|package|tool|program|service|SDK)\b|\b(?:in|written in|for) Go\b/.test(t)) return "Go";
  if (/\b(python|pip|pypi|django|flask|jupyter|pandas)\b/i.test(t)) return "Python";
  if (/\b(rust|cargo|crate)\b/i.test(t)) return "Rust";
  if (/\b(ruby|rails|rubygems?)\b/i.test(t)) return "Ruby";
  if (/\b(php|composer|laravel)\b/i.test(t)) return "PHP";
  if (/\b(homebrew|brew)\b/i.test(t)) return "Homebrew";
  if (/\b(javascript|typescript|node\.?js|npm|deno|react|vue|svelte)\b/i.test(t)) return "JavaScript";
  return null;
}

/**
 * The install command of the tool's ecosystem: the one the founder wrote,
 * else the ecosystem's own (`go install`, `pip`, `cargo`, `gem`, `brew`,
 * `composer`; `npm` only for JavaScript), for a package named after the
 * brand (the founder corrects it in the workspace). Never `npx` for a tool
 * of another language.
 */
export function installCommand(name: string, idea: string, ecosystem?: { language: string; install: string | null; repository: string | null } | null): string {
  if (ecosystem?.install?.trim()) return ecosystem.install.trim();
  const pkg = packageName(name);
  const language = ecosystem?.language || languageOf(idea) || "";
  const repo = ecosystem?.repository?.replace(/^https?:\/\//i, "").replace(/\.git$/, "").replace(/\/+$/, "") ?? repositoryFromIdea(idea)?.replace(/^https?:\/\//i, "") ?? null;
  switch (language.toLowerCase()) {
    case "go":
      return `go install ${repo && /^[\w.-]+\.[a-z]+\/[\w.-]+\/[\w.-]+/i.test(repo) ? repo : `github.com/${pkg}/${pkg}`}@latest`;
    case "python":
      return `pip install ${pkg}`;
    case "rust":
      return `cargo install ${pkg}`;
    case "ruby":
      return `gem install ${pkg}`;
    case "php":
      return `composer global require ${pkg}/${pkg}`;
    case "c#":
      return `dotnet tool install -g ${pkg}`;
    case "homebrew":
      return `brew install ${pkg}`;
    case "javascript":
    case "typescript":
      return /\b(cli|command[- ]line|terminal)\b/i.test(idea) ? `npm install -g ${pkg}` : `npm install ${pkg}`;
    default:
      // No language named: a command-line tool is installed with Homebrew, a library with npm.
      return /\b(cli|command[- ]line|terminal)\b/i.test(idea) ? `brew install ${pkg}` : `npm install ${pkg}`;
  }
}

/** A repository address written in the idea itself (GitHub, GitLab, Codeberg, Bitbucket), or null. */
export function repositoryFromIdea(idea: string): string | null {
  const m = /\bhttps?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)\/[\w.-]+(?:\/[\w.-]+)?/i.exec(idea);
  return m ? m[0].replace(/[.]+$/, "") : null;
}

/** The host a repository link names: "GitHub", "GitLab"... */
export function repositoryHost(url: string): string {
  const host = (() => {
    try {
      return new URL(url).hostname.replace(/^www\./, "");
    } catch {
      return "";
    }
  })();
  return { "github.com": "GitHub", "gitlab.com": "GitLab", "codeberg.org": "Codeberg", "bitbucket.org": "Bitbucket" }[host] ?? "the repository";
}

type Ideas = { business_idea: string };
type UnderstandingPart = Pick<Understanding, "sections" | "payment" | "product" | "productWord" | "customers" | "place" | "keywords"> &
  Partial<Pick<Understanding, "category" | "model" | "prices" | "serviceArea" | "ages" | "facts" | "ecosystem">>;

const wordsIn = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words of an offer's form or place, never a thing on a menu or a kind of work ("bakery", "studio", "shop"). */
const FORM_WORDS = new Set(
  "bakery bakehouse cafe café restaurant bistro truck shop store studio agency salon label brand company business service services subscription box marketplace platform app tool kit club space".split(" "),
);
/** Time words an idea may name: "weekend pre-orders", "after school", "morning classes". */
const TIME_WORDS = /\b(weekends?|weekdays?|mornings?|evenings?|nights?|lunchtimes?|breakfasts?|brunch|after school|summers?|winters?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|daily|weekly|monthly)\b/gi;

/**
 * The things a business makes or the kinds of work it does, from the
 * understanding's keywords (words of the idea first, then the category's):
 * never the customers, the place, a time or the form of the offer.
 */
function offerings(u: UnderstandingPart, max: number): string[] {
  const skip = new Set([...wordsIn(u.customers), ...wordsIn(u.place ?? "")]);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of [u.productWord, ...u.keywords]) {
    const w = wordsIn(k);
    if (!w.length || w.length > 3 || w.some((x) => skip.has(x)) || FORM_WORDS.has(w[w.length - 1]!) || TIME_WORDS.test(k)) {
      TIME_WORDS.lastIndex = 0;
      continue;
    }
    TIME_WORDS.lastIndex = 0;
    const key = w.join(" ");
    if (seen.has(key) || [...seen].some((s) => s.includes(key) || key.includes(s))) continue;
    seen.add(key);
    out.push(cap(k.trim()));
    if (out.length >= max) break;
  }
  return out;
}

/** The times an idea names, as shown: "Weekends", "After school". */
function timesOf(idea: string): string[] {
  const found = [...new Set((idea.match(TIME_WORDS) ?? []).map((t) => t.toLowerCase()))];
  return found.map((t) => cap(/s$/.test(t) || /^(brunch|after school|daily|weekly|monthly)$/.test(t) ? t : `${t}s`)).slice(0, 6);
}

const FOOD = new Set(["cafe-restaurant", "bakery", "food-products"]);
const MEDIA = new Set(["media"]);
const MAKERS = new Set(["handmade-crafts", "fashion", "florist", "creative-studio", "gaming", "music", "food-products"]);

/**
 * The category sections of a kit and whether its page shows the e-mail form
 * (false for developer tools: the call to action is the install command and
 * the repository). Nothing here states a fact the founder did not give:
 * prices are quoted on request, the area is the place named in the idea.
 */
export function categorySections(u: UnderstandingPart | null, input: Ideas, brandName: string): { category: CategorySections; emailForm: boolean } {
  if (!u) return { category: {}, emailForm: true };
  const group = categoryGroup(u);
  const want = new Set<string>(u.sections);
  const product = (u.product || u.productWord || "").trim();
  const out: CategorySections = {};
  const fit = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, "")}…`);
  /** One of the wordings, the same for a brand every time (regenerating the page keeps it), different between brands. */
  let slot = 0;
  const variant = <T,>(xs: readonly T[]): T => xs[variantIndex(`${brandName}:${slot++}`, xs.length)]!;

  const developerTool = group === "developer" || u.model === "developer-tool";
  if (developerTool || want.has("install") || want.has("repository")) {
    const language = u.ecosystem?.language ? `${u.ecosystem.language}. ` : "";
    out.install = {
      heading: fit(`Install ${brandName}`, L.heading),
      command: installCommand(brandName, `${input.business_idea} ${u.keywords.join(" ")}`, u.ecosystem),
      body: fit(`${language}${u.payment === "open-source" ? "Free and open source. Run the command in your project's folder and you're set." : "Run the command in your project's folder and you're set."}`, L.body),
    };
    const repo = u.ecosystem?.repository?.trim();
    out.repository = repo ? (/^https?:\/\//i.test(repo) ? repo : `https://${repo}`) : repositoryFromIdea(input.business_idea);
  }
  const word = (u.productWord || product || "").trim();
  if (want.has("service-area") || (group === "local" && u.place)) {
    const place = u.place?.trim() || null;
    // A service that comes to you covers an area; a shop, a studio or a class is somewhere to go.
    const visits = u.payment === "local-service";
    // A service to businesses works with clients across an area: no door to find, no address to wait for.
    const clients = u.model === "b2b-service";
    const town = place?.split(",")[0]!.trim() ?? "";
    out.area = clients
      ? {
          heading: variant(["Where we work", town ? `Across ${town}` : "Who we work with"]),
          body: fit(place ? `${brandName} works with ${u.customers || "clients"} in ${place}${u.serviceArea ? ` (${u.serviceArea})` : ""}.` : `Tell ${brandName} where you are: the work is done with you, wherever you are.`, L.body),
          places: [place, u.serviceArea?.trim()].filter((p): p is string => !!p).map((p) => fit(p, L.place)),
        }
      : visits
      ? {
          heading: variant(["Where we work", `${cap(word)} near you`, `Our ${word} area`, town ? `Across ${town}` : "Where we go"]),
          body: fit(
            place
              ? variant([
                  `${brandName} brings ${word} to ${place} and nearby. Not sure we cover your street? Ask before you book.`,
                  `Our ${word} visits cover ${place}. Outside it? Ask ${brandName}; the area grows with demand.`,
                  `From one end of ${town} to the other: tell ${brandName} your street and we confirm it is on our ${word} route.`,
                ])
              : `Tell ${brandName} where you are and we'll tell you whether our ${word} covers your area.`,
            L.body,
          ),
          places: [place, u.serviceArea?.trim()].filter((p): p is string => !!p).map((p) => fit(p, L.place)),
        }
      : {
          heading: variant(["Where to find us", `${brandName}${town ? ` in ${town}` : ""}`, "Come and see us"]),
          body: fit(
            place
              ? variant([
                  `${brandName} is in ${place}. The exact address is on this page before launch.`,
                  `Find ${brandName} in ${place}; the street and the door come with the launch.`,
                  `${cap(word)} in ${place}: ${brandName} shares its address the week it opens.`,
                ])
              : `The address of ${brandName} is on this page before launch.`,
            L.body,
          ),
          places: [place, u.serviceArea?.trim()].filter((p): p is string => !!p).map((p) => fit(p, L.place)),
        };
  }
  // The founder's prices, quoted as given, wherever the business is; none given, no prices block (the workspace asks for them).
  const prices = (u.prices ?? []).filter((p) => p.text.trim());
  if (prices.length) {
    out.prices = {
      heading: variant(["Prices", `${cap(word)} prices`, `What ${word} costs`]),
      body: fit(`What ${brandName} charges, as it stands at launch.`, L.body),
      items: prices.slice(0, 6).map((p) => ({ name: fit(cap(p.label?.trim() || (p.per ? `${product || word} (per ${p.per})` : product || word)), L.title), price: fit(p.text.trim(), L.price) })),
    };
  }
  if (want.has("booking") && group === "local") {
    out.booking = {
      heading: fit(variant([`Booking your ${word}`, `How ${word} booking goes`, `Your ${word}, booked`]), L.heading),
      steps: variant([
        [
          { title: "Get in touch", body: fit(`Use the form on this page to ask ${brandName} about ${word}.`, L.body) },
          { title: "We confirm", body: fit(`${brandName} e-mails you the time, the place and what to expect.`, L.body) },
          { title: "On the day", body: fit(`Your ${word} starts at the time you agreed.`, L.body) },
        ],
        [
          { title: "Send a request", body: fit(`Say what your ${word} needs, using the form here.`, L.body) },
          { title: "Pick a time", body: fit(`${brandName} replies with times that suit you.`, L.body) },
          { title: "Done", body: fit(`Your ${word} happens when and where you chose.`, L.body) },
        ],
        [
          { title: "Ask", body: fit(`Tell ${brandName} what you want from your ${word}.`, L.body) },
          { title: "Agree the details", body: fit(`${brandName} writes back with a ${word} time and a price.`, L.body) },
          { title: "Relax", body: fit(`${brandName} takes care of the ${word} from there.`, L.body) },
        ],
        [
          { title: `Your ${word} request`, body: fit(`Use the form on this page, and ${brandName} writes back.`, L.body) },
          { title: `${brandName} replies`, body: fit(`With a ${word} slot and what it costs.`, L.body) },
          { title: "See you then", body: fit(`${cap(word)} at the agreed time, nothing to chase.`, L.body) },
        ],
      ]),
    };
  }
  // Only what travels in a parcel has a box: a camp, a class, a service or software never does.
  const ships = u.model ? u.model === "shipped-product" || u.model === "subscription-delivered" : true;
  if (want.has("in-the-box") && ships) {
    out.inTheBox = {
      heading: "What's in the box",
      items: [
        { title: fit(cap(product || "Your order"), L.title), body: fit(`Packed to arrive in good shape${u.customers ? `, made for ${u.customers}` : ""}.`, L.body) },
      ],
    };
  }
  if (want.has("origin")) {
    // "every sourdough bakery" is not a thing that comes from somewhere: a shop's word says what it is made of instead.
    const made = FORM_WORDS.has(wordsIn(word).pop() ?? "") || !word ? "everything we make" : `every ${word}`;
    out.origin = {
      heading: variant(["Where it comes from", `Where our ${word} comes from`, "Who makes it"]),
      body: fit(
        variant([
          `We say where ${made} comes from and who made it, so you know what you're getting.`,
          `${brandName} names the people and places behind ${made}.`,
          `Ask ${brandName} where ${made} comes from: nothing about it is a secret.`,
          `${cap(made)} from ${brandName} has a maker you can name and a place you can find.`,
        ]),
        L.body,
      ),
    };
  }
  const where = u.place ? ` in ${u.place.split(",")[0]!.trim()}` : "";
  if (want.has("menu")) {
    const items = offerings(u, 6).map((i) => fit(i, L.title));
    out.menu = {
      heading: u.category === "bakery" ? "What we bake" : "On the menu",
      body: fit(
        variant([
          `What ${brandName} makes${where}. The full menu, with prices, comes with the launch.`,
          `A first look at the ${word} menu; prices and specials arrive with the opening.`,
          `${brandName}'s ${word}, and what goes with it. Prices are published at launch.`,
        ]),
        L.body,
      ),
      items: items.length ? items : [fit(cap(word || "Our menu"), L.title)],
    };
  }
  if (want.has("schedule") || u.model === "class-or-event") {
    const times = timesOf(input.business_idea).map((t) => fit(t, L.place));
    const named = times.length ? `${times.join(", ")}. ` : "";
    out.schedule = FOOD.has(u.category ?? "")
      ? {
          heading: variant(["Opening times", "When we're open", `When to come for ${word}`]),
          body: fit(`${named}${variant([`Exact opening times are confirmed before launch.`, `${brandName} posts its hours here before the first ${word} is served.`, `The ${word} hours are set with the first customers.`])}`, L.body),
          times,
        }
      : MEDIA.has(u.category ?? "")
        ? { heading: `When new ${word} comes out`, body: fit(`${named}The release rhythm is announced before the first ${word}.`, L.body), times }
        : u.model === "class-or-event"
          ? {
              heading: variant(["Dates and details", `When ${word} runs`, "Timetable"]),
              // Only what the founder said (the ages, the times); the dates, group size and what to bring are
              // asked for in the workspace's category form, and the page promises nothing about them meanwhile.
              body: fit(`${named}${u.ages ? `For ages ${u.ages}. ` : ""}Ask ${brandName} about the next dates.`, L.body),
              times: [...times, ...(u.ages ? [fit(`Ages ${u.ages}`, L.place)] : [])].slice(0, 6),
            }
          : { heading: "Timetable", body: fit(`${named}The full ${word} timetable is published before launch.`, L.body), times };
  }
  if (want.has("portfolio")) {
    const kinds = offerings(u, 3);
    out.portfolio = {
      heading: MAKERS.has(u.category ?? "") ? "What we make" : "What we do",
      body: fit(`Every ${word} project${where} is made for ${u.customers || "you"}. Ask ${brandName} to see recent work.`, L.body),
      items: (kinds.length ? kinds : [cap(word || "Our work")]).map((k) => ({ title: fit(k, L.title), body: fit(`${k} for ${u.customers || "you"}${where}.`, L.body) })),
    };
  }
  return { category: out, emailForm: !developerTool };
}

/** Words of copy written for a sign-up form. */
const ASKS_FOR_EMAIL = /e-?mail|sign(?:ing)?[ -]?up|the form\b|waitlist|wait list|newsletter|unsubscribe|\bspam\b|we'll write|we will write|leave your|you'll hear|keep me posted/i;

type CopyPart = {
  hero: { headline: string; subheadline: string; button: string };
  how: { heading: string; steps: Array<{ title: string; body: string }> };
  faq: { heading: string; items: Array<{ question: string; answer: string }> };
};

/**
 * The copy of a page without the e-mail form (a developer tool's, by
 * default): no sentence asks for an e-mail or talks about a sign-up. The
 * hero keeps its other sentences, "how it works" becomes install, try, join
 * in, and FAQ entries about e-mails go (while at least `faqMin` stay).
 */
export function withoutEmailAsk<T extends CopyPart>(copy: T, c: CategorySections, brandName: string, faqMin: number): T {
  const sentences = copy.hero.subheadline.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((s) => !ASKS_FOR_EMAIL.test(s));
  const subheadline = kept.length ? kept.join(" ") : `${brandName} is free to install.`;
  const repo = c.repository ?? null;
  const steps = [
    { title: "Install it", body: c.install ? `Run ${c.install.command} in your project's folder.` : "Get the code from the repository." },
    { title: "Try it on your own work", body: "Use it on one real file first and see what it gives you." },
    repo
      ? { title: "Join in", body: `Questions, ideas and fixes are welcome on ${repositoryHost(repo)}.` }
      : { title: "Make it yours", body: `Keep ${brandName} in your workflow and shape it to the way you work.` },
  ];
  // Questions about e-mails go; questions about getting the code come in their place.
  const faqKept = copy.faq.items.filter((f) => !ASKS_FOR_EMAIL.test(`${f.question} ${f.answer}`));
  const asked = new Set(faqKept.map((f) => f.question.toLowerCase()));
  const extra = [
    // Worded apart from the "Install it" step, so the page never says one sentence twice.
    c.install ? { question: "How do I install it?", answer: `With one command: ${c.install.command}` } : null,
    repo ? { question: "Where is the source code?", answer: `On ${repositoryHost(repo)}: ${repo}` } : null,
    repo ? { question: "How can I ask a question?", answer: `Open an issue on ${repositoryHost(repo)}: the people who build ${brandName} read every one.` } : null,
  ].filter((f): f is { question: string; answer: string } => f !== null && !asked.has(f.question.toLowerCase()));
  const faq = [...faqKept, ...extra].slice(0, Math.max(faqMin, faqKept.length));
  return {
    ...copy,
    hero: { ...copy.hero, subheadline },
    how: { ...copy.how, steps },
    faq: { ...copy.faq, items: faq.length >= faqMin ? faq : copy.faq.items },
  };
}

// ---- the founder's edit of the category sections (a plain form) ----------------------

// Each field may be absent (the form shows only the page's sections): optional on the outside.
const editLine = (label: string, max: number) => z.string().overwrite(toOneLine).trim().max(max, `${label}: at most ${max} characters.`).optional();
const editLines = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label}: at most ${max} characters.`)
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => toOneLine(l).trim())
        .filter(Boolean),
    )
    .optional();

/** "Dog grooming: from $60" → { a: "Dog grooming", b: "from $60" }; a line without a colon is all name. */
function splitPair(line: string): { a: string; b: string } {
  const at = line.search(/\s[–—-]\s|:\s/);
  return at < 0 ? { a: line, b: "" } : { a: line.slice(0, at).trim(), b: line.slice(at).replace(/^\s*[–—:-]\s*/, "").trim() };
}

/**
 * The category form: every field optional here; which are required depends
 * on the sections the page has (applyCategoryEdit says which is missing).
 */
export const CategoryEditSchema = z.object({
  repository: RepositoryUrlSchema.optional(),
  command: editLine("The install command", L.command),
  /** A checkbox: "on" when ticked. */
  emailForm: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  areaBody: editLine("The text", L.body),
  places: editLine("The places", 400),
  pricesBody: editLine("The text", L.body),
  prices: editLines("The prices", 1200),
  box: editLines("What is in the box", 2000),
  originBody: editLine("The text", L.body),
  scheduleBody: editLine("The text", L.body),
  /** Dates, times, group size, what to bring: one a line. */
  times: editLines("The dates and details", 1200),
});
export type CategoryEdit = z.infer<typeof CategoryEditSchema>;

/** The edit applied to the sections the page has: the new sections, or the field errors. */
export function applyCategoryEdit(current: CategorySections, emailFormNow: boolean, edit: CategoryEdit): { ok: true; category: CategorySections; emailForm: boolean } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const text = (v: string | undefined) => v ?? "";
  const e = {
    repository: text(edit.repository),
    command: text(edit.command),
    areaBody: text(edit.areaBody),
    places: text(edit.places),
    pricesBody: text(edit.pricesBody),
    prices: edit.prices ?? [],
    box: edit.box ?? [],
    originBody: text(edit.originBody),
    scheduleBody: text(edit.scheduleBody),
    times: edit.times ?? [],
  };
  const need = (field: keyof CategoryEdit, ok: boolean, message: string) => {
    if (!ok) errors[field] = [message];
  };
  const next: CategorySections = { ...current };
  if (current.install) {
    need("command", e.command.length > 0, "Enter the install command.");
    next.install = { ...current.install, command: e.command };
  }
  if (current.install || current.repository !== undefined) next.repository = e.repository || null;
  if (current.area) {
    need("areaBody", e.areaBody.length > 0, "Say where you work.");
    const places = e.places
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    need("places", places.length <= 6 && places.every((p) => p.length <= L.place), `Up to 6 places, separated by commas, each under ${L.place} characters.`);
    next.area = { ...current.area, body: e.areaBody, places: places.slice(0, 6) };
  }
  if (!current.prices && e.prices.length) {
    // "Add your price": the page had none (none was given), so the block appears only now, with the founder's own lines.
    const items = e.prices.map(splitPair).map((p) => ({ name: p.a, price: p.b || "Quote on request" }));
    need("prices", items.length <= 6 && items.every((i) => i.name.length <= L.title && i.price.length <= L.price), `1 to 6 lines like "Full groom: from $60" (name under ${L.title} characters, price under ${L.price}).`);
    next.prices = { heading: "Prices", body: e.pricesBody || "What it costs, as it stands at launch.", items };
  }
  if (current.prices) {
    need("pricesBody", e.pricesBody.length > 0, "Write a sentence about your prices.");
    const items = e.prices.map(splitPair).map((p) => ({ name: p.a, price: p.b || "Quote on request" }));
    need("prices", items.length >= 1 && items.length <= 6 && items.every((i) => i.name.length <= L.title && i.price.length <= L.price), `1 to 6 lines like "Full groom: from $60" (name under ${L.title} characters, price under ${L.price}).`);
    next.prices = { ...current.prices, body: e.pricesBody, items };
  }
  if (current.inTheBox) {
    const items = e.box.map(splitPair).map((p) => ({ title: p.a, body: p.b || p.a }));
    need("box", items.length >= 1 && items.length <= 6 && items.every((i) => i.title.length <= L.title && i.body.length <= L.body), `1 to 6 lines like "Two bags of beans: roasted the week they ship" (title under ${L.title} characters).`);
    next.inTheBox = { ...current.inTheBox, items };
  }
  if (current.origin) {
    need("originBody", e.originBody.length > 0, "Say where it comes from.");
    next.origin = { ...current.origin, body: e.originBody };
  }
  if (current.schedule) {
    need("scheduleBody", e.scheduleBody.length > 0, "Write a sentence about when it runs.");
    need("times", e.times.length <= 6 && e.times.every((t) => t.length <= L.place), `Up to 6 lines like "Week 1: 6–10 July" or "Groups of 8", each under ${L.place} characters.`);
    next.schedule = { ...current.schedule, body: e.scheduleBody, times: e.times.slice(0, 6) };
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const parsed = CategorySectionsSchema.safeParse(next);
  if (!parsed.success) return { ok: false, errors: { "": ["Some text is too long. Shorten it and save again."] } };
  // The form's switch is offered only where there is something else to do (an install or a repository).
  const switchable = Boolean(parsed.data.install || parsed.data.repository);
  return { ok: true, category: parsed.data, emailForm: switchable ? edit.emailForm : emailFormNow };
}

/** The form's values from the stored sections. */
export function categoryEditDefaults(c: CategorySections, emailForm: boolean) {
  return {
    repository: c.repository ?? "",
    command: c.install?.command ?? "",
    emailForm: emailForm ? "on" : undefined,
    areaBody: c.area?.body ?? "",
    places: c.area?.places.join(", ") ?? "",
    pricesBody: c.prices?.body ?? "",
    prices: c.prices?.items.map((i) => `${i.name}: ${i.price}`).join("\n") ?? "",
    box: c.inTheBox?.items.map((i) => (i.body && i.body !== i.title ? `${i.title}: ${i.body}` : i.title)).join("\n") ?? "",
    originBody: c.origin?.body ?? "",
    scheduleBody: c.schedule?.body ?? "",
    times: c.schedule?.times.join("\n") ?? "",
  };
}

/** Whether a page has anything for the category form: always, since a page without prices asks for them ("Add your price"). */
export const hasCategoryEdit = (c: CategorySections) => Boolean(c.install || c.repository !== undefined || c.area || c.prices || c.inTheBox || c.origin || c.schedule) || !c.prices;
