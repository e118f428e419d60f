import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { CopyButton } from "~/ui/workspace/copy-button";
import { CharCount, FileLink, Notice, TrimmedFlag } from "~/ui/workspace/launch-ui";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { regenerate } from "~/kit/plans/regenerations.server";
import { readyContent } from "~/kit/content.server";
import { addDays, dayLabel, formatDay } from "~/kit/assets/calendar/dates";
import { CalendarContentSchema } from "~/kit/assets/calendar/schema";
import { launchFilesVersion } from "~/features/workspace/file-response.server";
import { regeneratePost, savePostEdit } from "~/kit/assets/social/actions.server";
import { countWith, COUNTER_NOTE } from "~/kit/assets/social/count";
import { SOCIAL_IMAGES, type SocialImageName } from "~/kit/assets/social/images.server";
import { BIO_FIELDS, BIO_KEYS, composePost, DAY_MAX, DAY_MIN, parseHashtags, type Platform, PLATFORM_LABEL, type Post, POST_COUNT, POST_LIMITS, PostEditSchema, SocialContentSchema } from "~/kit/assets/social/schema";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/social";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Social · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "social");
  return {
    row: row ? { status: row.status, error: row.error, version: row.version } : null,
    social: await readyContent(kit.id, "social", SocialContentSchema),
    launchDate: (await readyContent(kit.id, "calendar", CalendarContentSchema))?.launchDate ?? null,
    images: (Object.keys(SOCIAL_IMAGES) as SocialImageName[]).map((name) => ({ name, ...SOCIAL_IMAGES[name] })),
    v: launchFilesVersion(rows),
  };
}

type ActionData = { message: string | null; index?: number; result?: SubmissionResult<string[]> };

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const base = `/dashboard/kits/${kit.id}/social`;
  if (intent === "regenerate") {
    // Counted against the plan's monthly regenerations (app/features/billing).
    const refused = await regenerate(user.id, kit, "social");
    if (refused) return data<ActionData>({ message: refused.message }, { status: refused.status });
    return redirect(base, 303);
  }
  if (intent === "regenerate-post") {
    const index = Number(formData.get("index"));
    if (!Number.isInteger(index) || index < 0 || index >= POST_COUNT) return data<ActionData>({ message: "Choose one of the posts shown." }, { status: 400 });
    // One post is one regeneration too: it is a request to the model.
    const refused = await regenerate(user.id, kit, "social", new Date(), () => regeneratePost(kit, index));
    if (refused) return data<ActionData>({ message: refused.message }, { status: refused.status });
    return redirect(`${base}?rewriting=${index}#post-${index}`, 303);
  }
  if (intent === "edit-post") {
    const submission = parseWithZod(formData, { schema: PostEditSchema });
    const index = Number(formData.get("index"));
    if (submission.status !== "success") {
      return data<ActionData>({ message: null, index: Number.isInteger(index) ? index : undefined, result: submission.reply() }, { status: 400 });
    }
    const { index: i, ...post } = submission.value;
    const current = await readyContent(kit.id, "social", SocialContentSchema);
    if (current?.posts[i] && current.posts[i].platform !== post.platform) {
      return data<ActionData>({ message: "This post's platform can't be changed.", index: i }, { status: 400 });
    }
    const refused = await savePostEdit(kit, i, post);
    if (refused) return data<ActionData>({ message: refused, index: i }, { status: 409 });
    return redirect(`${base}?saved=${i}#post-${i}`, 303);
  }
  return data<ActionData>({ message: "Unknown action." }, { status: 400 });
}

const PLATFORM_STYLE: Record<Platform, string> = {
  x: "bg-slate-900 text-white",
  linkedin: "bg-[#0A66C2] text-white",
  instagram: "bg-gradient-to-r from-[#833AB4] via-[#E1306C] to-[#F77737] text-white",
};

