import type { BusinessModel, PaymentModel, Price } from "./types";

/** The word lists of the offline reading (index.ts and the modules beside it): the prompts' words for the model, then the words that tell the parts of an idea apart. */

export const MODEL_WORDS: Record<BusinessModel, string> = {
  "shipped-product": "a physical product shipped to the customer",
  "subscription-delivered": "a product delivered again and again (a subscription or refills)",
  "local-service": "a service done in person in one area (no shipping, no unboxing)",
  "class-or-event": "a class, camp, course or event people book a place at (no shipping, no unboxing: dates, ages, group size, what to bring)",
  "b2b-service": "a service for businesses, done by people (no shipping, no unboxing, not software)",
  software: "software used online (no shipping)",
  "developer-tool": "a developer tool, installed or run by developers (no shipping, no lead form)",
  marketplace: "a marketplace between buyers and sellers",
};

export const PERIOD_WORDS: Record<NonNullable<Price["period"]>, string> = {
  hour: "per hour",
  day: "per day",
  week: "per week",
  month: "per month",
  year: "per year",
  session: "per session",
  "one-off": "one-off",
};

export const PAYMENT_WORDS: Record<PaymentModel, string> = {
  subscription: "subscription (recurring)",
  "one-off": "one-off purchase",
  free: "free",
  "open-source": "free and open source",
  "local-service": "local service, paid per job",
  booking: "booked and paid per appointment",
  marketplace: "marketplace (commission on sales)",
  freemium: "freemium (free plan, paid upgrade)",
};

export const STOPWORDS = new Set(
  ("a an the and or but nor so yet of to in on at by for from with without into onto about above below over under near " +
    "via per than then that this these those there here which who whom whose what when where why how it its it's i we you " +
    "they he she me us them my our your their his her is are was were be been being am do does did doing have has had " +
    "will would can could should may might must shall not no yes also just only very really too more most less least " +
    "all any some each every both either neither such own same other another much many few lot lots thing things way " +
    "ways kind sort type idea plan something anything everything someone anyone everyone people person want wants need " +
    "needs like make makes help helps get gets let lets use uses using based new etc plus across around throughout within " +
    "while because if as up out off down one two three first").split(" "),
);

/** Style and vibe words: never a keyword or hashtag of the business. */
export const STYLE_WORDS = new Set(
  ("minimal minimalist bold playful editorial neon tech techy luxury luxurious premium modern friendly retro elegant vibrant " +
    "warm cool clean sleek classic vintage-style futuristic quirky fun serious professional calm earthy organic-looking " +
    "corporate trendy chic edgy cozy cosy rustic sophisticated stylish aesthetic vibe vibes tone voice style brutalist " +
    "monochrome dark light colorful colourful cute whimsical").split(" "),
);

/** Leading words that qualify rather than name what is sold: dropped from the product phrase. */
export const QUALIFIERS = new Set(
  ("mobile new small little local online simple affordable cheap budget-friendly best better great easy first " +
    "innovative unique high-quality quality personalized personalised custom curated on-demand digital virtual " +
    "ai-powered powered driven based open source free self hosted friendly powerful fast weekly daily monthly annual neighbourhood neighborhood independent family-run family-owned").split(" "),
);

/** Nouns that say what kind of business it is rather than what it sells. */
export const GENERIC = new Set(
  ("app application tool platform service services software solution startup start-up company business website site " +
    "product venture project system brand firm thing space").split(" "),
);
/** Heads dropped from the product phrase ("dog grooming van" → "dog grooming"). */
export const DROP_HEADS = new Set("van business company startup start-up venture idea project service services".split(" "));
/** Words for the form of the offer rather than its subject ("subscription", "box", "kit"). */
export const FORMAT = new Set(
  ("subscription box kit club membership app application tool platform saas service services shop store " +
    "marketplace studio agency company startup business website site brand plan package bundle").split(" "),
);
/** Words for people: customers, not the product. */
export const PEOPLE = new Set(
  ("kid kids child children parent parents family families team teams people person customer customers client clients " +
    "user users owner owners student students teen teens adult adults woman women man men professional professionals " +
    "freelancer freelancers founder founders developer developers worker workers homeowner homeowners local locals " +
    "resident residents senior seniors traveller travellers traveler travelers beginner beginners everyone manager managers buyer buyers seller sellers couple couples").split(" "),
);
/** Agent nouns whose activity reads better in copy ("photographer" → "photography"). */
export const ACTIVITY: Record<string, string> = {
  photographer: "photography", videographer: "videography", plumber: "plumbing", tutor: "tutoring", trainer: "training",
  groomer: "grooming", cleaner: "cleaning", gardener: "gardening", landscaper: "landscaping", consultant: "consulting",
  therapist: "therapy", coach: "coaching", planner: "planning", tailor: "tailoring", caterer: "catering", mover: "moving",
  walker: "walking", sitter: "sitting", recruiter: "recruiting", accountant: "accounting", bookkeeper: "bookkeeping",
  translator: "translation", illustrator: "illustration", roofer: "roofing", electrician: "electrical work",
};
/** Words that are not places even when capitalised after "in" (tools, languages, months). */
export const NOT_PLACES = new Set(
  ("react vue angular svelte rust go python ruby java javascript typescript swift kotlin figma notion slack excel sheets " +
    "google english spanish french german portuguese italian chinese japanese january february march april may june july " +
    "august september october november december spring summer autumn fall winter").split(" "),
);
export const NO_PLACE_ANSWERS = /^(not specified|n\/?a|none|-+|global(ly)?|worldwide|world ?wide|anywhere|everywhere|online|international(ly)?|internet|remote|the world|earth|all|any)$/i;

