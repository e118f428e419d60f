/**
 * The offline landing page's wordings (builtin.ts picks among them): per
 * payment model where the business changes what is true (a visit, a
 * delivery, a repository), per goal where the form does, and several
 * wordings of every slot, so two businesses rarely read alike. Every text
 * names this business's own words (its product, customers, place) and states
 * nothing the founder did not say: no prices, no numbers, no policies.
 */

export type { Ctx, Item, Faq } from "./pools-context";
export type { CopyPool as Pool } from "../launch-copy";
export { HERO_HEADLINES, HERO_PROMISE, BENEFITS, BENEFIT_HEADINGS, HOW_HEADINGS, STEPS } from "./pools-offer";
export { PROOF_TOPICS, QUOTES, ASKERS, PROOF_DETAIL, PROOF_HEADINGS, FAQ_HEADINGS, MODEL_FAQ, SECTION_FAQ, AFTER_SIGNUP, PRIVACY, ASK, WHAT_IS, HERO_IS, WHO_FOR, FINAL_HEADLINE, CTA_BODY } from "./pools-proof-faq";
