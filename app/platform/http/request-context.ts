import { createContext, RouterContextProvider } from "react-router";

/** The client's IP address (from X-Forwarded-For only when TRUST_PROXY is on). */
export const clientIpContext = createContext<string>("unknown");

export function createRequestContext(ip: string | undefined) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip ?? "unknown");
  return context;
}
