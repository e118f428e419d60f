import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useSearchParams } from "react-router";
import { regenerate } from "~/kit/plans/regenerations.server";
import { Field } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { CopyButton } from "~/ui/workspace/copy-button";
import { CharCount, FileLink, Notice } from "~/ui/workspace/launch-ui";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { isGenerating } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { formatDay } from "~/kit/assets/calendar/dates";
import { launchFilesVersion } from "~/features/workspace/file-response.server";
import { GALLERY_NAMES } from "~/kit/assets/launch/image-names";
import { COUNT_NOTE, LAUNCH_LIMITS, composeComment, composeHnComment, countField, type LaunchField } from "~/kit/assets/launch/limits";
import { LaunchContentSchema, LaunchSettingsSchema } from "~/kit/assets/launch/schema";
import { community, PROMOTION_LABEL, RULES_CHECKED } from "~/kit/assets/launch/subreddits";
import { describeMoment, launchPlan, PACIFIC } from "~/kit/assets/launch/timeline";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import { createBroadcast, sequenceOf } from "~/features/site/sequences/sequences.server";
import { sendingBlocked } from "~/features/site/sequences/sender.server";
import type { Route } from "./+types/launch";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Launch day · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

const PRO_ONLY = "E-mail sequences and broadcasts are part of Pro.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows, user } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "launch");
  const launch = await readyContent(kit.id, "launch", LaunchContentSchema);
  const blocked = await sendingBlocked(user.id);
  const sequence = await sequenceOf(kit.id);
  const tasks = launch
    ? launchPlan(launch).map((t) => ({
        id: t.id,
        title: t.title,
        detail: t.detail,
        copy: t.copy,
        where: t.where,
        day: t.day,
        local: describeMoment(t.at, launch.timeZone),
        pacific: t.clock === "pacific" ? describeMoment(t.at, PACIFIC) : null,
        done: launch.done.includes(t.id),
      }))
    : [];
  return {
    row: row ? { status: row.status, error: row.error } : null,
    launch,
    tasks,
    zones: Intl.supportedValuesOf("timeZone"),
    email: { pro: blocked !== PRO_ONLY, ready: Boolean(sequence?.postalAddress) },
    v: `${launchFilesVersion(rows)}.${row?.version ?? 0}.${rows.find((r) => r.kind === "landing")?.version ?? 0}`,
  };
}

type ActionData = { result?: SubmissionResult<string[]> | null; message: string | null };

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const base = `/dashboard/kits/${kit.id}/launch`;
  const refuse = (message: string, status: number) => data<ActionData>({ result: null, message }, { status });
  if (intent === "regenerate") {
    const refused = await regenerate(user.id, kit, "launch");
    if (refused) return refuse(refused.message, refused.status);
    return redirect(base, 303);
  }
  if (intent !== "save-settings" && intent !== "tick" && intent !== "schedule-email") return refuse("Unknown action.", 400);
  const row = await getAsset(kit.id, "launch");
  const current = LaunchContentSchema.safeParse(row?.version ? row.content : null);
  if (!row || !current.success) return refuse("Your launch plan is not written yet.", 409);
  if (row.status === "queued" || row.status === "generating" || kit.status === "generating" || (await isGenerating(kit.id))) return refuse("Your launch posts are being written. Please wait a moment.", 409);
  const launch = current.data;

  if (intent === "save-settings") {
    const submission = parseWithZod(formData, { schema: LaunchSettingsSchema });
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
    await saveAssetContent(kit.id, "launch", LaunchContentSchema.parse({ ...launch, ...submission.value }));
    return redirect(`${base}?saved=settings`, 303);
  }
  if (intent === "tick") {
    const id = String(formData.get("task") ?? "");
    if (!launchPlan(launch).some((t) => t.id === id)) return refuse("That task is not in your plan.", 404);
    const done = formData.get("done") === "1";
    const next = done ? [...new Set([...launch.done, id])] : launch.done.filter((d) => d !== id);
    await saveAssetContent(kit.id, "launch", LaunchContentSchema.parse({ ...launch, done: next }));
    return redirect(`${base}#task-${id}`, 303);
  }
  // schedule-email: the launch e-mail as a broadcast (Pro), at the plan's time for it.
  const blocked = await sendingBlocked(user.id);
  if (blocked === PRO_ONLY) return refuse("Scheduling the launch e-mail comes with Pro: copy the draft and send it yourself.", 403);
  if (blocked) return refuse(blocked, 403);
  const sequence = await sequenceOf(kit.id);
  if (!sequence?.postalAddress) return refuse("Enter your postal address in the E-mail section first: every e-mail names where it comes from.", 400);
  const at = launchPlan(launch).find((t) => t.id === "email")!.at;
  if (at.getTime() < Date.now()) return refuse("Launch morning has passed: move the launch date or send the e-mail from the E-mail section.", 400);
  await createBroadcast(kit.id, { subject: launch.email.subject, preview: launch.email.preview, body: launch.email.body, sendAt: at });
  return redirect(`${base}?saved=email#launch-email`, 303);
}

