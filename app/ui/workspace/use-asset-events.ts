import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { openKitEvents } from "~/ui/kit-event-source";

/**
 * While a kit has assets queued or generating, follows its event stream and
 * reloads the page's data each time an asset changes state, so sections appear
 * one by one. Without JS the shell's meta refresh does the same.
 */
export function useAssetEvents(kitId: string, pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const reload = () => void revalidator.revalidate();
    const stream = openKitEvents(kitId, (source) => {
      source.addEventListener("asset", reload);
      source.addEventListener("complete", reload);
      source.addEventListener("failed", reload);
    });
    return () => stream.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kitId, pending]);
}
