import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { dialect, first, getDb, pgPool } from "~/platform/db/client.server";
import { launchKits, type AssetStatus, type LaunchKit } from "~/platform/db/schema";
import { logError } from "~/platform/log.server";
import { applyInvalidation, setInvalidationRelay, type Invalidation } from "~/platform/render/page-cache.server";

/** The state of one asset, as the kit's stream reports it. */
export type AssetState = { status: AssetStatus; version: number; error: string | null };

/** What a client needs to draw a kit's generation at any moment. */
export type KitSnapshot = {
  status: LaunchKit["status"];
  progress: number;
  statusText: string;
  prompt: string;
  logoUrl: string | null;
  error: string | null;
  done: boolean;
  /** Every asset row of the kit by kind. */
  assets: Record<string, AssetState>;
};

export type KitEvent =
  | { type: "progress"; progress: number; statusText: string; status: LaunchKit["status"] }
  | { type: "prompt"; delta: string }
  | { type: "prompt-final"; prompt: string }
  | { type: "logo"; url: string }
  | { type: "asset"; kind: string; status: AssetStatus; version: number; error: string | null }
  | { type: "complete" }
  | { type: "error"; message: string };

type Listener = (event: KitEvent, seq: number) => void;

/**
 * `live` is what only exists while the core generation runs (the prompt as it
 * streams, the status text); the rows are the durable state for the rest.
 */
type Channel = {
  live: Omit<KitSnapshot, "assets"> | null;
  /** The live state was opened by another instance (heard through the relay), not by a generation running here. */
  remote?: boolean;
  listeners: Set<Listener>;
  seq: number;
  expiry?: ReturnType<typeof setTimeout>;
};

/**
 * The event bus: one channel per kit that is being generated or has a
 * listener. It fans events out to this process's SSE streams; on PostgreSQL
 * every event also goes to the other instances through NOTIFY (see the relay
 * below), so a stream held by any instance gets every event of its kit.
 */
const channels = new Map<string, Channel>();
const closers = new Set<(hint: string) => void>();

function channel(kitId: string): Channel {
  let c = channels.get(kitId);
  if (!c) {
    c = { live: null, listeners: new Set(), seq: 0 };
    channels.set(kitId, c);
  }
  return c;
}

/** A core generation starts: its live state begins with `initial`. */
export function openChannel(kitId: string, initial: Omit<KitSnapshot, "assets">) {
  openLocal(kitId, initial);
  relay({ t: "open", k: kitId, d: initial });
}

function openLocal(kitId: string, initial: Omit<KitSnapshot, "assets">, remote = false) {
  const c = channel(kitId);
  if (c.expiry) clearTimeout(c.expiry);
  c.expiry = undefined;
  c.live = initial;
  c.remote = remote;
}

function apply(s: Omit<KitSnapshot, "assets">, e: KitEvent): Omit<KitSnapshot, "assets"> {
  switch (e.type) {
    case "progress":
      return { ...s, progress: e.progress, statusText: e.statusText, status: e.status };
    case "prompt":
      return { ...s, prompt: s.prompt + e.delta };
    case "prompt-final":
      return { ...s, prompt: e.prompt };
    case "logo":
      return { ...s, logoUrl: e.url };
    case "asset":
      return s;
    case "complete":
      return { ...s, done: true, status: "completed", progress: 100 };
    case "error":
      return { ...s, done: true, error: e.message, progress: 0, statusText: "", status: "draft" };
  }
}

function release(kitId: string, c: Channel) {
  if (!c.live && c.listeners.size === 0 && channels.get(kitId) === c) channels.delete(kitId);
}

export function publish(kitId: string, event: KitEvent) {
  publishLocal(kitId, event);
  relay({ t: "event", k: kitId, d: event });
}