function PlatformBadge({ platform }: { platform: Platform }) {
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold ${PLATFORM_STYLE[platform]}`}>{PLATFORM_LABEL[platform]}</span>;
}

function fileUrl(kitId: string, name: string, v: string, download = false) {
  return `/dashboard/kits/${kitId}/social/${name}?v=${v}${download ? "&download=1" : ""}`;
}

function PostCard({ post, index, launchDate, busy, actionData, highlight }: { post: Post; index: number; launchDate: string | null; busy: boolean; actionData: ActionData | undefined; highlight: string | null }) {
  const mine = actionData?.index === index;
  const { fields, formProps, errorsFor } = useValidatedForm({ id: `post-edit-${index}`, schema: PostEditSchema, lastResult: mine ? actionData?.result : undefined });
  const { limit, counter } = POST_LIMITS[post.platform];
  const full = composePost(post);
  const [draft, setDraft] = useState<{ text: string; hashtags: string } | null>(null);
  const draftCount = draft ? countWith(counter, composePost({ text: draft.text, hashtags: parseHashtags(draft.hashtags) })) : null;
  const failed = mine && (actionData?.result?.status === "error" || !!actionData?.message);
  const date = launchDate ? formatDay(addDays(launchDate, post.dayOffset)) : null;
  return (
    <li id={`post-${index}`} data-testid="post" data-platform={post.platform} className="scroll-mt-28 rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <PlatformBadge platform={post.platform} />
        <span className="text-sm font-medium text-slate-800">{dayLabel(post.dayOffset)}</span>
        {date ? <span className="text-sm text-slate-500">· {date}</span> : null}
        <span className="ml-auto flex items-center gap-2">
          {post.trimmed ? <TrimmedFlag /> : null}
          <CharCount count={countWith(counter, full)} limit={limit} note={COUNTER_NOTE[counter]} testId={`post-count-${index}`} />
        </span>
      </div>
      {highlight === "saved" ? <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">Post saved.</p> : null}
      {highlight === "rewriting" && busy ? <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Rewriting this post…</p> : null}
      <p data-testid="post-text" className="mt-3 whitespace-pre-wrap break-words text-[15px] leading-6 text-slate-900 select-text">{post.text}</p>
      {post.hashtags.length ? (
        <p data-testid="post-hashtags" className="mt-2 text-sm font-medium text-brand-700">{post.hashtags.map((t) => `#${t}`).join(" ")}</p>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">
        <span className="font-semibold text-slate-700">Suggested visual: </span>
        {post.visual}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <CopyButton text={full} label={`${PLATFORM_LABEL[post.platform]} post ${index + 1}`} />
        <Form method="post" className="inline">
          <input type="hidden" name="index" value={index} />
          <Button type="submit" name="intent" value="regenerate-post" variant="ghost" size="sm" disabled={busy}>
            Regenerate this post
          </Button>
        </Form>
      </div>
      <details className="group mt-3" open={failed || undefined}>
        <summary className="cursor-pointer list-none text-sm font-semibold text-brand-700 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">Edit post {index + 1}</span>
          <span className="hidden group-open:inline">Close the editor</span>
        </summary>
        <Form
          method="post"
          {...formProps}
          onInput={(e) => {
            formProps.onInput?.(e);
            const f = new FormData(e.currentTarget);
            setDraft({ text: String(f.get("text") ?? ""), hashtags: String(f.get("hashtags") ?? "") });
          }}
          className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4"
        >
          {mine && actionData?.message ? <p role="alert" className="text-sm text-red-700">{actionData.message}</p> : null}
          <input type="hidden" name="index" value={index} />
          <input type="hidden" name="platform" value={post.platform} />
          <TextareaField
            label={`Post text (${PLATFORM_LABEL[post.platform]}, up to ${limit.toLocaleString("en-US")} characters with the hashtags)`}
            textareaProps={{ ...getTextareaProps(fields.text), defaultValue: (fields.text.initialValue as string | undefined) ?? post.text, rows: post.platform === "x" ? 5 : 9, maxLength: 5000 }}
            errors={errorsFor("text", fields.text.errors)}
            hint={draftCount !== null ? <span>Now {draftCount.toLocaleString("en-US")} / {limit.toLocaleString("en-US")} {COUNTER_NOTE[counter]}</span> : undefined}
          />
          <Field
            label="Hashtags (up to 5, separated by spaces)"
            inputProps={{ ...getInputProps(fields.hashtags, { type: "text" }), defaultValue: (fields.hashtags.initialValue as string | undefined) ?? post.hashtags.map((t) => `#${t}`).join(" "), maxLength: 400 }}
            errors={errorsFor("hashtags", fields.hashtags.errors)}
          />
          <Field
            label="Suggested visual"
            inputProps={{ ...getInputProps(fields.visual, { type: "text" }), defaultValue: (fields.visual.initialValue as string | undefined) ?? post.visual, maxLength: 200 }}
            errors={errorsFor("visual", fields.visual.errors)}
          />
          <Field
            label={`Day (${DAY_MIN} to ${DAY_MAX}, 0 is launch day)`}
            className="max-w-48"
            inputProps={{ ...getInputProps(fields.dayOffset, { type: "number" }), defaultValue: (fields.dayOffset.initialValue as string | undefined) ?? String(post.dayOffset), min: DAY_MIN, max: DAY_MAX, step: 1 }}
            errors={errorsFor("dayOffset", fields.dayOffset.errors)}
          />
          <Button type="submit" name="intent" value="edit-post" size="sm" disabled={busy}>
            Save post {index + 1}
          </Button>
        </Form>
      </details>
    </li>
  );
}

