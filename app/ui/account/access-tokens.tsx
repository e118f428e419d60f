import { Form } from "react-router";
import { Button } from "~/ui/ui/button";
import { formatDate } from "~/kit/format";

/**
 * /account's "Access tokens for AI agents": create a named, scoped token
 * (shown once, in the answer to the form), see each token's scope and last
 * use, revoke one. Plain forms: the same without JavaScript.
 */

export type TokenRow = { id: string; name: string; prefix: string; scope: "read" | "write"; leads: boolean; lastUsedAt: string | Date | null; createdAt: string | Date };
export type TokenActionData = { tokenError?: { field: "name" | "scope" | "form"; message: string }; created?: { token: string; name: string }; revoked?: string };

const SCOPE_TEXT = { read: "Read", write: "Read and write" } as const;

export function AccessTokens({ tokens, mcpUrl, result }: { tokens: TokenRow[]; mcpUrl: string; result?: TokenActionData }) {
  const error = result?.tokenError;
  return (
    <section aria-labelledby="tokens-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="tokens-heading" className="text-sm font-semibold text-slate-600">
        Access tokens for AI agents
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Let an AI coding agent (Claude Code, Cursor or any MCP client) read your kits and, if you allow it, change them, through LaunchKit's MCP server at{" "}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs">{mcpUrl}</code>. Each token works only there, never to sign in.
      </p>

      {result?.created ? (
        <div role="status" data-testid="new-token" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p className="font-semibold">Your new token “{result.created.name}”. Copy it now: we keep only a fingerprint, so it is not shown again.</p>
          <label htmlFor="new-token-value" className="sr-only">New token</label>
          <input id="new-token-value" readOnly value={result.created.token} className="mt-2 w-full rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-xs text-slate-900" onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      {result?.revoked ? (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          “{result.revoked}” is revoked: agents using it are refused from now on.
        </p>
      ) : null}
      {error?.field === "form" ? (
        <p role="alert" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{error.message}</p>
      ) : null}

      {tokens.length ? (
        <ul data-testid="token-list" className="mt-4 divide-y divide-slate-100 text-sm">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
              <div>
                <p className="font-semibold text-slate-900">{t.name}</p>
                <p className="text-slate-600">
                  <span className="font-mono text-xs">{t.prefix}…</span> · {SCOPE_TEXT[t.scope]}
                  {t.leads ? " · leads" : ""} · created {formatDate(t.createdAt)} · {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : "never used"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="token" value={t.id} />
                <Button type="submit" name="intent" value="revoke-token" variant="secondary" size="sm" aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No tokens yet.</p>
      )}

      <Form method="post" className="mt-5 space-y-4 border-t border-slate-100 pt-5" noValidate>
        <h3 className="text-sm font-semibold text-slate-900">New token</h3>
        <div>
          <label htmlFor="token-name" className="block text-sm font-medium text-slate-800">Name</label>
          <input
            id="token-name"
            name="name"
            maxLength={60}
            required
            placeholder="Claude Code on my laptop"
            aria-invalid={error?.field === "name" ? true : undefined}
            aria-describedby={error?.field === "name" ? "token-name-error" : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          {error?.field === "name" ? <p id="token-name-error" className="mt-1 text-sm text-red-700">{error.message}</p> : null}
        </div>
        <fieldset aria-describedby={error?.field === "scope" ? "token-scope-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">It may</legend>
          <div className="mt-1 space-y-1 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" value="read" defaultChecked /> Read your kits, brand, files, page copy and visit numbers
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" value="write" /> Read, and write: edit the page copy, regenerate assets, publish or unpublish the page
            </label>
          </div>
          {error?.field === "scope" ? <p id="token-scope-error" className="mt-1 text-sm text-red-700">{error.message}</p> : null}
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="leads" value="on" className="mt-1" />
          <span>Also read my pages' leads (names and e-mail addresses: personal data, so off unless you tick it)</span>
        </label>
        <Button type="submit" name="intent" value="create-token">
          Create token
        </Button>
      </Form>
    </section>
  );
}
