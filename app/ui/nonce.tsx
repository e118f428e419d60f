import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/**
 * The marker React Router's inline scripts are rendered with on the server
 * (empty in the browser). It is not a CSP nonce: entry.server.tsx hashes the
 * scripts that carry it and removes it from the HTML (see csp.server.ts).
 */
export function useNonce() {
  return useContext(NonceContext);
}