const SAVED: Record<string, string> = {
  settings: "Launch date and time zone saved: every task moved with them.",
  email: "Launch e-mail scheduled: it goes to your subscribed leads on launch morning. You can cancel it in the E-mail section.",
};

function Count({ field, text }: { field: LaunchField; text: string }) {
  const { limit, counter } = LAUNCH_LIMITS[field];
  return <CharCount count={countField(field, text)} limit={limit} note={COUNT_NOTE[counter]} />;
}

function TextBlock({ label, field, text, testId }: { label: string; field: LaunchField; text: string; testId?: string }) {
  return (
    <div className="py-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-medium text-slate-500">{label}</p>
        <span className="flex shrink-0 items-center gap-2">
          <Count field={field} text={text} />
          <CopyButton text={text} label={label} />
        </span>
      </div>
      <p data-testid={testId} className="mt-1 whitespace-pre-line break-words text-sm text-slate-900 select-text">{text}</p>
    </div>
  );
}

export default function LaunchSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, launch, tasks, zones, email, v } = loaderData;
  const [params] = useSearchParams();
  const { fields, formProps, errorsFor } = useValidatedForm({ id: "launch-settings", schema: LaunchSettingsSchema, lastResult: actionData?.result });
  const base = `/dashboard/kits/${summary.id}/launch`;

  if (!launch) {
    return (
      <>
        <Panel title="Launch day">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">Your launch-day posts appear here once your brand and landing page are ready.</p>
        </Panel>
      </>
    );
  }
  const ph = launch.productHunt;
  const launchTask = tasks.find((t) => t.id === "launch");
  const emailTask = tasks.find((t) => t.id === "email");
  const done = tasks.filter((t) => t.done).length;

  return (
    <>
      {params.get("saved") && SAVED[params.get("saved")!] ? <Notice tone="success">{SAVED[params.get("saved")!]}</Notice> : null}
      {actionData?.message ? <Notice tone="warning" role="alert">{actionData.message}</Notice> : null}
      <div className="space-y-6">
        <Panel title="When you launch" id="launch-date">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <div>
              <p className="text-sm text-slate-600">Launch day on Product Hunt</p>
              <p data-testid="launch-day" className="text-2xl font-bold text-slate-900">{formatDay(launch.launchDate, "long")}</p>
              <p className="mt-1 text-sm text-slate-600" data-testid="launch-moment">
                Goes live at 12:01 a.m. Pacific, the start of Product Hunt&rsquo;s day: {launchTask?.local} your time ({launch.timeZone}).
              </p>
            </div>
            <Form method="post" {...formProps} className="flex flex-wrap items-start gap-3">
              <Field
                label="Launch date"
                inputProps={{ ...getInputProps(fields.launchDate, { type: "date" }), defaultValue: (fields.launchDate.initialValue as string | undefined) ?? launch.launchDate, min: "2000-01-01", max: "2100-12-31" }}
                errors={errorsFor("launchDate", fields.launchDate.errors)}
              />
              <Field
                label="Your time zone"
                hint="Such as Europe/Lisbon or America/New_York"
                inputProps={{ ...getInputProps(fields.timeZone, { type: "text" }), defaultValue: (fields.timeZone.initialValue as string | undefined) ?? launch.timeZone, list: "launch-zones", autoComplete: "off" }}
                errors={errorsFor("timeZone", fields.timeZone.errors)}
              />
              <datalist id="launch-zones">{zones.map((z) => <option key={z} value={z} />)}</datalist>
              <Button type="submit" name="intent" value="save-settings" className="sm:mt-7">Save</Button>
            </Form>
          </div>
        </Panel>

        <Panel title={`The plan: ${done} of ${tasks.length} done`} id="launch-plan">
          <p className="mb-3 text-sm text-slate-600">Two weeks before launch to a week after, at your local time ({launch.timeZone}). Tick each task as you go; the calendar file carries the same tasks with the text to post.</p>
          <ol className="divide-y divide-slate-100" data-testid="launch-checklist">
            {tasks.map((t) => (
              <li key={t.id} id={`task-${t.id}`} data-testid="launch-task" data-task={t.id} data-done={t.done ? "true" : "false"} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className={`text-sm font-semibold ${t.done ? "text-slate-500 line-through" : "text-slate-900"}`}>{t.title}</p>
                  <p className="text-xs text-slate-600">
                    {t.day === 0 ? "Launch day" : t.day < 0 ? `T−${-t.day}` : `T+${t.day}`} · {t.local}
                    {t.pacific ? ` (${t.pacific} Pacific)` : ""}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">{t.detail}</p>
                  {t.copy ? (
                    <details className="mt-1 text-sm">
                      <summary className="cursor-pointer text-brand-700">The text to post</summary>
                      <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-slate-800">{t.copy}</p>
                    </details>
                  ) : null}
                </div>
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="tick" />
                  <input type="hidden" name="task" value={t.id} />
                  <input type="hidden" name="done" value={t.done ? "0" : "1"} />
                  <Button type="submit" variant={t.done ? "secondary" : "primary"} aria-label={`${t.done ? "Mark not done" : "Mark done"}: ${t.title}`}>
                    {t.done ? "Done ✓ Undo" : "Mark done"}
                  </Button>
                </Form>
              </li>
            ))}
          </ol>
        </Panel>

        <Panel title="Product Hunt" id="launch-product-hunt">
          <TextBlock label="Name" field="phName" text={ph.name} />
          <TextBlock label="Tagline" field="phTagline" text={ph.tagline} testId="ph-tagline" />
          <TextBlock label="Description" field="phDescription" text={ph.description} />
          <p className="py-2 text-sm"><span className="text-xs font-medium text-slate-500">Topics</span><br />{ph.topics.join(" · ")}</p>
          <TextBlock label="Maker's first comment (who, why, what is new, a question)" field="phComment" text={composeComment(ph.comment)} />
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Thumbnail and gallery</h3>
          <div className="mt-2 flex flex-wrap gap-3">
            <a href={`${base}/thumbnail.png?v=${v}&download=1`}><img src={`${base}/thumbnail.png?v=${v}`} width={80} height={80} alt={`${ph.name} thumbnail, 240 × 240`} className="rounded-lg ring-1 ring-slate-200" /></a>
            {GALLERY_NAMES.map((g, i) => (
              <a key={g} href={`${base}/${g}?v=${v}&download=1`}>
                <img src={`${base}/${g}?v=${v}`} width={254} height={152} loading="lazy" alt={`Gallery image ${i + 1} of 5, 1270 × 760`} className="rounded-lg ring-1 ring-slate-200" />
              </a>
            ))}
          </div>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Demo video script (60 seconds)</h3>
          <ol className="mt-2 space-y-1 text-sm text-slate-800">
            {ph.video.reduce<Array<{ from: number; shot: (typeof ph.video)[number] }>>((acc, shot) => [...acc, { from: acc.length ? acc[acc.length - 1]!.from + acc[acc.length - 1]!.shot.seconds : 0, shot }], []).map(({ from, shot }, i) => (
              <li key={i}><span className="font-mono text-xs text-slate-500">0:{String(from).padStart(2, "0")}–0:{String(from + shot.seconds).padStart(2, "0")}</span> {shot.shot}. <em>&ldquo;{shot.voiceover}&rdquo;</em></li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-slate-500">Counts are Unicode code points, as Product Hunt&rsquo;s forms count. Product Hunt forbids asking for upvotes: tell people you launched, never ask them to vote.</p>
        </Panel>

        <Panel title="Show HN" id="launch-show-hn">
          {launch.showHn ? (
            <>
              <TextBlock label="Title" field="hnTitle" text={launch.showHn.title} testId="hn-title" />
              <TextBlock label="First comment" field="ihBody" text={composeHnComment(launch.showHn.comment)} />
              <p className="mt-2 text-xs text-slate-500">Post it the day after launch. Hacker News asks that people can try it without signing up, and that you don&rsquo;t ask friends to upvote or comment.</p>
            </>
          ) : (
            <p className="text-sm text-slate-700" data-testid="hn-left-out">Left out: {launch.showHnLeftOut}</p>
          )}
        </Panel>

        <Panel title="Reddit" id="launch-reddit">
          <p className="mb-2 text-sm text-slate-600">Communities chosen for your business from LaunchKit&rsquo;s list. Their rules are summarised in our words as read on {RULES_CHECKED}: they change, so read each community&rsquo;s rules before you post.</p>
          {launch.droppedCommunities.length ? <p className="mb-2 text-xs text-slate-500">Left out because they are not on LaunchKit&rsquo;s checked list: {launch.droppedCommunities.map((n) => `r/${n}`).join(", ")}. Check the rules first if you post there.</p> : null}
          <ul className="divide-y divide-slate-100" data-testid="reddit-posts">
            {launch.reddit.map((post) => {
              const c = community(post.subreddit);
              return (
                <li key={post.subreddit} className="py-3" data-testid="reddit-post">
                  <p className="text-sm font-semibold text-slate-900">r/{c?.name ?? post.subreddit} <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">{c ? PROMOTION_LABEL[c.promotion] : "Check the rules first"}</span></p>
                  {c ? (
                    <>
                      <p className="text-xs text-slate-600">{c.promotionNote}{c.flair ? ` Flair: ${c.flair}.` : ""}</p>
                      <blockquote className="my-1 border-l-2 border-slate-200 pl-2 text-xs text-slate-600">{c.rules.map((r) => <p key={r}>{r}</p>)}</blockquote>
                      <a href={c.source} className="text-xs text-brand-700 underline" rel="noreferrer">Its rules</a>
                    </>
                  ) : null}
                  <TextBlock label="Title" field="redditTitle" text={post.title} />
                  <TextBlock label="Post" field="redditBody" text={post.body} />
                </li>
              );
            })}
          </ul>
        </Panel>

        <Panel title="Indie Hackers, X and LinkedIn" id="launch-posts">
          <TextBlock label="Indie Hackers title" field="ihTitle" text={launch.indieHackers.title} />
          <TextBlock label="Indie Hackers post" field="ihBody" text={launch.indieHackers.body} />
          <TextBlock label="X, launch day" field="x" text={launch.x} />
          <TextBlock label="X, two weeks before" field="x" text={launch.teaser} />
          <TextBlock label="LinkedIn, launch day" field="linkedin" text={launch.linkedin} />
          <TextBlock label="Note to your supporters" field="supporters" text={launch.supporters} />
        </Panel>

        <Panel title="Launch e-mail to your leads" id="launch-email">
          <TextBlock label="Subject" field="emailSubject" text={launch.email.subject} />
          <TextBlock label="Preview line" field="emailPreview" text={launch.email.preview} />
          <TextBlock label="E-mail" field="emailBody" text={launch.email.body} />
          {email.pro ? (
            email.ready ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="schedule-email" />
                <Button type="submit">Schedule it for {emailTask?.local}</Button>
              </Form>
            ) : (
              <p className="mt-3 text-sm text-slate-700">To schedule it as a broadcast, first enter your postal address in the <a className="text-brand-700 underline" href={`/dashboard/kits/${summary.id}/email`}>E-mail section</a>.</p>
            )
          ) : (
            <p className="mt-3 text-sm text-slate-700">A draft to send yourself. With Pro, LaunchKit sends it to your page&rsquo;s leads as a broadcast on launch morning.</p>
          )}
          <h3 className="mt-4 text-sm font-semibold text-slate-900">A week later</h3>
          <TextBlock label="Follow-up subject" field="emailSubject" text={launch.followUp.subject} />
          <TextBlock label="Follow-up e-mail" field="emailBody" text={launch.followUp.body} />
        </Panel>

        <Panel title="Take it with you" id="launch-files">
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            <FileLink href={`${base}/launch-plan.ics?v=${v}`} name="launch-plan.ics" describe="The plan as timed events with the text to post" />
            <FileLink href={`${base}/launch-posts.md?v=${v}`} name="launch-posts.md" describe="Every launch text and the plan, in one file" />
            <FileLink href={`${base}/thumbnail.png?v=${v}&download=1`} name="thumbnail.png" describe="Product Hunt thumbnail, 240 × 240" />
            {GALLERY_NAMES.map((g, i) => <FileLink key={g} href={`${base}/${g}?v=${v}&download=1`} name={g} describe={`Gallery image ${i + 1}, 1270 × 760`} />)}
          </ul>
        </Panel>

        <Panel title="Rewrite" id="launch-regenerate">
          <Form method="post">
            <input type="hidden" name="intent" value="regenerate" />
            <p className="mb-2 text-sm text-slate-600">New wordings for every post; your date, time zone and ticks stay.</p>
            <Button type="submit" variant="secondary">Regenerate launch posts</Button>
          </Form>
        </Panel>
      </div>
    </>
  );
}
