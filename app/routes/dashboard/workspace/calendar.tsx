import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { Field } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { FileLink, Notice } from "~/ui/workspace/launch-ui";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { isGenerating } from "~/kit/runner/commands.server";
import { readyContent } from "~/kit/content.server";
import { getAsset, queueAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { addDays, calendarWeeks, dayLabel, formatDay } from "~/kit/assets/calendar/dates";
import { CalendarContentSchema, LaunchDateSchema } from "~/kit/assets/calendar/schema";
import { launchFilesVersion } from "~/features/workspace/file-response.server";
import { PLATFORM_LABEL, SocialContentSchema, type Platform } from "~/kit/assets/social/schema";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Calendar · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "calendar");
  const social = await readyContent(kit.id, "social", SocialContentSchema);
  return {
    row: row ? { status: row.status, error: row.error } : null,
    launchDate: (await readyContent(kit.id, "calendar", CalendarContentSchema))?.launchDate ?? null,
    posts: (social?.posts ?? []).map((p, index) => ({ index, platform: p.platform, dayOffset: p.dayOffset, text: p.text })),
    v: launchFilesVersion(rows),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "save-date") return data({ result: null, message: "Unknown action." }, { status: 400 });
  const submission = parseWithZod(formData, { schema: LaunchDateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  if (kit.status === "generating" || (await isGenerating(kit.id))) return data({ result: null, message: "The kit is still being generated. Please wait for it to finish." }, { status: 409 });
  const row = await getAsset(kit.id, "calendar");
  if (row?.status === "queued" || row?.status === "generating") return data({ result: null, message: "The calendar is being set up. Please wait a moment." }, { status: 409 });
  if (!row) await queueAsset(kit.id, "calendar");
  // The date is the calendar's whole content: every post moves with it.
  await saveAssetContent(kit.id, "calendar", CalendarContentSchema.parse({ launchDate: submission.value.launchDate }));
  return redirect(`/dashboard/kits/${kit.id}/calendar?saved=1`, 303);
}

const DOT: Record<Platform, string> = { x: "bg-slate-900", linkedin: "bg-[#0A66C2]", instagram: "bg-[#E1306C]" };
const CHIP: Record<Platform, string> = {
  x: "bg-slate-100 text-slate-900 ring-slate-300",
  linkedin: "bg-sky-50 text-sky-900 ring-sky-300",
  instagram: "bg-pink-50 text-pink-900 ring-pink-300",
};

function firstWords(text: string, n = 7) {
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  return words.length > n ? `${words.slice(0, n).join(" ")}…` : words.join(" ");
}

export default function CalendarSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { row, launchDate, posts, v } = loaderData;
  const [params] = useSearchParams();
  const { fields, formProps, errorsFor } = useValidatedForm({ id: "launch-date", schema: LaunchDateSchema, lastResult: actionData?.result });

  if (!launchDate || posts.length === 0) {
    return (
      <>
        <Panel title="Content calendar">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">The calendar appears once your launch posts are written (see the Social section).</p>
        </Panel>
      </>
    );
  }

  const weeks = calendarWeeks(launchDate, posts.map((p) => p.dayOffset));
  const byOffset = new Map<number, typeof posts>();
  for (const p of posts) byOffset.set(p.dayOffset, [...(byOffset.get(p.dayOffset) ?? []), p]);
  const socialUrl = `/dashboard/kits/${summary.id}/social`;
  const sorted = [...posts].sort((a, b) => a.dayOffset - b.dayOffset || a.index - b.index);

  return (
    <>
      {params.get("saved") ? <Notice tone="success">Launch date saved: every post moved with it.</Notice> : null}
      {actionData?.message ? <Notice tone="warning" role="alert">{actionData.message}</Notice> : null}
      <div className="space-y-6">
        <Panel title="Launch date" id="calendar-date">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <div>
              <p className="text-sm text-slate-600">Your launch day</p>
              <p data-testid="launch-date" className="text-2xl font-bold text-slate-900">{formatDay(launchDate, "long")}</p>
              <p className="mt-1 text-sm text-slate-600">Posts run from {formatDay(addDays(launchDate, Math.min(...posts.map((p) => p.dayOffset))))} to {formatDay(addDays(launchDate, Math.max(...posts.map((p) => p.dayOffset))))}.</p>
            </div>
            <Form method="post" {...formProps} className="flex flex-wrap items-start gap-3">
              <Field
                label="Move the launch to"
                inputProps={{ ...getInputProps(fields.launchDate, { type: "date" }), defaultValue: (fields.launchDate.initialValue as string | undefined) ?? launchDate, min: "2000-01-01", max: "2100-12-31" }}
                errors={errorsFor("launchDate", fields.launchDate.errors)}
              />
              <Button type="submit" name="intent" value="save-date" className="sm:mt-7">Save date</Button>
            </Form>
          </div>
        </Panel>

        <Panel title="Four weeks around launch" id="calendar-view">
          <div className="hidden md:block">
            <table className="w-full table-fixed border-collapse text-left" data-testid="calendar-grid">
              <caption className="sr-only">Launch posts by day, from a week before launch to three weeks after</caption>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.label} className="align-top">
                    <th scope="row" className="w-24 border-t border-slate-200 py-2 pr-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{week.label}</th>
                    {week.days.map((day) => {
                      const items = byOffset.get(day.offset) ?? [];
                      const launch = day.offset === 0;
                      return (
                        <td key={day.date} data-date={day.date} className={`h-28 border-t border-l border-slate-200 p-1.5 ${launch ? "bg-brand-50" : ""}`}>
                          <div className="flex flex-wrap items-baseline justify-between gap-x-1">
                            <span className={`text-xs ${launch ? "font-bold text-brand-800" : "text-slate-500"}`}>{formatDay(day.date)}</span>
                            {launch ? <span className="text-[10px] font-bold uppercase text-brand-800">Launch</span> : null}
                          </div>
                          <ul className="mt-1 space-y-1">
                            {items.map((p) => (
                              <li key={p.index}>
                                <Link to={`${socialUrl}#post-${p.index}`} data-testid="calendar-post" className={`block rounded-md px-1.5 py-1 text-[11px] leading-tight ring-1 ring-inset hover:underline ${CHIP[p.platform]}`}>
                                  <span className="font-bold">{PLATFORM_LABEL[p.platform]}</span> {firstWords(p.text, 5)}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ol className="space-y-3 md:hidden" data-testid="calendar-agenda">
            {sorted.map((p) => {
              const date = addDays(launchDate, p.dayOffset);
              return (
                <li key={p.index} className={`flex gap-3 rounded-xl p-3 ring-1 ring-slate-200 ${p.dayOffset === 0 ? "bg-brand-50" : ""}`}>
                  <span className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${DOT[p.platform]}`} aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-slate-900">{formatDay(date)} <span className="font-normal text-slate-600">· {dayLabel(p.dayOffset)}</span></p>
                    <Link to={`${socialUrl}#post-${p.index}`} className="block truncate text-sm text-slate-700 hover:underline">
                      {PLATFORM_LABEL[p.platform]}: {firstWords(p.text, 10)}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ol>
        </Panel>

        <Panel title="Take it with you" id="calendar-files">
          <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
            <FileLink href={`/dashboard/kits/${summary.id}/calendar/calendar.ics?v=${v}`} name="calendar.ics" describe="Import into Google Calendar, Outlook or Apple Calendar" />
            <FileLink href={`/dashboard/kits/${summary.id}/calendar/posts.csv?v=${v}`} name="posts.csv" describe="For a spreadsheet or a scheduling tool" />
          </ul>
          <p className="mt-3 text-xs text-slate-500">Each post is an all-day event on its day with a stable ID: after moving the date, import the file again, and calendar apps that match IDs update the events instead of adding copies.</p>
        </Panel>
      </div>
    </>
  );
}
