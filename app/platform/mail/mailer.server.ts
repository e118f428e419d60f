import { getConfig } from "~/platform/config.server";
import { addToOutbox } from "./outbox.server";
import { outboxFileOf, startOutbox } from "./sender.server";

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Queues a message in the outbox (a table in the app's database) and wakes
 * this instance's sender, which delivers it within moments: with SMTP_URL
 * through that server, retried while the server is unreachable; without it
 * as an .eml file in <data dir>/outbox/ (`outboxFile`, where it will be), so
 * a self-hoster without SMTP can still read reset links. Resolves once the
 * message is stored, not when it is delivered; see
 * docs/decisions/024-mail-outbox.md.
 */
export async function sendMail(message: Mail): Promise<{ messageId: string; outboxFile?: string }> {
  const config = getConfig();
  const row = await addToOutbox({ from: config.mail.from, ...message });
  startOutbox();
  return { messageId: row.messageId, ...(config.mail.smtpUrl ? {} : { outboxFile: outboxFileOf(row) }) };
}

export { drainOutbox } from "./sender.server";
