import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { Notice } from "~/ui/workspace/launch-ui";
import { Panel } from "~/ui/workspace/shell";
import { useWorkspaceSummary, workspaceKitName } from "~/ui/workspace/summary";
import { requireOwnKit } from "~/features/workspace/workspace.server";
import { broadcastOf, createPiece, currentHero, piecesAccount, piecesOfKit, scheduleNewsletter, updatePiece } from "~/features/monthly/pieces.server";
import { CONTENT_PIECE_KINDS, isPieceKind, parseRefresh, PIECE_KINDS, PieceEditSchema, REFRESH_FIELDS, REFRESH_LABELS, TITLE_MAX, wordCount, type ContentPieceKind } from "~/features/monthly/pieces";
import { parseBlocks } from "~/features/site/sequences/markdown";
import { parseSendAt } from "~/features/site/sequences/forms";
import { PIECE_WRITE_LIMITED, pieceWriteLimiter } from "~/features/monthly/limits.server";
import type { Route } from "./+types/month";

/** The heading names the section, not the kit (the workspace layout route reads it). */
export const handle = { workspaceTitle: "This month" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `This month · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/kits/:id/month: Pro's four new content pieces a billing month
 * (app/features/monthly/). Owner only (another user's kit is a 404); Free
 * and Starter see what Pro adds, and their POST is a 403. Plain POST forms.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const account = await piecesAccount(user);
  const pieces = await piecesOfKit(user.id, kit.id);
  const hero = pieces.some((p) => p.kind === "landing_refresh") ? await currentHero(kit.id) : null;
  return {
    pro: account.pro,
    left: account.left,
    limit: account.limit,
    line: account.line,
    hero,
    defaultSendAt: defaultSendAt(new Date()),
    pieces: pieces.map((p) => ({ id: p.id, kind: p.kind, title: p.title, body: p.body, createdAt: p.createdAt.toISOString(), broadcast: broadcastOf(p) })),
  };
}

/** Tomorrow at 09:00 UTC, as a datetime-local value. */
function defaultSendAt(now: Date) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9, 0));
  return d.toISOString().slice(0, 16);
}

type ActionData = { intent: string; pieceId?: string; message: string | null; errors?: Record<string, string[]> };
const reply = (body: ActionData, status: number) => data(body, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const form = await request.formData();
  const value = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : undefined);
  const intent = value("intent") ?? "";
  const base = `/dashboard/kits/${kit.id}/month`;
  if (!["create", "save", "broadcast"].includes(intent)) return reply({ intent, message: "Unknown action." }, 400);
  const account = await piecesAccount(user);
  if (!account.pro) return reply({ intent, message: "Monthly content pieces come with Pro." }, 403);

  if (intent === "create") {
    const kind = value("kind");
    if (!isPieceKind(kind)) return reply({ intent, message: null, errors: { kind: ["Choose what to write: a blog article, a newsletter issue, two social posts or a landing page refresh."] } }, 400);
    // Before the model is asked: a burst of requests with one piece left must not become a burst of model calls.
    if (!(await pieceWriteLimiter.hit(user.id))) return reply({ intent, message: PIECE_WRITE_LIMITED }, 429);
    const result = await createPiece(user, kit.id, kind);
    if (!result.ok) return reply({ intent, message: result.message }, result.status);
    return redirect(`${base}?saved=created#piece-${result.piece.id}`, 303);
  }
  const pieceId = value("pieceId") ?? "";
  if (intent === "save") {
    const parsed = PieceEditSchema.safeParse({ title: value("title"), body: value("body") });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
      return reply({ intent, pieceId, message: "The piece was not saved: see below.", errors }, 400);
    }
    if (!(await updatePiece(user.id, kit.id, pieceId, parsed.data))) return reply({ intent, pieceId, message: "That piece does not exist." }, 404);
    return redirect(`${base}?saved=edited#piece-${pieceId}`, 303);
  }
  const result = await scheduleNewsletter(user.id, kit.id, pieceId, parseSendAt(value("sendAt")));
  if (!result.ok) return reply({ intent, pieceId, message: result.message, errors: result.field ? { [result.field]: [result.message] } : undefined }, result.status);
  return redirect(`${base}?saved=broadcast#piece-${pieceId}`, 303);
}

