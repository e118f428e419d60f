/**
 * What LaunchKit understood of a business idea: what is sold, to
 * whom, where, and how it is paid for, with the business category of the
 * taxonomy (app/kit/understanding/taxonomy.ts) that drives the words,
 * motifs, sections, channels, hashtags, ad keywords and the deck's business
 * model. Made offline by `understandIdea` (app/kit/understanding/index.ts)
 * from the wizard answers; the openai provider gets it as context and its
 * structured answers may refine it. Plain data: stored in the brand asset.
 */

/** How the business is paid for. */
export type PaymentModel =
  | "subscription"
  | "one-off"
  | "free"
  | "open-source"
  | "local-service"
  | "booking"
  | "marketplace"
  | "freemium";

/** Landing page sections a category may ask for beyond the common ones. */
export type CategorySection =
  | "service-area"
  | "prices"
  | "booking"
  | "install"
  | "repository"
  | "in-the-box"
  | "origin"
  | "menu"
  | "schedule"
  | "portfolio";

/** What is sold and how it reaches the customer: drives the words ("ship", "book", "install") and the lead form. */
export type BusinessModel =
  | "shipped-product"
  | "subscription-delivered"
  | "local-service"
  | "class-or-event"
  | "b2b-service"
  | "software"
  | "developer-tool"
  | "marketplace";

/** A price the founder gave, never one LaunchKit made up. */
export type Price = {
  /** The founder's own words for it: "$650/month", "€295 a week", "$29/org". */
  text: string;
  /** The number as written, without the currency: "650", "29", "295", "12.50". */
  amount: string;
  /** ISO 4217: "USD", "EUR", "GBP". */
  currency: string;
  /** What one payment covers, when given. */
  period: "hour" | "day" | "week" | "month" | "year" | "session" | "one-off" | null;
  /** Per what, when given: "org", "child", "user", "seat". */
  per: string | null;
  /** What this price is for, when the idea has several: "cloud tier". */
  label: string | null;
};

/** For developer tools: the ecosystem the founder named, never guessed from the category alone. */
export type Ecosystem = {
  /** "Go", "Python", "Rust", "JavaScript", "Ruby"... */
  language: string;
  /** The install command of that ecosystem: "go install github.com/acme/tool@latest", "pip install tool", "cargo install tool", "npm install -g tool", "brew install tool". */
  install: string | null;
  /** The repository URL or owner/name, when given. */
  repository: string | null;
  /** The founder named Homebrew: `brew install <name>` is how their users install it. */
  homebrew?: boolean;
};

export type Understanding = {
  /** A taxonomy id, such as "food-subscription", "pet-services", "developer-tool". */
  category: string;
  /** The category as a founder would say it: "coffee subscription", "pet grooming". */
  categoryLabel: string;
  /** The noun phrase of what is sold, from the idea: "coffee subscription box". */
  product: string;
  /** One real word of the idea (or of its category) that names it, for taglines, bios and ads: "coffee". */
  productWord: string;
  /** Who buys it, as a short phrase: "remote teams". */
  customers: string;
  /** The place served, when the idea or the market names one: "Austin". */
  place: string | null;
  payment: PaymentModel;
  /** Real words of the idea and of its category, most telling first (for keywords and ads). */
  keywords: string[];
  /** Hashtags (without #), each made of real words of the idea or its category. */
  hashtags: string[];
  /** Icon names of the motif set (@tabler/icons outline names, e.g. "coffee", "dog", "code") that fit, best first. */
  motifs: string[];
  /** Where these customers can be reached: "Slack communities", "Nextdoor", "GitHub"... */
  channels: string[];
  /** Extra landing sections the category calls for. */
  sections: CategorySection[];
  /*
   * The founder's facts, shown in the wizard's last step and editable there and later in the
   * workspace. Optional: understandings stored before these fields existed still read.
   */
  /** What is sold and how it reaches the customer. */
  model?: BusinessModel;
  /** Every price the founder gave, in their currency; empty when none was given (then none is shown). */
  prices?: Price[];
  /** The area served beyond `place`, in the founder's words: "Arroios and Graça", "all of Ohio". */
  serviceArea?: string | null;
  /** Ages or sizes where given, in the founder's words: "8–12", "sizes 36–46". */
  ages?: string | null;
  /** Three to five facts in the founder's own words ("uses Dentrix", "groups of 8"). */
  facts?: string[];
  /** What sets it apart, in the founder's words, when given. */
  differentiator?: string | null;
  /** For developer tools: language, install command, repository. */
  ecosystem?: Ecosystem | null;
};

/** A business category of the taxonomy (taxonomy.ts, categories.data.ts): what an idea that uses its trigger words borrows from it. */
export type BusinessCategory = {
  id: string;
  label: string;
  triggers: Readonly<Record<string, number>>;
  /** The category's own product words, most telling first: keywords, and the product word when the idea gives none. */
  words: readonly string[];
  /** Who usually buys, when neither the audience nor the idea says. */
  customers: string;
  motifs: readonly string[];
  channels: readonly string[];
  sections: readonly CategorySection[];
  payment: PaymentModel;
  /** Words of the idea that mean another payment model in this category ("membership" at a gym...). */
  paymentCues?: Readonly<Record<string, PaymentModel>>;
  /** Hashtags of the category (CamelCase, real words). */
  hashtags: readonly string[];
  /** Served in person in one place: local channels and a service area when a place is known. */
  local?: boolean;
  /** Place hashtags: an idea word → the plural that follows the place (#AustinDogs); else the product word. */
  placeNouns?: Readonly<Record<string, string>>;
  /** Channels some words of the idea call for (a podcast → Apple Podcasts, Spotify). */
  channelCues?: Readonly<Record<string, readonly string[]>>;
};
