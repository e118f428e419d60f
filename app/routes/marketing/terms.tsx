import { Link } from "react-router";
import { LegalList, LegalPage, type LegalSection } from "~/ui/marketing/legal-page";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/terms";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Terms of Service",
    description:
      "The terms that govern your use of LaunchKit: accounts, plans and payments, refunds, ownership of generated assets and acceptable use. Last updated January 1, 2025.",
  });

const sections: LegalSection[] = [
  {
    id: "agreement",
    heading: "Agreement to these terms",
    body: (
      <p>
        By creating an account or using LaunchKit you agree to these Terms of Service. If you use LaunchKit on behalf
        of a company, you confirm that you may bind it to these terms.
      </p>
    ),
  },
  {
    id: "accounts",
    heading: "Your account",
    body: (
      <LegalList
        items={[
          "You must be at least 16 years old and give accurate sign-up information.",
          "Keep your password confidential; you are responsible for activity under your account.",
          "Tell us promptly if you suspect unauthorised access to your account.",
        ]}
      />
    ),
  },
  {
    id: "service",
    heading: "The service",
    body: (
      <p>
        LaunchKit generates launch materials such as website-builder prompts and logos using AI models. Generated
        content can contain mistakes. Review it before you publish it, and check that names and logos do not infringe
        anyone else's rights in your market.
      </p>
    ),
  },
  {
    id: "plans-payments",
    heading: "Plans and payments",
    body: (
      <>
        <LegalList
          items={[
            "The Free preview costs $0 forever. Previews are watermarked and cannot be exported.",
            "Starter is a one-time payment of $39 that unlocks export of your launch kit.",
            "Pro costs $19 per month, is billed in advance each month and renews until cancelled. Pro can be cancelled any time, effective at the end of the current billing month.",
          ]}
        />
        <p>
          Payments are processed by our card payment provider, whose own terms also apply to the payment. Prices are
          in US dollars and exclude taxes, which are added where required.
        </p>
      </>
    ),
  },
  {
    id: "refunds",
    heading: "Money-back guarantee",
    body: (
      <p>
        All paid plans come with a 14-day money-back guarantee. If you ask for a refund within 14 days of a purchase,
        we refund it in full to the original card, no questions asked.
      </p>
    ),
  },
  {
    id: "ownership",
    heading: "Ownership of your content",
    body: (
      <p>
        You keep all rights to the ideas and information you submit. Subject to payment for exported assets, you own
        the launch kits generated for you and may use them commercially without attribution. You give us a limited
        licence to process your content only to provide the service to you.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    heading: "Acceptable use",
    body: (
      <>
        <p>You agree not to use LaunchKit to:</p>
        <LegalList
          items={[
            "create illegal, deceptive, hateful or infringing content;",
            "impersonate another person or business;",
            "probe, overload or interfere with the service, or scrape it at scale;",
            "resell access to the service without our written permission.",
          ]}
        />
      </>
    ),
  },
  {
    id: "termination",
    heading: "Ending your account",
    body: (
      <p>
        You can stop using LaunchKit at any time and delete your launch kits from your{" "}
        <Link to="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
          dashboard
        </Link>
        . We may suspend accounts that break these terms, and will tell you why unless the law prevents us.
      </p>
    ),
  },
  {
    id: "liability",
    heading: "Disclaimers and liability",
    body: (
      <p>
        LaunchKit is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability is limited to the amount you paid us in the 12 months before the claim.
        Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    body: (
      <p>
        We may update these terms. We will change the date at the top of this page and, for material changes, email
        you at least 14 days before they take effect.
      </p>
    ),
  },
];

export const action = refusePost;

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>These terms explain what you can expect from LaunchKit and what we expect from you. We've kept them as plain as we can.</p>}
      sections={sections}
    />
  );
}