export default function SocialSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, social, launchDate, images, v } = loaderData;
  const [params] = useSearchParams();
  const busy = row?.status === "queued" || row?.status === "generating";
  const saved = params.get("saved");
  const rewriting = params.get("rewriting");
  const generalMessage = actionData?.message && actionData.index === undefined ? actionData.message : null;

  if (!social) {
    return (
      <>
        <Panel title="Social">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">{busy ? "Your bios and launch posts are being written." : "Your bios and launch posts are not ready yet."}</p>
          {!busy && summary.hasBrand ? (
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="regenerate">Write my posts</Button>
            </Form>
          ) : null}
        </Panel>
      </>
    );
  }

  const square = images.filter((i) => i.width === i.height);
  const wide = images.filter((i) => i.width !== i.height);
  const profile = images.find((i) => i.name === "profile.png");
  return (
    <>
      {generalMessage ? <Notice tone="warning" role="alert">{generalMessage}</Notice> : null}
      {row?.status === "failed" && row.error ? <Notice tone="error" role="alert">Rewriting failed: {row.error} The previous posts are kept.</Notice> : null}
      {busy ? <Notice tone="warning">New posts are being written. The ones below stay until they are ready.</Notice> : null}
      <div className="space-y-6">
        <Panel title="Profile and launch images" id="social-images">
          <p className="-mt-1 mb-5 text-sm text-slate-600">Drawn from your brand: edit the brand and they follow. Shown as the networks place them; the text stays clear of the profile picture.</p>
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
            <div className="min-w-0 space-y-16">
              {wide.map((img) => (
                <figure key={img.name}>
                  <div className="relative">
                    <img src={fileUrl(summary.id, img.name, v)} width={img.width} height={img.height} alt={`${img.describe} for ${summary.name}`} className="h-auto w-full rounded-xl ring-1 ring-slate-200" />
                    {profile ? (
                      <img
                        src={fileUrl(summary.id, profile.name, v)}
                        width={profile.width}
                        height={profile.height}
                        alt=""
                        className={`absolute left-[4%] top-full h-auto -translate-y-1/2 rounded-full ring-4 ring-white ${img.name === "x-header.png" ? "w-[22%]" : "w-[14%]"}`}
                      />
                    ) : null}
                  </div>
                  <figcaption className={`mt-2 text-right text-sm ${img.name === "x-header.png" ? "sm:mt-3" : ""}`}>
                    <span className="text-slate-600">{img.name === "x-header.png" ? "X header with the profile picture" : "LinkedIn banner with the profile picture"}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
            <figure className="min-w-0">
              {square
                .filter((img) => img.name !== "profile.png")
                .map((img) => (
                  <img key={img.name} src={fileUrl(summary.id, img.name, v)} width={img.width} height={img.height} alt={`${img.describe} for ${summary.name}`} className="mx-auto h-auto w-full max-w-sm rounded-xl shadow-sm ring-1 ring-slate-200" />
                ))}
              <figcaption className="mt-2 text-center text-sm text-slate-600">The launch-day post image, square for every feed</figcaption>
            </figure>
          </div>
          <ul className="mt-6 grid grid-cols-1 gap-2 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4">
            {images.map((img) => (
              <li key={img.name}>
                <a href={fileUrl(summary.id, img.name, v, true)} download={summary.plan.canDownload ? img.name : undefined} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
                  {img.name}
                </a>{" "}
                <span className="text-xs text-slate-500">{img.width} × {img.height}</span>
              </li>
            ))}
          </ul>
        </Panel>

        <Panel title="Bios" id="social-bios" actions={<a href={fileUrl(summary.id, "bios.txt", v)} download={summary.plan.canDownload ? "bios.txt" : undefined} className="text-sm font-semibold text-brand-700 hover:text-brand-800">Download bios.txt</a>}>
          <ul className="divide-y divide-slate-100">
            {BIO_KEYS.map((key) => {
              const { label, limit, counter } = BIO_FIELDS[key];
              const bio = social.bios[key];
              return (
                <li key={key} data-testid={`bio-${key}`} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
                    {bio.trimmed ? <TrimmedFlag /> : null}
                    <span className="ml-auto flex items-center gap-3">
                      <CharCount count={countWith(counter, bio.text)} limit={limit} note={COUNTER_NOTE[counter]} />
                      <CopyButton text={bio.text} label={label} />
                    </span>
                  </div>
                  <p data-testid="bio-text" className="mt-1.5 whitespace-pre-wrap break-words text-sm leading-6 text-slate-800 select-text">{bio.text}</p>
                </li>
              );
            })}
          </ul>
        </Panel>

        <Panel
          title="Launch posts"
          id="social-posts"
          actions={
            <div className="flex flex-wrap items-center gap-3">
              <a href={`/dashboard/kits/${summary.id}/calendar`} className="text-sm font-semibold text-brand-700 hover:text-brand-800">See them on the calendar</a>
              <Form method="post">
                <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={busy}>
                  {busy ? "Writing…" : "Regenerate all posts"}
                </Button>
              </Form>
            </div>
          }
        >
          <p className="-mt-1 mb-4 text-sm text-slate-600">
            Ten posts from a week before launch to two weeks after. Each count is the whole post with its hashtags, as the network counts it{launchDate ? `; dates follow your launch date, ${formatDay(launchDate, "long")}` : ""}.
          </p>
          <ol className="space-y-4">
            {social.posts.map((post, i) => (
              <PostCard
                key={i}
                post={post}
                index={i}
                launchDate={launchDate}
                busy={busy}
                actionData={actionData as ActionData | undefined}
                highlight={saved === String(i) ? "saved" : rewriting === String(i) ? "rewriting" : null}
              />
            ))}
          </ol>
        </Panel>

        <Panel title="Files" id="social-files">
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            <FileLink href={fileUrl(summary.id, "bios.txt", v)} name="bios.txt" describe="Every bio, ready to paste" />
            {launchDate ? (
              <>
                <FileLink href={`/dashboard/kits/${summary.id}/calendar/posts.csv?v=${v}`} name="posts.csv" describe="The posts with their dates" />
                <FileLink href={`/dashboard/kits/${summary.id}/calendar/calendar.ics?v=${v}`} name="calendar.ics" describe="The posts in your calendar app" />
              </>
            ) : null}
            {images.map((img) => <FileLink key={img.name} href={fileUrl(summary.id, img.name, v, true)} name={img.name} describe={`${img.width} × ${img.height} PNG`} />)}
          </ul>
        </Panel>
      </div>
    </>
  );
}
