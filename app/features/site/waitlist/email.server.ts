import { canonicalAddress } from "~/kit/assets/landing/seo.server";
import type { EmailParts } from "~/features/site/sequences/render";
import { rewardText, shareLinks } from "./shared";
import { entryOfLead, referralLink, statusOfEntry, statusToken, waitlistOn, type LeadStatus } from "./waitlist.server";

/**
 * The waitlist's words in a lead's e-mails: the block each sequence e-mail
 * carries once the lead is in line (place, personal link, plain share links,
 * the next reward), and the reward and invitation e-mails the sequence
 * sender delivers. Links go to the page's trusted address only.
 */

async function linksOf(status: LeadStatus, origin: string) {
  const page = await canonicalAddress(status.kitId);
  return { referral: page ? referralLink(page, status.code) : null, status: `${origin}/w/${await statusToken(status.code)}` };
}

function placeBlock(status: LeadStatus, links: { referral: string | null; status: string }, name: string): string {
  const lines = [`## Your place in line: ${status.place} of ${status.of}`];
  if (links.referral) {
    lines.push("", `Each friend who joins with your link and confirms their address moves you up. Your link: ${links.referral}`);
    lines.push("", shareLinks(links.referral, name).map((l) => `[${l.label}](${l.href})`).join(" · "));
  }
  if (status.next) lines.push("", `Next reward: ${rewardText(status.next)} (you have ${status.referrals}).`);
  lines.push("", `[See your place and referrals](${links.status})`);
  return lines.join("\n");
}

/** The block added to a sequence e-mail of a lead in line, or "" (no waitlist, not confirmed, disqualified). */
export async function waitlistBlock(leadId: string, origin: string, name: string): Promise<string> {
  const entry = await entryOfLead(leadId);
  if (!entry?.confirmedAt || entry.disqualifiedAt || !(await waitlistOn(entry.kitId))) return "";
  const status = await statusOfEntry(entry);
  if (status.place === null) return "";
  return placeBlock(status, await linksOf(status, origin), name);
}

/** A reward or invitation e-mail (`waitlist-reward:<referrals>`, `waitlist-invite`), or null when it no longer applies. */
export async function waitlistEmail(leadId: string, key: string, origin: string, name: string): Promise<EmailParts | null> {
  const entry = await entryOfLead(leadId);
  if (!entry?.confirmedAt || entry.disqualifiedAt) return null;
  const status = await statusOfEntry(entry);
  const links = await linksOf(status, origin);
  if (key === "waitlist-invite") {
    return {
      subject: `It's your turn: ${name} is ready for you`,
      preview: "You reached the front of the waitlist.",
      body: [`You reached the front of the ${name} waitlist, and your place is ready.`, "", "Reply to this e-mail if you have any question: it reaches us."].join("\n"),
    };
  }
  const referrals = Number(key.split(":")[1]);
  const reward = status.rewards.find((r) => r.referrals === referrals);
  if (!reward) return null;
  return {
    subject: `You earned a reward: ${reward.label}`,
    preview: `${referrals} friends joined with your link.`,
    body: [`${rewardText(reward)}. Thank you for spreading the word about ${name}: we will be in touch about your reward.`, "", status.place !== null ? placeBlock(status, links, name) : ""].join("\n"),
  };
}
