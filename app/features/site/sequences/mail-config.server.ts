import { dkimSettings, getConfig, setting } from "~/platform/config.server";

/** The address part of MAIL_FROM ("LaunchKit <hello@example.com>" → hello@example.com). */
export function fromAddress(): string {
  const from = getConfig().mail.from ?? "";
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim() || "noreply@localhost";
}

/** The sender's domain: Message-IDs, and the deliverability checklist's SPF, DKIM and DMARC records. */
export function senderDomain(): string {
  return fromAddress().split("@")[1]?.toLowerCase() || "localhost";
}

/** MAIL_RATE_PER_MINUTE: sequence e-mails one instance sends per minute (default 60). */
export function ratePerMinute(): number {
  return setting("MAIL_RATE_PER_MINUTE");
}

export type Dkim = { domainName: string; keySelector: string; privateKey: string };
/** DKIM signing when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are all set (the key's PEM, "\n" escapes allowed). */
export function dkimOptions(): Dkim | null {
  return dkimSettings();
}
