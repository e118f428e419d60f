import type { AssetStatus, LaunchKit } from "~/db/schema";

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
type Channel = { live: Omit<KitSnapshot, "assets"> | null; listeners: Set<Listener>; seq: number; expiry?: ReturnType<typeof setTimeout> };

/**
 * The in-process event bus: one channel per kit that is being generated or
 * has a listener. It fans events out to SSE streams.
 */
const channels = new Map<string, Channel>();
const closers = new Set<() => void>();

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
  const c = channel(kitId);
  if (c.expiry) clearTimeout(c.expiry);
  c.expiry = undefined;
  c.live = initial;
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

/** SSE streams register a closer so a graceful shutdown can end them. */
export function registerStream(close: () => void) {
  closers.add(close);
  return () => closers.delete(close);
}

export function closeAllStreams() {
  for (const close of [...closers]) close();
  closers.clear();
}
