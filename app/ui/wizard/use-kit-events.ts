import { useEffect, useState } from "react";
import { openKitEvents } from "~/ui/kit-event-source";

export type LiveKit = {
  progress: number;
  statusText: string;
  prompt: string;
  logoUrl: string | null;
  error: string | null;
  done: boolean;
  status: string;
};

export const INITIAL_LIVE: LiveKit = { progress: 0, statusText: "", prompt: "", logoUrl: null, error: null, done: false, status: "draft" };

/** Follows a kit's generation over server-sent events (/kits/:id/events). */
export function useKitEvents(kitId: string | null, initial: Partial<LiveKit> = {}) {
  const [state, setState] = useState<LiveKit>({ ...INITIAL_LIVE, ...initial });
  useEffect(() => {
    if (!kitId) return;
    setState({ ...INITIAL_LIVE, ...initial });
    const stream = openKitEvents(kitId, (source) => {
      const on = (type: string, handler: (data: Record<string, unknown>) => void) =>
        source.addEventListener(type, (e) => handler(JSON.parse((e as MessageEvent).data)));
      on("snapshot", (d) => setState((s) => ({ ...s, ...(d as Partial<LiveKit>) })));
      on("progress", (d) => setState((s) => ({ ...s, progress: Number(d.progress), statusText: String(d.statusText ?? ""), status: String(d.status) })));
      on("prompt", (d) => setState((s) => ({ ...s, prompt: s.prompt + String(d.delta ?? "") })));
      on("prompt-final", (d) => setState((s) => ({ ...s, prompt: String(d.prompt ?? "") })));
      on("logo", (d) => setState((s) => ({ ...s, logoUrl: String(d.url) })));
      on("complete", () => {
        setState((s) => ({ ...s, done: true, progress: 100, status: "completed" }));
        stream.close();
      });
      on("failed", (d) => {
        setState((s) => ({ ...s, done: true, error: String(d.message ?? ""), progress: 0, statusText: "", status: "draft" }));
        stream.close();
      });
    });
    return () => stream.close();
    // `initial` only seeds a new stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kitId]);
  return state;
}
