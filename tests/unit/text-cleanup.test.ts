import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SignupSchema } from "~/features/auth/schemas";
import { leadSchema, LandingCopyEditSchema } from "~/kit/assets/landing/schema";
import { BrandContentSchema } from "~/kit/brand/brand";
import { BrandEditSchema } from "~/kit/brand/edit-schema";
import { IdeaStepSchema } from "~/kit/schema";
import { ContactSchema } from "~/features/marketing/schemas";
import { escapeHtml } from "~/platform/text/html";
import { hasLineBreaksOrControls, stripControlCharacters, toOneLine } from "~/platform/text/text";
import { FAKE_BRAND } from "../support/fake-structured.mjs";

/**
 * What a visitor types cannot break a line or hide text: one-line fields lose every line break and
 * control character before they are stored; multi-line fields keep "\n" only;
 * bidi controls go from both and from every HTML we write.
 */

const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
const BREAKS = ["\n", "\r", "\r\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];

describe("toOneLine", () => {
  it.each(BREAKS.map((b) => [JSON.stringify(b), b]))("a line break %s becomes one space", (_, b) => {
    expect(toOneLine(`Eve${b}Your account needs attention`)).toBe("Eve Your account needs attention");
  });

  it("a run of breaks, tabs and the spaces around them is one space; other spaces stay", () => {
    expect(toOneLine("Eve \r\n\r\n\t  Sign in\u2028\u2029now")).toBe("Eve Sign in now");
    expect(toOneLine("Ada  Lovelace")).toBe("Ada  Lovelace");
  });

  it("drops C0/C1 controls, DEL and bidi controls", () => {
    expect(toOneLine(`\u0000A\u0007d\u001b[31ma\u007f\u009b${BIDI.join("")}!`)).toBe("Ad[31ma!");
    expect(toOneLine("invoice\u202Egnp.exe")).toBe("invoicegnp.exe");
  });

  it("leaves letters of every script, emoji and joiners alone", () => {
    const text = "Zoë · 東京 · مرحبا · 👩‍💻";
    expect(toOneLine(text)).toBe(text);
  });
});

describe("stripControlCharacters (multi-line fields)", () => {
  it("keeps line breaks as \\n, whatever kind was typed, and tabs", () => {
    expect(stripControlCharacters("a\r\nb\rc\u2028d\u2029e\u0085f\vg\fh\ti")).toBe("a\nb\nc\nd\ne\nf\ng\nh\ti");
  });

  it("drops other control characters and bidi controls", () => {
    expect(stripControlCharacters(`Hi\u0000 there\u001b\u202E!\u2066\u2069\n`)).toBe("Hi there!\n");
  });
});

describe("hasLineBreaksOrControls", () => {
  it.each([...BREAKS, ...BIDI, "\t", "\u0000", "\u009f"].map((c) => [JSON.stringify(c), c]))("finds %s", (_, c) => {
    expect(hasLineBreaksOrControls(`Acme${c}Inc`)).toBe(true);
  });

  it("passes ordinary names", () => {
    expect(hasLineBreaksOrControls("Acme & Co. — Zoë's \"Café\" */ <b>")).toBe(false);
  });
});

const HOSTILE = "Eve\nYour account needs attention\u2028Sign in\u202E now";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("one-line fields of every form are stored as one line", () => {
  it("sign-up name", () => {
    const s = parseWithZod(form({ name: HOSTILE, email: "a@b.co", password: "Secret123", confirmPassword: "Secret123", acceptTerms: "on" }), { schema: SignupSchema });
    expect(s.status === "success" && s.value.name).toBe("Eve Your account needs attention Sign in now");
  });

  it("contact form: the name is one line, the message keeps its lines", () => {
    const parsed = ContactSchema.parse({ name: HOSTILE, email: "a@b.co", topic: "General question", message: "Hello\r\nthere\u202E" });
    expect(parsed.name).toBe("Eve Your account needs attention Sign in now");
    expect(parsed.message).toBe("Hello\nthere");
  });

  it("a published page's sign-up form: name and preferred time", () => {
    const parsed = leadSchema("call").parse({ email: "eve@example.com", name: "Eve\nYour account needs attention", phone: "+1 555\n0100", time: "Mon\r\n\r\nClick here" });
    expect(parsed.name).toBe("Eve Your account needs attention");
    expect(parsed.time).toBe("Mon Click here");
    expect(parsed.phone).toBe("+1 555 0100");
  });

  it("the wizard: the idea keeps its lines, the audience and geography are one line", () => {
    const parsed = IdeaStepSchema.parse({ idea: "Dog grooming\r\nvan\u202E", audience: "Busy\nowners", geography: "Berlin\u2028Paris" });
    expect(parsed).toEqual({ idea: "Dog grooming\nvan", audience: "Busy owners", geography: "Berlin Paris" });
  });

  it("the landing editor: headlines and names are one line, texts keep their lines", () => {
    const item = { title: "Fast\nand kind", body: "Line one\r\nLine two\u2066" };
    const copy = {
      hero: { headline: "Big\u2029news", subheadline: "Sub\r\nline", button: "Join\n" },
      benefits: { heading: "Why", items: [item, item, item] },
      how: { heading: "How", steps: [item, item, item] },
      proof: { heading: "Proof", items: [0, 1, 2].map(() => ({ quote: "Great\nstuff", name: "Eve\nAdmin", detail: "CEO\u202E" })), real: "on" },
      faq: { heading: "FAQ", items: [0, 1, 2, 3].map(() => ({ question: "Why\n?", answer: "Because\nso" })) },
      cta: { headline: "Join\nus", body: "Now\r\nplease", button: "Go" },
    };
    const parsed = LandingCopyEditSchema.parse(copy);
    expect(parsed.hero).toEqual({ headline: "Big news", subheadline: "Sub\nline", button: "Join" });
    expect(parsed.benefits.items[0]).toEqual({ title: "Fast and kind", body: "Line one\nLine two" });
    expect(parsed.proof.items[0]).toEqual({ quote: "Great\nstuff", name: "Eve Admin", detail: "CEO" });
    expect(parsed.faq.items[0]).toEqual({ question: "Why ?", answer: "Because\nso" });
    expect(parsed.cta).toEqual({ headline: "Join us", body: "Now\nplease", button: "Go" });
  });

  it("a brand a model wrote: its name and tagline are one line", () => {
    const parsed = BrandContentSchema.parse({ ...FAKE_BRAND, name: "Acme\u2028require('x')", tagline: "Fast\nfun" });
    expect(parsed.name).toBe("Acme require('x')");
    expect(parsed.tagline).toBe("Fast fun");
  });
});

describe("the brand edit form refuses a name or tagline that is not one line", () => {
  const valid = { name: "Acme", tagline: "Fast fun", primary: "#4F46E5", secondary: "#0EA5E9", accent: "#F59E0B", background: "#FFFFFF", text: "#111827", heading: "fraunces", body: "nunito" };

  it.each([...BREAKS, "\t", "\u0000", "\u202E"].map((c) => [JSON.stringify(c), c]))("%s in the name is a clear error on the field", (_, c) => {
    const s = parseWithZod(form({ ...valid, name: `Acme${c}alert(1)` }), { schema: BrandEditSchema });
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error?.name).toEqual(["Keep the name on one line, without line breaks or control characters."]);
  });

  it("and in the tagline", () => {
    const s = parseWithZod(form({ ...valid, tagline: "Fast\u2029fun" }), { schema: BrandEditSchema });
    expect(s.status === "error" && s.error?.tagline).toEqual(["Keep the tagline on one line, without line breaks or control characters."]);
  });

  it("accepts quotes, comment marks and angle brackets: the files escape them", () => {
    const s = parseWithZod(form({ ...valid, name: `Zoë's "*/" <Café>` }), { schema: BrandEditSchema });
    expect(s.status === "success" && s.value.name).toBe(`Zoë's "*/" <Café>`);
  });
});

describe("escapeHtml", () => {
  it("drops bidi controls from every page and e-mail we write", () => {
    expect(escapeHtml(`Eve\u202Egnp.exe ${BIDI.join("")}<b>`)).toBe("Evegnp.exe &lt;b&gt;");
  });
});
