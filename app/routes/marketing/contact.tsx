import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormError, SelectField, TextareaField } from "~/ui/forms";
import { Icon } from "~/ui/marketing/icons";
import { IconBadge, PageHero } from "~/ui/marketing/section";
import { useHydrated } from "~/ui/use-hydrated";
import { buttonClasses } from "~/ui/ui/button";
import { CONTACT_RATE_LIMIT_MESSAGE, contactRateLimiter, contactSender, saveContactMessage } from "~/features/marketing/contact.server";
import { CONTACT_HONEYPOT, CONTACT_LIMITS, CONTACT_TOPICS, ContactSchema } from "~/features/marketing/schemas";
import { seo } from "~/features/marketing/seo";
import { PRO_RESPONSE_TARGET } from "~/features/support/priority";
import { clientIpContext } from "~/platform/http/request-context";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Contact us",
    description:
      "Questions about LaunchKit, sales, partnerships or press? Send us a message and we'll get back to you within 24-48 hours.",
  });

const REQUIRED_FIELDS = ["name", "email", "topic", "message"] as const;

/**
 * A signed-in founder finds their name and address filled in (replies go to
 * the account's address), and a Pro founder is told up front, once, that
 * their message comes first. Visitors get the same page as ever.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const sender = await contactSender(request);
  return { pro: sender.pro, name: sender.name, email: sender.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data(
      { sent: false as const, result: { status: "error" as const, error: { "": ["Please fill in the form and try again."] } } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: ContactSchema });
  const ip = context.get(clientIpContext);

  if (await contactRateLimiter.isLimited(ip)) {
    return data({ sent: false as const, result: submission.reply({ formErrors: [CONTACT_RATE_LIMIT_MESSAGE] }) }, { status: 429 });
  }
  if (submission.status !== "success") {
    return data({ sent: false as const, result: submission.reply() }, { status: 400 });
  }
  await contactRateLimiter.hit(ip);
  // A filled-in honeypot means a bot: answer like a success, store nothing.
  const honeypot = formData.get(CONTACT_HONEYPOT);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return { sent: true as const, result: submission.reply({ resetForm: true }) };
  }
  const sender = await contactSender(request);
  await saveContactMessage(submission.value, sender);
  return { sent: true as const, pro: sender.pro, result: submission.reply({ resetForm: true }) };
}

function allFilled(form: HTMLFormElement | null) {
  if (!form) return false;
  const values = new FormData(form);
  return REQUIRED_FIELDS.every((name) => String(values.get(name) ?? "").trim() !== "");
}

function ContactForm({ lastResult, account }: { lastResult?: SubmissionResult<string[]> | null; account: { name: string | null; email: string | null } }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const [filled, setFilled] = useState(false);
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    // What the account already says: its name, and the address replies go to.
    defaultValue: { name: account.name ?? "", email: account.email ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });

  // Values come back after a rejected submission, or are filled in from the account: re-check them once they are rendered.
  useEffect(() => {
    setFilled(allFilled(formRef.current));
  }, [lastResult]);
  const signedIn = Boolean(account.email);

  const disabled = submitting || (hydrated && !filled);

  return (
    <Form
      method="post"
      ref={formRef}
      {...getFormProps(form)}
      onChange={(e) => setFilled(allFilled(e.currentTarget))}
      onInput={(e) => setFilled(allFilled(e.currentTarget))}
      className="space-y-5"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            maxLength: CONTACT_LIMITS.name,
            autoComplete: "name",
            placeholder: "Ada Lovelace",
          }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            maxLength: CONTACT_LIMITS.email,
            autoComplete: "email",
            placeholder: "you@startup.com",
            // Signed in, the reply goes to the account's address: the field shows it rather than asking.
            readOnly: signedIn || undefined,
          }}
          errors={fields.email.errors}
          hint={signedIn ? "Your account's address: we reply there." : undefined}
        />
      </div>
      <SelectField
        label="Topic"
        selectProps={getSelectProps(fields.topic)}
        placeholder="Choose a topic"
        options={CONTACT_TOPICS.map((t) => ({ value: t, label: t }))}
        errors={fields.topic.errors}
      />
      <TextareaField
        label="Message"
        textareaProps={{
          ...getTextareaProps(fields.message),
          maxLength: CONTACT_LIMITS.message,
          rows: 6,
          placeholder: "Tell us a little about your idea or question...",
        }}
        errors={fields.message.errors}
        hint={`Up to ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`}
      />
      {/* Honeypot: invisible to people and skipped by keyboards; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="flex flex-col-reverse items-start gap-4 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          All fields are required. We only use your details to reply.{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Privacy policy
          </Link>
        </p>
        <button type="submit" disabled={disabled} className={buttonClasses("primary", "lg", "w-full shrink-0 sm:w-auto")}>
          {submitting ? "Sending..." : "Send message"}
          {submitting ? null : <Icon name="arrow-right" className="h-5 w-5" />}
        </button>
      </div>
    </Form>
  );
}

function SentPanel({ pro }: { pro: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="py-10 text-center">
      <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 ring-8 ring-emerald-50">
        <Icon name="check" className="h-8 w-8" />
      </span>
      <h2 id="contact-sent-heading" ref={headingRef} tabIndex={-1} className="mt-6 scroll-mt-40 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        Message sent!
      </h2>
      {pro ? (
        <p data-testid="pro-priority" className="mt-2 text-slate-600">
          You're on Pro, so your message comes first in our inbox: expect {PRO_RESPONSE_TARGET}.
        </p>
      ) : (
        <p className="mt-2 text-slate-600">We'll get back to you within 24-48 hours.</p>
      )}
      <Form method="get" action="/contact" className="mt-8">
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Send another message
        </button>
      </Form>
    </div>
  );
}

const quickAnswers = [
  { to: "/process#faq", label: "How does LaunchKit work?" },
  { to: "/pricing#faq", label: "Refunds and cancellations" },
  { to: "/samples", label: "What does a kit include?" },
  { to: "/templates", label: "Which template fits me?" },
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const sent = actionData?.sent === true;
  return (
    <main>
      <PageHero
        eyebrow="Contact"
        icon="chat"
        title="Talk to the LaunchKit team"
        lead="Sales questions, technical help, partnerships or press: send us a note and a real person will reply."
      />
      <div className="container-page">
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section
            aria-labelledby={sent ? "contact-sent-heading" : "contact-form-heading"}
            className="relative rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
          >
            {sent ? (
              <SentPanel pro={actionData?.sent === true && actionData.pro === true} />
            ) : (
              <>
                <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                  Send us a message
                </h2>
                <p className="mb-8 mt-2 text-slate-600">Fill in the form and we'll reply by email.</p>
                <ContactForm lastResult={actionData?.result} account={{ name: loaderData.name, email: loaderData.email }} />
              </>
            )}
          </section>

          <aside aria-label="Contact details" className="space-y-6">
            <section aria-labelledby="response-time-heading" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <IconBadge name="clock" tone="brand" />
                <h2 id="response-time-heading" className="font-semibold text-slate-900">
                  Response time
                </h2>
              </div>
              {/* One promise per reader: Pro's target replaces the general one rather than sitting beside it. */}
              {loaderData.pro ? (
                <p data-testid="pro-support" className="mt-4 rounded-xl bg-brand-50 px-3 py-2 text-sm leading-6 text-brand-900">
                  You're on Pro: your messages come first, with <strong className="font-semibold">{PRO_RESPONSE_TARGET}</strong> (Monday to Friday).
                </p>
              ) : (
                <p className="mt-4 text-sm leading-6 text-slate-600">
                  Every message gets a personal reply within <strong className="font-semibold text-slate-900">24-48 hours</strong>.
                </p>
              )}
            </section>
            <section aria-labelledby="quick-answers-heading" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <IconBadge name="lightbulb" tone="amber" />
                <h2 id="quick-answers-heading" className="font-semibold text-slate-900">
                  Quick answers
                </h2>
              </div>
              <ul className="mt-4 space-y-1">
                {quickAnswers.map((q) => (
                  <li key={q.to}>
                    <Link
                      to={q.to}
                      className="flex items-center justify-between rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-brand-700"
                    >
                      {q.label}
                      <Icon name="arrow-right" className="h-4 w-4 text-slate-500" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="office-hours-heading" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <IconBadge name="calendar" tone="emerald" />
                <h2 id="office-hours-heading" className="font-semibold text-slate-900">
                  Office hours
                </h2>
              </div>
              <dl className="mt-4 space-y-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">Mon-Fri</dt>
                  <dd className="font-medium text-slate-900">9am-6pm PST</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">Weekend</dt>
                  <dd className="font-medium text-slate-900">Emergency only</dd>
                </div>
              </dl>
            </section>
          </aside>
        </div>
      </div>
    </main>
  );
}
