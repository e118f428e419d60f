import type { FactsLike } from "~/features/monthly/review";
import type { ReviewBusiness } from "~/features/monthly/review-writer.server";

/** The monthly review's test fixtures: one month of a coffee subscription's facts, and the business they are about. */

export const D = (iso: string) => new Date(iso);

/** October 2026: 1,204 visitors, 36 leads, two sources, no experiment; `over` replaces any of it. */
export function monthFacts(over: Partial<FactsLike> = {}): FactsLike {
  return {
    from: D("2026-10-01T00:00:00Z"),
    to: D("2026-11-01T00:00:00Z"),
    visitors: 1204,
    pageviews: 1530,
    leads: 36,
    conversionRate: 36 / 1204,
    previous: { visitors: 800, leads: 12 },
    topSources: [
      { source: "news.ycombinator.com", visitors: 700, leads: 20 },
      { source: "Direct / none", visitors: 300, leads: 10 },
    ],
    experiments: [],
    competitorChanges: [],
    emails: { sent: 48, subscribers: 30, unsubscribed: 2 },
    ...over,
  };
}

export const brewCrew: ReviewBusiness = {
  name: "Brew Crew",
  what: "coffee subscription",
  product: "coffee subscription box",
  customers: "remote teams",
  place: null,
  channels: ["Slack communities", "LinkedIn", "Product Hunt"],
  payment: "subscription",
  goal: "waitlist",
};
