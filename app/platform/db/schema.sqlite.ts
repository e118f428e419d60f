import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Timestamps are stored as integer milliseconds since the epoch. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ["free", "starter", "pro"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_STATUSES = ["active", "past_due", "canceled"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Always stored lower-case; see normalizeEmail. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** scrypt hash. Never part of the default user selection (see users.server.ts). */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("user"),
  /** free (default) · starter (one-time) · pro (subscription): see app/features/billing. */
  plan: text("plan", { enum: PLANS }).notNull().default("free"),
  /** For pro: active · past_due · canceled. */
  planStatus: text("plan_status", { enum: PLAN_STATUSES }),
  /** For pro: when the paid period ends (canceled: access until then). */
  planEndsAt: integer("plan_ends_at", { mode: "timestamp_ms" }),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /**
   * The PaymentIntent of the Starter bought through Stripe, while it stands
   * (cleared when it is refunded): a refund of that payment removes Starter
   * only, and a Pro that ends falls back to Starter while it is set.
   */
  starterPaymentId: text("starter_payment_id"),
  /** When the owner of the address opened the signed confirmation link; null until then. */
  emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** true when "remember me" was ticked: the cookie outlives the browser session. */
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const KIT_STATUSES = ["draft", "generating", "completed", "exported"] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

/** Field names follow the product spec (launch_kits). */
export const launchKits = sqliteTable(
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
    generationMetadata: text("generation_metadata", { mode: "json" }).$type<
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

/** Logo images live in the database: one file to back up, deleted with their kit. */
export const logoImages = sqliteTable("logo_images", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
});

export const ASSET_STATUSES = ["queued", "generating", "ready", "failed"] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/**
 * One row per asset of a kit (brand, logo, landing page...): the durable state
 * of its generation. `content` is the kind's structured content, validated by
 * its zod schema before it is written; `version` counts successful
 * generations and edits (0: never ready). A failed regeneration keeps the
 * previous content and version, with the error beside them.
 */
export const kitAssets = sqliteTable(
  "kit_assets",
  {
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status", { enum: ASSET_STATUSES }).notNull().default("queued"),
    content: text("content", { mode: "json" }).$type<unknown>(),
    error: text("error"),
    version: integer("version").notNull().default(0),
    /** Runs started (a resume after a crash counts): a step that keeps dying stops being retried. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kitId, t.kind] }), index("kit_assets_status_idx").on(t.status)],
);

/**
 * A kit's landing page as published at /p/<slug>. The page's content is the
 * `landing` asset; this row is its public address and state. Deleted with
 * its kit (and its leads with it).
 */
export const landingPages = sqliteTable(
  "landing_pages",
  {
    kitId: text("kit_id")
      .primaryKey()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** noindex until the founder ticks "let search engines index it". */
    indexable: integer("indexable", { mode: "boolean" }).notNull().default(false),
    /** E-mail the founder on each new lead (off by default). */
    notifyLeads: integer("notify_leads", { mode: "boolean" }).notNull().default(false),
    /** The download link shown after sign-up when the goal is downloads. */
    downloadUrl: text("download_url"),
    /** Pro's SEO editor: the page's <title> and meta description (null: made from the page). */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** The founder's role at the business, for the press kit's bio and quote ("Founder", "Head baker"); null: none given. */
    pressRole: text("press_role"),
    /**
     * Stable public id of the page: lead forms (the published page and its
     * downloaded copies) post to /f/<page_id>, which never moves to another
     * page when the slug changes or is released.
     */
    pageId: text("page_id"),
    /** Pro: a custom domain served by Host header, set once its TXT record proved ownership. */
    customDomain: text("custom_domain").unique(),
    /** A domain the founder asked for, not yet proved (not served, claims nothing). */
    pendingDomain: text("pending_domain"),
    /** The value of the TXT record that proves the domain: random, one per page. */
    domainToken: text("domain_token"),
    domainVerifiedAt: integer("domain_verified_at", { mode: "timestamp_ms" }),
    domainCheckedAt: integer("domain_checked_at", { mode: "timestamp_ms" }),
    /** Since when the re-check fails (or the owner has no Pro): the claim is released after a grace period. */
    domainFailingSince: integer("domain_failing_since", { mode: "timestamp_ms" }),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    takenDownAt: integer("taken_down_at", { mode: "timestamp_ms" }),
    takedownReason: text("takedown_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("landing_pages_page_id_idx").on(t.pageId)],
);

/**
 * Slugs a page gave up (renamed, or its kit deleted): kept for their last
 * owner until released_until, so nobody else takes the address (and the
 * visitors and links that still point at it).
 */
export const reservedSlugs = sqliteTable("reserved_slugs", {
  slug: text("slug").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  releasedUntil: integer("released_until", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
});

/** Site-wide settings kept in the database, such as the public address an admin confirmed. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Recurring work done once per period across every instance: the instance
 * that inserts (name, period) first runs it; the others see the row and skip.
 */
export const scheduledRuns = sqliteTable(
  "scheduled_runs",
  {
    name: text("name").notNull(),
    /** e.g. "2026-11-25" for daily work. */
    period: text("period").notNull(),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.period] })],
);

/** People who signed up on a published landing page. One row per e-mail and page. */
export const leads = sqliteTable(
  "leads",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    /** Always lower-case. */
    email: text("email").notNull(),
    name: text("name"),
    preferredTime: text("preferred_time"),
    /** A callback's number, as the visitor typed it (checked: 6-20 digits). */
    phone: text("phone"),
    /** A booking's date, YYYY-MM-DD (a calendar day, no time zone). */
    bookingDate: text("booking_date"),
    /** A booking's party size, 1-50. */
    partySize: integer("party_size"),
    /** The experiment variant the visitor saw when they signed up ("a", "b"...), if any. */
    variant: text("variant"),
    /** Where the visitor came from (utm_source or the referrer's host), if known. */
    source: text("source"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("leads_kit_email_idx").on(t.kitId, t.email), index("leads_kit_created_idx").on(t.kitId, t.createdAt)],
);

/** "E-mail me my kit": a signed link to the ZIP, valid until expires_at unless revoked. */
export const kitDownloadLinks = sqliteTable(
  "kit_download_links",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("kit_download_links_kit_idx").on(t.kitId)],
);

/** Stripe webhook events already processed: each event changes a plan at most once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** Every plan change, from Stripe or from an admin, with who made it. */
export const planChanges = sqliteTable(
  "plan_changes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromPlan: text("from_plan").notNull(),
    toPlan: text("to_plan").notNull(),
    /** "stripe:<event id>" or "admin:<admin user id>". */
    source: text("source").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("plan_changes_user_idx").on(t.userId, t.createdAt)],
);

/** Regenerations used per user and month (Pro gets 4 extra a month). */
export const regenerationUsage = sqliteTable(
  "regeneration_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "2026-11" */
    month: text("month").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    handled: integer("handled", { mode: "boolean" }).notNull().default(false),
    /** The signed-in sender, if any (null for a visitor, or once the account is deleted). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Sent by a Pro account: listed first in the admin inbox, with Pro's response target. */
    pro: integer("pro", { mode: "boolean" }).notNull().default(false),
    /** When an admin last replied from the inbox (the thread is contact_replies). */
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_inbox_idx").on(t.handled, t.pro, t.createdAt)],
);

/** An admin's reply to a contact message, sent through SMTP (the outbox) and kept as the message's thread. */
export const contactReplies = sqliteTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** The e-mail's Message-ID header (the next reply's In-Reply-To). */
    emailMessageId: text("email_message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The durable job queue (app/platform/jobs/queue.server.ts): one row per step
 * waiting or running. A worker claims a row by writing its name and a lease;
 * a lease that runs out (its instance died) makes the row claimable again.
 * The row is deleted when its step is done. Deleted with its kit.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    /** `<kitId>:<step>`: one job per kit and step, so enqueueing twice is one job. */
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    /** "core" (brand, prompt, logo) or an asset kind. */
    step: text("step").notNull(),
    salt: text("salt").notNull().default(""),
    /** Higher runs first (a founder's Regenerate). */
    priority: integer("priority").notNull().default(0),
    /** Order within a priority: time of queueing, then position in its batch. */
    orderKey: text("order_key").notNull(),
    /** Times a worker claimed it (a resume after a crash counts). */
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_order_idx").on(t.priority, t.orderKey), index("jobs_kit_idx").on(t.kitId)],
);

/** Rate-limit hits (sign-in failures, forms, generations), shared by every instance. */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    /** Milliseconds since the epoch. */
    at: integer("at").notNull(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at)],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * Mail waiting to go out, and a short record of what went (app/platform/mail/,
 * docs/decisions/024-mail-outbox.md): `sendMail` writes a row, a sender on
 * any instance claims it with a lease and delivers it, retrying with backoff.
 * The Message-ID is fixed here, so a resend carries the same one.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id").notNull().unique(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** Emptied once sent or given up: a body may hold a live link. */
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    /** Delivery attempts (a claim counts, even one cut short by a crash). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    lockedBy: text("locked_by"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** Why the last attempt failed (the SMTP reply or the connection error). */
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

