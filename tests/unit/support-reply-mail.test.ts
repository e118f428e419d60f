import { describe, expect, it } from "vitest";
import { composeReply, replySubject, ReplySchema } from "~/features/support/replies.server";

const original = { name: "Ada <Founder>", topic: "Technical support", message: "Line one <script>alert(1)</script>\nLine two & more", createdAt: new Date("2026-11-20T10:00:00Z") };

describe("a reply's e-mail", () => {
  it("is 'Re: <topic>' on one line whatever the topic holds", () => {
    expect(replySubject("Technical support")).toBe("Re: Technical support");
    expect(replySubject("Hi\r\nBcc: x@evil.test")).toBe("Re: Hi Bcc: x@evil.test");
  });

  it("quotes the founder's message below the reply in the text part", () => {
    const { text } = composeReply(original, "Thanks, fixed.", "Grace Admin");
    expect(text).toBe("Thanks, fixed.\n\n— Grace Admin, LaunchKit\n\nOn Nov 20, 2026, Ada <Founder> wrote:\n> Line one <script>alert(1)</script>\n> Line two & more\n");
  });

  it("escapes every piece of user content in the HTML part", () => {
    const { html } = composeReply(original, "Use <b>this</b> & that", "Grace <i>Admin</i>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>this</b>");
    expect(html).not.toContain("<i>Admin</i>");
    expect(html).toContain("Use &lt;b&gt;this&lt;/b&gt; &amp; that");
    expect(html).toContain("Line one &lt;script&gt;alert(1)&lt;/script&gt;<br>Line two &amp; more");
    expect(html).toContain("Ada &lt;Founder&gt; wrote:");
  });
});

describe("the reply form's rule", () => {
  it("refuses an empty reply and one over 10,000 characters, cleans control characters", () => {
    expect(ReplySchema.safeParse({ body: "  \n " }).success).toBe(false);
    expect(ReplySchema.safeParse({ body: "x".repeat(10_001) }).success).toBe(false);
    expect(ReplySchema.parse({ body: " Hi\r\nthere\u202E " }).body).toBe("Hi\nthere");
  });
});
