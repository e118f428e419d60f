import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
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

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Always stored lower-case; see normalizeEmail. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** scrypt hash. Never part of the default user selection (see users.server.ts). */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("user"),
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
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type LaunchKit = typeof launchKits.$inferSelect;
export type KitAsset = typeof kitAssets.$inferSelect;
