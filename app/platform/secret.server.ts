import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/platform/config.server";

let secret: string | undefined;

/**
 * SESSION_SECRET when set; otherwise a random secret generated on first start
 * and kept in the data directory, so a fresh install needs no configuration
 * and sessions survive restarts.
 */
export function getSessionSecret(): string {
  if (secret) return secret;
  const config = getConfig();
  if (config.sessionSecret) return (secret = config.sessionSecret);
  const file = path.join(config.dataDir, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  } catch {
    // not generated yet
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** Forgets this process's copy (tests that rotate SESSION_SECRET; the next call reads the configuration again). */
export function forgetSessionSecretForTests() {
  secret = undefined;
}
