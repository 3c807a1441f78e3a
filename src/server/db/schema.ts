import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { vendorFailureKinds } from '../../common/vendor-failure-messages';
import { ALLOWANCE_BUCKETS, ALLOWANCE_CHANGE_REASONS } from '../../common/allowance-ledger';
import type { AnswerClaims, ComparisonAnalysis, Settlement } from '../../common/comparison';
import type { AnswerSource, CitationMark } from '../../common/query-schemas';
import { ANONYMOUS_USERNAME_PREFIX } from '../../common/limits';
import { tierRank } from '../../common/plans';
import { escapeLike } from './like';

/** PostgreSQL's full-text document type; Drizzle has none of its own. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes (a PNG); Drizzle's pg-core has no bytea column of its own. */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The user a row belongs to; it goes when the user is deleted. */
const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The admin console's sort keys that are expressions (src/server/admin/user-queries.ts): written once
 * here so the indexes below match the ORDER BY exactly, which is what lets PostgreSQL read a sorted
 * page from the index instead of sorting the table.
 */
export const tierRankOrder = sql.raw(
  `(case subscription_tier ${Object.entries(tierRank)
    .map(([tier, rank]) => `when '${tier}' then ${rank}`)
    .join(' ')} else 0 end)`,
);
export const statusOrder = sql.raw(`coalesce(subscription_status, '')`);
/** -1 is unlimited, so it ranks above every count. */
export const paidQuestionsOrder = sql.raw(
  `(case when paid_questions_remaining = -1 then 2147483647 else paid_questions_remaining end)`,
);

/**
 * A registered account, not an anonymous visitor's `session_<id>` user. Written once here, as a
 * constant, so the partial index below matches the admin console's filters exactly and their totals
 * are counted from the index alone (admin/user-queries.ts).
 */
export const registeredUserCondition = sql.raw(
  `(email is not null and username not like '${escapeLike(ANONYMOUS_USERNAME_PREFIX)}%')`,
);
export const activeSubscriptionCondition = sql.raw(`(subscription_status = 'active')`);
/**
 * An address's domain, lower-cased: a search for "@example.org" reads it from an index in order,
 * instead of testing every address that holds the text (admin/user-queries.ts).
 */
export const emailDomain = sql.raw(`lower(split_part(email, '@', 2))`);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    // Anonymous `session_<id>` users have neither email nor password.
    email: text('email'),
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    freeQuestionsRemaining: integer('free_questions_remaining').notNull(),
    // -1 means unlimited.
    paidQuestionsRemaining: integer('paid_questions_remaining').notNull().default(0),
    subscriptionStatus: text('subscription_status'),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    // Whether this user's questions may be shown on the leaderboard as examples (issue 14, item 4).
    contributesToLeaderboard: boolean('contributes_to_leaderboard').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness without the citext extension, so both engines agree.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
    // Trigram indexes let the admin console's "contains" search (ILIKE '%term%') skip a full scan.
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_tier_order_idx').on(tierRankOrder, statusOrder, t.id),
    index('users_questions_order_idx').on(paidQuestionsOrder, t.freeQuestionsRemaining, t.id),
    // The users lists' totals and the dashboard's counts, read from these alone (no table scan).
    index('users_registered_idx').on(t.id, t.subscriptionStatus, t.role, t.isAdmin).where(registeredUserCondition),
    index('users_active_idx').on(t.id).where(activeSubscriptionCondition),
    index('users_email_domain_idx').on(sql`${emailDomain} text_pattern_ops`),
  ],
);

/**
 * One row per change of a user's question counts, written by src/server/allowance/ in the statement
 * that makes the change. `delta` is null when either side is unlimited (-1).
 */
