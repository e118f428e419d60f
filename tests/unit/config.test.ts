import { describe, expect, it } from "vitest";
import { ConfigError, dkimSettings, parseConfig, setting } from "~/platform/config.server";

describe("configuration", () => {
  it("needs no environment at all and picks the offline defaults", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.databasePath).toMatch(/data[\\/]launchkit\.db$/);
    expect(c.ai.provider).toBe("builtin");
    expect(c.ai.textModel).toBe("gpt-4o-mini");
    expect(c.ai.imageModel).toBe("gpt-image-2");
    expect(c.adminEmails).toEqual([]);
    expect(c.sessionSecret).toBeUndefined();
  });

  it("defaults the provider to openai when a key is set", () => {
    expect(parseConfig({ OPENAI_API_KEY: "sk-test" }).ai.provider).toBe("openai");
    expect(parseConfig({ OPENAI_API_KEY: "sk-test", AI_PROVIDER: "builtin" }).ai.provider).toBe("builtin");
  });

  it("searches the web for the research snapshot unless AI_WEB_SEARCH is off", () => {
    expect(parseConfig({}).ai.webSearch).toBe(true);
    expect(parseConfig({ AI_WEB_SEARCH: "" }).ai.webSearch).toBe(true);
    expect(parseConfig({ AI_WEB_SEARCH: "OFF" }).ai.webSearch).toBe(false);
    expect(parseConfig({ AI_WEB_SEARCH: "false" }).ai.webSearch).toBe(false);
    expect(parseConfig({ AI_WEB_SEARCH: "on" }).ai.webSearch).toBe(true);
    expect(() => parseConfig({ AI_WEB_SEARCH: "sometimes" })).toThrow("AI_WEB_SEARCH: AI_WEB_SEARCH must be on or off");
  });

  it("reads SUPPORT_EMAIL, the Reply-To of support replies, as one mailbox; unset, MAIL_FROM", () => {
    expect(parseConfig({}).mail.support).toBe("LaunchKit <no-reply@launchkit.local>");
    expect(parseConfig({ MAIL_FROM: "Kit <kit@example.com>" }).mail.support).toBe("Kit <kit@example.com>");
    expect(parseConfig({ SUPPORT_EMAIL: " help@example.com " }).mail.support).toBe("help@example.com");
    expect(parseConfig({ SUPPORT_EMAIL: "LaunchKit help <help@example.com>" }).mail.support).toBe("LaunchKit help <help@example.com>");
    expect(parseConfig({ SUPPORT_EMAIL: '"Support, LaunchKit" <help@example.com>' }).mail.support).toBe('"Support, LaunchKit" <help@example.com>');
    for (const bad of ["help", "help@", "Help <nope>", "a@b.co\r\nBcc: c@d.co", "<a@b.co> <c@d.co>", "ops@evil.example, Support <s@x.example>", "ops@evil.example; Support <s@x.example>", "Support <s@x.example>, ops@evil.example", "Team: a@x.example, b@y.example;"]) {
      expect(() => parseConfig({ SUPPORT_EMAIL: bad }), bad).toThrow(ConfigError);
      expect(() => parseConfig({ SUPPORT_EMAIL: bad }), bad).toThrow("SUPPORT_EMAIL must be an e-mail address");
    }
  });

  it("normalises ADMIN_EMAILS and APP_URL", () => {
    const c = parseConfig({ ADMIN_EMAILS: " Boss@Example.com, ops@example.com ", APP_URL: "https://kit.example.com/" });
    expect(c.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(c.appUrl).toBe("https://kit.example.com");
  });

  it("reads DNS_SERVERS as addresses with optional ports, in the form node:dns takes; unset: the system's resolvers", () => {
    expect(parseConfig({}).dnsServers).toBeNull();
    expect(parseConfig({ DNS_SERVERS: " " }).dnsServers).toBeNull();
    expect(parseConfig({ DNS_SERVERS: "1.1.1.1, 127.0.0.1:5353,2001:db8::1,[::1]:53" }).dnsServers).toEqual(["1.1.1.1", "127.0.0.1:5353", "2001:db8::1", "[::1]:53"]);
    expect(parseConfig({ DNS_SERVERS: "1.1.1.1," }).dnsServers).toEqual(["1.1.1.1"]);
    for (const bad of ["dns.example.com", "1.1.1", "127.0.0.1:0", "127.0.0.1:70000", "[1.1.1.1]:53", "::1:53x"]) {
      expect(() => parseConfig({ DNS_SERVERS: bad }), bad).toThrow("DNS_SERVERS must be a comma-separated list of IP addresses");
    }
  });

  it.each([
    [{ PORT: "abc" }, "PORT: PORT must be a whole number between 1 and 65535"],
    [{ PORT: "70000" }, "PORT must be a whole number between 1 and 65535"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 32 characters"],
    [{ OPENAI_BASE_URL: "not a url" }, "OPENAI_BASE_URL must be an absolute URL"],
    [{ AI_PROVIDER: "gemini" }, "AI_PROVIDER must be openai or builtin"],
    [{ AI_PROVIDER: "openai" }, "AI_PROVIDER=openai needs OPENAI_API_KEY"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must look like smtp://"],
    [{ ADMIN_EMAILS: "a@b.co, nope" }, "ADMIN_EMAILS must be a comma-separated list"],
    [{ APP_URL: "kit.example.com" }, "APP_URL must be an absolute URL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY must be true or false"],
    [{ AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS must be a whole number"],
    [{ JOB_CONCURRENCY: "lots" }, "JOB_CONCURRENCY: JOB_CONCURRENCY must be a whole number of at least 1"],
    [{ JOB_CONCURRENCY: "0" }, "JOB_CONCURRENCY must be a whole number of at least 1"],
    [{ KIT_CONCURRENCY: "-2" }, "KIT_CONCURRENCY must be a whole number of at least 1"],
    [{ JOB_WORKERS: "none" }, "JOB_WORKERS must be 0"],
    [{ JOB_POLL_MS: "2s" }, "JOB_POLL_MS must be a whole number"],
    [{ JOB_AGING_MS: "500" }, "JOB_AGING_MS must be a whole number of at least 1000"],
    [{ SHUTDOWN_GRACE_MS: "5 s" }, "SHUTDOWN_GRACE_MS must be a whole number"],
    [{ SCHEDULE_TICK_MS: "10" }, "SCHEDULE_TICK_MS must be a whole number of at least 1000"],
    [{ DATABASE_POOL_SIZE: "ten" }, "DATABASE_POOL_SIZE must be a whole number of at least 1"],
    [{ MAIL_RATE_PER_MINUTE: "1.5" }, "MAIL_RATE_PER_MINUTE must be a whole number of at least 1"],
    [{ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "s1" }, "DKIM signing needs all three of DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (missing: DKIM_PRIVATE_KEY)"],
    [{ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "secret" }, "DKIM_PRIVATE_KEY must be a private key in PEM"],
    [{ DATABASE_URL: "mysql://db/launchkit" }, "DATABASE_URL must be a postgres://"],
  ])("rejects %o with a clear message", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("reads the settings modules read where they use them each time, validated like the rest", () => {
    const saved = { ...process.env };
    try {
      delete process.env.JOB_CONCURRENCY;
      delete process.env.JOB_WORKERS;
      expect(setting("JOB_CONCURRENCY")).toBe(8);
      expect(setting("JOB_WORKERS")).toBe(true);
      process.env.JOB_CONCURRENCY = "3";
      process.env.JOB_WORKERS = "0";
      expect(setting("JOB_CONCURRENCY")).toBe(3);
      expect(setting("JOB_WORKERS")).toBe(false);
      process.env.JOB_CONCURRENCY = "many";
      expect(() => setting("JOB_CONCURRENCY")).toThrow(ConfigError);
      expect(() => setting("JOB_CONCURRENCY")).toThrow("JOB_CONCURRENCY: JOB_CONCURRENCY must be a whole number of at least 1");
      process.env.DKIM_DOMAIN = "example.com";
      process.env.DKIM_SELECTOR = "s1";
      expect(dkimSettings()).toBeNull();
      process.env.DKIM_PRIVATE_KEY = "-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----";
      expect(dkimSettings()).toEqual({ domainName: "example.com", keySelector: "s1", privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----" });
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it("lists every bad value at once", () => {
    try {
      parseConfig({ PORT: "x", AI_PROVIDER: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain("PORT");
      expect(String(error)).toContain("AI_PROVIDER");
    }
  });
});
