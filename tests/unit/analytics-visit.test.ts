import { describe, expect, it } from "vitest";
import { chartGeometry, niceStep } from "~/features/analytics/chart";
import { parseConfig } from "~/platform/config.server";
import { conversionRate, rangeOf } from "~/features/analytics/shared";
import { addressOf, clientIpOf, deviceClass, hostOf, skipReason, trafficSource, type VisitHeaders } from "~/features/analytics/visit.server";

/**
 * What a request to a published page says about its visitor
 * (app/features/analytics/visit.server.ts): which requests are visits, where they
 * came from, which device class. The signed-in owner's filter needs a
 * session: tests/integration/analytics.test.ts.
 */

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const headers = (h: Record<string, string>): VisitHeaders => new Headers(h);

describe("which requests are visits", () => {
  it("counts a browser's GET", () => {
    expect(skipReason("GET", headers({ "User-Agent": CHROME }))).toBeNull();
  });

  it("leaves out HEAD and every other method", () => {
    expect(skipReason("HEAD", headers({ "User-Agent": CHROME }))).toBe("method");
    expect(skipReason("POST", headers({ "User-Agent": CHROME }))).toBe("method");
  });

  it("leaves out prefetches and prerenders (Sec-Purpose, Purpose, X-Purpose)", () => {
    expect(skipReason("GET", headers({ "User-Agent": CHROME, "Sec-Purpose": "prefetch" }))).toBe("prefetch");
    expect(skipReason("GET", headers({ "User-Agent": CHROME, "Sec-Purpose": "prefetch;prerender" }))).toBe("prefetch");
    expect(skipReason("GET", headers({ "User-Agent": CHROME, Purpose: "prefetch" }))).toBe("prefetch");
    expect(skipReason("GET", headers({ "User-Agent": CHROME, "X-Purpose": "preview" }))).toBe("prefetch");
  });

  it("leaves out bots, headless browsers, HTTP libraries and requests without a user agent", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "node",
      "python-requests/2.32.3",
    ]) {
      expect(skipReason("GET", headers({ "User-Agent": ua })), ua).toBe("bot");
    }
    expect(skipReason("GET", headers({}))).toBe("bot");
  });
});

