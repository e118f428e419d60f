import { currentDialect } from "./dialect";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

/**
 * The tables the app queries, for the dialect this process runs on. Both
 * schemas have the same tables, columns and TypeScript row types; queries
 * are written once against the SQLite declarations' types (see
 * docs/decisions/016-postgresql-and-many-instances.md), and at run time they get the
 * PostgreSQL tables when DATABASE_URL says so.
 */
const tables = (currentDialect() === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export const {
  users,
  sessions,
  launchKits,
  logoImages,
  kitAssets,
  landingPages,
  leads,
  kitDownloadLinks,
  stripeEvents,
  planChanges,
  regenerationUsage,
  passwordResetTokens,
  contactMessages,
  newsletterSubscribers,
  jobs,
  rateLimitHits,
  reservedSlugs,
  appSettings,
  scheduledRuns,
  outbox,
  analyticsSalts,
  analyticsVisitors,
  analyticsAddresses,
  analyticsHourly,
  experiments,
  emailSequences,
  emailSteps,
  emailEnrolments,
  emailSends,
  emailBroadcasts,
  emailSuppressions,
  contactReplies,
  competitors,
  competitorPages,
  competitorChanges,
  contentPieces,
  strategyReviews,
  waitlists,
  waitlistEntries,
} = tables;
// Personal access tokens for the MCP server (app/features/agents).
export const { accessTokens } = tables;
// Messages from a published press kit's contact form (app/features/site/press-contact.server.ts).
export const { pressMessages } = tables;
export const { kitFacts } = tables;
export { ACCESS_TOKEN_SCOPES } from "./schema.sqlite";
export type { AccessToken, AccessTokenScope } from "./schema.sqlite";

export { ANALYTICS_ORIGINS, ASSET_STATUSES, DEVICE_CLASSES, EXPERIMENT_FIELDS, EXPERIMENT_STATUSES, KIT_STATUSES, PLAN_STATUSES, PLANS, ROLES } from "./schema.sqlite";
export type { AssetStatus, KitAsset, KitStatus, LandingPage, LaunchKit, Lead, Plan, PlanStatus, Role, User } from "./schema.sqlite";
export type { AnalyticsHourlyRow, AnalyticsOrigin, DeviceClass, Experiment, ExperimentField, ExperimentStatus, ExperimentSrmAtStop, ExperimentVariant } from "./schema.sqlite";
export { BROADCAST_STATUSES, EMAIL_DELAY_UNITS, EMAIL_SEND_STATUSES, ENROLMENT_STATUSES } from "./schema.sqlite";
export type { BroadcastStatus, EmailBroadcast, EmailDelayUnit, EmailEnrolment, EmailSend, EmailSendStatus, EmailSequence, EmailStep, EnrolmentStatus } from "./schema.sqlite";
export { COMPETITOR_PAGE_STATES, CONTENT_PIECE_KINDS } from "./schema.sqlite";
export type { Competitor, CompetitorChange, CompetitorPage, CompetitorPageState, CompetitorQuote, ContactReply, ContentPiece, ContentPieceKind, StrategyReview } from "./schema.sqlite";
export type { WaitlistEntry, WaitlistReward } from "./schema.sqlite";
