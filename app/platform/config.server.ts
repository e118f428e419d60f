import { isIP } from "node:net";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";

/**
 * All runtime configuration, read from the environment once and validated.
 * Every bad value produces a message naming the variable and what it expects.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: `${name} must be an absolute URL such as https://example.com`,
  });

const booleanFlag = (name: string) =>
  optionalString.refine(
    (v) => v === undefined || ["1", "0", "true", "false", "yes", "no"].includes(v.toLowerCase()),
    { message: `${name} must be true or false` },
  ).transform((v) => v !== undefined && ["1", "true", "yes"].includes(v.toLowerCase()));

/**
 * One DNS server of DNS_SERVERS: an IPv4 or IPv6 address, with an optional
 * port ("192.0.2.1", "192.0.2.1:5353", "2001:db8::1", "[2001:db8::1]:5353"),
 * in the form node:dns's setServers() takes. Null when it is not one.
 */
export function parseDnsServer(raw: string): string | null {
  const v = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(v);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(v);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : v4 ? [v4[1]!, v4[2]] : [v, undefined];
  const family = isIP(address);
  if (!family || (bracketed && family !== 6) || (v4 && family !== 4)) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (port === undefined) return address;
  return family === 6 ? `[${address}]:${port}` : `${address}:${port}`;
}

/**
 * One mailbox for a header: "someone@example.com" or "Name <someone@example.com>", on one line. Exactly one, as
 * nodemailer reads the header: "a@x.example, Name <b@y.example>" is two Reply-To addresses and is refused.
 */
export function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const parsed = addressparser(value);
  if (parsed.length !== 1 || "group" in parsed[0]!) return false;
  const named = /^[^<>]*<([^<>]+)>$/.exec(value);
  return z.email().safeParse(named ? named[1]!.trim() : value).success;
}

/** A whole number of at least `min`, `fallback` when unset. */
const wholeNumber = (name: string, fallback: number, min: number) =>
  optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= min), {
      message: `${name} must be a whole number of at least ${min}`,
    })
    .transform((v) => (v === undefined ? fallback : Number(v)));

/** postgres:// or postgresql://: DATABASE_URL names a PostgreSQL server. */
export function isPostgresUrl(url: string | undefined): url is string {
  return typeof url === "string" && /^postgres(ql)?:\/\//i.test(url.trim());
}

/**
 * Settings a module reads where it uses them, through `setting()`, rather than from `getConfig()`:
 * the database's dialect is chosen when the schema module loads, before the whole configuration may
 * be read, and tests change some of these between cases. Each is validated with the rest at start-up
 * too, so a bad value stops the server before anything reads it.
 */
const runtimeSettings = {
  /** production (set by server.js unless --dev), development or test: React Router's mode. */
  NODE_ENV: optionalString,
  DATABASE_PATH: optionalString.transform((v) => v ?? "./data/launchkit.db"),
  /** postgres://user:pass@host:5432/db runs every table on PostgreSQL; unset, the SQLite file at DATABASE_PATH. */
  DATABASE_URL: optionalString.refine((v) => v === undefined || isPostgresUrl(v), {
    message: "DATABASE_URL must be a postgres:// (or postgresql://) URL, or unset for the embedded SQLite database",
  }),
  DATABASE_POOL_SIZE: wholeNumber("DATABASE_POOL_SIZE", 10, 1),
  /** Where the committed migrations live (the Docker image's layout); unset, ./drizzle. */
  MIGRATIONS_DIR: optionalString,
  /** Where `react-router build` wrote the app (the server serves its client files). */
  BUILD_DIR: optionalString.transform((v) => v ?? "build"),
  JOB_CONCURRENCY: wholeNumber("JOB_CONCURRENCY", 8, 1),
  KIT_CONCURRENCY: wholeNumber("KIT_CONCURRENCY", 6, 1),
  /** How often an idle job worker looks for work it was not told about (an expired lease). */
  JOB_POLL_MS: wholeNumber("JOB_POLL_MS", 2_000, 100),
  JOB_AGING_MS: wholeNumber("JOB_AGING_MS", 120_000, 1_000),
  /** 0 (or off): this instance serves requests and queues work but runs no workers, sender or schedules. */
  JOB_WORKERS: optionalString
    .refine((v) => v === undefined || ["on", "off", "true", "false", "1", "0", "yes", "no"].includes(v.toLowerCase()), {
      message: "JOB_WORKERS must be 0 (no background work on this instance) or 1",
    })
    .transform((v) => v === undefined || ["on", "true", "1", "yes"].includes(v.toLowerCase())),
  SHUTDOWN_GRACE_MS: wholeNumber("SHUTDOWN_GRACE_MS", 5_000, 0),
  SCHEDULE_TICK_MS: wholeNumber("SCHEDULE_TICK_MS", 5 * 60 * 1000, 1_000),
  MAIL_RATE_PER_MINUTE: wholeNumber("MAIL_RATE_PER_MINUTE", 60, 1),
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  /** The key's PEM; "\n" escapes allowed (one line in an env file). */
  DKIM_PRIVATE_KEY: optionalString
    .transform((v) => v?.replace(/\\n/g, "\n"))
    .refine((v) => v === undefined || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v), {
      message: "DKIM_PRIVATE_KEY must be a private key in PEM (-----BEGIN PRIVATE KEY-----...), \\n escapes allowed",
    }),
};

