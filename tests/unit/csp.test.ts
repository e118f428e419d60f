import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashMarkedScripts } from "~/platform/http/csp.server";

const sha = (s: string) => `sha256-${crypto.createHash("sha256").update(s).digest("base64")}`;

describe("Content-Security-Policy from script hashes", () => {
  const token = "0123456789abcdef0123456789abcdef";
  const page = [
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${token}"/></head><body>`,
    `<p>Café «menu»</p>`,
    `<script nonce="${token}">window.__ctx = {"a":"é"};</script>`,
    `<script nonce="${token}" type="module" async="">import "/assets/a.js";</script>`,
    `<script nonce="${token}" src="/assets/b.js"></script>`,
    `<div><script>alert("injected")</script></div>`,
    `<script nonce="${token}">window.__ctx = {"a":"é"};</script>`,
    `</body></html>`,
  ].join("");

  it("hashes the marked inline scripts only, once each, and removes the marker", () => {
    const { html, hashes } = hashMarkedScripts(Buffer.from(page), token);
    expect(hashes).toEqual([sha('window.__ctx = {"a":"é"};'), sha('import "/assets/a.js";')]);
    expect(hashes).not.toContain(sha('alert("injected")'));
    const text = html.toString();
    expect(text).not.toContain(token);
    expect(text).toBe(page.replaceAll(` nonce="${token}"`, ""));
  });

  it("leaves a page without marked scripts as it is", () => {
    const plain = Buffer.from("<html><body>hi</body></html>");
    expect(hashMarkedScripts(plain, token)).toEqual({ html: plain, hashes: [] });
  });

  it("allows exactly those hashes and no inline script otherwise", () => {
    const csp = contentSecurityPolicy(["sha256-abc", "sha256-def"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc' 'sha256-def';");
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain("unsafe");
    expect(csp).not.toContain("nonce");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
