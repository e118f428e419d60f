/**
 * What LaunchKit understood of a business idea (issue 28): what is sold, to
 * whom, where, and how it is paid for, with the business category of the
 * taxonomy (app/kits/understanding/taxonomy.ts) that drives the words,
 * motifs, sections, channels, hashtags, ad keywords and the deck's business
 * model. Made offline by `understandIdea` (app/kits/understanding/index.ts)
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
};
