import type { LaunchKit } from "~/db/schema";

/** What a client needs to draw a kit's generation at any moment. */
export type KitSnapshot = {
  status: LaunchKit["status"];
  progress: number;
  statusText: string;
  prompt: string;
  logoUrl: string | null;
  error: string | null;
  done: boolean;
};

export type KitEvent =
  | { type: "progress"; progress: number; statusText: string; status: LaunchKit["status"] }
  | { type: "prompt"; delta: string }
  | { type: "prompt-final"; prompt: string }
  | { type: "logo"; url: string }
  | { type: "complete" }
  | { type: "error"; message: string };

type Listener = (event: KitEvent, seq: number) => void;

type Channel = { snapshot: KitSnapshot; listeners: Set<Listener>; seq: number; expiry?: ReturnType<typeof setTimeout> };

/**
 * The in-process event bus: one channel per kit being generated. The kit row
 * is the durable state; a channel adds what only lives during a run (the
 * prompt as it streams, the status text) and fans events out to SSE streams.
 */
const channels = new Map<string, Channel>();
const closers = new Set<() => void>();

export function openChannel(kitId: string, initial: KitSnapshot) {
  const existing = channels.get(kitId);
  if (existing?.expiry) clearTimeout(existing.expiry);
  channels.set(kitId, { snapshot: initial, listeners: existing?.listeners ?? new Set(), seq: existing?.seq ?? 0 });
}

function apply(s: KitSnapshot, e: KitEvent): KitSnapshot {
  switch (e.type) {
    case "progress":
      return { ...s, progress: e.progress, statusText: e.statusText, status: e.status };
    case "prompt":
      return { ...s, prompt: s.prompt + e.delta };
    case "prompt-final":
      return { ...s, prompt: e.prompt };
    case "logo":
      return { ...s, logoUrl: e.url };
    case "complete":
      return { ...s, done: true, status: "completed", progress: 100 };
    case "error":
      return { ...s, done: true, error: e.message, progress: 0, statusText: "", status: "draft" };
  }
}

export function publish(kitId: string, event: KitEvent) {
  const channel = channels.get(kitId);
  if (!channel) return;
  channel.snapshot = apply(channel.snapshot, event);
  channel.seq += 1;
  for (const listener of channel.listeners) listener(event, channel.seq);
  if (event.type === "complete" || event.type === "error") {
    // Keep the final state a little while for late joiners, then free it.
    channel.expiry = setTimeout(() => channels.delete(kitId), 60_000);
    channel.expiry.unref?.();
  }
}

export function liveSnapshot(kitId: string): { snapshot: KitSnapshot; seq: number } | null {
  const channel = channels.get(kitId);
  return channel ? { snapshot: channel.snapshot, seq: channel.seq } : null;
}

export function subscribe(kitId: string, listener: Listener): () => void {
  let channel = channels.get(kitId);
  if (!channel) return () => {};
  channel.listeners.add(listener);
  return () => {
    channel?.listeners.delete(listener);
    channel = undefined;
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
