import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ACCESS_TOKEN_SCOPES } from "./schema.sqlite";
import {
  ANALYTICS_ORIGINS,
  ASSET_STATUSES,
  BROADCAST_STATUSES,
  COMPETITOR_PAGE_STATES,
  type CompetitorQuote,
  CONTENT_PIECE_KINDS,
  EMAIL_DELAY_UNITS,
  EMAIL_SEND_STATUSES,
  ENROLMENT_STATUSES,
  EXPERIMENT_FIELDS,
  EXPERIMENT_STATUSES,
  type ExperimentVariant,
  type ExperimentSrmAtStop,
  type WaitlistReward,
  KIT_STATUSES,
  OUTBOX_STATUSES,
  PLAN_STATUSES,
  PLANS,
  ROLES,
} from "./schema.sqlite";

/**
 * The same tables as schema.sqlite.ts, column for column and name for name,
 * for PostgreSQL (DATABASE_URL=postgres://…). Timestamps are timestamptz
 * read as Date (the SQLite side stores integer milliseconds and reads Date
 * too); JSON is json (kept as written: key order is part of the content); blobs are bytea. Defaults use clock_timestamp() so
 * rows written in one transaction still sort in the order they were written.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
const ts = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () =>
  ts("created_at")
    .notNull()
    .default(sql`clock_timestamp()`);
const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .default(sql`clock_timestamp()`);

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("user"),
  plan: text("plan", { enum: PLANS }).notNull().default("free"),
  planStatus: text("plan_status", { enum: PLAN_STATUSES }),
  planEndsAt: ts("plan_ends_at"),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  starterPaymentId: text("starter_payment_id"),
  emailConfirmedAt: ts("email_confirmed_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    persistent: boolean("persistent").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const launchKits = pgTable(
  "launch_kits",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: KIT_STATUSES }).notNull().default("draft"),
    businessIdea: text("business_idea").notNull(),
    targetAudience: text("target_audience").notNull(),
    geography: text("geography"),
    tone: text("tone").notNull(),
    competitors: text("competitors"),
    primaryGoal: text("primary_goal").notNull(),
    brandVibe: text("brand_vibe").notNull(),
    generationProgress: integer("generation_progress"),
    generationMetadata: json("generation_metadata").$type<
      Record<string, unknown>
    >(),
    generatedPrompt: text("generated_prompt"),
    generatedLogoUrl: text("generated_logo_url"),
    logoPrompt: text("logo_prompt"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("launch_kits_user_created_idx").on(t.userId, t.createdAt),
    index("launch_kits_status_created_idx").on(t.status, t.createdAt),
    index("launch_kits_created_idx").on(t.createdAt),
  ],
);

export const logoImages = pgTable("logo_images", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

export const kitAssets = pgTable(
  "kit_assets",
  {
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status", { enum: ASSET_STATUSES })
      .notNull()
      .default("queued"),
    content: json("content").$type<unknown>(),
    error: text("error"),
    version: integer("version").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kitId, t.kind] }),
    index("kit_assets_status_idx").on(t.status),
  ],
);

export const landingPages = pgTable(
  "landing_pages",
  {
    kitId: text("kit_id")
      .primaryKey()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    published: boolean("published").notNull().default(false),
    indexable: boolean("indexable").notNull().default(false),
    notifyLeads: boolean("notify_leads").notNull().default(false),
    downloadUrl: text("download_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    pressRole: text("press_role"),
    pageId: text("page_id"),
    customDomain: text("custom_domain").unique(),
    pendingDomain: text("pending_domain"),
    domainToken: text("domain_token"),
    domainVerifiedAt: ts("domain_verified_at"),
    domainCheckedAt: ts("domain_checked_at"),
    domainFailingSince: ts("domain_failing_since"),
    publishedAt: ts("published_at"),
    takenDownAt: ts("taken_down_at"),
    takedownReason: text("takedown_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("landing_pages_page_id_idx").on(t.pageId)],
);

export const reservedSlugs = pgTable("reserved_slugs", {
  slug: text("slug").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  releasedUntil: ts("released_until").notNull(),
  createdAt: createdAt(),
});

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    name: text("name").notNull(),
    period: text("period").notNull(),
    doneAt: ts("done_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.period] })],
);

export const leads = pgTable(
  "leads",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    preferredTime: text("preferred_time"),
    phone: text("phone"),
    bookingDate: text("booking_date"),
    partySize: integer("party_size"),
    variant: text("variant"),
    source: text("source"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("leads_kit_email_idx").on(t.kitId, t.email),
    index("leads_kit_created_idx").on(t.kitId, t.createdAt),
  ],
);

export const kitDownloadLinks = pgTable(
  "kit_download_links",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("kit_download_links_kit_idx").on(t.kitId)],
);

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export const planChanges = pgTable(
  "plan_changes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromPlan: text("from_plan").notNull(),
    toPlan: text("to_plan").notNull(),
    source: text("source").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("plan_changes_user_idx").on(t.userId, t.createdAt)],
);

export const regenerationUsage = pgTable(
  "regeneration_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    handled: boolean("handled").notNull().default(false),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    pro: boolean("pro").notNull().default(false),
    repliedAt: ts("replied_at"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_inbox_idx").on(t.handled, t.pro, t.createdAt)],
);

export const contactReplies = pgTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    emailMessageId: text("email_message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    salt: text("salt").notNull().default(""),
    priority: integer("priority").notNull().default(0),
    orderKey: text("order_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    leaseUntil: ts("lease_until"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_order_idx").on(t.priority, t.orderKey),
    index("jobs_kit_idx").on(t.kitId),
  ],
);

export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at)],
);

export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id").notNull().unique(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at")
      .notNull()
      .default(sql`clock_timestamp()`),
    lockedBy: text("locked_by"),
    leaseUntil: ts("lease_until"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const analyticsSalts = pgTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

export const analyticsVisitors = pgTable(
  "analytics_visitors",
  {
    day: text("day").notNull(),
    pageId: text("page_id").notNull(),
    visitor: text("visitor").notNull(),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    content: text("content").notNull().default(""),
    device: text("device").notNull().default(""),
    variant: text("variant").notNull().default(""),
    /** Whether this visitor counted as a new one (inside the cap per address): only then do their leads count for an experiment. */
    counted: boolean("counted").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.day, t.pageId, t.visitor] })],
);

