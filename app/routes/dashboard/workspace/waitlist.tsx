import { z } from "zod";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { CheckboxField, Field } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { invalidateKitPage } from "~/kit/assets/landing/page-cache.server";
import { landingPageOf } from "~/kit/assets/landing/pages.server";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { sendingBlocked } from "~/features/site/sequences/sender.server";
import { sequenceOf, updateSettings } from "~/features/site/sequences/sequences.server";
import { redirectPastLastPage, requestedPage } from "~/platform/text/pagination";
import { initials, MAX_REWARDS, rewardText } from "~/features/site/waitlist/shared";
import { backfillWaitlist, disqualify, entryTotals, inviteNext, lineRows, referralRows, referralsByDay, referralShare, requalify, saveWaitlistSettings, waitlistSettings } from "~/features/site/waitlist/waitlist.server";
import type { Route } from "./+types/waitlist";

/** The heading names the section, not the kit (the workspace layout route reads it). */
export const handle = { workspaceTitle: "Waitlist" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Waitlist · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/waitlist: the published page's referral waitlist
 * (app/features/site/waitlist, docs/decisions/040-referral-waitlist.md). Owner only
 * (another founder's kit is a 404). The line LINE_PAGE_SIZE at a time
 * (?page=, ?q= searches addresses and names), top referrers, referrals by
 * day, the share of sign-ups from referral links, the referrals that did not
 * count and why, disqualifying a lead, and "invite the next N". Every form is
 * a plain POST.
 */
export const LINE_PAGE_SIZE = 25;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const settings = await waitlistSettings(kit.id);
  // Leads from before the waitlist was on join the line, by when they confirmed.
  if (settings.enabled) await backfillWaitlist(kit.id);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = requestedPage(url);
  const { rows, total } = await lineRows(kit.id, { q, offset: (page - 1) * LINE_PAGE_SIZE, limit: LINE_PAGE_SIZE });
  redirectPastLastPage(url, page, total, LINE_PAGE_SIZE);
  const sequence = await sequenceOf(kit.id);
  // Top referrers come from the whole line (the page shown may be a search or a slice of it).
  const everyone = !q && rows.length === total ? rows : (await lineRows(kit.id, { limit: Number.MAX_SAFE_INTEGER })).rows;
  const top = everyone
    .filter((p) => p.referrals > 0)
    .sort((a, b) => b.referrals - a.referrals || a.place - b.place)
    .slice(0, 5)
    .map((p) => ({ initials: initials(p.name, p.email), email: p.email, referrals: p.referrals, place: p.place }));
  return {
    settings,
    published: Boolean((await landingPageOf(kit.id))?.published),
    sequence: sequence ? { doubleOptIn: sequence.doubleOptIn } : null,
    blocked: await sendingBlocked(user.id),
    q,
    page,
    total,
    rows: rows.map((r) => ({ leadId: r.leadId, place: r.place, email: r.email, name: r.name, referrals: r.referrals, invited: Boolean(r.invitedAt), joinedAt: r.joinedAt.toISOString() })),
    totals: await entryTotals(kit.id),
    top,
    byDay: await referralsByDay(kit.id, 30),
    share: await referralShare(kit.id),
    referrals: (await referralRows(kit.id, 20)).map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}

type ActionData = { intent: string; message: string | null; errors?: Record<string, string[]> };
const reply = (body: ActionData, status = 200) => data(body, { status });

const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: enter a whole number.` })
    .int(`${label}: enter a whole number.`)
    .min(min, `${label}: at least ${min}.`)
    .max(max, `${label}: at most ${max}.`);

const SettingsSchema = z.object({
  placesPerReferral: count("Places per referral", 1, 1000),
  referralsPerAddress: count("Referrals a day from one address", 1, 100),
});
const RewardSchema = z.object({ referrals: count("Referrals for the reward", 1, 10_000), label: z.string().trim().min(1, "Name the reward.").max(80, "Keep the reward under 80 characters.") });

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const value = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : "");
  const intent = value("intent");
  const base = `/dashboard/kits/${kit.id}/waitlist`;

  if (intent === "settings") {
    const parsed = SettingsSchema.safeParse({ placesPerReferral: value("placesPerReferral"), referralsPerAddress: value("referralsPerAddress") });
    const errors: Record<string, string[]> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    const rewards = [];
    for (let i = 1; i <= MAX_REWARDS; i++) {
      const referrals = value(`reward${i}Referrals`).trim();
      const label = value(`reward${i}Label`).replace(/\s+/g, " ").trim();
      if (!referrals && !label) continue;
      const reward = RewardSchema.safeParse({ referrals, label });
      if (!reward.success) (errors[`reward${i}`] ??= []).push(reward.error.issues[0]!.message);
      else rewards.push(reward.data);
    }
    if (new Set(rewards.map((r) => r.referrals)).size !== rewards.length) (errors.reward1 ??= []).push("Give each reward its own number of referrals.");
    if (!parsed.success || Object.keys(errors).length) return reply({ intent, message: null, errors }, 400);
    const enabled = value("enabled") === "on";
    await saveWaitlistSettings(kit.id, { enabled, ...parsed.data, rewards });
    if (enabled) await backfillWaitlist(kit.id);
    // Places go to confirmed addresses: a waitlist turned on asks each sign-up to confirm.
    if (enabled && (await sequenceOf(kit.id))) await updateSettings(kit.id, { doubleOptIn: true });
    await invalidateKitPage(kit.id);
    return redirect(`${base}?saved=settings`, 303);
  }
  if (intent === "disqualify" || intent === "requalify") {
    const done = intent === "disqualify" ? await disqualify(kit.id, value("leadId")) : await requalify(kit.id, value("leadId"));
    if (!done) return reply({ intent, message: "That lead is not on this waitlist (or already in that state)." }, 404);
    return redirect(`${base}?saved=${intent}#waitlist-line`, 303);
  }
  if (intent === "invite") {
    const n = count("How many", 1, 500).safeParse(value("count"));
    if (!n.success) return reply({ intent, message: null, errors: { count: [n.error.issues[0]!.message] } }, 400);
    const blocked = await sendingBlocked(user.id);
    if (blocked) return reply({ intent, message: blocked }, 403);
    if (!(await sequenceOf(kit.id))) return reply({ intent, message: "Set up your e-mail first (the E-mail section): invitations go out with it." }, 409);
    const invited = await inviteNext(kit.id, n.data);
    if (invited === 0) return reply({ intent, message: "Everyone in line has been invited already." }, 409);
    return redirect(`${base}?saved=invited&invited=${invited}#waitlist-invite`, 303);
  }
  return reply({ intent, message: "Unknown action." }, 400);
}

