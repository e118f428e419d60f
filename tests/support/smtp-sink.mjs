// A real SMTP server on loopback (smtp-server) that keeps every message it
// receives as a JSON file in a directory, so tests can read the e-mail and
// follow its links.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** @param {{ dir: string }} options */
export async function startSmtpSink({ dir }) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${++count}.json`);
        fs.writeFileSync(file, JSON.stringify({ to, from: session.envelope.mailFrom && session.envelope.mailFrom.address, raw }));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = /** @type {import("node:net").AddressInfo} */ (server.server.address()).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** Decodes quoted-printable bodies enough to read links. */
export function decodeMail(raw) {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}
