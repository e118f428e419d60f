import path from "node:path";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { PASSWORD, startServer, tempDir } from "../../scripts/bench/support.mjs";
import { decodeMail } from "../support/smtp-sink.mjs";
import { expect, test } from "./fixtures";

/**
 * A reward e-mail and a kill -9 in the middle of sending it: a production
 * server, a real SMTP server that holds the reward e-mail's DATA unanswered,
 * the server killed while it waits. Restarted (the dead instance's 5-minute
 * lease moved to the past instead of waited for), the sender delivers the
 * reward once, with the Message-ID the first attempt had; nothing else about
 * the referral changes.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
type Mail = { to: string[]; raw: string };

async function post(server: Server, pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, ...headers },
    body: new URLSearchParams(form),
  });
}

test("the reward e-mail of a referral is delivered once across a kill -9 of the sender", async () => {
  test.setTimeout(150_000);
  const accepted: Mail[] = [];
  let hold = true;
  let holding = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = decodeMail(Buffer.concat(chunks).toString("utf8"));
        // The reward e-mail is never answered while holding: the sender waits, and is killed waiting.
        if (hold && /^Subject: You earned a reward/m.test(raw)) {
          holding = true;
          return;
        }
        accepted.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  const dbPath = path.join(tempDir("launchkit-waitlist-crash-"), "crash.db");
  const env = { SMTP_URL: smtpUrl, MAIL_RATE_PER_MINUTE: "600" };
  let server = await startServer(dbPath, env);
  const db = new Database(dbPath);
  try {
    // The site's own address, as an admin would confirm it: e-mails carry links.
    db.prepare("insert into app_settings (key, value) values ('site_origin', ?)").run(server.origin);
    const signup = await post(server, "/signup", { name: "Crash Founder", email: "crash-founder@example.com", password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on" });
    const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
    db.prepare("update users set email_confirmed_at = ?, plan = 'pro', plan_status = 'active' where email = ?").run(Date.now(), "crash-founder@example.com");
    const founder = { Cookie: cookie };
    const created = await post(server, "/wizard", { idea: "Dog walking for busy owners", audience: "Dog owners", tone: "friendly", goal: "waitlist", vibe: "cozy", intent: "generate", step: "2" }, founder);
    const kitId = created.headers.get("location")!.split("/").pop()!;
    await expect.poll(() => (db.prepare("select status from launch_kits where id = ?").get(kitId) as { status: string }).status, { timeout: 40_000 }).toBe("completed");
    expect((await post(server, `/dashboard/kits/${kitId}/website`, { intent: "publish", slug: "crash-waitlist" }, founder)).status).toBe(303);
    expect((await fetch(`${server.origin}/dashboard/kits/${kitId}/email`, { headers: founder })).status).toBe(200);
    expect((await post(server, `/dashboard/kits/${kitId}/email`, { intent: "settings", enabled: "on", postalAddress: "9 Crash Lane, Leeds" }, founder)).status).toBe(303);
    expect((await post(server, `/dashboard/kits/${kitId}/waitlist`, { intent: "settings", enabled: "on", placesPerReferral: "5", referralsPerAddress: "3", reward1Referrals: "1", reward1Label: "Early access" }, founder)).status).toBe(303);
    const pageId = (db.prepare("select page_id from landing_pages where kit_id = ?").get(kitId) as { page_id: string }).page_id;

    const mailsTo = (address: string) => accepted.filter((m) => m.to.includes(address)).map((m) => m.raw);
    const joinAndConfirm = async (email: string, query = "") => {
      expect((await post(server, `/f/${pageId}${query}`, { email }, { "User-Agent": `Browser of ${email}` })).status).toBe(303);
      let link = "";
      await expect.poll(() => (link = /https?:\/\/[^/\s"]+(\/e\/confirm\/[\w.-]+)/.exec(mailsTo(email).join("\n"))?.[1] ?? ""), { timeout: 30_000 }).not.toBe("");
      expect((await post(server, link, {}, { "User-Agent": `Browser of ${email}` })).status).toBe(200);
    };
    const referrer = "crash-referrer@example.com";
    await joinAndConfirm(referrer);
    const { lead_id: referrerId, code } = db.prepare("select lead_id, code from waitlist_entries where kit_id = ? and confirmed_at is not null").get(kitId) as { lead_id: string; code: string };
    await joinAndConfirm("crash-friend@example.com", `?r=${code}`);

    // The sender has the reward e-mail out to the SMTP server and waits for its answer: kill -9.
    await expect.poll(() => holding, { timeout: 30_000, message: "the reward e-mail reaching the SMTP server" }).toBe(true);
    server.child.kill("SIGKILL");
    await new Promise((r) => server.child.once("exit", r));
    const reward = () => db.prepare("select status, message_id, locked_by from email_sends where lead_id = ? and key = 'waitlist-reward:1'").get(referrerId) as { status: string; message_id: string; locked_by: string | null };
    expect(reward()).toMatchObject({ status: "pending" });
    expect(reward().locked_by).not.toBeNull();
    expect(mailsTo(referrer).filter((m) => /^Subject: You earned a reward/m.test(m))).toHaveLength(0);

    // Restarted, once the dead instance's lease has run out: delivered once, with the same Message-ID.
    db.prepare("update email_sends set lease_until = 1 where lead_id = ? and key = 'waitlist-reward:1'").run(referrerId);
    hold = false;
    server = await startServer(dbPath, env);
    await expect.poll(() => reward().status, { timeout: 30_000, message: "the reward e-mail recorded as sent" }).toBe("sent");
    await new Promise((r) => setTimeout(r, 6_000)); // another pass of the sender: nothing more
    const rewards = mailsTo(referrer).filter((m) => /^Subject: You earned a reward/m.test(m));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toContain(reward().message_id);
    expect((db.prepare("select count(*) as n from email_sends where lead_id = ? and key like 'waitlist-reward:%'").get(referrerId) as { n: number }).n).toBe(1);
  } finally {
    db.close();
    server.child.kill("SIGKILL");
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
