import { z } from "zod";
import { emailField } from "~/platform/text/email-field";
import { stripControlCharacters, toOneLine } from "~/platform/text/text";


export const NewsletterSchema = z.object({ email: emailField });

/** The topics of the contact form, in the spec's order. */
export const CONTACT_TOPICS = [
  "Sales inquiry",
  "Technical support",
  "Partnership opportunity",
  "Feature request",
  "Press & media",
  "General question",
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export const ContactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .overwrite(toOneLine)
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: emailField,
  topic: z.enum(CONTACT_TOPICS, { error: "Please choose a topic" }),
  message: z
    .string({ error: "Message is required" })
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, "Message is required")
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** The honeypot field of the contact form: hidden from people, filled in by bots. */
export const CONTACT_HONEYPOT = "website";
