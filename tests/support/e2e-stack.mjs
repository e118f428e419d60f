// Starts what the end-to-end tests run against: an SMTP sink, the fake OpenAI
// server, a DNS server and the production build of LaunchKit on the loopback
// port in E2E_PORT, with its own temporary database in E2E_DIR.
import { spawn } from "node:child_process";
import path from "node:path";
import { startDnsServer } from "./dns-server.mjs";
import { startFakeOpenAI } from "./fake-openai.mjs";
import { startFakeStripe } from "./fake-stripe.mjs";
import { startSmtpSink } from "./smtp-sink.mjs";

const dir = process.env.E2E_DIR;
const port = process.env.E2E_PORT;
const fakePort = process.env.E2E_FAKE_OPENAI_PORT;
const stripePort = process.env.E2E_FAKE_STRIPE_PORT;
if (!dir || !port || !fakePort) throw new Error("E2E_DIR, E2E_PORT and E2E_FAKE_OPENAI_PORT must be set");

const smtp = await startSmtpSink({ dir: path.join(dir, "mail") });
const fake = await startFakeOpenAI({ port: Number(fakePort) });
// Payments are on in the e2e server: Checkout and the webhook go through a fake Stripe (tests/support/fake-stripe.mjs).
const stripe = await startFakeStripe({ port: Number(stripePort) || 0, webhookUrl: `http://127.0.0.1:${port}/stripe/webhook` });
// Custom domains are proved by TXT records looked up here: the tests write them
// as files in <E2E_DIR>/dns (tests/e2e/domain-helpers.ts), read at every query.
const dns = await startDnsServer({ dir: path.join(dir, "dns") });

const app = spawn(process.execPath, ["server.js"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    DATABASE_PATH: path.join(dir, "launchkit.db"),
    TRUST_PROXY: "true",
    ADMIN_EMAILS: ["js", "no-js"].flatMap((p) => [`admin-${p}@e2e.test`, `admin2-${p}@e2e.test`]).join(","),
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "LaunchKit <no-reply@e2e.test>",
    SUPPORT_EMAIL: "LaunchKit support <support@e2e.test>",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_STARTER: "price_fake_starter",
    STRIPE_PRICE_PRO: "price_fake_pro",
    STRIPE_API_URL: stripe.url,
    DNS_SERVERS: dns.server,
    // Competitor pages served by the specs on 127.0.0.1 (refused unless APP_URL is loopback too: app/platform/config.server.ts).
    WATCH_ALLOW_LOOPBACK: "1",
    ...(process.env.E2E_PROVIDER === "openai"
      ? { OPENAI_API_KEY: "sk-e2e-fake", OPENAI_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0" }
      : { OPENAI_API_KEY: "", AI_PROVIDER: "builtin" }),
  },
});

const stop = async () => {
  app.kill("SIGTERM");
  await Promise.all([smtp.close(), fake.close(), stripe.close(), dns.close()]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => {
  console.error(`LaunchKit server exited with ${code}`);
  process.exit(code ?? 1);
});