type RuntimeSettings = typeof runtimeSettings;

/**
 * One setting of `runtimeSettings`, read from the environment now and validated: a bad value throws
 * the ConfigError that start-up would have thrown for it.
 */
export function setting<K extends keyof RuntimeSettings>(name: K): z.output<RuntimeSettings[K]> {
  const result = (runtimeSettings[name] as z.ZodType).safeParse(process.env[name]);
  if (!result.success) throw new ConfigError(`Invalid configuration:\n  - ${name}: ${result.error.issues[0]!.message}`);
  return result.data as z.output<RuntimeSettings[K]>;
}

/** DKIM signing when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are all set (validated together at start-up). */
export function dkimSettings(): { domainName: string; keySelector: string; privateKey: string } | null {
  const domainName = setting("DKIM_DOMAIN");
  const keySelector = setting("DKIM_SELECTOR");
  const privateKey = setting("DKIM_PRIVATE_KEY");
  return domainName && keySelector && privateKey ? { domainName, keySelector, privateKey } : null;
}

const EnvSchema = z
  .object({
    ...runtimeSettings,
    PORT: optionalString
      .refine((v) => v === undefined || /^\d+$/.test(v), {
        message: "PORT must be a whole number between 1 and 65535",
      })
      .transform((v) => (v === undefined ? 3000 : Number(v)))
      .refine((n) => n >= 1 && n <= 65535, {
        message: "PORT must be a whole number between 1 and 65535",
      }),
    HOST: optionalString.transform((v) => v ?? "0.0.0.0"),
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "SESSION_SECRET must be at least 32 characters (or unset to generate one)",
    }),
    /** optional (default): unconfirmed accounts sign in but cannot publish, pay or be admins; required: no sign-in until confirmed. */
    EMAIL_CONFIRMATION: optionalString.refine((v) => v === undefined || v === "optional" || v === "required", {
      message: "EMAIL_CONFIRMATION must be optional or required",
    }),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL"),
    AI_PROVIDER: optionalString.refine(
      (v) => v === undefined || v === "openai" || v === "builtin",
      { message: "AI_PROVIDER must be openai or builtin" },
    ),
    AI_TEXT_MODEL: optionalString.transform((v) => v ?? "gpt-4o-mini"),
    AI_IMAGE_MODEL: optionalString.transform((v) => v ?? "gpt-image-2"),
    AI_TIMEOUT_MS: optionalString
      .refine((v) => v === undefined || /^\d+$/.test(v), {
        message: "AI_TIMEOUT_MS must be a whole number of milliseconds",
      })
      .transform((v) => (v === undefined ? 120_000 : Number(v))),
    AI_MAX_RETRIES: optionalString
      .refine((v) => v === undefined || /^\d+$/.test(v), {
        message: "AI_MAX_RETRIES must be a whole number",
      })
      .transform((v) => (v === undefined ? 2 : Number(v))),
    AI_CONCURRENCY: wholeNumber("AI_CONCURRENCY", 8, 1),
    AI_CONCURRENCY_CLUSTER: wholeNumber("AI_CONCURRENCY_CLUSTER", 24, 1),
    AI_RETRY_WINDOW_MS: wholeNumber("AI_RETRY_WINDOW_MS", 180_000, 0),
    /** Tests only: each call of the built-in generator waits this long, so a test can stop an instance in the middle of a kit. */
    BUILTIN_DELAY_MS: wholeNumber("BUILTIN_DELAY_MS", 0, 0).refine((n) => n <= 60_000, {
      message: "BUILTIN_DELAY_MS must be a whole number of milliseconds, at most 60000",
    }),
    AI_WEB_SEARCH: optionalString.refine(
      (v) => v === undefined || ["on", "off", "true", "false", "1", "0", "yes", "no"].includes(v.toLowerCase()),
      { message: "AI_WEB_SEARCH must be on or off" },
    ),
    SMTP_URL: optionalString.refine(
      (v) => v === undefined || /^smtps?:\/\//i.test(v) && URL.canParse(v),
      { message: "SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465" },
    ),
    MAIL_FROM: optionalString.transform((v) => v ?? "LaunchKit <no-reply@launchkit.local>"),
    /** Where a customer's answer to a support reply goes (its Reply-To): an address or "Name <address>"; unset, MAIL_FROM. */
    SUPPORT_EMAIL: optionalString.refine((v) => v === undefined || isMailbox(v), {
      message: 'SUPPORT_EMAIL must be an e-mail address, or a name and one: "LaunchKit support <support@example.com>"',
    }),
    ADMIN_EMAILS: optionalString
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((list) => list.every((e) => z.email().safeParse(e).success), {
        message: "ADMIN_EMAILS must be a comma-separated list of e-mail addresses",
      }),
    APP_URL: optionalUrl("APP_URL"),
    /** The DNS servers that check custom domains' TXT records; unset, the system's resolvers. */
    DNS_SERVERS: optionalString
      .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean))
      .refine((list) => list.every((s) => parseDnsServer(s) !== null), {
        message: "DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)",
      })
      .transform((list) => list.map((s) => parseDnsServer(s)!)),
    TRUST_PROXY: booleanFlag("TRUST_PROXY"),
    /** Tests only: the competitor watch may fetch 127.0.0.0/8 and ::1 (on any port). Refused unless APP_URL is a loopback origin. */
    WATCH_ALLOW_LOOPBACK: booleanFlag("WATCH_ALLOW_LOOPBACK"),
    /** on (default): visits to published pages are counted (app/features/analytics, decision 026); off: nothing is counted. */
    ANALYTICS: optionalString.refine(
      (v) => v === undefined || ["on", "off", "true", "false", "1", "0", "yes", "no"].includes(v.toLowerCase()),
      { message: "ANALYTICS must be on or off" },
    ),
    PAGE_CACHE_SECONDS: optionalString
      .refine((v) => v === undefined || /^\d+$/.test(v), {
        message: "PAGE_CACHE_SECONDS must be a whole number of seconds (0 turns the cache off)",
      })
      .transform((v) => (v === undefined ? 60 : Number(v))),
    RENDER_CACHE_MB: optionalString
      .refine((v) => v === undefined || /^\d+$/.test(v), {
        message: "RENDER_CACHE_MB must be a whole number of megabytes (0 turns the render cache off)",
      })
      .transform((v) => (v === undefined ? 16 : Number(v))),
    // Payments (app/features/billing): the four go together; unset, the app runs without payments.
    STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v), {
      message: "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)",
    }),
    STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^whsec_\w+$/.test(v), {
      message: "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)",
    }),
    STRIPE_PRICE_STARTER: optionalString.refine((v) => v === undefined || /^price_\w+$/.test(v), {
      message: "STRIPE_PRICE_STARTER must be a Stripe price id (price_...)",
    }),
    STRIPE_PRICE_PRO: optionalString.refine((v) => v === undefined || /^price_\w+$/.test(v), {
      message: "STRIPE_PRICE_PRO must be a Stripe price id (price_...)",
    }),
    /** Another Stripe API server (tests, stripe-mock): its protocol, host and port are given to the SDK. */
    STRIPE_API_URL: optionalUrl("STRIPE_API_URL").refine((v) => v === undefined || /^https?:$/.test(new URL(v).protocol), {
      message: "STRIPE_API_URL must be an http:// or https:// URL",
    }),
  })
  .superRefine((env, ctx) => {
    const stripe = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_STARTER", "STRIPE_PRICE_PRO"] as const;
    const missing = stripe.filter((k) => !env[k]);
    if (missing.length > 0 && missing.length < stripe.length) {
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `Payments need all four of ${stripe.join(", ")} (missing: ${missing.join(", ")}); leave all four unset to run without payments`,
      });
    }
    if (env.WATCH_ALLOW_LOOPBACK && !isLoopbackOrigin(env.APP_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["WATCH_ALLOW_LOOPBACK"],
        message:
          "WATCH_ALLOW_LOOPBACK lets the competitor watch fetch this machine's own addresses and is for tests only: it needs APP_URL to be a loopback origin such as http://127.0.0.1:3000 (unset it on a real deployment)",
      });
    }
    const dkim = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const;
    const dkimMissing = dkim.filter((k) => !env[k]);
    if (dkimMissing.length > 0 && dkimMissing.length < dkim.length) {
      ctx.addIssue({
        code: "custom",
        path: [dkimMissing[0]!],
        message: `DKIM signing needs all three of ${dkim.join(", ")} (missing: ${dkimMissing.join(", ")}); leave all three unset to send unsigned`,
      });
    }
    if (env.AI_PROVIDER === "openai" && !env.OPENAI_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_PROVIDER"],
        message: "AI_PROVIDER=openai needs OPENAI_API_KEY to be set",
      });
    }
  });

