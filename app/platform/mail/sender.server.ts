import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/platform/config.server";
import { logError } from "~/platform/log.server";
import { anyDue, claimMessage, giveUp, LEASE_MS, markSent, nextDueAt, outboxHeadersOf, pendingCount, pruneOutbox, releaseBackoffs, retryLater, type OutboxRow } from "./outbox.server";

/**
 * The outbox's sender (docs/decisions/024-mail-outbox.md). Every instance
 * runs one: it claims due messages (any instance's), delivers them with
 * SMTP_URL, or without it writes them to <data dir>/outbox/ as .eml files,
 * and records the outcome.
 *
 * - Connection errors, timeouts and 4xx replies: tried again after a
 *   backoff (5 s, doubling, at most 15 min), for up to 3 days. When the
 *   server takes a message after being unreachable, the messages waiting
 *   for it are due at once.
 * - A 5xx reply: given up at once, the reason logged and kept in the row.
 * - Delivered but not recorded (the database or the process went away in
 *   between): the lease runs out and the message goes again, with the same
 *   Message-ID. At least once, never silently lost.
 */

const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
const CONCURRENCY = 4;
/** Longest sleep between two looks at the table (messages another instance left, retries falling due). */
const IDLE_MS = 10_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
const KEEP_RECORDS_MS = 7 * 24 * 60 * 60_000;

const state = {
  /** The running loop's own flag: a loop told to stop never runs on, even if a new one starts. */
  current: null as { stopping: boolean } | null,
  claiming: false,
  inFlight: new Map<string, Promise<void>>(),
  wake: null as (() => void) | null,
  loop: null as Promise<void> | null,
  lastPrune: 0,
  /** The last failure logged for the loop itself (the database down), so an outage is one line, not one a second. */
  loopError: "",
  /** A delivery failed to reach the server since the last success: the next success releases the backoffs. */
  unreachable: false,
};

let transport: { key: string; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const { smtpUrl } = getConfig().mail;
  const key = smtpUrl ?? "";
  if (transport?.key !== key) {
    transport = {
      key,
      transporter: smtpUrl
        ? nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    };
  }
  return transport.transporter;
}

/** Where a message goes without SMTP_URL: named from its row, so a second delivery writes the same file. */
export function outboxFileOf(row: Pick<OutboxRow, "id" | "createdAt">) {
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
  return path.join(getConfig().dataDir, "outbox", `${stamp}-${row.id.replace(/-/g, "").slice(0, 12)}.eml`);
}

/** The delay before attempt `attempts + 1`: 5 s, 10 s, 20 s… up to 15 min, give or take a tenth. */
export function retryDelay(attempts: number) {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** `replied`: the server answered (a 4xx or 5xx); otherwise it was never reached (no connection, a timeout). */
type Outcome = { sent: true } | { sent: false; permanent: boolean; replied: boolean; reason: string };

/** 5xx is a refusal that will not change; everything else (no connection, timeouts, 4xx) may pass later. */
export function classify(error: unknown): Outcome {
  const e = error as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown };
  const code = typeof e?.responseCode === "number" ? e.responseCode : undefined;
  // The server's reply starts with its code; without one, the error's code and message (ESOCKET connect ECONNREFUSED …).
  const reason = (typeof e?.response === "string" ? e.response : [typeof e?.code === "string" ? e.code : undefined, String(e?.message ?? error)].filter(Boolean).join(" ")).replace(/\s+/g, " ").trim();
  return { sent: false, permanent: code !== undefined && code >= 500, replied: code !== undefined, reason };
}

