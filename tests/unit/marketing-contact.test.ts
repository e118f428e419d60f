import { getZodConstraint } from "@conform-to/zod/v4";
import { beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { contactMessages } from "~/platform/db/schema";
import { CONTACT_RATE_LIMIT_MESSAGE, contactRateLimiter, saveContactMessage } from "~/features/marketing/contact.server";
import { CONTACT_TOPICS, ContactSchema } from "~/features/marketing/schemas";
import { action } from "~/routes/marketing/contact";
import { createRequestContext } from "~/platform/http/request-context";

const valid = { name: "Ada", email: "Ada@Example.com", topic: "Sales inquiry", message: "Hello there" };

function rows() {
  return getDb()
    .select({ name: contactMessages.name, email: contactMessages.email, topic: contactMessages.topic, message: contactMessages.message })
    .from(contactMessages)
    .orderBy(asc(contactMessages.createdAt));
}

type ActionResult = { data?: unknown; init?: { status?: number } | null; sent?: boolean };

async function post(fields: Record<string, string>, ip = "10.0.0.1") {
  const body = new URLSearchParams(fields);
  const request = new Request("http://localhost/contact", { method: "POST", body });
  const result = (await action({ request, context: createRequestContext(ip), params: {} } as never)) as ActionResult;
  // data(...) responses carry their status in init; plain objects are 200.
  const status = result.init?.status ?? 200;
  const payload = (result.data ?? result) as { sent: boolean; result: { error?: Record<string, string[] | null> } };
  return { status, payload };
}

describe("contact schema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = ContactSchema.parse({ ...valid, name: "  Ada  ", message: " Hi " });
    expect(parsed).toMatchObject({ name: "Ada", message: "Hi", topic: "Sales inquiry" });
  });

  it("needs every field and a listed topic", () => {
    const r = ContactSchema.safeParse({ name: " ", email: "", topic: "Spam", message: "" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Name is required", "Email is required", "Please choose a topic", "Message is required"]));
  });

  it("limits lengths and gives the browser the same limits", () => {
    expect(ContactSchema.safeParse({ ...valid, name: "x".repeat(101) }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, message: "x".repeat(5001) }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, email: `${"a".repeat(250)}@x.io` }).success).toBe(false);
    const c = getZodConstraint(ContactSchema);
    expect(c.name).toMatchObject({ required: true, maxLength: 100 });
    expect(c.message).toMatchObject({ required: true, maxLength: 5000 });
    expect(c.topic).toMatchObject({ required: true });
  });

  it("has the spec's six topics", () => {
    expect(CONTACT_TOPICS).toEqual([
      "Sales inquiry",
      "Technical support",
      "Partnership opportunity",
      "Feature request",
      "Press & media",
      "General question",
    ]);
  });
});

describe("contact action", () => {
  beforeEach(async () => {
    await getDb().delete(contactMessages);
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) await contactRateLimiter.reset(ip);
  });

  it("stores a valid message", async () => {
    const { status, payload } = await post(valid);
    expect(status).toBe(200);
    expect(payload.sent).toBe(true);
    expect(await rows()).toEqual([{ name: "Ada", email: "ada@example.com", topic: "Sales inquiry", message: "Hello there" }]);
  });

  it("answers 400 with field errors and stores nothing for bad input", async () => {
    const { status, payload } = await post({ ...valid, email: "nope" });
    expect(status).toBe(400);
    expect(payload.sent).toBe(false);
    expect(payload.result.error?.email).toEqual(["Please enter a valid email address"]);
    expect(await rows()).toEqual([]);
  });

  it("drops honeypot submissions silently", async () => {
    const { status, payload } = await post({ ...valid, website: "spam.example" }, "10.0.0.2");
    expect(status).toBe(200);
    expect(payload.sent).toBe(true);
    expect(await rows()).toEqual([]);
  });

  it("rate-limits an IP after five messages with a 429", async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, "10.0.0.3")).status).toBe(200);
    const limited = await post(valid, "10.0.0.3");
    expect(limited.status).toBe(429);
    expect(limited.payload.result.error?.[""]).toEqual([CONTACT_RATE_LIMIT_MESSAGE]);
    expect(await rows()).toHaveLength(5);
    expect((await post(valid, "10.0.0.1")).status).toBe(200);
  });

  it("saveContactMessage writes one complete row", async () => {
    const id = await saveContactMessage({ name: "Bo", email: "BO@x.io", topic: "Feature request", message: "Dark mode" });
    expect(await getDb().select({ id: contactMessages.id, handled: contactMessages.handled }).from(contactMessages)).toEqual([{ id, handled: false }]);
  });
});