describe("device classes", () => {
  const cases: Array<[string, string]> = [
    ["mobile", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"],
    ["mobile", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"],
    ["mobile", "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"],
    ["mobile", "Opera/9.80 (J2ME/MIDP; Opera Mini/5.1.21214/28.2725; U; en) Presto/2.8.119 Version/11.10"],
    ["tablet", "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"],
    ["tablet", "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"],
    ["tablet", "Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36"],
    ["desktop", CHROME],
    ["desktop", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"],
    ["desktop", "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"],
  ];
  it.each(cases)("%s: %s", (expected, ua) => {
    expect(deviceClass(ua)).toBe(expected);
  });
});

describe("where a visit came from", () => {
  const q = (s: string) => new URLSearchParams(s);

  it("takes the referrer's host without www, and ignores the page's own host", () => {
    expect(trafficSource(null, "https://www.google.com/search?q=dog+grooming", "launchkit.example")).toEqual({ source: "google.com", medium: "", campaign: "", content: "" });
    expect(trafficSource(null, "https://news.ycombinator.com/item?id=1", "launchkit.example")).toMatchObject({ source: "news.ycombinator.com" });
    expect(trafficSource(null, "https://launchkit.example/p/acme/thanks", "launchkit.example")).toMatchObject({ source: "" });
    expect(trafficSource(null, "https://www.acme-dogs.com/", "acme-dogs.com")).toMatchObject({ source: "" });
    expect(trafficSource(null, "http://127.0.0.1:3000/p/acme", "127.0.0.1:3000")).toMatchObject({ source: "" });
  });

  it("lets utm_source, utm_medium, utm_campaign and utm_content win over the referrer", () => {
    expect(trafficSource(q("utm_source=Newsletter&utm_medium=email&utm_campaign=Launch%20Week&utm_content=Top-Button"), "https://mail.google.com/", "launchkit.example")).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "launch week",
      content: "top-button",
    });
    // A campaign without a source keeps the referrer as its source.
    expect(trafficSource(q("utm_campaign=spring"), "https://t.co/abc", "launchkit.example")).toEqual({ source: "t.co", medium: "", campaign: "spring", content: "" });
  });

  it("keeps no source from non-web referrers, broken ones, or none", () => {
    expect(trafficSource(null, "android-app://com.google.android.gm/", "x.test").source).toBe("");
    expect(trafficSource(null, "not a url", "x.test").source).toBe("");
    expect(trafficSource(null, null, "x.test")).toEqual({ source: "", medium: "", campaign: "", content: "" });
  });

  it("cleans UTM values: trimmed, lower-case, no control characters, at most 100 characters", () => {
    const long = "x".repeat(300);
    const t = trafficSource(q(`utm_source=%20Twit%0Ater%20&utm_campaign=${long}`), null, "x.test");
    expect(t.source).toBe("twit ter");
    expect(t.campaign).toHaveLength(100);
  });
});

describe("the address new visitors are capped by", () => {
  it("is an IPv4 address as it is, an IPv6 address's /64 however it is written, a mapped IPv4 address as IPv4", () => {
    expect(addressOf("203.0.113.9")).toBe("203.0.113.9");
    expect(addressOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressOf("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressOf("2001:db8:1:3::1")).not.toBe(addressOf("2001:db8:1:2::1"));
  });
});

describe("the client's address and host, as Express reads them", () => {
  const req = (h: Record<string, string>, remote = "192.0.2.10") => ({ headers: h, socket: { remoteAddress: remote } }) as never;

  it("uses X-Forwarded-For only behind a trusted proxy (its first address)", () => {
    expect(clientIpOf(req({ "x-forwarded-for": "203.0.113.5, 10.0.0.1" }), true)).toBe("203.0.113.5");
    expect(clientIpOf(req({ "x-forwarded-for": "203.0.113.5" }), false)).toBe("192.0.2.10");
    expect(clientIpOf(req({}), true)).toBe("192.0.2.10");
  });

  it("uses X-Forwarded-Host only behind a trusted proxy", () => {
    expect(hostOf(req({ host: "internal:3000", "x-forwarded-host": "acme.example" }), true)).toBe("acme.example");
    expect(hostOf(req({ host: "internal:3000", "x-forwarded-host": "acme.example" }), false)).toBe("internal:3000");
  });
});

describe("ANALYTICS", () => {
  it("is on unless set to off, and refuses anything else", () => {
    expect(parseConfig({}).analytics).toBe(true);
    expect(parseConfig({ ANALYTICS: "on" }).analytics).toBe(true);
    expect(parseConfig({ ANALYTICS: "off" }).analytics).toBe(false);
    expect(parseConfig({ ANALYTICS: "false" }).analytics).toBe(false);
    expect(() => parseConfig({ ANALYTICS: "sometimes" })).toThrow(/ANALYTICS must be on or off/);
  });
});

describe("the section's small pieces", () => {
  it("reads the range from ?days= (7 unless 30 or 90)", () => {
    expect([rangeOf("7"), rangeOf("30"), rangeOf("90"), rangeOf("365"), rangeOf(null), rangeOf("abc")]).toEqual([7, 30, 90, 7, 7, 7]);
  });

  it("gives the conversion rate to one decimal, and none without visitors", () => {
    expect(conversionRate({ visitors: 3, leads: 1 })).toBe("33.3%");
    expect(conversionRate({ visitors: 0, leads: 0 })).toBe("—");
  });

  it("draws the chart's y axis in round steps that reach the highest day", () => {
    expect([niceStep(0), niceStep(3), niceStep(9), niceStep(37), niceStep(1234)]).toEqual([1, 1, 5, 10, 500]);
    const daily = [
      { day: "2026-11-20", visitors: 0, views: 0, leads: 0 },
      { day: "2026-11-21", visitors: 37, views: 50, leads: 4 },
      { day: "2026-11-22", visitors: 10, views: 12, leads: 0 },
    ];
    const g = chartGeometry(daily);
    expect(g.max).toBe(40);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 10, 20, 30, 40]);
    expect(g.bars[0]!.visitorsHeight).toBe(0);
    // Heights are proportional: 37 visitors against 10, 4 leads inside 37.
    expect(g.bars[1]!.visitorsHeight / g.bars[2]!.visitorsHeight).toBeCloseTo(3.7, 6);
    expect(g.bars[1]!.leadsHeight / g.bars[1]!.visitorsHeight).toBeCloseTo(4 / 37, 6);
    expect(g.labels.map((l) => l.text)).toEqual(["Nov 20", "Nov 21", "Nov 22"]);
  });
});
