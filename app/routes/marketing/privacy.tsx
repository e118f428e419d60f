import { Link } from "react-router";
import { LegalList, LegalPage, type LegalSection } from "~/ui/marketing/legal-page";
import { RETENTION_HOURS } from "~/features/analytics/shared";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/privacy";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Privacy Policy",
    description:
      "How LaunchKit collects, uses, stores and protects your personal data, and how you can delete it from your dashboard. Last updated January 1, 2025.",
  });

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    heading: "Who we are",
    body: (
      <p>
        LaunchKit ("LaunchKit", "we", "us") provides an online service that turns a description of a business idea
        into a launch kit, including a website-builder prompt and a logo. We are the controller of the personal data
        described in this policy.
      </p>
    ),
  },
  {
    id: "data-we-collect",
    heading: "Data we collect",
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <LegalList
          items={[
            <><strong>Account data:</strong> your name, email address and a securely hashed password.</>,
            <><strong>Launch kit data:</strong> the answers you give in the wizard (business idea, audience, geography, tone, competitors, goal and brand vibe) and the prompts and logos generated from them.</>,
            <><strong>Messages:</strong> what you send us through the contact form (name, email, topic and message) and newsletter sign-ups.</>,
            <><strong>Payment data:</strong> when you buy a paid plan, your card details are collected and processed directly by our card payment provider. We never see or store your full card number; we receive only a payment confirmation, the plan purchased and the last four digits of the card.</>,
            <><strong>Technical data:</strong> IP address, browser type and request logs, kept for security, abuse prevention and rate limiting.</>,
          ]}
        />
      </>
    ),
  },
  {
    id: "how-we-use-data",
    heading: "How we use your data",
    body: (
      <>
        <LegalList
          items={[
            "To create your account, sign you in and keep your session secure.",
            "To generate, save and show your launch kits on your dashboard.",
            "To answer your messages and, if you subscribed, send our newsletter.",
            "To process payments and meet our tax and accounting obligations.",
            "To protect the service against fraud, spam and abuse.",
          ]}
        />
        <p>
          We process data to perform our contract with you, to comply with legal obligations, on the basis of our
          legitimate interest in running a secure service, and, for the newsletter, with your consent.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    heading: "Visitors of published landing pages",
    body: (
      <>
        <p>
          When someone opens a landing page published with LaunchKit (at its LaunchKit address, on the founder's own
          domain, or a downloaded copy that shows a 1×1 image from LaunchKit), we count the visit for the founder,
          without cookies, without any script in the page and without any third party. For each visit we keep, per
          hour, only these counts: page views, visitors, and sign-ups, by where the visit came from (the{" "}
          <code>utm_source</code>, <code>utm_medium</code>, <code>utm_campaign</code> and <code>utm_content</code> of the link,
          else the website the visitor came from, as a host name, taken from their first visit of the day), by device type (mobile, tablet or desktop, worked out from the browser's
          user agent) and by which version of the page was shown.
        </p>
        <LegalList
          items={[
            <>To tell visitors apart on one day, we compute a one-way hash of a random daily value, the visitor's IP address, their browser's user agent and the page. The IP address and the user agent themselves are never stored.</>,
            <>So that one address cannot pass for a crowd, we also keep, per page and day, how many new visitors came from a one-way hash of the same random daily value and the IP address (for IPv6, its first half), deleted with the daily value.</>,
            <>The daily random value and the list of that day's hashes (with the source, device and version each hash came with, so that a sign-up can be counted for it) are deleted {RETENTION_HOURS} hours after the day began. After that, nobody, us included, can tell whether two visits were the same person's.</>,
            <>A sign-up on the page stores, with the e-mail address the visitor gives, where they came from and which version of the page they saw.</>,
            <>On a page with a referral waitlist, a sign-up also keeps that day's visitor hash and a keyed one-way hash of its IP address and the day, so that a sign-up from the referrer's own browser, or too many from one address, do not move anyone up the line. Neither can be turned back into the address, and they are deleted with the sign-up.</>,
            <>Not counted: requests by bots and automated tools, prefetches, the founder's own visits while signed in, and visits to previews in the founder's workspace.</>,
            <>The hourly counts are kept while the founder's kit exists. Whoever runs a LaunchKit server can turn counting off (<code>ANALYTICS=off</code>).</>,
          ]}
        />
      </>
    ),
  },
  {
    id: "ai-processing",
    heading: "AI processing",
    body: (
      <p>
        To generate your kit, the wizard answers are sent to our AI model provider, which processes them on our
        behalf only to return the generated text and images. We do not use your business ideas to train models, and
        we never publish them or show them to other users.
      </p>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share data with",
    body: (
      <>
        <p>We do not sell your personal data. We share it only with service providers that help us run LaunchKit:</p>
        <LegalList
          items={[
            "our card payment provider, for paid plans;",
            "our AI model provider, to generate your kit;",
            "our hosting and email delivery providers.",
          ]}
        />
        <p>Each provider is bound by a data processing agreement and may use the data only to provide its service to us.</p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep data",
    body: (
      <p>
        We keep your account and launch kits for as long as your account exists. Contact messages are kept for up to
        24 months. Payment records are kept for as long as tax law requires. Security logs are kept only briefly and then deleted.
      </p>
    ),
  },
  {
    id: "your-rights",
    heading: "Your rights and deleting your data",
    body: (
      <>
        <p>
          You can delete any launch kit at any time from your{" "}
          <Link to="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
            dashboard
          </Link>
          ; deleted kits and their logos are removed from our database immediately. To delete your whole account,
          contact us and we will erase it within 30 days.
        </p>
        <p>
          Depending on where you live, you may also have the right to access, correct, export or restrict the use of
          your data, to object to processing and to complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: "security",
    heading: "Security",
    body: (
      <p>
        Passwords are stored only as salted hashes, connections are encrypted in transit and access to production
        data is limited to the people who need it. No system is perfectly secure, but we work hard to protect yours.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <p>
        If we change this policy we will update the date at the top of this page, and for significant changes we will
        let you know by email before they take effect.
      </p>
    ),
  },
];

export const action = refusePost;

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>Your ideas are yours. This policy explains what personal data LaunchKit collects, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