export const analyticsAddresses = pgTable(
  "analytics_addresses",
  {
    day: text("day").notNull(),
    pageId: text("page_id").notNull(),
    address: text("address").notNull(),
    visitors: integer("visitors").notNull().default(0),
    /** Leads from this address counted for the page's experiment that day (capped like new visitors). */
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.pageId, t.address] })],
);

export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    pageId: text("page_id").notNull(),
    hour: ts("hour").notNull(),
    origin: text("origin", { enum: ANALYTICS_ORIGINS }).notNull(),
    variant: text("variant").notNull().default(""),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    content: text("content").notNull().default(""),
    device: text("device").notNull().default(""),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.hour, t.origin, t.variant, t.source, t.medium, t.campaign, t.content, t.device] })],
);

export const experiments = pgTable(
  "experiments",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    field: text("field", { enum: EXPERIMENT_FIELDS }).notNull(),
    status: text("status", { enum: EXPERIMENT_STATUSES }).notNull().default("running"),
    control: text("control").notNull(),
    variants: json("variants").$type<ExperimentVariant[]>().notNull(),
    appliedKey: text("applied_key"),
    srmAtStop: json("srm_at_stop").$type<ExperimentSrmAtStop>(),
    startedAt: ts("started_at")
      .notNull()
      .default(sql`clock_timestamp()`),
    stoppedAt: ts("stopped_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("experiments_kit_idx").on(t.kitId, t.createdAt),
    uniqueIndex("experiments_running_page_idx").on(t.pageId).where(sql`status = 'running'`),
  ],
);

// ---- e-mail sequences and broadcasts (see schema.sqlite.ts) ----

export const emailSequences = pgTable("email_sequences", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  doubleOptIn: boolean("double_opt_in").notNull().default(false),
  postalAddress: text("postal_address").notNull().default(""),
  replyTo: text("reply_to").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailSteps = pgTable(
  "email_steps",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    orderKey: doublePrecision("order_key").notNull(),
    subject: text("subject").notNull(),
    preview: text("preview").notNull().default(""),
    body: text("body").notNull(),
    delayValue: integer("delay_value").notNull().default(0),
    delayUnit: text("delay_unit", { enum: EMAIL_DELAY_UNITS }).notNull().default("days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_steps_kit_order_idx").on(t.kitId, t.orderKey)],
);

export const emailEnrolments = pgTable(
  "email_enrolments",
  {
    leadId: text("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    status: text("status", { enum: ENROLMENT_STATUSES }).notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    lastOrderKey: doublePrecision("last_order_key").notNull().default(0),
    lastSentAt: ts("last_sent_at"),
    startedAt: ts("started_at"),
    confirmedAt: ts("confirmed_at"),
    sentCount: integer("sent_count").notNull().default(0),
    nextAt: ts("next_at"),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_enrolments_due_idx").on(t.status, t.nextAt), index("email_enrolments_kit_idx").on(t.kitId, t.createdAt)],
);

export const emailSends = pgTable(
  "email_sends",
  {
    id: text("id").primaryKey(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    stepId: text("step_id"),
    broadcastId: text("broadcast_id"),
    messageId: text("message_id").notNull().unique(),
    status: text("status", { enum: EMAIL_SEND_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    firstAttemptAt: ts("first_attempt_at"),
    lockedBy: text("locked_by"),
    leaseUntil: ts("lease_until"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_sends_lead_key_idx").on(t.leadId, t.key), index("email_sends_due_idx").on(t.status, t.nextAttemptAt)],
);

export const emailBroadcasts = pgTable(
  "email_broadcasts",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    preview: text("preview").notNull().default(""),
    body: text("body").notNull(),
    sendAt: ts("send_at").notNull(),
    status: text("status", { enum: BROADCAST_STATUSES }).notNull().default("scheduled"),
    recipients: integer("recipients").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("email_broadcasts_due_idx").on(t.status, t.sendAt), index("email_broadcasts_kit_idx").on(t.kitId, t.createdAt)],
);

export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kitId, t.email] })],
);

export const competitors = pgTable(
  "competitors",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("competitors_kit_name_idx").on(t.kitId, t.name)],
);

