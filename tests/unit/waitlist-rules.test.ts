import { describe, expect, it } from "vitest";
import { trafficSource } from "~/features/analytics/visit.server";
import { isDisposable, mailboxOf } from "~/features/site/waitlist/mailbox";
import { initials, shareLinks } from "~/features/site/waitlist/shared";

describe("one mailbox, one value", () => {
  it("Gmail ignores dots and +tags, googlemail.com is Gmail", () => {
    expect(mailboxOf("Jane.Doe+waitlist@Gmail.com")).toBe("janedoe@gmail.com");
    expect(mailboxOf("j.a.n.e.doe@googlemail.com")).toBe("janedoe@gmail.com");
  });
  it("providers that drop +tags keep their dots", () => {
    expect(mailboxOf("jane.doe+x@outlook.com")).toBe("jane.doe@outlook.com");
    expect(mailboxOf("jane.doe+x@icloud.com")).toBe("jane.doe@icloud.com");
  });
  it("any other domain is kept as typed: there a.b and ab may be two people", () => {
    expect(mailboxOf("jane.doe+x@example.org")).toBe("jane.doe+x@example.org");
  });
});

describe("throwaway addresses", () => {
  it("are recognised from the maintained list, subdomains included", () => {
    expect(isDisposable("x@mailinator.com")).toBe(true);
    expect(isDisposable("x@eu.mailinator.com")).toBe(true);
    expect(isDisposable("x@gmail.com")).toBe(false);
    expect(isDisposable("x@example.org")).toBe(false);
  });
});

describe("the referral link's source", () => {
  it("a visit from ?r= is the source referral unless utm_source says otherwise", () => {
    expect(trafficSource(new URLSearchParams("r=abcdefghjk"), "https://t.co/x", "launchkit.example").source).toBe("referral");
    expect(trafficSource(new URLSearchParams("r=abcdefghjk&utm_source=newsletter"), null, null).source).toBe("newsletter");
  });
});

describe("what others may see", () => {
  it("initials only", () => {
    expect(initials("Ada Lovelace King", "ada@x.test")).toBe("A. L.");
    expect(initials(null, "bob@x.test")).toBe("B.");
  });
  it("share links are plain links to each site, the personal link encoded", () => {
    const links = shareLinks("https://acme.test/?r=abcdefghjk", "Acme & Co");
    expect(links.map((l) => new URL(l.href).protocol)).toEqual(["https:", "https:", "https:", "mailto:"]);
    for (const l of links) expect(l.href).toContain(encodeURIComponent("https://acme.test/?r=abcdefghjk"));
  });
});
