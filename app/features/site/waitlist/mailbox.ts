import disposableDomains from "disposable-email-domains";
import providers from "./mailbox-providers.json";

/**
 * One mailbox, one value: the variants of an address its provider delivers
 * to the same inbox (Gmail's dots, "+tag" where the provider drops it) are
 * written the same, so two sign-ups of one person count once. The provider
 * list is data (mailbox-providers.json): a provider not in it keeps its
 * address as typed, since elsewhere "a.b" and "ab" may be two people.
 */
const dotsAndPlus = new Set<string>(providers.dotsAndPlus);
const plusOnly = new Set<string>(providers.plus);
const aliases = new Map<string, string>(Object.entries(providers.aliases));

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  domain = aliases.get(domain) ?? domain;
  if (dotsAndPlus.has(domain) || plusOnly.has(domain)) {
    const plus = local.indexOf("+");
    if (plus > 0) local = local.slice(0, plus);
  }
  if (dotsAndPlus.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** The maintained list of throwaway-address domains (the disposable-email-domains package), a subdomain of one included. */
const disposable = new Set<string>(disposableDomains);

export function isDisposable(email: string): boolean {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join("."))) return true;
  return false;
}
