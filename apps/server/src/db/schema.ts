import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The one database schema (DESIGN.md: Drizzle pgTable, migrations generated with drizzle-kit and
 * committed under apps/server/drizzle). Times are timestamptz; ids are uuids made by the database.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Borrowers. `phone` is the normalised 10-digit form (normalizePhone). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** The user's number on the wire (`id` of the login session; the family's clients read a number). */
  publicId: bigint('public_id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
  phone: text('phone').notNull().unique(),
  /** argon2id of the client-transformed password (transformPassword); null until one is set. */
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque session tokens, stored only as their sha256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the session began: OTP login may set a forgotten password, a password login may not. */
    loginMethod: text('login_method', { enum: ['sms', 'password', 'password_set'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Login OTPs. The newest row of a phone is its current code; older ones are superseded. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    /** sha256 of pepper, phone and code: a database leak does not reveal live codes outright. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('otp_codes_phone_created_idx').on(table.phone, table.createdAt)],
);

/** Every OTP send attempt, for the hourly limits per phone, IP and device. */
export const otpSendLog = pgTable(
  'otp_send_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('otp_send_log_phone_idx').on(table.phone, table.createdAt),
    index('otp_send_log_ip_idx').on(table.ip, table.createdAt),
    index('otp_send_log_device_idx').on(table.deviceId, table.createdAt),
  ],
);

/** Device records saved after login (SPEC.md §3), one per user and device id. */
export const userEquipment = pgTable(
  'user_equipment',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device-id header; empty when the client sent none. */
    deviceId: text('device_id').notNull().default(''),
    appVersion: text('app_version').notNull(),
    mobileType: integer('mobile_type').notNull(),
    regClient: text('reg_client').notNull(),
    phoneMark: text('phone_mark'),
    phoneBrand: text('phone_brand'),
    phoneModel: text('phone_model'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_equipment_user_device_idx').on(table.userId, table.deviceId)],
);

/**
 * Device facts from the family's risk-data upload (userDevice/save), one row per user: only the
 * model, system and network facts on an allow-list; everything else is dropped unread.
 */
export const userDeviceFacts = pgTable('user_device_facts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hardware: text('hardware').notNull().default('{}'),
  system: text('system').notNull().default('{}'),
  network: text('network').notNull().default('{}'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banners of the home carousel (activity/list), managed by operators. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    picUrl: text('pic_url').notNull(),
    h5Url: text('h5_url').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('activities_active_sort_idx').on(table.active, table.sortOrder)],
);

/** Certification state per user (SPEC.md §3); '10' = not started (AUTH_STATE). */
export const userAuthState = pgTable('user_auth_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  idState: text('id_state').notNull().default('10'),
  workInfoState: text('work_info_state').notNull().default('10'),
  bankCardState: text('bank_card_state').notNull().default('10'),
  kycState: text('kyc_state').notNull().default('10'),
  telecomPermissionState: text('telecom_permission_state').notNull().default('10'),
  userAuthState: text('user_auth_state').notNull().default('10'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Privacy-policy consents, from visitors (no user yet) and users alike. */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    version: text('version').notNull(),
    agreed: boolean('agreed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('privacy_consents_user_idx').on(table.userId)],
);

/** Server-generated settings that must survive restarts (sign secret, OTP pepper). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Idempotency keys of money calls (plugins/idempotency.ts): one row per user, endpoint and client
 * key. Claimed as 'running' in a short transaction of its own, then completed in the transaction
 * of the money change, with the response a repeat gets back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contract endpoint's id (operationId), e.g. 'loanApply'. */
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** sha256 of the canonical JSON of the request body: a repeat must send the same body. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    /** Random per claim: only the claimant may complete it (a stale claim can be taken over). */
    claimToken: text('claim_token').notNull(),
    responseStatus: integer('response_status'),
    /** The response data as JSON text (not jsonb, which would reorder its keys on a replay). */
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /** When the current claim was made; a running claim older than the stale window is dead. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('idempotency_keys_user_endpoint_key_idx').on(table.userId, table.endpoint, table.key),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * One row per sweep and business date (jobs/sweep-runner.ts), written in the sweep's own
 * transaction: the unique index is what makes a sweep run once per date across instances.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    job: text('job').notNull(),
    /** The Vietnam calendar date (Asia/Ho_Chi_Minh) the run is for, YYYY-MM-DD. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** What the sweep did (row counts), for operators. */
    result: jsonb('result').$type<Record<string, number>>().notNull(),
  },
  (table) => [uniqueIndex('job_runs_job_business_date_idx').on(table.job, table.businessDate)],
);

/**
 * Per-IP request counters of the generic rate limit, shared by every instance when PostgreSQL is
 * the rate-limit store (RATE_LIMIT_STORE). One row per key and window; expired rows are swept.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * OTP SMS sent per day (Vietnam calendar day) by the whole service: the global budget against SMS
 * pumping (SMS_DAILY_BUDGET). Reserved with one conditional upsert, so instances cannot overshoot.
 */
export const smsDailyCounts = pgTable('sms_daily_counts', {
  day: text('day').primaryKey(),
  sent: integer('sent').notNull(),
});