function publishLocal(kitId: string, event: KitEvent) {
  const c = channels.get(kitId);
  if (!c) return;
  if (c.live) c.live = apply(c.live, event);
  c.seq += 1;
  for (const listener of c.listeners) listener(event, c.seq);
  if (c.live && (event.type === "complete" || event.type === "error")) {
    // Keep the final state a little while for late joiners, then free it.
    if (c.expiry) clearTimeout(c.expiry);
    c.expiry = setTimeout(() => {
      c.live = null;
      c.expiry = undefined;
      release(kitId, c);
    }, 60_000);
    c.expiry.unref?.();
  }
}

export function liveSnapshot(kitId: string): { snapshot: Omit<KitSnapshot, "assets">; seq: number } | null {
  const c = channels.get(kitId);
  return c?.live ? { snapshot: c.live, seq: c.seq } : null;
}

export function subscribe(kitId: string, listener: Listener): () => void {
  const c = channel(kitId);
  c.listeners.add(listener);
  return () => {
    c.listeners.delete(listener);
    release(kitId, c);
  };
}

/** Set once the process is shutting down: a stream that registers after that is closed at once. */
let shuttingDown = false;

const SHUTDOWN_HINT = "this instance is shutting down, reconnect";

/**
 * SSE streams register a closer so a graceful shutdown (or a relay that lost
 * events) can end them; `hint` is the comment sent before the stream ends.
 */
export function registerStream(close: (hint: string) => void) {
  if (shuttingDown) {
    // It was still reading its snapshot when the shutdown closed the others.
    close(SHUTDOWN_HINT);
    return () => false;
  }
  closers.add(close);
  return () => closers.delete(close);
}

export function closeAllStreams() {
  shuttingDown = true;
  for (const close of [...closers]) close(SHUTDOWN_HINT);
  closers.clear();
}

/**
 * The relay was away (the database restarted): the other instances' events
 * of that time never arrived. The live states heard from them are dropped
 * (the rows are the truth now) and every stream held here is closed with a
 * reconnect hint, so it comes back with a fresh snapshot.
 */
function resyncAfterRelayLoss() {
  for (const [kitId, c] of channels) {
    if (!c.remote || !c.live) continue;
    if (c.expiry) clearTimeout(c.expiry);
    c.expiry = undefined;
    c.live = null;
    release(kitId, c);
  }
  for (const close of [...closers]) close("events may have been missed here, reconnect for a fresh snapshot");
}

// ---- The relay between instances (PostgreSQL LISTEN/NOTIFY) ------------------

const RELAY_CHANNEL = "launchkit_events";
/** NOTIFY payloads must stay under 8000 bytes: a larger event travels as a reference to the row. */
const MAX_PAYLOAD = 7000;
const ORIGIN = crypto.randomBytes(4).toString("hex");

type Envelope =
  | { t: "open"; k: string; d: Omit<KitSnapshot, "assets">; o?: string }
  | { t: "event"; k: string; d: KitEvent; o?: string }
  | { t: "stop"; k: string; d: { message: string }; o?: string }
  | { t: "cache"; k: string; d: Invalidation; o?: string };

const relayState = {
  publisher: null as Promise<pg.PoolClient> | null,
  sending: Promise.resolve() as Promise<unknown>,
  listener: null as pg.PoolClient | null,
  receiving: Promise.resolve() as Promise<unknown>,
  stopHandlers: new Set<(kitId: string, message: string) => void>(),
  /** Between startEventRelay() and stopEventRelay(): a lost connection is listened again. */
  wanted: false,
  /** Sending failed and has not worked since (the failure was logged). */
  failing: false,
};