async function attempt(row: OutboxRow): Promise<Outcome> {
  try {
    const info = await transporter().sendMail({
      ...(await outboxHeadersOf(row)),
      messageId: row.messageId,
      date: row.createdAt,
      from: row.fromAddress,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    if (!getConfig().mail.smtpUrl) {
      const file = outboxFileOf(row);
      // A message may hold a live reset link: readable by the app's user only.
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    }
    return { sent: true };
  } catch (error) {
    return classify(error);
  }
}

/** Writes the outcome; while the database is away, tries again until shortly before the lease ends. */
async function record(row: OutboxRow, outcome: Outcome, claimedAt: number) {
  const deadline = claimedAt + LEASE_MS - 15_000;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      if (outcome.sent) {
        await markSent(row.id, WORKER_ID);
        if (state.unreachable) {
          // The server is back: what waited for it goes now.
          state.unreachable = false;
          if ((await releaseBackoffs()) > 0) wakeUp();
        }
      } else if (outcome.permanent) {
        if (await giveUp(row.id, WORKER_ID, outcome.reason)) logError("mail given up: the server refused it", undefined, { messageId: row.messageId, reason: outcome.reason });
      } else if (Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
        if (await giveUp(row.id, WORKER_ID, `undelivered for 3 days: ${outcome.reason}`)) logError("mail given up after 3 days of failed attempts", undefined, { messageId: row.messageId, reason: outcome.reason });
      } else {
        if (!outcome.replied) state.unreachable = true;
        const delay = retryDelay(row.attempts);
        await retryLater(row.id, WORKER_ID, outcome.reason, delay);
        console.warn(`Mail ${row.messageId} not delivered (attempt ${row.attempts}: ${outcome.reason}); trying again in ${Math.round(delay / 1000)} s.`);
      }
      return;
    } catch (error) {
      if (Date.now() + wait > deadline) {
        // The lease will run out and the message go again, with the same Message-ID.
        logError("mail outcome not recorded", error, { messageId: row.messageId, sent: outcome.sent });
        return;
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

function deliver(row: OutboxRow) {
  const claimedAt = Date.now();
  const done = (async () => {
    try {
      await record(row, await attempt(row), claimedAt);
    } catch (error) {
      logError("mail delivery failed", error, { messageId: row.messageId });
    } finally {
      state.inFlight.delete(row.id);
      wakeUp();
    }
  })();
  state.inFlight.set(row.id, done);
}

function wakeUp() {
  const wake = state.wake;
  state.wake = null;
  wake?.();
}

function loopFailed(what: string, error: unknown) {
  const key = `${what}: ${error instanceof Error ? error.message : String(error)}`;
  if (key !== state.loopError) logError(`mail outbox: ${what}`, error);
  state.loopError = key;
}

async function idleDelay() {
  try {
    const at = await nextDueAt();
    if (Date.now() - state.lastPrune > 60 * 60_000) {
      state.lastPrune = Date.now();
      await pruneOutbox(KEEP_RECORDS_MS);
    }
    return at ? Math.min(IDLE_MS, Math.max(100, at.getTime() - Date.now() + 50)) : IDLE_MS;
  } catch (error) {
    loopFailed("reading the outbox failed", error);
    return 1_000;
  }
}

async function run(self: { stopping: boolean }) {
  while (!self.stopping) {
    let row: OutboxRow | null = null;
    let delay = 0;
    if (state.inFlight.size < CONCURRENCY) {
      state.claiming = true;
      try {
        row = await claimMessage(WORKER_ID);
        state.loopError = "";
      } catch (error) {
        // The database is away (restarting): the loop carries on and looks again shortly.
        loopFailed("claiming a message failed", error);
        delay = 1_000;
      }
      if (row) deliver(row);
      state.claiming = false;
      if (row) continue;
      if (!delay) delay = await idleDelay();
    } else {
      delay = IDLE_MS; // woken as soon as a delivery ends
    }
    if (self.stopping) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      timer.unref?.();
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** Starts this process's sender (idempotent); a message just written wakes it. */
export function startOutbox() {
  if (!state.current) {
    const self = { stopping: false };
    state.current = self;
    state.loop = run(self).catch((error) => {
      logError("mail outbox stopped", error);
      if (state.current === self) state.current = null; // the next message starts a new one
    });
  }
  wakeUp();
}

/**
 * Stops the sender. Deliveries under way get `graceMs` (all the time they
 * need by default); one still going after that keeps its lease, so it goes
 * again later from whichever instance claims it.
 */
export async function stopOutbox(graceMs = Infinity) {
  const self = state.current;
  if (!self) return;
  self.stopping = true;
  state.current = null;
  wakeUp();
  const all = Promise.all([state.loop, ...state.inFlight.values()]);
  state.loop = null;
  if (Number.isFinite(graceMs)) await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref?.())]);
  else await all;
}

/**
 * Delivers every message due now and waits for the outcome (tests, and
 * scripts that must not exit with mail waiting). Messages waiting for a
 * retry stay where they are.
 */
export async function drainOutbox(timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  startOutbox();
  for (;;) {
    if (state.inFlight.size > 0) {
      await Promise.all(state.inFlight.values());
      continue;
    }
    if (!state.claiming && !(await anyDue()) && state.inFlight.size === 0 && !state.claiming) return;
    if (Date.now() > until) throw new Error(`mail still due after ${timeoutMs} ms`);
    wakeUp();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What /healthz reports about mail: is this instance's sender running, and how many messages wait (any instance's). */
export async function outboxHealth() {
  return { sender: state.current !== null, waiting: await pendingCount() };
}