/** Marketing clichés that would otherwise read as words of the business ("game-changing" is not a game). */
export const NOISE = /\b(game[- ]chang(ing|er)|next[- ]gen(eration)?|cutting[- ]edge|state[- ]of[- ]the[- ]art|world[- ]class|best[- ]in[- ]class|all[- ]in[- ]one|one[- ]stop[- ]shop)\b/gi;

/** Suffixes that make a hyphen compound a qualifier: "Etsy-like", "AI-powered". */
export const QUALIFYING_SUFFIX = new Set("like style inspired based powered driven focused centric".split(" "));
/** Verbs in -ing that compromise may read as nouns after a noun ("a food bank serving families"). */
export const PARTICIPLES = new Set(
  ("offering serving selling providing helping making using connecting delivering featuring including focusing giving " +
    "bringing turning creating building letting allowing enabling interviewing covering sharing specializing specialising " +
    "targeting matching pairing sending shipping turning combining mixing bringing showing teaching renting buying finding " +
    "managing tracking selling placing").split(" "),
);

/** Verbs an idea may open with as an order ("Connect dog owners with vets", "Sell handmade soap"): left as verbs. */
export const IDEA_VERBS = new Set(
  ("connect help turn sell find make build get book order learn teach create share rent buy hire track plan manage discover " +
    "deliver offer provide bring let match send ship organise organize run host start grow save compare design write").split(" "),
);

export const PHRASE_BREAKS = new Set(
  ("in near for of with to from into on at by about around across throughout within without via per than that which who " +
    "where and or but so & while like as so-that whose").split(" ").concat([...PARTICIPLES]),
);

/** Verbs whose object is what is sold. */
export const OBJECT_VERBS = /^(sells?|selling|sold|offers?|offering|delivers?|delivering|orders?|ordering|buys?|buying|rents?|renting|ships?|shipping|makes?|making|brews?|bakes?|provides?|providing|lends?|lending|shares?|sharing|swaps?|trades?)$/;

/** Heads that name the form of a lesson or visit, not the subject: "yoga classes" sells yoga. */
export const FORM_HEADS = new Set("class classes lesson lessons session sessions course courses workshop workshops tour tours visit visits plan plans".split(" "));
/** Words for the place a thing is sold in: "a sourdough bakery" sells sourdough. */
export const PLACE_FORMS = new Set("bakery bakehouse cafe café shop store salon boutique bistro parlour parlor".split(" "));
/** General words that still name a product before a noun: "website builder", "app store". */
export const PRODUCT_MODIFIERS = new Set(["website", "web", "app", "site"]);

// ---------------------------------------------------------------- customers and place

export const AUDIENCE_CUT = /\s*(?:[,;:.()[\]–—]|\s-\s|\b(?:who|that|which|with|in|looking|seeking|wanting|needing|across|based|aged|ages|between|from|at|on|near|whose|where|like|such as|e\.g)\b)/i;
/** Words that cannot end a noun phrase (nor be cut after): function words, determiners, possessives. */
export const AUDIENCE_DANGLING = new Set(
  ("a an the and or nor but & + plus of for to in on at by from with without into onto about over under near via per than " +
    "as like such including who whom whose which that this these those their your our my his her its some any each every " +
    "all both either neither other another more most less many few much own very really just also not no etc " +
    "de du des del la le les et y und für der die das").split(" "),
);
export const AUDIENCE_CONJUNCTIONS = new Set("and or nor & + plus et y und".split(" "));
/** Prepositions the first cut (AUDIENCE_CUT) leaves in: a phrase may be cut before them. */
export const AUDIENCE_PREPOSITIONS = new Set(
  "for to over under about without into onto through during after before by than within outside inside around against beyond via per among including as".split(" "),
);
/** People named by their relation to something: "owners" alone, without "of ...", says nothing. */
export const RELATIONAL = new Set(
  ("owner owners manager managers head heads member members staff employee employees leader leaders director directors " +
    "operator operators administrator administrators lead leads officer officers chief chiefs partner partners").split(" "),
);
/** Adverbs that end a participle phrase ("professionals living abroad"). */
export const PHRASE_ADVERBS = new Set("abroad away overseas remotely online locally nearby alone together home offshore".split(" "));
export const IRREGULAR_PLURALS = new Set("people children women men folk folks staff".split(" "));

