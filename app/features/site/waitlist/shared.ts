import type { WaitlistReward } from "~/platform/db/schema";

/**
 * What the Waitlist section, the public pages and the server share about a
 * page's referral waitlist (client-safe: no *.server.ts import).
 */

export type WaitlistSettings = { enabled: boolean; placesPerReferral: number; referralsPerAddress: number; rewards: WaitlistReward[] };

export const DEFAULT_PLACES_PER_REFERRAL = 5;
/** Enough for a household or an office sharing one address; too few for one machine to farm a referrer up the line. */
export const DEFAULT_REFERRALS_PER_ADDRESS = 3;
export const MAX_REWARDS = 3;

export const NOT_COUNTED_REASONS = ["unknown-referrer", "own-address", "disposable", "same-visitor", "same-mailbox", "address-limit"] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** Why a referral did not count, as the founder reads it. */
export const REASON_LABELS: Record<NotCountedReason, string> = {
  "unknown-referrer": "the referral link belongs to nobody on this list.",
  "own-address": "it is the referrer's own address (or a variant of it).",
  disposable: "it is a throwaway e-mail address.",
  "same-visitor": "it was signed up from the referrer's own browser the same day.",
  "same-mailbox": "another spelling of an address already on the list (dots or a +tag the provider ignores).",
  "address-limit": "too many referred sign-ups from one network address that day.",
};

/** Plain share links: no script of theirs runs on the page, and nothing is sent to them until the lead clicks. */
export function shareLinks(link: string, name: string): Array<{ label: string; href: string }> {
  const text = `I joined the waitlist for ${name}. Join with my link:`;
  const e = encodeURIComponent;
  return [
    { label: "Share on X", href: `https://x.com/intent/post?text=${e(text)}&url=${e(link)}` },
    { label: "Share on LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(link)}` },
    { label: "Share on WhatsApp", href: `https://wa.me/?text=${e(`${text} ${link}`)}` },
    { label: "Share by e-mail", href: `mailto:?subject=${e(`Join the ${name} waitlist`)}&body=${e(`${text} ${link}`)}` },
  ];
}

/** "J. D." from a name, else the first letter of the address: what a public leaderboard may show. */
export function initials(name: string | null, email: string): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length) return words.slice(0, 2).map((w) => `${w[0]!.toUpperCase()}.`).join(" ");
  return `${(email[0] ?? "?").toUpperCase()}.`;
}

export const rewardText = (r: WaitlistReward) => `${r.referrals} ${r.referrals === 1 ? "referral" : "referrals"}: ${r.label}`;

/** The line under a waitlist page's form: how a place is earned, and the rewards. */
export function waitlistNote(rewards: WaitlistReward[]): string {
  const base = "Confirm your address to get your place in line and a personal link: each friend who joins with it and confirms moves you up.";
  return rewards.length ? `${base} Rewards: ${rewards.map(rewardText).join(" · ")}.` : base;
}
