import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/config.server";

export type Mail = { to: string; subject: string; text: string; html: string };

let transporter: Transporter | undefined;

/**
 * SMTP_URL when set. Otherwise each message is written to <data dir>/outbox/
 * as an .eml file, so a self-hoster without SMTP can still read reset links.
 */
function getTransporter(): Transporter {
  const { mail } = getConfig();
  transporter ??= mail.smtpUrl
    ? nodemailer.createTransport(mail.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export async function sendMail(message: Mail) {
  const config = getConfig();
  const info = await getTransporter().sendMail({ from: config.mail.from, ...message });
  if (!config.mail.smtpUrl) {
    const outbox = path.join(config.dataDir, "outbox");
    // A message may hold a live reset link: readable by the app's user only.
    fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(3).toString("hex")}.eml`);
    fs.writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    return { outboxFile: file };
  }
  return {};
}