/**
 * Names of tools, platforms and products founders write after "in" ("runs in CI", "cost leaks in Terraform plans",
 * "works in Dentrix"): never a place, whatever compromise tags them.
 */
export const TOOL_NAMES = new Set(
  ("ci cd ci/cd github gitlab bitbucket actions terraform kubernetes k8s docker helm ansible pulumi aws azure gcp cloudflare vercel " +
    "netlify heroku linux windows macos ios android chrome firefox safari vscode vs code neovim vim emacs jira confluence trello asana " +
    "airtable zapier hubspot salesforce shopify woocommerce wordpress squarespace wix webflow stripe paypal quickbooks xero sage " +
    "freshbooks dentrix eaglesoft opendental open dental epic cerner excel word powerpoint outlook teams zoom discord telegram whatsapp " +
    "instagram tiktok facebook youtube twitter linkedin reddit postgres postgresql mysql sqlite mongodb redis kafka snowflake bigquery " +
    "tableau looker jupyter pandas django rails laravel node nodejs deno npm pip cargo homebrew brew unity unreal blender photoshop " +
    "illustrator lightroom canva sketch minecraft roblox fortnite steam twitch etsy ebay airbnb uber lyft doordash " +
    "section ai gpt chatgpt openai claude llm api sdk cli saas").split(" "),
);

export const FREE_NOT_A_PRICE = /\b(gluten|sugar|dairy|cruelty|hands|stress|plastic|waste|fee|tax|duty|carbon|alcohol|nut|lactose|caffeine|worry|hassle|paper|cash|contact|ad|risk|fragrance|meat|toxin|chemical)[- ]free\b/gi;

/**
 * Nouns of what is sold that the icon set has no icon named for, and the icons that draw them: pottery is
 * drawn as a bowl, not as a kids' balloon of the category.
 */
export const NOUN_MOTIFS: Record<string, string[]> = {
  pottery: ["bowl", "cup"], ceramic: ["bowl", "cup"], ceramics: ["bowl", "cup"], clay: ["bowl"], kiln: ["flame"],
  detergent: ["wash-machine", "bottle"], laundry: ["wash-machine", "shirt"], soap: ["droplet", "bottle"],
  bookkeeping: ["receipt", "calculator"], accounting: ["calculator", "receipt"], tax: ["receipt-tax", "calculator"], payroll: ["cash", "calculator"],
  cli: ["terminal-2", "terminal"], linter: ["terminal-2", "code"], library: ["code", "package"], sdk: ["code", "package"],
  sourdough: ["bread"], loaf: ["bread"], ramen: ["soup", "bowl-chopsticks"], tea: ["teapot", "cup"],
  camping: ["tent", "campfire"], hiking: ["mountain", "trekking"], wallet: ["wallet"], leather: ["wallet"],
};

/** Verbs of what a product does, beyond IDEA_VERBS: never a noun to draw. */
export const ACTION_VERBS = new Set("run work find give take keep save get fix check scan watch cut lint audit test flag alert catch spot cost".split(" "));

/** Founders describing themselves ("run by two ceramicists", "founded by a nurse"): not what is sold. */
/** Also how it is made or brought ("delivered by bike", "made by hand"): the means, not what is sold. */
export const FOUNDER_PHRASE = /\b(?:\p{L}+ed|run|led|taught|built|made|sold|sent|brought|done|driven|ridden|grown|known|written|kept)\s+by\s+(?:(?!(?:in|that|which|who|and|with|at|from|for|near|across|to)\b)[\p{L}\p{N}'’-]+\s*){1,4}/giu;

export const AUDIENCE_CHANNELS: Array<[RegExp, string[]]> = [
  [/\b(developers?|engineers?|programmers?|devs?|coders?)\b/i, ["GitHub", "Hacker News", "dev.to"]],
  [/\bremote\b|\bdistributed\b/i, ["LinkedIn", "Slack communities"]],
  [/\b(startups?|founders?|compan(y|ies)|businesses|b2b|managers?|hr|teams?|agencies|enterprises?)\b/i, ["LinkedIn"]],
  [/(?<!\b(?:dog|pet|cat|plant) )\b(parents?|moms?|mums?|dads?|families)\b/i, ["local parenting Facebook groups", "Instagram"]],
  [/\b(students?|teens?|teenagers?|gen z)\b/i, ["TikTok", "Instagram", "Discord servers"]],
  [/\b(gamers?|players?)\b/i, ["Discord servers", "Twitch", "Reddit gaming communities"]],
  [/\b(designers?)\b/i, ["Dribbble", "Behance"]],
  [/\b(freelancers?|creators?|indie hackers?|solopreneurs?)\b/i, ["LinkedIn", "Indie Hackers", "X (Twitter)"]],
  [/\b(seniors?|retirees?|older adults?|elderly)\b/i, ["local Facebook groups", "local newspapers"]],
];
