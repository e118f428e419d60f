import { Link } from "react-router";
import { LegalList, LegalPage, type LegalSection } from "~/ui/marketing/legal-page";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/cookies";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Cookie Policy",
    description:
      "LaunchKit uses a single essential session cookie and no advertising or tracking cookies. Learn what it does and how to control it. Last updated January 1, 2025.",
  });

const sections: LegalSection[] = [
  {
    id: "what-are-cookies",
    heading: "What cookies are",
    body: (
      <p>
        Cookies are small text files a website stores in your browser. They let a site remember things between page
        loads, such as the fact that you are signed in.
      </p>
    ),
  },
  {
    id: "cookies-we-use",
    heading: "Cookies we use",
    body: (
      <>
        <p>LaunchKit uses one strictly necessary cookie:</p>
        {/* Scrolls on its own on a phone; focusable so keyboard users can scroll it too. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Cookies set by LaunchKit">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Cookies set by LaunchKit</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-900">
                <th scope="col" className="py-2 pr-4 font-semibold">Name</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Purpose</th>
                <th scope="col" className="py-2 font-semibold">Duration</th>
              </tr>
            </thead>
            <tbody className="text-slate-700">
              <tr className="border-b border-slate-100">
                <td className="py-2 pr-4 font-mono text-xs">launchkit_session</td>
                <td className="py-2 pr-4">Keeps you signed in and protects your session.</td>
                <td className="py-2">Until you close the browser, or 30 days with "remember me"</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>We do not use advertising, analytics or social media tracking cookies.</p>
      </>
    ),
  },
  {
    id: "third-parties",
    heading: "Third-party cookies",
    body: (
      <p>
        Our pages load no third-party scripts, fonts or images, so other companies cannot set cookies through
        LaunchKit. When you pay for a plan, our card payment provider may set its own cookies on its checkout pages
        to prevent fraud; its cookie policy applies there.
      </p>
    ),
  },
  {
    id: "your-choices",
    heading: "Your choices",
    body: (
      <>
        <p>You can block or delete cookies in your browser settings:</p>
        <LegalList
          items={[
            "Blocking the session cookie means you cannot sign in, but public pages still work.",
            "Signing out deletes the session on our side and clears the cookie.",
            <>
              To delete the data behind your session, such as your launch kits, use your{" "}
              <Link to="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
                dashboard
              </Link>
              .
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <p>
        If we ever add a new cookie we will list it here, update the date at the top of this page and, where the law
        requires it, ask for your consent first.
      </p>
    ),
  },
];

export const action = refusePost;

export default function Cookies() {
  return (
    <LegalPage
      title="Cookie Policy"
      intro={<p>Short version: LaunchKit uses one essential cookie to keep you signed in, and nothing that tracks you.</p>}
      sections={sections}
    />
  );
}
