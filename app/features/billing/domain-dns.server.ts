import { Resolver } from "node:dns/promises";
import { getConfig } from "~/platform/config.server";

/**
 * The DNS side of a custom domain's proof of ownership: the TXT record a
 * founder creates (name `_launchkit.<domain>`, value
 * `launchkit-verify=<the page's token>`), and its lookup through the servers
 * in DNS_SERVERS (else the system's), with a timeout. Only someone who
 * controls the domain's DNS can create the record, and the token is random
 * and one per page, so a record proves the domain for one page only.
 */

export const TXT_PREFIX = "_launchkit";
const VALUE_PREFIX = "launchkit-verify=";

/** How long one check may wait for DNS (each of the two tries gets half). */
export const DNS_TIMEOUT_MS = 5_000;

export type TxtRecord = { type: "TXT"; name: string; value: string };

/** The TXT record that proves `domain` for the page whose token is `token`. */
export function txtRecordFor(domain: string, token: string): TxtRecord {
  return { type: "TXT", name: `${TXT_PREFIX}.${domain}`, value: `${VALUE_PREFIX}${token}` };
}

export type TxtLookup =
  | { ok: true; values: string[] }
  | { ok: false; reason: "not-found" | "timeout" | "error"; message: string };

export type LookupOptions = { timeoutMs?: number; signal?: AbortSignal };

/**
 * The TXT values at `name` (a record split in several strings is joined, as
 * DNS providers split long values). A name without TXT records is
 * "not-found"; a server that does not answer in time is "timeout".
 */
export async function lookupTxt(name: string, { timeoutMs = DNS_TIMEOUT_MS, signal }: LookupOptions = {}): Promise<TxtLookup> {
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 2)), tries: 2 });
  const servers = getConfig().dnsServers;
  if (servers) resolver.setServers(servers);
  // Whatever the resolver does with its timeouts, the check ends by the deadline (or when the caller gives up).
  const cancel = () => resolver.cancel();
  const deadline = setTimeout(cancel, timeoutMs + 250);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    if (signal?.aborted) throw Object.assign(new Error("aborted"), { code: "ECANCELLED" });
    const records = await resolver.resolveTxt(name);
    return { ok: true, values: records.map((parts) => parts.join("")) };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? "");
    if (code === "ENOTFOUND" || code === "ENODATA") return { ok: false, reason: "not-found", message: `No TXT record found at ${name}. If you just created it, wait a few minutes and check again.` };
    if (code === "ETIMEOUT" || code === "ECANCELLED") {
      const waited = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      return { ok: false, reason: "timeout", message: `DNS did not answer in time (${waited}) for ${name}. Try again in a few minutes.` };
    }
    return { ok: false, reason: "error", message: `DNS lookup of ${name} failed (${code || "error"}). Try again in a few minutes.` };
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener("abort", cancel);
  }
}

export type ProofCheck =
  | { ok: true; values: string[] }
  | { ok: false; reason: "not-found" | "wrong-value" | "timeout" | "error"; message: string; values?: string[] };

/** Whether `domain`'s TXT record carries `token`: the proof, or why not in words a founder can act on. */
export async function checkDomainProof(domain: string, token: string, options: LookupOptions = {}): Promise<ProofCheck> {
  const record = txtRecordFor(domain, token);
  const found = await lookupTxt(record.name, options);
  if (!found.ok) return found;
  if (found.values.some((v) => v.trim() === record.value)) return { ok: true, values: found.values };
  // What was found is not repeated: it may be another page's proof.
  return { ok: false, reason: "wrong-value", values: found.values, message: `The TXT record at ${record.name} has the wrong value: set it to ${record.value}.` };
}

/** Whether a lookup's values carry `token` (another page's proof). */
export function provesToken(values: string[], domain: string, token: string | null): boolean {
  if (!token) return false;
  const { value } = txtRecordFor(domain, token);
  return values.some((v) => v.trim() === value);
}
