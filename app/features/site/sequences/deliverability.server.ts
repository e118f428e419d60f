import crypto from "node:crypto";
import { dkimOptions, fromAddress, senderDomain } from "./mail-config.server";

/**
 * The deliverability checklist for the sender's domain (MAIL_FROM's), as
 * text: the DNS records to publish. No network look-ups: what is published
 * is for the founder (or the admin) to check with their DNS host.
 */
export type CheckItem = { name: string; status: "set" | "todo" | "check"; record?: { host: string; type: "TXT"; value: string }; text: string };

export function deliverabilityChecklist(): { domain: string; from: string; items: CheckItem[] } {
  const domain = senderDomain();
  const dkim = dkimOptions();
  let dkimValue: string | null = null;
  if (dkim) {
    try {
      dkimValue = `v=DKIM1; k=rsa; p=${crypto.createPublicKey(dkim.privateKey).export({ type: "spki", format: "der" }).toString("base64")}`;
    } catch {
      dkimValue = null;
    }
  }
  return {
    domain,
    from: fromAddress(),
    items: [
      {
        name: "SPF",
        status: "check",
        record: { host: domain, type: "TXT", value: "v=spf1 include:<your SMTP provider's SPF domain> ~all" },
        text: `One SPF record on ${domain} naming the servers that send its mail (your SMTP provider documents its include).`,
      },
      dkim
        ? {
            name: "DKIM",
            status: dkimValue && dkim.domainName === domain ? "set" : "todo",
            record: dkimValue ? { host: `${dkim.keySelector}._domainkey.${dkim.domainName}`, type: "TXT", value: dkimValue } : undefined,
            text:
              dkim.domainName === domain
                ? `Mail is signed for ${domain} with selector ${dkim.keySelector}: publish the public key below.`
                : `Mail is signed for ${dkim.domainName}, but it is sent from ${domain}: DMARC needs the same domain (set DKIM_DOMAIN=${domain}).`,
          }
        : { name: "DKIM", status: "todo", text: `Mail is not signed by LaunchKit: set DKIM_DOMAIN=${domain}, DKIM_SELECTOR and DKIM_PRIVATE_KEY, or make sure your SMTP provider signs for ${domain}.` },
      {
        name: "DMARC",
        status: "check",
        record: { host: `_dmarc.${domain}`, type: "TXT", value: `v=DMARC1; p=none; rua=mailto:dmarc@${domain}` },
        text: "Gmail and Yahoo require a DMARC record from bulk senders: start with p=none, move to quarantine once reports show SPF and DKIM pass.",
      },
    ],
  };
}
