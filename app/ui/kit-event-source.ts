const MAX_FAILURES = 8;

/**
 * Opens /kits/:id/events and keeps it open. EventSource reconnects by itself
 * after a dropped connection, but gives up for good on an answer that is not
 * a 200 event stream (a proxy's 502 while an instance stops, say): then this
 * opens a new one, after 1, 2, 4 … at most 15 seconds, and stops trying after
 * 8 failures in a row (75 seconds: longer than a deploy takes; a kit deleted
 * meanwhile answers 404 for good). `close()` ends it.
 */
export function openKitEvents(kitId: string, listen: (source: EventSource) => void): { close: () => void } {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failures = 0;
  const open = () => {
    if (closed) return;
    const current = new EventSource(`/kits/${kitId}/events`);
    source = current;
    current.addEventListener("open", () => (failures = 0));
    current.addEventListener("error", () => {
      if (closed || current.readyState !== EventSource.CLOSED || failures >= MAX_FAILURES) return;
      const delay = Math.min(15_000, 1000 * 2 ** failures++);
      timer = setTimeout(open, delay);
    });
    listen(current);
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
