// Drives a running LaunchKit over HTTP as a browser without JavaScript does
// (form posts, the session cookie, the kit page's status badge), for the
// container tests. Nothing here knows where the server runs.
import { check, waitFor } from "./steps.mjs";

/**
 * A client for one server: `request(path, options)` answers
 * { status, headers, text, location }. No redirect is followed; a form post
 * carries this origin as Origin (the app's CSRF check), unless the headers
 * give another.
 */
export function appClient(origin) {
  async function request(pathname, { method = "GET", form, cookie, headers = {}, timeout = 15_000 } = {}) {
    const h = { ...headers };
    if (cookie) h.Cookie = cookie;
    let body;
    if (form) {
      body = new URLSearchParams(form);
      h["Content-Type"] = "application/x-www-form-urlencoded";
      h.Origin ??= origin;
    }
    const res = await fetch(origin + pathname, { method, body, headers: h, redirect: "manual", signal: AbortSignal.timeout(timeout) });
    const text = method === "HEAD" ? "" : await res.text();
    return { status: res.status, headers: res.headers, text, location: res.headers.get("location") };
  }
  return { origin, request };
}

/** The session cookie a response sets: { pair: "launchkit_session=…", full: the whole Set-Cookie }. */
export function sessionCookie(res) {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("launchkit_session="));
  return set ? { pair: set.split(";")[0], full: set } : null;
}

/** The status badge of a kit page (draft, generating, completed, exported). */
export function kitBadge(html) {
  return /<span data-tone="\w+"[^>]*>([a-z]+)<\/span>/.exec(html)?.[1] ?? null;
}

/** The wizard's last step, posted with intent=generate. */
export function wizardForm(idea) {
  return {
    idea,
    audience: "Night owls who want fresh bread",
    geography: "Lisbon",
    tone: "friendly",
    competitors: "Corner bakeries",
    goal: "waitlist",
    vibe: "cozy",
    intent: "generate",
    step: "2",
  };
}

/** POST /signup; returns the response and its session cookie (checked: 302/303 to /dashboard). */
export async function signUp(client, { name, email, password }) {
  const res = await client.request("/signup", {
    method: "POST",
    form: { name, email, password, confirmPassword: password, acceptTerms: "on" },
  });
  check(res.status === 302 || res.status === 303, `POST /signup answered ${res.status}`);
  check(res.location?.endsWith("/dashboard"), `POST /signup redirected to ${res.location}`);
  const cookie = sessionCookie(res);
  check(cookie, "POST /signup set no session cookie");
  return { res, cookie };
}

/**
 * The confirmation link of `email` as the server logs it when no SMTP server
 * is set ("E-mail confirmation link for <email>: <url>"); returns its token.
 */
export function confirmationToken(logs, email) {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const links = [...logs.matchAll(new RegExp(`confirmation link for ${escaped}: (\\S+)`, "g"))];
  const link = links.at(-1)?.[1];
  return link ? new URL(link).searchParams.get("token") : null;
}

/** POST /confirm-email with the token (the button of the e-mailed link). */
export async function confirmEmail(client, token) {
  const res = await client.request("/confirm-email", { method: "POST", form: { token } });
  check(res.status === 303 && res.location?.includes("/confirm-email?done"), `POST /confirm-email answered ${res.status} ${res.location ?? ""}`);
  return res;
}

/** POST /wizard (generate); returns the new kit's id. */
export async function startKit(client, cookie, idea) {
  const res = await client.request("/wizard", { method: "POST", form: wizardForm(idea), cookie });
  check(res.status === 303, `POST /wizard answered ${res.status}`);
  const kitId = /^(?:https?:\/\/[^/]+)?\/dashboard\/kits\/([\w-]+)$/.exec(res.location ?? "")?.[1];
  check(kitId, `POST /wizard redirected to ${res.location}`);
  return kitId;
}

/** Polls the kit page until its badge says `status`; returns the page. */
export function waitForKitStatus(client, cookie, kitId, status, { timeout = 60_000 } = {}) {
  return waitFor(
    `kit ${kitId} status '${status}' (${client.origin})`,
    async () => {
      const page = await client.request(`/dashboard/kits/${kitId}`, { cookie });
      check(page.status === 200, `kit page answered ${page.status}`);
      return kitBadge(page.text) === status ? page : null;
    },
    { timeout, interval: 500 },
  );
}

/**
 * Checks a kit's assets as rows { kind, status, version } and its logo count:
 * every asset ready and generated exactly once (version 1), one logo.
 */
export function checkAssetsOnce(kitId, assets, logos) {
  check(assets.length > 0, `kit ${kitId} has no assets`);
  const wrong = assets.filter((a) => a.status !== "ready" || Number(a.version) !== 1);
  check(wrong.length === 0, `kit ${kitId}: ${wrong.map((a) => `${a.kind} ${a.status} v${a.version}`).join(", ")} (expected each ready, v1)`);
  check(Number(logos) === 1, `kit ${kitId} has ${logos} logo images (expected 1)`);
  return `${assets.length} assets ready, each generated once; 1 logo`;
}
