import { LegalList, LegalPage, type LegalSection } from "~/ui/marketing/legal-page";
import { seo } from "~/features/marketing/seo";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/bot";

/**
 * /bot: what LaunchKitBot is, for the owners of the pages it reads (its
 * User-Agent links here). The fetcher's rules are app/platform/fetch/safe-fetch.server.ts
 * and robots.server.ts (docs/decisions/029-competitor-watch.md).
 */
export const meta: Route.MetaFunction = () =>
  seo({
    title: "LaunchKitBot",
    description: "LaunchKitBot reads a few public pages once a week for founders who watch their competitors. It honours robots.txt, sends one request per site at a time and never logs in.",
  });

const sections: LegalSection[] = [
  {
    id: "what-it-does",
    heading: "What it reads",
    body: (
      <>
        <p>
          Founders on LaunchKit's Pro plan can watch up to five competitors, three public pages each (a home page, a pricing page, a
          changelog). Once a week LaunchKitBot fetches those pages, keeps their main text and tells the founder what changed.
        </p>
        <LegalList
          items={[
            "Only the exact pages a founder added: it follows no links and crawls nothing else.",
            "At most once a week per page, plus a check a founder asks for (at most once an hour).",
            "One request per site at a time, with a 10-second limit and 2 MB per page.",
            "Public http and https pages only: no forms, no log-ins, no scripts run.",
          ]}
        />
      </>
    ),
  },
  {
    id: "robots",
    heading: "Blocking it",
    body: (
      <>
        <p>LaunchKitBot honours robots.txt. To keep it away from your whole site, add:</p>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-sm text-slate-100">
          {"User-agent: LaunchKitBot\nDisallow: /"}
        </pre>
        <p className="mt-3">The founder watching your page then sees that the page cannot be read, and why.</p>
      </>
    ),
  },
  {
    id: "identity",
    heading: "How to recognise it",
    body: (
      <p>
        Its User-Agent starts with <code className="font-mono text-sm">LaunchKitBot/1.0</code> and links to this page. LaunchKit
        is self-hosted: each LaunchKit server runs its own bot, so the requests come from the IP address of the server the founder
        signed up on, not from a fixed list of addresses. Block it by its User-Agent in robots.txt, as above.
      </p>
    ),
  },
];

export const action = refusePost;

export default function Bot() {
  return (
    <LegalPage
      title="LaunchKitBot"
      eyebrow="For site owners"
      updated={{ iso: "2026-11-26", label: "November 26, 2026" }}
      intro={<p>The bot behind LaunchKit's competitor watch, and how to keep it away.</p>}
      sections={sections}
    />
  );
}