// ---- analytics and experiments (app/features/analytics/, docs/decisions/026-cookieless-analytics.md) ----

export const ANALYTICS_ORIGINS = ["page", "download"] as const;
export type AnalyticsOrigin = (typeof ANALYTICS_ORIGINS)[number];
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const EXPERIMENT_FIELDS = ["headline", "subheadline", "cta"] as const;
export type ExperimentField = (typeof EXPERIMENT_FIELDS)[number];
export const EXPERIMENT_STATUSES = ["running", "stopped"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
/** One challenger of an experiment; the control ("a", the page's text when it started) is implicit. */
export type ExperimentVariant = { key: string; text: string; reason: string };
/** The uneven-split (sample-ratio) warning an experiment was stopped under: each version's visitors then, and the χ² p-value. */
export type ExperimentSrmAtStop = { visitors: Array<{ key: string; visitors: number }>; pValue: number };

/**
 * One random salt per UTC day: a visitor is sha256(salt + IP + user agent +
 * page id), so the same person is one visitor all day on one page, and
 * nobody can tell them apart once the salt is deleted (after 48 hours).
 */
export const analyticsSalts = sqliteTable("analytics_salts", {
  /** "2026-11-25" (UTC). */
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * Who was seen on a page today: counts unique visitors exactly across
 * instances (the insert that succeeds is the first visit) and lets a lead
 * find its visitor's source and variant. Deleted with its day's salt.
 */
export const analyticsVisitors = sqliteTable(
  "analytics_visitors",
  {
    day: text("day").notNull(),
    pageId: text("page_id").notNull(),
    /** Truncated hex of the daily hash; never an IP or a user agent. */
    visitor: text("visitor").notNull(),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    content: text("content").notNull().default(""),
    device: text("device").notNull().default(""),
    variant: text("variant").notNull().default(""),
    /** Whether this visitor counted as a new one (inside the cap per address): only then do their leads count for an experiment. */
    counted: integer("counted", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.day, t.pageId, t.visitor] })],
);

/**
 * How many new visitors each address (an IPv4 address, an IPv6 /64) brought
 * to a page on a day, under a daily hash like the visitors': past a few,
 * the same address's new browsers are not counted as new visitors. Deleted
 * with its day's salt.
 */
export const analyticsAddresses = sqliteTable(
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

/**
 * The counts kept: one row per page, hour (UTC, truncated) and breakdown,
 * written by upserts that add, so instances sum.
 */
export const analyticsHourly = sqliteTable(
  "analytics_hourly",
  {
    pageId: text("page_id").notNull(),
    hour: integer("hour", { mode: "timestamp_ms" }).notNull(),
    /** page: the published page; download: a downloaded copy's pixel. */
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

/** A/B experiments on a page's hero copy. At most one running per page (partial unique index). */
export const experiments = sqliteTable(
  "experiments",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    field: text("field", { enum: EXPERIMENT_FIELDS }).notNull(),
    status: text("status", { enum: EXPERIMENT_STATUSES }).notNull().default("running"),
    /** The text under test when the experiment started (variant "a"). */
    control: text("control").notNull(),
    variants: text("variants", { mode: "json" }).$type<ExperimentVariant[]>().notNull(),
    /** The variant applied to the page when it stopped, if one was. */
    appliedKey: text("applied_key"),
    /** The uneven-split warning shown when it stopped (null: none), so the past experiment keeps it. */
    srmAtStop: text("srm_at_stop", { mode: "json" }).$type<ExperimentSrmAtStop>(),
    startedAt: integer("started_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("experiments_kit_idx").on(t.kitId, t.createdAt),
    uniqueIndex("experiments_running_page_idx").on(t.pageId).where(sql`status = 'running'`),
  ],
);

export type User = typeof users.$inferSelect;
export type LaunchKit = typeof launchKits.$inferSelect;
export type KitAsset = typeof kitAssets.$inferSelect;
export type LandingPage = typeof landingPages.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type Experiment = typeof experiments.$inferSelect;
export type AnalyticsHourlyRow = typeof analyticsHourly.$inferSelect;

// ---- e-mail sequences and broadcasts to a page's leads (app/features/site/sequences/, docs/decisions/028-email-sequences.md) ----

export const EMAIL_DELAY_UNITS = ["hours", "days"] as const;
export type EmailDelayUnit = (typeof EMAIL_DELAY_UNITS)[number];
/** unconfirmed: double opt-in pending · active: gets the sequence · unsubscribed / bounced: suppressed · failed: a step gave up after 3 days of temporary failures. */
export const ENROLMENT_STATUSES = ["unconfirmed", "active", "unsubscribed", "bounced", "failed"] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const EMAIL_SEND_STATUSES = ["pending", "sent", "bounced", "failed", "cancelled"] as const;
export type EmailSendStatus = (typeof EMAIL_SEND_STATUSES)[number];
export const BROADCAST_STATUSES = ["scheduled", "sending", "sent", "cancelled"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** A page's welcome sequence and its sending settings (one per kit). */
export const emailSequences = sqliteTable("email_sequences", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  doubleOptIn: integer("double_opt_in", { mode: "boolean" }).notNull().default(false),
  /** The postal address every e-mail's footer names (no address, no sending). */
  postalAddress: text("postal_address").notNull().default(""),
  /** The Reply-To of the page's e-mails, chosen by the founder ("": none, so no address is shown that they did not pick). */
  replyTo: text("reply_to").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One e-mail of a sequence. order_key never changes once set, so a lead's place survives insertions. */
export const emailSteps = sqliteTable(
  "email_steps",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    orderKey: real("order_key").notNull(),
    subject: text("subject").notNull(),
    preview: text("preview").notNull().default(""),
    /** Plain text with simple Markdown. */
    body: text("body").notNull(),
    /** After the previous e-mail (the first: after sign-up or confirmation). */
    delayValue: integer("delay_value").notNull().default(0),
    delayUnit: text("delay_unit", { enum: EMAIL_DELAY_UNITS }).notNull().default("days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_steps_kit_order_idx").on(t.kitId, t.orderKey)],
);

/** A lead's place in its page's sequence. next_at is when the scheduler looks at it again (null: nothing to look at). */
export const emailEnrolments = sqliteTable(
  "email_enrolments",
  {
    leadId: text("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    status: text("status", { enum: ENROLMENT_STATUSES }).notNull(),
    /** Opaque, random: the unsubscribe link's token. */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /** The order_key of the last step sent (0: none yet). */
    lastOrderKey: real("last_order_key").notNull().default(0),
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
    /** When the sequence started for this lead: sign-up, or confirmation with double opt-in. */
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    sentCount: integer("sent_count").notNull().default(0),
    nextAt: integer("next_at", { mode: "timestamp_ms" }),
    /** Why it stopped (unsubscribed, the 5xx reply, the last temporary failure). */
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_enrolments_due_idx").on(t.status, t.nextAt), index("email_enrolments_kit_idx").on(t.kitId, t.createdAt)],
);

/**
 * One e-mail to one lead: a step, a broadcast or a confirmation request
 * (key "step:<id>", "broadcast:<id>", "confirm:<n>"), unique per lead, so a
 * step is never queued twice. Delivered by whoever holds the lease; marked
 * sent only after the SMTP server accepted it.
 */
export const emailSends = sqliteTable(
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
    /** Derived from lead and key: a resend carries the same one. */
    messageId: text("message_id").notNull().unique(),
    status: text("status", { enum: EMAIL_SEND_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    firstAttemptAt: integer("first_attempt_at", { mode: "timestamp_ms" }),
    lockedBy: text("locked_by"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_sends_lead_key_idx").on(t.leadId, t.key), index("email_sends_due_idx").on(t.status, t.nextAttemptAt)],
);

/** One e-mail to every confirmed, subscribed lead of a page, now or at send_at. */
export const emailBroadcasts = sqliteTable(
  "email_broadcasts",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    preview: text("preview").notNull().default(""),
    body: text("body").notNull(),
    sendAt: integer("send_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: BROADCAST_STATUSES }).notNull().default("scheduled"),
    recipients: integer("recipients").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("email_broadcasts_due_idx").on(t.status, t.sendAt), index("email_broadcasts_kit_idx").on(t.kitId, t.createdAt)],
);

/** Addresses a page never e-mails again (an unsubscribe, a 5xx), unless they confirm a new sign-up by double opt-in. */
export const emailSuppressions = sqliteTable(
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

export type EmailSequence = typeof emailSequences.$inferSelect;
export type EmailStep = typeof emailSteps.$inferSelect;
export type EmailEnrolment = typeof emailEnrolments.$inferSelect;
export type EmailSend = typeof emailSends.$inferSelect;
export type EmailBroadcast = typeof emailBroadcasts.$inferSelect;

export const COMPETITOR_PAGE_STATES = ["new", "ok", "needs_browser", "blocked", "failed"] as const;
export type CompetitorPageState = (typeof COMPETITOR_PAGE_STATES)[number];
export type CompetitorQuote = { kind: "added" | "removed"; text: string };
export const CONTENT_PIECE_KINDS = ["blog", "newsletter", "social_pair", "landing_refresh"] as const;
export type ContentPieceKind = (typeof CONTENT_PIECE_KINDS)[number];

/** A competitor a Pro founder watches for one kit (at most 5 a kit: app/features/competitors enforces it). */
export const competitors = sqliteTable(
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

/** One watched page of a competitor (at most 3 each): its last readable copy and the lines seen on it before. */
export const competitorPages = sqliteTable(
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
    /** home, pricing, changelog… as the founder named it. */
    label: text("label").notNull().default(""),
    state: text("state", { enum: COMPETITOR_PAGE_STATES }).notNull().default("new"),
    /** The main text of the last copy read (null until the first read). */
    lastText: text("last_text"),
    /** Hashes of the lines ever seen on this page (noise filter: a line that comes back is not news). */
    seenLines: text("seen_lines", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    lastCheckedAt: integer("last_checked_at", { mode: "timestamp_ms" }),
    lastChangedAt: integer("last_changed_at", { mode: "timestamp_ms" }),
    /** Why the last check could not read the page (blocked address, too large, robots.txt…). */
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("competitor_pages_competitor_url_idx").on(t.competitorId, t.url), index("competitor_pages_kit_idx").on(t.kitId)],
);

/** A change that matters on a watched page: what changed and why it matters, with the changed lines quoted. */
export const competitorChanges = sqliteTable(
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
    /** The week of the check that found it ("2026-W48"). */
    period: text("period").notNull(),
    summary: text("summary").notNull(),
    quotes: text("quotes", { mode: "json" }).$type<CompetitorQuote[]>().notNull(),
    /** high: prices, plans, features; normal: other headings and text. */
    importance: text("importance").notNull().default("normal"),
    /** When a weekly digest e-mail carried it (null: not yet). */
    digestedAt: integer("digested_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("competitor_changes_kit_idx").on(t.kitId, t.createdAt), index("competitor_changes_page_idx").on(t.pageId, t.period)],
);

/**
 * Pro's monthly content pieces: four per account and billing month (slot 1
 * to 4, unique per user and period, so two requests at once cannot both take
 * the last). Kept when the kit is deleted, so deleting a kit gives no slot back.
 */
export const contentPieces = sqliteTable(
  "content_pieces",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kitId: text("kit_id").references(() => launchKits.id, { onDelete: "set null" }),
    /** The billing month it counts against: the period's first day, "2026-11-03". */
    period: text("period").notNull(),
    slot: integer("slot").notNull(),
    kind: text("kind", { enum: CONTENT_PIECE_KINDS }).notNull(),
    title: text("title").notNull(),
    /** Markdown. */
    body: text("body").notNull(),
    /** The month's facts it was written from (visitors, leads, experiments, competitor changes). */
    facts: text("facts", { mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("content_pieces_user_period_slot_idx").on(t.userId, t.period, t.slot), index("content_pieces_kit_idx").on(t.kitId, t.createdAt)],
);

/** A kit's monthly strategy review: figures read from the database, and the written review around them. */
export const strategyReviews = sqliteTable(
  "strategy_reviews",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    /** The calendar month reviewed (UTC), "2026-11". */
    period: text("period").notNull(),
    /** Every number the review shows, as read from the database. */
    figures: text("figures", { mode: "json" }).$type<unknown>().notNull(),
    /** The written part: priorities, actions, the 30/60/90-day plan (no numbers of its own). */
    body: text("body", { mode: "json" }).$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("strategy_reviews_kit_period_idx").on(t.kitId, t.period)],
);

export type ContactReply = typeof contactReplies.$inferSelect;
export type Competitor = typeof competitors.$inferSelect;
export type CompetitorPage = typeof competitorPages.$inferSelect;
export type CompetitorChange = typeof competitorChanges.$inferSelect;
export type ContentPiece = typeof contentPieces.$inferSelect;
export type StrategyReview = typeof strategyReviews.$inferSelect;

// ---- referral waitlists of published pages (app/features/site/waitlist/, docs/decisions/040-referral-waitlist.md) ----

export type WaitlistReward = { referrals: number; label: string };

/** A page's referral waitlist settings; no row: the defaults (on for the "waitlist" goal). */
export const waitlists = sqliteTable("waitlists", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull(),
  /** Places a confirmed referral moves its referrer up. */
  placesPerReferral: integer("places_per_referral").notNull().default(5),
  /** Referred sign-ups from one network address a day that count; more still join, earning nobody anything. */
  referralsPerAddress: integer("referrals_per_address").notNull().default(3),
  /** Up to three milestones, fewest referrals first. */
  rewards: text("rewards", { mode: "json" }).$type<WaitlistReward[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A lead's place in a waitlist: the facts its place is computed from (when it
 * confirmed, who referred it and whether that counted), never a stored position.
 */
export const waitlistEntries = sqliteTable(
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
    disposable: integer("disposable", { mode: "boolean" }).notNull().default(false),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** The referral moved its referrer up (decided once, when this lead confirmed). */
    counted: integer("counted", { mode: "boolean" }).notNull().default(false),
    /** Why a referral did not count. */
    reason: text("reason"),
    disqualifiedAt: integer("disqualified_at", { mode: "timestamp_ms" }),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("waitlist_entries_kit_confirmed_idx").on(t.kitId, t.confirmedAt), index("waitlist_entries_referrer_idx").on(t.referredBy), index("waitlist_entries_kit_mailbox_idx").on(t.kitId, t.mailbox)],
);
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

export const ACCESS_TOKEN_SCOPES = ["read", "write"] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/**
 * A founder's personal access tokens for AI agents (the MCP server at /mcp):
 * only a SHA-256 hash of each token is kept (the token is shown once), its
 * first characters to tell tokens apart, its scope (read, or read and write),
 * whether it may read leads (personal data, off unless ticked), when it was
 * last used, and when it was revoked. Deleted with the account.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** "lk_pat_" and the token's first characters: enough to recognise it, useless to use it. */
    prefix: text("prefix").notNull(),
    scope: text("scope", { enum: ACCESS_TOKEN_SCOPES }).notNull().default("read"),
    leads: integer("leads", { mode: "boolean" }).notNull().default(false),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId)],
);
export type AccessToken = typeof accessTokens.$inferSelect;

/**
 * Messages sent through a published press kit's contact form: which page,
 * the outbox message that carries it to the founder, and the sender's
 * address, which the outbox's header source makes its Reply-To (the outbox
 * has no headers column). The founder's address is never shown to the sender.
 */
export const pressMessages = sqliteTable(
  "press_messages",
  {
    id: text("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => launchKits.id, { onDelete: "cascade" }),
    /** The e-mail's Message-ID (the outbox row's). */
    emailMessageId: text("email_message_id").notNull().unique(),
    replyTo: text("reply_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("press_messages_kit_idx").on(t.kitId, t.createdAt)],
);
export type PressMessage = typeof pressMessages.$inferSelect;

/**
 * The founder's facts of a kit as confirmed in the wizard's last step or edited later
 * (app/kit/understanding/form.ts); no row: the automatic reading. Beside launch_kits,
 * whose columns are the spec's.
 */
export const kitFacts = sqliteTable("kit_facts", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => launchKits.id, { onDelete: "cascade" }),
  facts: text("facts", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
