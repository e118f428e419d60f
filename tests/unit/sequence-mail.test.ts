import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { listHeaders, messageIdFor, ONE_CLICK, unsubscribeUrl } from "~/features/site/sequences/headers";
import { markdownToHtml, markdownToText } from "~/features/site/sequences/markdown";
import { renderEmail, DEFAULT_LOOK } from "~/features/site/sequences/render";
import { DAY_MS, HOUR_MS, nextStep, orderKeyAfter, retryDelayMs } from "~/features/site/sequences/schedule";

/** The pure parts of sending: headers, Markdown, the footer, schedule arithmetic. */

const style = { text: "#111111", link: "#AA0000", headingFont: "'Lora', serif", bodyFont: "'Inter', sans-serif" };

/** The raw message nodemailer builds (what the SMTP server receives). */
async function raw(headers: ReturnType<typeof listHeaders>, messageId: string) {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await t.sendMail({ from: "a@b.test", to: "c@d.test", subject: "s", text: "t", messageId, headers });
  return (info as unknown as { message: Buffer }).message.toString("utf8");
}

describe("List-Unsubscribe headers (RFC 8058)", () => {
  it("are one line each, with exact values, even for a long URL", async () => {
    const token = "A".repeat(40);
    const url = unsubscribeUrl("https://launchkit.example.com", token);
    expect(url).toBe(`https://launchkit.example.com/e/u/${token}`);
    const message = await raw(listHeaders(url), messageIdFor("lead-1", "step:abc", "example.com"));
    const lines = message.split(/\r?\n/);
    expect(lines).toContain(`List-Unsubscribe: <${url}>`);
    expect(lines).toContain(`List-Unsubscribe-Post: ${ONE_CLICK}`);
    expect(ONE_CLICK).toBe("List-Unsubscribe=One-Click");
    // Not folded: the line after each is another header.
    const at = lines.findIndex((l) => l.startsWith("List-Unsubscribe:"));
    expect(lines[at + 1]).toMatch(/^[A-Za-z-]+: /);
    expect(lines).toContain("Message-ID: <seq.lead-1.step-abc@example.com>");
  });

  it("refuse a URL that would break the header", () => {
    expect(() => listHeaders("https://x.test/a b")).toThrow();
    expect(() => listHeaders("javascript:alert(1)")).toThrow();
  });

  it("Message-ID depends on the lead and the e-mail only", () => {
    expect(messageIdFor("l1", "step:s1", "d.test")).toBe(messageIdFor("l1", "step:s1", "d.test"));
    expect(messageIdFor("l1", "step:s1", "d.test")).not.toBe(messageIdFor("l1", "step:s2", "d.test"));
    expect(messageIdFor("l1", "step:s1", "d.test")).not.toBe(messageIdFor("l2", "step:s1", "d.test"));
  });
});

describe("Markdown to HTML and text", () => {
  const source = "# Welcome\n\nHi <b>there</b> & **friends**, *really*.\nSecond line.\n\n- one [site](https://x.test/?a=1&b=2)\n- two [bad](javascript:alert(1))\n\n1. first\n2. second\n\nSee https://example.com/path.";
  it("escapes the founder's text and keeps only safe links, in the brand's colours and fonts", () => {
    const html = markdownToHtml(source, style);
    expect(html).toContain("Hi &lt;b&gt;there&lt;/b&gt; &amp; <strong>friends</strong>, <em>really</em>.<br>Second line.");
    expect(html).toMatch(/<h1 style="[^"]*font-family:'Lora', serif[^"]*color:#111111">Welcome<\/h1>/);
    expect(html).toContain(`<a href="https://x.test/?a=1&amp;b=2" style="color:#AA0000">site</a>`);
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("[bad](javascript:alert(1))");
    expect(html).toMatch(/<ol [^>]*><li[^>]*>first<\/li><li[^>]*>second<\/li><\/ol>/);
    expect(html).toContain(`<a href="https://example.com/path" style="color:#AA0000">https://example.com/path</a>.`);
    expect(html).not.toContain("<b>");
  });
  it("gives a plain-text part with links spelled out", () => {
    expect(markdownToText(source)).toBe(
      "WELCOME\n\nHi <b>there</b> & friends, really.\nSecond line.\n\n- one site (https://x.test/?a=1&b=2)\n- two [bad](javascript:alert(1))\n\n1. first\n2. second\n\nSee https://example.com/path.",
    );
  });
  it("the footer names the sender and its postal address, with the unsubscribe link", () => {
    const { html, text } = renderEmail({ subject: "Hi", preview: "Pre", body: "Body" }, { ...DEFAULT_LOOK, name: "Brew & Co" }, { postalAddress: "1 Main St\nSpringfield", unsubscribeUrl: "https://l.test/e/u/tok" });
    expect(html).toContain("Brew &amp; Co · 1 Main St, Springfield");
    expect(html).toContain('<a href="https://l.test/e/u/tok"');
    expect(text).toContain("Brew & Co · 1 Main St, Springfield");
    expect(text).toContain("Unsubscribe: https://l.test/e/u/tok");
  });
});

describe("schedule arithmetic", () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  const steps = [
    { id: "a", orderKey: 1024, delayValue: 0, delayUnit: "hours" as const },
    { id: "b", orderKey: 2048, delayValue: 2, delayUnit: "days" as const },
    { id: "c", orderKey: 3072, delayValue: 3, delayUnit: "days" as const },
  ];
  it("each delay counts from the previous e-mail (the first from the start)", () => {
    expect(nextStep(steps, { lastOrderKey: 0, lastSentAt: null, startedAt: t0 })).toEqual({ step: steps[0], dueAt: t0 });
    const sentA = new Date(t0.getTime() + 5 * 60_000);
    expect(nextStep(steps, { lastOrderKey: 1024, lastSentAt: sentA, startedAt: t0 })!.dueAt).toEqual(new Date(sentA.getTime() + 2 * DAY_MS));
    expect(nextStep(steps, { lastOrderKey: 3072, lastSentAt: sentA, startedAt: t0 })).toBeNull();
    expect(nextStep(steps, { lastOrderKey: 0, lastSentAt: null, startedAt: null })).toBeNull();
  });
  it("an e-mail inserted before a lead's place is not theirs; one after it is", () => {
    const before = { id: "x", orderKey: orderKeyAfter(steps, 1024), delayValue: 1, delayUnit: "hours" as const };
    expect(before.orderKey).toBe(1536);
    const withX = [...steps, before];
    // A lead who had b: next is c, never x.
    expect(nextStep(withX, { lastOrderKey: 2048, lastSentAt: t0, startedAt: t0 })!.step.id).toBe("c");
    // A lead who had only a: x comes next, an hour after a.
    expect(nextStep(withX, { lastOrderKey: 1024, lastSentAt: t0, startedAt: t0 })).toEqual({ step: before, dueAt: new Date(t0.getTime() + HOUR_MS) });
    expect(orderKeyAfter(steps, 3072)).toBe(4096);
    expect(orderKeyAfter(steps, null)).toBe(512);
  });
  it("an edited delay applies to e-mails not yet sent", () => {
    const edited = steps.map((s) => (s.id === "b" ? { ...s, delayValue: 6, delayUnit: "hours" as const } : s));
    expect(nextStep(edited, { lastOrderKey: 1024, lastSentAt: t0, startedAt: t0 })!.dueAt).toEqual(new Date(t0.getTime() + 6 * HOUR_MS));
  });
  it("retries back off from a minute to two hours", () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 2 * HOUR_MS, 2 * HOUR_MS]);
  });
});
