import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/kit/brand/palette";
import { readableLook, renderEmail, type EmailLook } from "~/features/site/sequences/render";

/** A dark brand's palette (light text made for its dark page) must still read on the e-mail's white. */
const DARK: EmailLook = { name: "CLI Stack", primary: "#22D3EE", background: "#FFFFFF", text: "#E2E8F0", headingFont: "Inter, sans-serif", bodyFont: "Inter, sans-serif" };

describe("the e-mail's colours", () => {
  it("darken a dark brand's light text and accent until they read on white at AA", () => {
    const look = readableLook(DARK);
    expect(contrastRatio(look.text, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(look.primary, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    const html = renderEmail({ subject: "Hi", preview: "Hi", body: "Hello there, and [a link](https://example.com)." }, DARK, { postalAddress: "1 Test Street", unsubscribeUrl: "https://example.com/u" }).html;
    expect(html).not.toContain("#E2E8F0");
    expect(html).not.toContain("#22D3EE");
  });

  it("keep a light brand's colours as they are", () => {
    const light: EmailLook = { ...DARK, text: "#1E293B", primary: "#1D4ED8" };
    expect(readableLook(light)).toEqual(light);
  });
});