export const competitorPages = pgTable(
  "competitor_pages",
  {
    id: text("id").primaryKey(),
    competitorId: text("competitor_id")
      .notNull()
      .references(() => competitors.id, { onDelete: "cascade" }),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    label: text("label").notNull().default(""),
    state: text("state", { enum: COMPETITOR_PAGE_STATES }).notNull().default("new"),
    lastText: text("last_text"),
    seenLines: json("seen_lines").$type<string[]>().notNull().default(sql`'[]'::json`),
    lastCheckedAt: ts("last_checked_at"),
    lastChangedAt: ts("last_changed_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("competitor_pages_competitor_url_idx").on(t.competitorId, t.url), index("competitor_pages_kit_idx").on(t.kitId)],
);

export const competitorChanges = pgTable(
  "competitor_changes",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    competitorId: text("competitor_id")
      .notNull()
      .references(() => competitors.id, { onDelete: "cascade" }),
    pageId: text("page_id")
      .notNull()
      .references(() => competitorPages.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    summary: text("summary").notNull(),
    quotes: json("quotes").$type<CompetitorQuote[]>().notNull(),
    importance: text("importance").notNull().default("normal"),
    digestedAt: ts("digested_at"),
    createdAt: createdAt(),
  },
  (t) => [index("competitor_changes_kit_idx").on(t.kitId, t.createdAt), index("competitor_changes_page_idx").on(t.pageId, t.period)],
);

export const contentPieces = pgTable(
  "content_pieces",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kitId: text("kit_id").references(() => launchKits.id, { onDelete: "set null" }),
    period: text("period").notNull(),
    slot: integer("slot").notNull(),
    kind: text("kind", { enum: CONTENT_PIECE_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    facts: json("facts").$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("content_pieces_user_period_slot_idx").on(t.userId, t.period, t.slot), index("content_pieces_kit_idx").on(t.kitId, t.createdAt)],
);

export const strategyReviews = pgTable(
  "strategy_reviews",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    figures: json("figures").$type<unknown>().notNull(),
    body: json("body").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("strategy_reviews_kit_period_idx").on(t.kitId, t.period)],
);

// ---- referral waitlists of published pages (app/features/site/waitlist/, docs/decisions/040-referral-waitlist.md) ----


/** A page's referral waitlist settings; no row: the defaults (on for the "waitlist" goal). */
export const waitlists = pgTable("waitlists", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull(),
  /** Places a confirmed referral moves its referrer up. */
  placesPerReferral: integer("places_per_referral").notNull().default(5),
  /** Referred sign-ups from one network address a day that count; more still join, earning nobody anything. */
  referralsPerAddress: integer("referrals_per_address").notNull().default(3),
  /** Up to three milestones, fewest referrals first. */
  rewards: json("rewards").$type<WaitlistReward[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A lead's place in a waitlist: the facts its place is computed from (when it
 * confirmed, who referred it and whether that counted), never a stored position.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    leadId: text("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    /** Random: the referral link's ?r=, nothing of the address in it. */
    code: text("code").notNull().unique(),
    referredBy: text("referred_by").references(() => leads.id, { onDelete: "set null" }),
    /** The address with the dots and +tags its provider ignores taken out: one mailbox, one value. */
    mailbox: text("mailbox").notNull(),
    /** The analytics daily visitor hash of the sign-up (salted, page-bound): same browser, same value that day. */
    visitorHash: text("visitor_hash"),
    /** A keyed hash of the sign-up's network address and day: counts sign-ups per address without storing it. */
    addressKey: text("address_key"),
    disposable: boolean("disposable").notNull().default(false),
    confirmedAt: ts("confirmed_at"),
    /** The referral moved its referrer up (decided once, when this lead confirmed). */
    counted: boolean("counted").notNull().default(false),
    /** Why a referral did not count. */
    reason: text("reason"),
    disqualifiedAt: ts("disqualified_at"),
    invitedAt: ts("invited_at"),
    createdAt: createdAt(),
  },
  (t) => [index("waitlist_entries_kit_confirmed_idx").on(t.kitId, t.confirmedAt), index("waitlist_entries_referrer_idx").on(t.referredBy), index("waitlist_entries_kit_mailbox_idx").on(t.kitId, t.mailbox)],
);

export const accessTokens = pgTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    scope: text("scope", { enum: ACCESS_TOKEN_SCOPES }).notNull().default("read"),
    leads: boolean("leads").notNull().default(false),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId)],
);

export const pressMessages = pgTable(
  "press_messages",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    emailMessageId: text("email_message_id").notNull().unique(),
    replyTo: text("reply_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("press_messages_kit_idx").on(t.kitId, t.createdAt)],
);

/** The founder's facts of a kit (see schema.sqlite.ts). */
export const kitFacts = pgTable("kit_facts", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  facts: json("facts").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
