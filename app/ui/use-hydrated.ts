import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** true once React runs in the browser: renders JS-only enhancements after hydration. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
