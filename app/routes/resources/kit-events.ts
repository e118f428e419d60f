import { requireUser } from "~/features/auth/guards.server";
import { registerStream, subscribe, type KitEvent } from "~/kit/runner/events.server";
import { assetsPending, assetStates, snapshotFor } from "~/kit/runner/snapshot.server";
import { kitForUser } from "~/kit/kits.server";
import { notFound, refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/kit-events";

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events of one kit's generation, for its owner only. Every
 * connection (first or a reconnect with Last-Event-ID) starts with a
 * `snapshot` of the current state (with every asset's state); then live
 * events: progress, the prompt, `asset` (kind, status, version) and
 * `complete` or `failed`. The stream closes when the kit is finished and no
 * asset is queued or generating.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const kit = await kitForUser(params.id, user.id);
  if (!kit) throw notFound();

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (event: string, payload: unknown, id?: number) => {
        if (closed) return;
        const idLine = id !== undefined ? `id: ${id}\n` : "";
        controller.enqueue(encoder.encode(`${idLine}event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      // Subscribe first, so nothing published while the snapshot is read is lost.
      const assets = new Map<string, string>();
      let coreDone = false;
      const settled = () => coreDone && ![...assets.values()].some((s) => s === "queued" || s === "generating");
      const unsubscribe = subscribe(kit.id, (event: KitEvent, eventSeq) => {
        send(event.type === "error" ? "failed" : event.type, event, eventSeq);
        if (event.type === "asset") assets.set(event.kind, event.status);
        if (event.type === "complete" || event.type === "error") coreDone = true;
        // Background assets start with the brand, so a kit whose prompt or logo failed may still be writing them: stay until they end.
        if (settled()) close();
      });
      const { snapshot, seq } = await snapshotFor(kit);
      for (const [kind, state] of Object.entries(snapshot.assets)) if (!assets.has(kind)) assets.set(kind, state.status);
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      send("snapshot", snapshot, seq);
      if (snapshot.done) {
        coreDone = true;
        // "failed", not "error": EventSource uses "error" for connection problems.
        send(snapshot.error ? "failed" : "complete", snapshot.error ? { message: snapshot.error } : {});
        if (settled()) {
          unsubscribe();
          close();
          return;
        }
      }
      const heartbeat = setInterval(() => {
        if (closed) return;
        controller.enqueue(encoder.encode(`: heartbeat\n\n`));
        // A missed event must not keep a stream open forever: re-read the rows.
        if (coreDone) {
          assetStates(kit.id).then((states) => {
            if (!assetsPending(states)) close();
          }, close);
        }
      }, HEARTBEAT_MS);
      const onAbort = () => close();
      request.signal.addEventListener("abort", onAbort);
      let unregister = () => false;
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        unregister();
        request.signal.removeEventListener("abort", onAbort);
      };
      // A shutting-down instance closes its streams with a reconnect hint: the
      // browser comes back within a second, through the proxy, to another
      // instance. (Registered last: a stream that opens during the shutdown is
      // closed at once, with everything above cleaned up.)
      unregister = registerStream(() => {
        if (!closed) controller.enqueue(encoder.encode("retry: 1000\n: this instance is shutting down, reconnect\n\n"));
        close();
      });
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

export const action = refusePost;