export const allowanceLedger = pgTable(
  'allowance_ledger',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    bucket: text('bucket', { enum: ALLOWANCE_BUCKETS }).notNull(),
    delta: integer('delta'),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: ALLOWANCE_CHANGE_REASONS }).notNull(),
    // The administrator who made the change; null for the user's own questions and for the system.
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('allowance_ledger_user_idx').on(t.userId, t.id)],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token, hex: a leaked table cannot be replayed as cookies.
    id: text('id').primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The administrator's own user id while they act as this user.
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  // Secrets are stored as AES-256-GCM ciphertext (see settings/secret-box.ts).
  value: text('value').notNull(),
  isSecret: boolean('is_secret').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailLogs = pgTable(
  'email_logs',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    // delivered | failed | outbox
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    // Kept only for outbox messages, so a local user can follow the links without a mail service.
    body: text('body'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_logs_created_idx').on(t.createdAt),
    // The Email Logs search is "contains" (ILIKE '%term%') on the recipient or the subject.
    index('email_logs_to_trgm_idx').using('gin', sql`${t.to} gin_trgm_ops`),
    index('email_logs_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const queries = pgTable(
  'queries',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    text: text('text').notNull(),
    selectedModels: jsonb('selected_models').$type<string[]>().notNull(),
    comparisonSummary: jsonb('comparison_summary').$type<Omit<ComparisonAnalysis, 'claims'>>(),
    // The analysis's claims per answer, apart from the summary: three long answers make them large,
    // and history lists read the summary only (src/server/queries/repository.ts). Null when the
    // analysis had none, and on queries stored before claims existed.
    comparisonClaims: jsonb('comparison_claims').$type<AnswerClaims[]>(),
    // Which allowance paid for it ('free', 'paid', 'unlimited'), or null when it was given back.
    chargedTo: text('charged_to'),
    // Bumped by each retry that saves an answer; guards the comparison a retry stores (queries/retry.ts).
    answersVersion: integer('answers_version').notNull().default(0),
    // Asked with "Search the web" on (common/web-search.ts); a retry searches again when it was.
    webSearch: boolean('web_search').notNull().default(false),
    // A follow-up turn (issue 13, item 3): the first question of its conversation; null for a first question.
    followUpOf: integer('follow_up_of').references((): AnyPgColumn => queries.id, { onDelete: 'cascade' }),
    // On a first question: the follow-up turns taken so far, raised by one guarded UPDATE before a turn
    // is asked, so parallel turns cannot pass MAX_FOLLOW_UPS_PER_QUESTION (queries/follow-up.ts, migration 0021).
    followUpsTaken: integer('follow_ups_taken').notNull().default(0),
    createdAt: createdAt(),
    // Set when its owner deletes it: hidden from every read at once, undone by clearing it, and the
    // row is purged a day later (queries/history-purge.ts, migration 0016).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The question's words (weight A) and its answers' (weight B), kept by triggers of migration 0016
    // whenever the question or one of its responses is written; read only by the history search.
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    // A history page, newest first with the id as the tie-break, read in order (queries/history-repository.ts).
    index('queries_user_history_idx').on(t.userId, t.createdAt, t.id),
    // The history search: the user and the words in one GIN index (btree_gin), live questions only.
    index('queries_search_idx')
      .using('gin', t.userId, t.searchVector)
      .where(sql`${t.deletedAt} is null`),
    index('queries_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('queries_follow_up_idx')
      .on(t.followUpOf, t.id)
      .where(sql`${t.followUpOf} is not null`),
  ],
);

// A disagreement re-checked by its models, 'Settle this' (issue 13, item 2; queries/settle.ts).
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    queryId: integer('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    // comparison/cross-examination.ts's disagreementKey: the disagreement across re-comparisons.
    disagreementKey: text('disagreement_key').notNull(),
    // The round's Settlement (common/comparison.ts) once it ended; null while it runs.
    outcome: jsonb('outcome').$type<Settlement>(),
    // Which allowance paid for the round, or null when it was not charged.
    chargedTo: text('charged_to'),
    // The question reserved for the round: a row without an outcome whose question was given back (the
    // round died with its instance) is stale, and the next take of the disagreement clears it.
    reservationId: integer('reservation_id').references(() => questionReservations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('settlements_query_disagreement_idx').on(t.queryId, t.disagreementKey)],
);

export const responses = pgTable(
  'responses',
  {
    id: serial('id').primaryKey(),
    queryId: integer('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    // A model key, or 'comparison' for the comparison analysis.
    model: text('model').notNull(),
    modelVersion: text('model_version'),
    text: text('text'),
    error: text('error'),
    // The kind of failure behind `error` (common/vendor-failure-messages.ts); null when it answered.
    failure: text('failure', { enum: vendorFailureKinds }),
    // Free retries this model has had on this question (queries/retry.ts; at most MAX_RETRIES_PER_MODEL).
    retries: integer('retries').notNull().default(0),
    responseTimeMs: integer('response_time_ms'),
    confidenceScore: real('confidence_score'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    // The pages the answer cites and where it cites them (providers/answer-parts.ts); null when none.
    sources: jsonb('sources').$type<AnswerSource[]>(),
    citationMarks: jsonb('citation_marks').$type<CitationMark[]>(),
    // A thinking model's shown reasoning, and its time apart from the time to the first answer word.
    reasoning: text('reasoning'),
    thinkingMs: integer('thinking_ms'),
    firstTokenMs: integer('first_token_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('responses_query_idx').on(t.queryId), index('responses_created_idx').on(t.createdAt)],
);

// A question's public read-only link (issue 14, item 1; src/server/share/).
export const sharedReports = pgTable(
  'shared_reports',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    queryId: integer('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // The link-preview image once drawn, and the key of what it shows (share/preview.ts).
    previewKey: text('preview_key'),
    previewPng: bytea('preview_png'),
  },
  (t) => [
    uniqueIndex('shared_reports_slug_idx').on(t.slug),
    uniqueIndex('shared_reports_live_query_idx')
      .on(t.queryId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

// What one compared answer adds to the leaderboard (issue 14, item 3; src/server/leaderboard/). Migration
// 0020's trigger moves leaderboard_daily by every row inserted or deleted here.
export const leaderboardAnswers = pgTable(
  'leaderboard_answers',
  {
    queryId: integer('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    // '' when the vendor named no version.
    modelVersion: text('model_version').notNull(),
    day: date('day').notNull(),
    claimsChecked: integer('claims_checked').notNull(),
    claimsContradicted: integer('claims_contradicted').notNull(),
    // 1 when its answer alone scored highest (a strict win), and tied_first 1 when it shared the top score
    // (migration 0023; leaderboard/first-place.ts).
    firstPlace: integer('first_place').notNull(),
    tiedFirst: integer('tied_first').notNull().default(0),
    firstTokenBucket: integer('first_token_bucket'),
  },
  (t) => [
    primaryKey({ name: 'leaderboard_answers_pk', columns: [t.queryId, t.model] }),
    index('leaderboard_answers_disputed_idx')
      .on(sql`${t.day} desc`, sql`${t.queryId} desc`)
      .where(sql`${t.claimsContradicted} > 0`),
  ],
);

/** What the leaderboard's rollup rows count; first_token_counts[b] is the answers in first-token bucket b. */
const leaderboardFigures = () => ({
  model: text('model').notNull(),
  modelVersion: text('model_version').notNull(),
  questions: integer('questions').notNull(),
  claimsChecked: integer('claims_checked').notNull(),
  claimsContradicted: integer('claims_contradicted').notNull(),
  firstPlaces: integer('first_places').notNull(),
  tiedFirsts: integer('tied_firsts').notNull().default(0),
  timedAnswers: integer('timed_answers').notNull(),
  firstTokenCounts: integer('first_token_counts')
    .array()
    .notNull()
    .default(sql`'{}'`),
});

export const leaderboardDaily = pgTable(
  'leaderboard_daily',
  { day: date('day').notNull(), ...leaderboardFigures() },
  (t) => [primaryKey({ name: 'leaderboard_daily_pk', columns: [t.day, t.model, t.modelVersion] })],
);

// The same totals over all time, kept by the same trigger; the all-time board reads these.
export const leaderboardTotals = pgTable('leaderboard_totals', leaderboardFigures(), (t) => [
  primaryKey({ name: 'leaderboard_totals_pk', columns: [t.model, t.modelVersion] }),
]);

// What a model version costs per million tokens, entered by an administrator (issue 13, item 4).
export const modelPrices = pgTable(
  'model_prices',
  {
    id: serial('id').primaryKey(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    // US dollars per million tokens; numeric so a price such as 0.075 is kept exactly.
    inputPerMillion: numeric('input_per_million', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    outputPerMillion: numeric('output_per_million', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_prices_model_version_idx').on(t.model, t.version)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    // Null for the server-wide key an administrator sets; a user id for a personal key.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    // AES-256-GCM ciphertext (settings/secret-box.ts); never returned whole. Null only on a server-wide
    // row that sets the version for the environment's key (issue 17, item 1).
    encryptedKey: text('encrypted_key'),
    apiVersion: text('api_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_server_model_idx')
      .on(t.model)
      .where(sql`${t.userId} is null`),
    uniqueIndex('api_keys_user_model_idx')
      .on(t.userId, t.model)
      .where(sql`${t.userId} is not null`),
  ],
);

export const subscriptionPlans = pgTable('subscription_plans', {
  // The plan key: basic, standard, unlimited, test, or an administrator's own.
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  description: text('description'),
  // Minor units (cents).
  price: integer('price').notNull(),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval').notNull().default('month'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  // Questions per period; -1 is unlimited.
  queryLimit: integer('query_limit').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isPopular: boolean('is_popular').notNull().default(false),
  // Offered only while payments run in test mode.
  testOnly: boolean('test_only').notNull().default(false),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Minor units.
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    planId: text('plan_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_invoice_idx').on(t.stripeInvoiceId),
    index('payments_user_idx').on(t.userId),
    // The Payments list and the dashboard read the newest first.
    index('payments_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Running totals of the activity tables, kept by triggers in the same transaction as each write
 * (migration 0009), so the Payments and Events tables and the dashboard show exact totals without
 * reading every row: 'payments' (rows), 'subscription_events' (rows), and the succeeded payments' minor
 * units per currency, 'revenue:<currency>', and per UTC month, 'revenue:<currency>:<YYYY-MM>'
 * (migrations 0012 and 0014, decision 0037).
 */
export const activityTotals = pgTable('activity_totals', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    stripeEventId: text('stripe_event_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    previousStatus: text('previous_status'),
    newStatus: text('new_status'),
    previousTier: text('previous_tier'),
    newTier: text('new_tier'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_events_user_idx').on(t.userId), index('subscription_events_created_idx').on(t.createdAt)],
);

/** Webhook events already handled: the insert shares a transaction with the event's effects. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Anonymous use counted per window (decision 0022): `scope` is what is counted and for whom, e.g.
 * `questions:<HMAC of the address>`, `sessions:<HMAC>` or `questions:all`; never a raw address. One
 * row per scope and window, raised only by a single capped upsert, so instances share the counts.
 */
export const anonymousUsage = pgTable(
  'anonymous_usage',
  {
    scope: text('scope').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.windowStart] }), index('anonymous_usage_window_idx').on(t.windowStart)],
);

/**
 * Rate-limit counts shared by every instance on PostgreSQL when no REDIS_URL is set (decision 0038):
 * one row per limit and keyed hash of the caller, raised by a single upsert per attempt. `expires_at`
 * ends the window; a hit after it starts a new one, and expired rows are swept.
 */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counts_expires_idx').on(t.expiresAt)],
);

/**
 * Background jobs (src/server/jobs/, migration 0012). `processed`, `total` and `cursor` are the
 * progress a restart resumes from; `state` is the job's running tally (its result once it ended). An
 * instance owns a running job while `lease_expires_at` is in the future; an expired lease is anyone's.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    cursor: text('cursor'),
    state: jsonb('state'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_one_active_per_kind')
      .on(t.kind)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_kind_idx').on(t.kind, t.id),
  ],
);

// One row per question taken from an allowance, settled when its result is saved (charged) or the
// question is given back (refunded). A row still open after the longest a question can run belonged
// to a question whose result was never saved (a database outage, a killed instance): the
// reconciliation in allowance/reservation-service.ts gives it back (issue 18, item 4; decision 0040).
export const questionReservations = pgTable(
  'question_reservations',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    bucket: text('bucket', { enum: ['free', 'paid', 'unlimited'] }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['charged', 'refunded'] }),
  },
  (t) => [
    index('question_reservations_open_idx')
      .on(t.createdAt)
      .where(sql`${t.settledAt} is null`),
    // One user's questions of the day, counted for the Unlimited plan's fair-use ceiling (decision 0059).
    index('question_reservations_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The question streams running now on any instance (issue 32; decision 0059): one row from a stream's
 * start to its end, so every instance can count a user's questions in flight and tell whether a
 * stream a Stop names exists and is the caller's. A row an instance left behind when it died stops
 * counting once it is older than the longest a question can run (allowance/reconciler.ts).
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_streams_user_idx').on(t.userId, t.startedAt)],
);
