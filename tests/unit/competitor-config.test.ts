import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, parseConfig, resetConfigForTests } from "~/platform/config.server";

describe("WATCH_ALLOW_LOOPBACK (tests only)", () => {
  it("is off by default", () => {
    expect(parseConfig({}).watchAllowLoopback).toBe(false);
    expect(parseConfig({ WATCH_ALLOW_LOOPBACK: "0", APP_URL: "https://kit.example.com" }).watchAllowLoopback).toBe(false);
  });

  it("is accepted only with a loopback APP_URL", () => {
    for (const appUrl of ["http://127.0.0.1:3000", "http://127.0.0.1:51234/", "http://localhost:3000", "http://[::1]:4000", "https://127.9.9.9"]) {
      expect(parseConfig({ WATCH_ALLOW_LOOPBACK: "1", APP_URL: appUrl }).watchAllowLoopback, appUrl).toBe(true);
    }
    expect(parseConfig({ WATCH_ALLOW_LOOPBACK: "true", APP_URL: "http://127.0.0.1:3000" }).watchAllowLoopback).toBe(true);
  });

  it("refuses to start on a real deployment (public or missing APP_URL) with a clear message", () => {
    for (const env of [
      { WATCH_ALLOW_LOOPBACK: "1" },
      { WATCH_ALLOW_LOOPBACK: "1", APP_URL: "https://kit.example.com" },
      { WATCH_ALLOW_LOOPBACK: "yes", APP_URL: "http://10.0.0.2:3000" },
      { WATCH_ALLOW_LOOPBACK: "1", APP_URL: "http://127.0.0.1.example.com" },
      { WATCH_ALLOW_LOOPBACK: "1", APP_URL: "http://localhost.example.com" },
    ]) {
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(
        "WATCH_ALLOW_LOOPBACK: WATCH_ALLOW_LOOPBACK lets the competitor watch fetch this machine's own addresses and is for tests only: it needs APP_URL to be a loopback origin",
      );
    }
    expect(() => parseConfig({ WATCH_ALLOW_LOOPBACK: "maybe", APP_URL: "http://127.0.0.1:3000" })).toThrow("WATCH_ALLOW_LOOPBACK must be true or false");
  });

  it("stops getConfig(), which the server's startup() runs before it listens", () => {
    const saved = { flag: process.env.WATCH_ALLOW_LOOPBACK, app: process.env.APP_URL };
    try {
      process.env.WATCH_ALLOW_LOOPBACK = "1";
      process.env.APP_URL = "https://kit.example.com";
      resetConfigForTests();
      expect(() => getConfig()).toThrow(ConfigError);
    } finally {
      if (saved.flag === undefined) delete process.env.WATCH_ALLOW_LOOPBACK;
      else process.env.WATCH_ALLOW_LOOPBACK = saved.flag;
      if (saved.app === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved.app;
      resetConfigForTests();
    }
  });
});
