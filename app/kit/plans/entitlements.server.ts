import { redirect } from "react-router";
import { billingAccount, planBeforePro } from "./account.server";
import { effectivePlan, entitlementsOf, FREE_ENTITLEMENTS, planChangesAt, type Entitlements } from "./entitlements";
import { safeRedirect } from "~/platform/http/safe-redirect";

/**
 * Entitlements of a stored account (see entitlements.ts for the rules), and
 * the refusal every gated route answers with.
 */

export type { Entitlements };

export async function entitlementsFor(userId: string, now: Date = new Date()): Promise<Entitlements> {
  return (await entitlementsUntil(userId, now)).entitlements;
}

/**
 * The entitlements and when they change by the calendar alone (null: only a
 * webhook or an admin changes them): what a cached published page may keep.
 */
export async function entitlementsUntil(userId: string, now: Date = new Date()): Promise<{ entitlements: Entitlements; changesAt: Date | null }> {
  const account = await billingAccount(userId);
  if (!account) return { entitlements: FREE_ENTITLEMENTS, changesAt: null };
  // The fallback of an ended Pro is looked up only when it matters.
  const ended = account.plan === "pro" && effectivePlan(account, now, "free") !== "pro";
  return { entitlements: entitlementsOf(account, now, ended ? await planBeforePro(userId) : "free"), changesAt: planChangesAt(account, now) };
}

/** What a refused request needed; the /upgrade page explains each. */
export type Need = "download" | "export" | "custom-domain" | "regenerations" | "analytics";

/**
 * The answer to a request the plan does not allow: a redirect (303) to the
 * /upgrade page, which says why with status 403 and links to the pricing
 * page and back to `back` (a path of this site).
 */
export function refusal(need: Need, back?: string): Response {
  const params = new URLSearchParams({ need });
  const safeBack = safeRedirect(back, "");
  if (safeBack) params.set("back", safeBack);
  return redirect(`/upgrade?${params}`, 303);
}

/** Throws the refusal unless the user's plan includes single-file downloads. */
export async function requireDownload(userId: string, back?: string): Promise<Entitlements> {
  const e = await entitlementsFor(userId);
  if (!e.canDownload) throw refusal("download", back);
  return e;
}

/** Throws the refusal unless the user's plan includes the ZIP export (and its e-mailed link). */
export async function requireExport(userId: string, back?: string): Promise<Entitlements> {
  const e = await entitlementsFor(userId);
  if (!e.canExport) throw refusal("export", back);
  return e;
}

/** Throws the refusal unless the user's plan includes the whole Analytics section (and experiments). */
export async function requireFullAnalytics(userId: string, back?: string): Promise<Entitlements> {
  const e = await entitlementsFor(userId);
  if (!e.fullAnalytics) throw refusal("analytics", back);
  return e;
}
