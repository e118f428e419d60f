/**
 * The headers bulk senders must carry (Gmail and Yahoo since 2024, RFC 8058):
 * List-Unsubscribe with an https URL (an opaque per-lead token) and
 * List-Unsubscribe-Post for one-click. Each value is one line: nodemailer is
 * told to keep it as it is (`prepared`), so it is never folded.
 */

export const ONE_CLICK = "List-Unsubscribe=One-Click";

export function unsubscribeUrl(origin: string, token: string) {
  return `${origin}/e/u/${token}`;
}

export function listHeaders(unsubscribe: string): Record<string, { prepared: true; value: string }> {
  if (!/^https?:\/\/[^\s<>]+$/.test(unsubscribe)) throw new Error("An unsubscribe URL has no spaces or angle brackets.");
  return {
    "List-Unsubscribe": { prepared: true, value: `<${unsubscribe}>` },
    "List-Unsubscribe-Post": { prepared: true, value: ONE_CLICK },
  };
}

/** A Message-ID that depends only on the lead and the e-mail (key), so a resend after a crash carries the same one. */
export function messageIdFor(leadId: string, key: string, domain: string) {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "-");
  return `<seq.${safe(leadId)}.${safe(key)}@${domain}>`;
}