/** http(s)://127.x.x.x, http(s)://[::1] or http(s)://localhost, with any port: an origin only this machine reaches. */
function isLoopbackOrigin(appUrl: string | undefined) {
  if (!appUrl || !URL.canParse(appUrl)) return false;
  const url = new URL(appUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || (isIP(host) === 4 && host.startsWith("127."));
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  - SESSION_SECRET: required with DATABASE_URL (every instance must sign sessions with the same secret; at least 32 characters)",
    );
  }
  const databasePath = path.resolve(e.DATABASE_PATH);
  return {
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    databasePath,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.dirname(databasePath),
    sessionSecret: e.SESSION_SECRET,
    ai: {
      provider: (e.AI_PROVIDER ?? (e.OPENAI_API_KEY ? "openai" : "builtin")) as
        | "openai"
        | "builtin",
      apiKey: e.OPENAI_API_KEY,
      baseURL: e.OPENAI_BASE_URL,
      textModel: e.AI_TEXT_MODEL,
      imageModel: e.AI_IMAGE_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      /** Calls to the provider at once from this instance, and (PostgreSQL) from all instances together. */
      concurrency: e.AI_CONCURRENCY,
      clusterConcurrency: e.AI_CONCURRENCY_CLUSTER,
      /** How long a call keeps retrying answers that say when to come back (429/503 with Retry-After). */
      retryWindowMs: e.AI_RETRY_WINDOW_MS,
      /** The research snapshot searches the web (Responses API web_search tool); on by default with the openai provider. */
      webSearch: e.AI_WEB_SEARCH === undefined || ["on", "true", "1", "yes"].includes(e.AI_WEB_SEARCH.toLowerCase()),
      /** Tests only (BUILTIN_DELAY_MS): how long each built-in generator call waits; 0 in production. */
      builtinDelayMs: e.BUILTIN_DELAY_MS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL ?? e.MAIL_FROM },
    adminEmails: e.ADMIN_EMAILS,
    emailConfirmationRequired: e.EMAIL_CONFIRMATION === "required",
    appUrl: e.APP_URL?.replace(/\/+$/, ""),
    /** Servers for the custom-domain TXT checks; null: the system's resolvers. */
    dnsServers: e.DNS_SERVERS.length > 0 ? e.DNS_SERVERS : null,
    trustProxy: e.TRUST_PROXY,
    /** Tests only (see WATCH_ALLOW_LOOPBACK): the competitor fetcher may reach 127.0.0.0/8 and ::1 on any port. */
    watchAllowLoopback: e.WATCH_ALLOW_LOOPBACK,
    /** Counting visits to published pages (ANALYTICS, on by default). */
    analytics: e.ANALYTICS === undefined || ["on", "true", "1", "yes"].includes(e.ANALYTICS.toLowerCase()),
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    renderCacheBytes: e.RENDER_CACHE_MB * 1024 * 1024,
    stripe: stripeSettings(e),
  };
}

type StripeEnv = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_PRICE_STARTER?: string; STRIPE_PRICE_PRO?: string; STRIPE_API_URL?: string };

/** Payments are on when the four Stripe settings are set (validated above), off otherwise. */
function stripeSettings(e: StripeEnv) {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_STARTER || !e.STRIPE_PRICE_PRO) return null;
  const api = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: { starter: e.STRIPE_PRICE_STARTER, pro: e.STRIPE_PRICE_PRO },
    api: api
      ? {
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: api.hostname.replace(/^\[|\]$/g, ""),
          port: api.port ? Number(api.port) : api.protocol === "http:" ? 80 : 443,
        }
      : null,
  };
}

let cached: Config | undefined;

/** The validated configuration of this process (read once). */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between cases. */
export function resetConfigForTests() {
  cached = undefined;
}
