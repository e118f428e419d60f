import path from "node:path";
import Database from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { writeTxtRecord } from "../support/dns-server.mjs";
import { expect, query } from "./fixtures";

/**
 * For the custom-domain specs: the e2e stack's DNS server
 * (tests/support/dns-server.mjs) answers TXT queries from files in
 * <E2E_DIR>/dns, read at every query, so a test creates a domain's proof as
 * its founder would at their DNS provider.
 */

/** Sets (or with null, removes) the TXT values of `name` in the e2e DNS server. */
export function setTxtRecord(name: string, values: string[] | null) {
  writeTxtRecord(path.join(process.env.E2E_DIR!, "dns"), name, values);
}

/** The TXT record that proves a domain for a kit's page: name and value, as the section shows them. */
export function proofRecord(kitId: string, domain: string) {
  const [row] = query<{ domain_token: string | null }>("select domain_token from landing_pages where kit_id = ?", kitId);
  expect(row?.domain_token, "the page's TXT token").toBeTruthy();
  return { name: `_launchkit.${domain}`, value: `launchkit-verify=${row!.domain_token}` };
}

/**
 * Marks an address confirmed in the e2e server's database (what opening the
 * e-mailed link does; that flow has its own specs): custom domains, like
 * publishing, need a confirmed address.
 */
export function confirmAddress(email: string) {
  const db = new Database(path.join(process.env.E2E_DIR!, "launchkit.db"), { fileMustExist: true });
  try {
    db.prepare("update users set email_confirmed_at = ? where email = ? and email_confirmed_at is null").run(Date.now(), email.toLowerCase());
  } finally {
    db.close();
  }
}

/** A kit made through the wizard's form, its landing page ready and published at `slug`. */
export async function publishedKit(request: APIRequestContext, tag: string, slug: string) {
  const created = await request.post("/wizard", { form: { idea: `Domain kit ${tag}`, audience: "Founders", tone: "bold", goal: "waitlist", vibe: "neon tech", intent: "generate", step: "2" }, maxRedirects: 0 });
  const id = created.headers().location?.split("/").pop();
  expect(id, `the wizard answered ${created.status()}`).toBeTruthy();
  await expect.poll(() => query<{ status: string }>("select status from kit_assets where kit_id = ? and kind = 'landing'", id)[0]?.status, { timeout: 40_000 }).toBe("ready");
  const published = await request.post(`/dashboard/kits/${id}/website`, { form: { intent: "publish", slug }, maxRedirects: 0 });
  expect(published.status(), (await published.text()).slice(0, 300)).toBe(303);
  const [page] = query<{ page_id: string }>("select page_id from landing_pages where kit_id = ?", id);
  return { id: id!, pageId: page!.page_id };
}