function relay(envelope: Envelope) {
  if (dialect() !== "postgres") return;
  let payload = JSON.stringify({ ...envelope, o: ORIGIN });
  if (payload.length > MAX_PAYLOAD && envelope.t === "event" && envelope.d.type === "prompt-final") {
    // The full prompt is in the kit row by now: the other instances read it there.
    payload = JSON.stringify({ t: "event", k: envelope.k, d: { type: "prompt-final", prompt: null }, o: ORIGIN });
  }
  if (payload.length > MAX_PAYLOAD) return;
  // One connection, one statement after another: the others receive the events in order.
  relayState.publisher ??= pgPool().connect();
  const publisher = relayState.publisher;
  relayState.sending = relayState.sending
    .then(async () => {
      await (await publisher).query("select pg_notify($1, $2)", [RELAY_CHANNEL, payload]);
      relayState.failing = false;
    })
    .catch((error) => {
      // The events queued behind a lost connection all fail: the first one lets the connection go, and
      // an outage is logged once, not once an event.
      if (relayState.publisher !== publisher) return;
      if (!relayState.failing) logError("event relay failed", error, { kitId: envelope.k });
      relayState.failing = true;
      relayState.publisher = null;
      publisher.then((c) => c.release(true), () => {});
    });
}

// The page cache stays per instance; its invalidations (a page edited,
// unpublished, a plan lapsing) reach every instance.
setInvalidationRelay((invalidation) => relay({ t: "cache", k: "", d: invalidation }));

/** Runs when another instance stops a kit's work (the kit was deleted there). */
export function onRemoteStop(handler: (kitId: string, message: string) => void) {
  relayState.stopHandlers.add(handler);
}

/** Asks every instance to stop a kit's work (it is being deleted). */
export function broadcastStop(kitId: string, message: string) {
  relay({ t: "stop", k: kitId, d: { message } });
}

async function receive(envelope: Envelope) {
  if (envelope.o === ORIGIN) return;
  if (envelope.t === "open") return openLocal(envelope.k, envelope.d, true);
  if (envelope.t === "cache") return applyInvalidation(envelope.d);
  if (envelope.t === "stop") {
    for (const handler of relayState.stopHandlers) handler(envelope.k, envelope.d.message);
    return;
  }
  let event = envelope.d;
  if (event.type === "prompt-final" && typeof event.prompt !== "string") {
    const row = await first(getDb().select({ prompt: launchKits.generatedPrompt }).from(launchKits).where(eq(launchKits.id, envelope.k)));
    event = { type: "prompt-final", prompt: row?.prompt ?? "" };
  }
  publishLocal(envelope.k, event);
}

/** PostgreSQL: listen for the other instances' events (at start-up). */
export async function startEventRelay() {
  if (dialect() !== "postgres" || relayState.listener) return;
  relayState.wanted = true;
  const client = await pgPool().connect();
  relayState.listener = client;
  client.on("notification", (message) => {
    if (message.channel !== RELAY_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    relayState.receiving = relayState.receiving.then(() => receive(envelope)).catch((error) => logError("event relay receive failed", error));
  });
  client.on("error", (error) => {
    if (relayState.listener !== client) return;
    logError("event relay connection lost", error);
    relayState.listener = null;
    client.release(true);
    void listenAgain();
  });
  try {
    await client.query(`listen ${RELAY_CHANNEL}`);
  } catch (error) {
    if (relayState.listener === client) {
      relayState.listener = null;
      client.release(true);
    }
    throw error;
  }
}

/** After a lost connection: listen again as soon as the database answers (it may be restarting), then catch the streams up. */
async function listenAgain() {
  for (let wait = 500; relayState.wanted; wait = Math.min(wait * 2, 5_000)) {
    await new Promise((r) => setTimeout(r, wait).unref?.());
    if (!relayState.wanted || relayState.listener) return;
    try {
      await startEventRelay();
      resyncAfterRelayLoss();
      return;
    } catch {
      // still unreachable: try again
    }
  }
}

export async function stopEventRelay() {
  relayState.wanted = false;
  const listener = relayState.listener;
  relayState.listener = null;
  listener?.release(true);
  await relayState.sending;
  const publisher = relayState.publisher;
  relayState.publisher = null;
  if (publisher) (await publisher.catch(() => null))?.release(true);
}
