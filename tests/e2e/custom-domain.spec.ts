import crypto from "node:crypto";
import { confirmAddress, proofRecord, publishedKit, setTxtRecord } from "./domain-helpers";
import { expect, expectAxeCleanAndNoSidewaysScroll, grantPlan, hydrated, isNoJs, query, signUp, test } from "./fixtures";

/**
 * The custom-domain section in a browser, with JavaScript on and off: a Pro
 * founder enters a domain, sees the TXT record that proves it (and the
 * CNAME), "Check now" says the record is missing, and once the record is
 * created (in the e2e stack's DNS server) the same button connects the domain.
 */

test("enter a domain, see its TXT record, and connect it with Check now once the record exists", async ({ page }, info) => {
  test.setTimeout(90_000);
  const noJs = isNoJs(info.project.name);
  const email = await signUp(page);
  confirmAddress(email);
  grantPlan(email, "pro");
  const tag = crypto.randomBytes(4).toString("hex");
  const { id } = await publishedKit(page.request, tag, `ui-domain-${tag}`);
  const domain = `shop.ui-domain-${tag}.com`;

  await page.goto(`/dashboard/kits/${id}/website/domain`);
  if (!noJs) await hydrated(page);
  await page.getByLabel("Your domain").fill(domain);
  await page.getByRole("button", { name: "Save domain" }).click();
  await expect(page.getByRole("status")).toContainText("Domain saved.");
  await expect(page.getByTestId("domain-pending")).toContainText(`Waiting for proof that ${domain} is yours`);

  // The record to create, as the founder copies it.
  const proof = proofRecord(id, domain);
  const txt = page.getByTestId("txt-record");
  await expect(txt.getByRole("cell")).toHaveText(["TXT", proof.name, proof.value]);
  await expect(page.getByTestId("dns-record")).toContainText("CNAME");
  if (!noJs) await expectAxeCleanAndNoSidewaysScroll(page, "custom domain section, waiting for proof");

  // Not there yet: the reason, and nothing connected.
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("alert")).toHaveText(`No TXT record found at ${proof.name}. If you just created it, wait a few minutes and check again.`);
  expect(query("select custom_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: null }]);

  // The founder creates the record at their DNS provider, and checks again.
  setTxtRecord(proof.name, [proof.value]);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(page.getByRole("status")).toHaveText(`Verified: ${domain} is yours and connected to this page.`);
  await expect(page.getByTestId("domain-status")).toContainText(`Connected: ${domain}.`);
  await expect(page.getByTestId("domain-pending")).toHaveCount(0);
  expect(query("select custom_domain, pending_domain from landing_pages where kit_id = ?", id)).toEqual([{ custom_domain: domain, pending_domain: null }]);
  setTxtRecord(proof.name, null);
});
