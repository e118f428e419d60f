import type { BusinessWords } from "../launch-copy";

/** What every wording of the offline landing page is given: the business's own words, its name, where and the goal. */
export type Ctx = BusinessWords & {
  name: string;
  /** " in Austin" or "". */
  where: string;
  /** The goal inside a sentence: "join the waitlist". */
  action: string;
};

export type Item = { title: string; body: string };
export type Faq = { question: string; answer: string };

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