const SAVED: Record<string, string> = {
  settings: "Waitlist settings saved.",
  disqualify: "Lead disqualified: out of the line, and their referrals no longer count for anyone.",
  requalify: "Lead back in the line.",
};

function savedMessage(params: URLSearchParams) {
  const key = params.get("saved") ?? "";
  if (key !== "invited") return SAVED[key];
  const n = Math.max(0, Math.floor(Number(params.get("invited")) || 0));
  return `Invitation on its way to ${n === 1 ? "1 lead" : `${n} leads`} at the top of the line: they are marked invited.`;
}

export default function WaitlistSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { settings, published, sequence, blocked, q, page, total, rows, totals, top, byDay, share, referrals } = loaderData;
  const [params] = useSearchParams();
  const saved = savedMessage(params);
  const errors = actionData?.errors ?? {};
  const last = Math.max(1, Math.ceil(total / LINE_PAGE_SIZE));
  const pageLink = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) }).toString()}#waitlist-line`;
  const maxDay = Math.max(1, ...byDay.map((d) => d.referrals));
  const referred = byDay.reduce((s, d) => s + d.referrals, 0);
  return (
    <>
      <div className="space-y-6" data-testid="waitlist-section">
        {saved ? <Notice tone="success">{saved}</Notice> : null}
        {actionData?.message ? (
          <Notice tone="error" role="alert">
            {actionData.message}
          </Notice>
        ) : null}
        {!published ? <Notice tone="info">Publish your landing page (Website section) to open the waitlist.</Notice> : null}
        {settings.enabled && !sequence ? (
          <Notice tone="warning">Places go to leads who confirm their address, and the confirmation e-mail comes with Pro&rsquo;s E-mail section: set it up there first.</Notice>
        ) : settings.enabled && sequence && !sequence.doubleOptIn ? (
          <Notice tone="warning">Double opt-in is off, so nobody confirms and nobody gets a place. Save these settings (or turn it on in the E-mail section) to ask each sign-up to confirm.</Notice>
        ) : null}

        <Panel title="Settings" id="waitlist-settings">
          <p className="text-sm text-slate-700">
            Each lead who confirms their address gets a place in line and a personal link. A friend who signs up with it and confirms moves them up; the rules below keep fake sign-ups from counting.
          </p>
          <Form method="post" className="mt-4 space-y-4" data-testid="waitlist-settings-form">
            <input type="hidden" name="intent" value="settings" />
            <CheckboxField label="Referral waitlist on this page (places in line, referral links and rewards)" inputProps={{ name: "enabled", defaultChecked: settings.enabled, value: "on" }} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Places a confirmed referral moves its referrer up"
                inputProps={{ name: "placesPerReferral", type: "number", min: 1, max: 1000, required: true, defaultValue: settings.placesPerReferral, inputMode: "numeric" }}
                hint="Never past someone who joined earlier with more referrals."
                errors={errors.placesPerReferral}
              />
              <Field
                label="Referrals a day that count from one network address"
                inputProps={{ name: "referralsPerAddress", type: "number", min: 1, max: 100, required: true, defaultValue: settings.referralsPerAddress, inputMode: "numeric" }}
                hint="More sign-ups from one address still join, but earn nobody places."
                errors={errors.referralsPerAddress}
              />
            </div>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">Rewards (up to three; leave a row empty for none)</legend>
              {Array.from({ length: MAX_REWARDS }, (_, i) => {
                const r = settings.rewards[i];
                return (
                  <div key={i} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                    <Field label={`Reward ${i + 1}: referrals`} inputProps={{ name: `reward${i + 1}Referrals`, type: "number", min: 1, max: 10000, defaultValue: r?.referrals ?? "", inputMode: "numeric" }} errors={errors[`reward${i + 1}`]} />
                    <Field label={`Reward ${i + 1}: what they get`} inputProps={{ name: `reward${i + 1}Label`, maxLength: 80, defaultValue: r?.label ?? "", placeholder: i === 0 ? "Early access" : i === 1 ? "A free month" : "" }} />
                  </div>
                );
              })}
            </fieldset>
            <Button type="submit">Save waitlist settings</Button>
          </Form>
        </Panel>

        <Panel title="Overview" id="waitlist-overview">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">In line</dt>
              <dd className="text-2xl font-semibold text-slate-900" data-testid="waitlist-in-line">{totals.confirmed}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Not confirmed yet</dt>
              <dd className="text-2xl font-semibold text-slate-900">{totals.waiting}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Invited</dt>
              <dd className="text-2xl font-semibold text-slate-900">{totals.invited}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Sign-ups from referral links</dt>
              <dd className="text-2xl font-semibold text-slate-900" data-testid="waitlist-referral-share">
                {share.leads ? `${Math.round((share.referral / share.leads) * 100)}%` : "–"}
              </dd>
              <dd className="text-xs text-slate-600">
                {share.referral} of {share.leads} (analytics source &ldquo;referral&rdquo;)
              </dd>
            </div>
          </dl>
          {settings.rewards.length ? <p className="mt-3 text-sm text-slate-700">Rewards: {settings.rewards.map(rewardText).join(" · ")}</p> : null}
        </Panel>

        <Panel title="Invite the next people in line" id="waitlist-invite">
          <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="waitlist-invite-form">
            <input type="hidden" name="intent" value="invite" />
            <Field label="How many" inputProps={{ name: "count", type: "number", min: 1, max: 500, required: true, defaultValue: 10, inputMode: "numeric" }} errors={errors.count} />
            <Button type="submit">Invite the next people</Button>
          </Form>
          <p className="mt-2 text-sm text-slate-600">
            The first people in line not invited yet each get one e-mail saying it is their turn (through your E-mail settings: unsubscribed addresses get nothing).
            {blocked ? ` ${blocked}` : ""}
          </p>
        </Panel>

        <Panel title="The line" id="waitlist-line">
          <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
            <Field label="Search by address or name" inputProps={{ name: "q", type: "search", defaultValue: q, maxLength: 100 }} />
            <Button type="submit" variant="secondary">
              Search
            </Button>
            <a className="text-sm font-semibold text-brand-700 hover:text-brand-800" href={`/dashboard/kits/${summary.id}/waitlist.csv`} download>
              Download the line (CSV)
            </a>
          </Form>
          {rows.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">{q ? "Nobody in line matches that search." : "Nobody is in line yet: places go to leads once they confirm their address."}</p>
          ) : (
            <ol className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="waitlist-line">
              {rows.map((r) => (
                <li key={r.leadId} className="p-3 text-sm sm:flex sm:items-center sm:gap-4">
                  <p className="flex min-w-0 flex-1 gap-3">
                    <span className="w-10 shrink-0 font-semibold text-slate-900">#{r.place}</span>
                    <span className="min-w-0 break-all text-slate-800">
                      {r.email}
                      {r.name ? <span className="text-slate-600"> · {r.name}</span> : null}
                    </span>
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-3 pl-[3.25rem] sm:mt-0 sm:pl-0">
                    <span className="text-slate-700">
                      {r.referrals} {r.referrals === 1 ? "referral" : "referrals"}
                    </span>
                    {r.invited ? <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Invited</span> : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="disqualify" />
                      <input type="hidden" name="leadId" value={r.leadId} />
                      <Button type="submit" variant="secondary" size="sm" aria-label={`Disqualify ${r.email}`}>
                        Disqualify
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ol>
          )}
          {last > 1 ? (
            <nav aria-label="Line pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm font-semibold text-brand-700">
              {page > 1 ? <Link to={pageLink(page - 1)}>← Earlier places</Link> : <span />}
              <span className="font-normal text-slate-600">
                Page {page} of {last}
              </span>
              {page < last ? <Link to={pageLink(page + 1)}>Later places →</Link> : <span />}
            </nav>
          ) : null}
        </Panel>

        <Panel title="Top referrers" id="waitlist-top">
          {top.length === 0 ? (
            <p className="text-sm text-slate-600">No confirmed referrals yet.</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {top.map((t) => (
                <li key={t.email}>
                  <span className="font-semibold">{t.email}</span> <span className="text-slate-600">({t.initials} if you share a leaderboard)</span>: {t.referrals} confirmed, place {t.place}
                </li>
              ))}
            </ol>
          )}
        </Panel>

        <Panel title="Confirmed referrals, last 30 days" id="waitlist-by-day">
          <p className="text-sm text-slate-700">{referred} in 30 days.</p>
          <ol className="mt-3 flex h-24 items-end gap-0.5" aria-label="Confirmed referrals per day">
            {byDay.map((d) => (
              <li key={d.day} className="flex-1 rounded-t bg-brand-600" style={{ height: `${Math.max(2, (d.referrals / maxDay) * 100)}%` }} title={`${d.day}: ${d.referrals}`}>
                <span className="sr-only">
                  {d.day}: {d.referrals}
                </span>
              </li>
            ))}
          </ol>
        </Panel>

        <Panel title="Latest referrals and whether they count" id="waitlist-referrals">
          {referrals.length === 0 ? (
            <p className="text-sm text-slate-600">Nobody has signed up with a referral link yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" data-testid="waitlist-referrals">
              {referrals.map((r) => (
                <li key={r.leadId} className="py-2">
                  <p className="break-all">
                    <span className="font-semibold">{r.email}</span> <span className="text-slate-600">referred by {r.referrerEmail || "a lead no longer on the list"}</span>
                  </p>
                  <p className="text-slate-700">{r.status}</p>
                  {r.status.startsWith("Does not count: you disqualified") ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="requalify" />
                      <input type="hidden" name="leadId" value={r.leadId} />
                      <Button type="submit" variant="secondary" size="sm">
                        Put back in line
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