const SAVED: Record<string, string> = {
  created: "Piece written. Read it, edit it, download it.",
  edited: "Piece saved.",
  broadcast: "Broadcast scheduled. It is listed in the E-mail section, where you can cancel it until it goes out.",
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const whenOf = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export default function MonthSection({ loaderData, actionData }: Route.ComponentProps) {
  const summary = useWorkspaceSummary();
  const { pro, left, limit, line, pieces, hero, defaultSendAt } = loaderData;
  const [params] = useSearchParams();
  const saved = SAVED[params.get("saved") ?? ""];
  const base = `/dashboard/kits/${summary.id}`;
  const pieceError = (id: string) => (actionData?.pieceId === id ? actionData : undefined);
  return (
    <>
      <div className="space-y-6" data-testid="month-section">
        {saved ? <Notice tone="success">{saved}</Notice> : null}
        {actionData?.message && !actionData.pieceId ? (
          <Notice tone="error" role="alert">
            {actionData.message}
          </Notice>
        ) : null}
        {!pro ? (
          <div data-testid="pieces-upgrade" className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">Four new content pieces every month with Pro</p>
            <p className="mt-1">Each billing month, Pro writes four pieces for the kits you choose, from what happened on your page that month (visitors, sign-ups, experiments, competitor changes):</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {CONTENT_PIECE_KINDS.map((k) => (
                <li key={k}>
                  <span className="font-medium text-slate-900">{PIECE_KINDS[k].label}</span>: {PIECE_KINDS[k].description}
                </li>
              ))}
            </ul>
            <Link to="/upgrade" className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
              Upgrade to Pro →
            </Link>
          </div>
        ) : (
          <Panel title="New piece" id="new-piece">
            <p data-testid="pieces-left" className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{line.split(" left")[0]}</span> left{line.slice(line.indexOf(" left") + 5)}.{" "}
              <span className="text-slate-600">The count is for your account: pieces written for your other kits count too.</span>
            </p>
            {left > 0 ? (
              <Form method="post" className="mt-4 space-y-4" data-testid="new-piece-form">
                <input type="hidden" name="intent" value="create" />
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800">What should we write?</legend>
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    {CONTENT_PIECE_KINDS.map((k, i) => (
                      <label key={k} className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                        <input type="radio" name="kind" value={k} defaultChecked={i === 0} className="mt-1" />
                        <span>
                          <span className="block font-semibold text-slate-900">{PIECE_KINDS[k].label}</span>
                          <span className="block text-slate-600">{PIECE_KINDS[k].description}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {actionData?.intent === "create" && actionData.errors?.kind ? (
                    <p role="alert" className="mt-2 text-sm text-red-700">
                      {actionData.errors.kind[0]}
                    </p>
                  ) : null}
                </fieldset>
                <Button type="submit">Write this piece ({left} of {limit} left)</Button>
              </Form>
            ) : (
              <p className="mt-3 text-sm text-slate-600">You have used this billing month&apos;s pieces. Everything written stays here to edit and download.</p>
            )}
          </Panel>
        )}

        {pieces.length ? (
          <section aria-labelledby="pieces-heading" className="space-y-4">
            <h2 id="pieces-heading" className="text-lg font-semibold text-slate-900">
              Pieces for this kit
            </h2>
            {pieces.map((p) => {
              const err = pieceError(p.id);
              return (
                <article key={p.id} id={`piece-${p.id}`} data-testid="piece" data-kind={p.kind} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                        {PIECE_KINDS[p.kind as ContentPieceKind]?.label ?? p.kind} · {dateOf(p.createdAt)} · {wordCount(p.body).toLocaleString("en-US")} words
                      </p>
                      <h3 className="mt-1 break-words text-base font-semibold text-slate-900" data-testid="piece-title">
                        {p.title}
                      </h3>
                    </div>
                    <a href={`${base}/month/${p.id}.md`} download className="shrink-0 text-sm font-semibold text-brand-700 hover:text-brand-800" data-testid="piece-download">
                      Download .md
                    </a>
                  </div>
                  {err?.message ? (
                    <div className="mt-3">
                      <Notice tone="error" role="alert">
                        {err.message}
                      </Notice>
                    </div>
                  ) : null}
                  {p.kind === "landing_refresh" ? <RefreshTable body={p.body} hero={hero} /> : null}
                  <details className="group mt-4" open={p.kind === "newsletter" || p.kind === "social_pair"}>
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:text-brand-800">Read</summary>
                    <div className="mt-3 max-w-prose">
                      <MarkdownView source={p.body} />
                    </div>
                  </details>
                  {p.kind === "newsletter" ? <NewsletterBroadcast piece={p} base={base} defaultSendAt={defaultSendAt} errors={err?.intent === "broadcast" ? err.errors : undefined} /> : null}
                  <details className="mt-4" open={err?.intent === "save"}>
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:text-brand-800">Edit</summary>
                    <Form method="post" className="mt-3 space-y-3" data-testid="piece-edit-form">
                      <input type="hidden" name="intent" value="save" />
                      <input type="hidden" name="pieceId" value={p.id} />
                      <Field label="Title" inputProps={{ name: "title", defaultValue: p.title, maxLength: TITLE_MAX }} errors={err?.intent === "save" ? err.errors?.title : undefined} />
                      <TextareaField
                        label="Text (Markdown: ## headings, - lists, **bold**)"
                        textareaProps={{ name: "body", defaultValue: p.body, rows: 14, className: "font-mono text-sm" }}
                        errors={err?.intent === "save" ? err.errors?.body : undefined}
                      />
                      <Button type="submit" variant="secondary">
                        Save piece
                      </Button>
                    </Form>
                  </details>
                </article>
              );
            })}
          </section>
        ) : pro ? (
          <p className="text-sm text-slate-600">No pieces for this kit yet: choose one above.</p>
        ) : null}
      </div>
    </>
  );
}

function NewsletterBroadcast({ piece, base, defaultSendAt, errors }: { piece: { id: string; broadcast: { id: string; sendAt: string } | null }; base: string; defaultSendAt: string; errors?: Record<string, string[]> }) {
  if (piece.broadcast)
    return (
      <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="piece-broadcast">
        Scheduled as a broadcast for {whenOf(piece.broadcast.sendAt)}.{" "}
        <Link to={`${base}/email#broadcasts`} className="font-semibold text-brand-700 hover:text-brand-800">
          See it in E-mail
        </Link>{" "}
        (cancel it there until it goes out).
      </p>
    );
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-4" data-testid="piece-broadcast-form">
      <input type="hidden" name="intent" value="broadcast" />
      <input type="hidden" name="pieceId" value={piece.id} />
      <label className="text-sm font-medium text-slate-800">
        Send to your leads on (UTC)
        <input type="datetime-local" name="sendAt" defaultValue={defaultSendAt} required className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm" aria-invalid={errors?.sendAt ? true : undefined} />
      </label>
      <Button type="submit" variant="secondary">
        Schedule as a broadcast
      </Button>
      <p className="basis-full text-xs text-slate-600">Nothing is sent now: it waits in the E-mail section&apos;s broadcasts, where you can cancel it. The title is the subject.</p>
      {errors?.sendAt ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {errors.sendAt[0]}
        </p>
      ) : null}
    </Form>
  );
}

/** The proposed hero next to the current one (the live copy of the page; the proposal as edited). */
function RefreshTable({ body, hero }: { body: string; hero: { headline: string; subheadline: string; button: string } | null }) {
  const proposal = parseRefresh(body);
  return (
    <div className="mt-4 grid gap-3" data-testid="refresh-table">
      {REFRESH_FIELDS.map((f) => {
        const p = proposal[f];
        if (!p) return null;
        return (
          <div key={f} className="grid gap-2 rounded-xl border border-slate-200 p-3 text-sm sm:grid-cols-2">
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{REFRESH_LABELS[f]} now</p>
              <p className="mt-1 break-words text-slate-800">{hero?.[f] || "(none yet)"}</p>
            </div>
            <div className="rounded-lg bg-brand-50 p-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">Proposed</p>
              <p className="mt-1 break-words font-medium text-slate-900">{p.proposed}</p>
              {p.why ? <p className="mt-1 text-xs text-slate-600">{p.why}</p> : null}
            </div>
          </div>
        );
      })}
      <p className="text-xs text-slate-600">
        To use a proposal, edit the copy in the{" "}
        <Link to="../website" relative="path" className="font-semibold text-brand-700 hover:text-brand-800">
          Website
        </Link>{" "}
        section, or test it against the current text in Experiments.
      </p>
    </div>
  );
}

/** **bold** inside a line; everything else is text (React escapes it). */
function Inline({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part.replace(/(^|\s)[*_](\S[^*_]*?)[*_](?=\s|[.,;:!?]|$)/g, "$1$2")))}</>;
}

function MarkdownView({ source }: { source: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800">
      {parseBlocks(source).map((b, i) =>
        b.kind === "h1" || b.kind === "h2" ? (
          <h4 key={i} className="pt-2 font-semibold text-slate-900">
            <Inline text={b.lines.join(" ")} />
          </h4>
        ) : b.kind === "ul" || b.kind === "ol" ? (
          (() => {
            const List = b.kind;
            return (
              <List key={i} className={`${b.kind === "ul" ? "list-disc" : "list-decimal"} space-y-1 pl-5`}>
                {b.lines.map((l, j) => (
                  <li key={j}>
                    <Inline text={l} />
                  </li>
                ))}
              </List>
            );
          })()
        ) : (
          <p key={i} className="whitespace-pre-line break-words">
            <Inline text={b.lines.join("\n")} />
          </p>
        ),
      )}
    </div>
  );
}
