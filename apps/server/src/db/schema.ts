import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, type AnyPgColumn, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /** The device-id header at issue; a token presented from another device is refused. Null: none was sent. */
    deviceId: text('device_id'),
    /** Last use, touched at most once a minute: the idle timeout (SESSION_IDLE_MINUTES) counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Texts of a row in the languages other than Vietnamese (decision 113); Vietnamese is the row's own columns. */
type OtherLanguages<T> = { en?: T; zh?: T };
export type ActivityTranslations = OtherLanguages<{ name?: string; summary?: string; picUrl?: string }>;
export type ProductTranslations = OtherLanguages<{ name?: string; tags?: string[] }>;

/** Banners of the home carousel (activity/list), managed by operators. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    picUrl: text('pic_url').notNull(),
    h5Url: text('h5_url').notNull().default(''),
    /**
     * The banner in en and zh (decision 113): its name, summary (the picture's text alternative)
     * and a picture of its own when the picture carries words; name, summary and pic_url above are
     * the Vietnamese, shown for a language or field left out. Read in the same row as the banner.
     */
    translations: jsonb('translations').$type<ActivityTranslations>().notNull().default({}),
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
 * The password-guessing brake, one row per phone (keyed by a peppered hash, not the number):
 * failures in the current window, failures since the last success, and the lock in force.
 * Unknown phones get rows too, so the brake answers alike whether or not the phone borrows with us.
 */
export const loginBrakes = pgTable('login_brakes', {
  phoneKey: text('phone_key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  windowFailures: integer('window_failures').notNull().default(0),
  /** Failures since the last successful sign-in (decays after a quiet day); past the limit a login code is required. */
  totalFailures: integer('total_failures').notNull().default(0),
  /** Locks so far: each one lasts twice as long as the one before. */
  lockouts: integer('lockouts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
});

/**
 * Security events, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): sign-ins, password
 * changes, session revocations, lockouts. Users are named by id; a phone appears only as a
 * peppered hash (failed sign-ins of unknown phones). No tokens, codes or passwords.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    /** No foreign key: the record outlives the account and never cascades away. */
    userId: uuid('user_id'),
    phoneHash: text('phone_hash'),
    method: text('method'),
    result: text('result').notNull(),
    ip: text('ip'),
    deviceId: text('device_id'),
    sessionId: uuid('session_id'),
    /** Small JSON of event facts (reason, retryAfterSeconds, revoked count). */
    detail: text('detail'),
  },
  (table) => [
    index('security_events_user_idx').on(table.userId, table.occurredAt),
    index('security_events_type_idx').on(table.type, table.occurredAt),
  ],
);

/** Proof-of-work solutions already used (single use), kept until the challenge expires. */
export const botCheckRedemptions = pgTable('bot_check_redemptions', {
  solutionKey: text('solution_key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One row per sweep and business date (jobs/sweep-runner.ts), written in the sweep's own
 * transaction: the unique index is what makes a sweep run once per date across instances.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    job: text('job').notNull(),
    /**
     * The period the run is for, one run per job and period: the Vietnam business date (daily
     * jobs, YYYY-MM-DD), the start of the interval slot (interval jobs, ISO time), or
     * `now:<ISO time>` for a run asked for by hand (jobs/job-runner.ts).
     */
    period: text('period').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('done'),
    /** The instance that ran it (host:pid:random). */
    holder: text('holder').notNull().default(''),
    /** How many times the period was started (a failed or abandoned run is taken again). */
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the job did (row counts), for operators. */
    result: jsonb('result').$type<Record<string, number>>(),
    error: text('error'),
  },
  (table) => [uniqueIndex('job_runs_job_period_idx').on(table.job, table.period)],
);

/**
 * The outbox of domain events (decision 079): recorded in the transaction of the change,
 * delivered after commit to each handler at least once; `delivered_at` once every handler has it.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the next delivery may be tried (backoff after a handler failed). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_events_pending_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`)],
);

/** Which handler has applied which event: written in the handler's own transaction, so it is applied once. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    handler: text('handler').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.handler] })],
);

/**
 * One lease per job: the instance holding an unexpired lease is the only one running that job
 * (jobs/job-runner.ts); a crashed holder's lease expires and another instance takes it.
 */
export const jobLeases = pgTable('job_leases', {
  job: text('job').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * OTP SMS sent per day (Vietnam calendar day) by the whole service: the global budget against SMS
 * pumping (SMS_DAILY_BUDGET). Reserved with one conditional upsert, so instances cannot overshoot.
 */
export const smsDailyCounts = pgTable('sms_daily_counts', {
  day: text('day').primaryKey(),
  sent: integer('sent').notNull(),
});

// ─── Mine: account lifecycle and feedback (issue 13) ─────────────────────────────────────────────

/**
 * One row per closed account (delete/user). The users row stays (loans and consents point at it)
 * but its phone becomes a tombstone, so the phone can register again as a new user. The phone at
 * closing is kept encrypted until `eraseAfter`, when the erasure sweep erases the personal data
 * (docs/decisions/060-account-closing-and-erasure.md); only its keyed blind index remains, for
 * the legal retention of loan records.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** CLOSE_REASONS (1-4); null from the family's clients, which send no reason. */
    reason: integer('reason'),
    /** Free text with reason 4 (others); erased with the rest. */
    remark: text('remark'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** closedAt + ACCOUNT_RETENTION_DAYS: from then on the erasure sweep erases the personal data. */
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The phone at closing (field cipher) until erasure. */
    phoneCipher: text('phone_cipher'),
    /** Keyed blind index of the phone (field cipher): kept, to match loan records a law requires kept. */
    phoneIndex: text('phone_index').notNull(),
  },
  (table) => [index('account_closures_due_idx').on(table.erasedAt, table.eraseAfter), index('account_closures_phone_idx').on(table.phoneIndex)],
);

/** Borrowers' feedback (score/review), read by operators. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** stored_files ids of up to three pictures (served only by owner-only links). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 'web' (our app) or 'family' (a native client of the family). */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('feedback_user_idx').on(table.userId, table.id)],
);

/* ─── Products and credit (issue 10: product and credit modules) ─────────────────────────────── */

/**
 * Loan products as data (docs/decisions/050): operators change them through the operator
 * endpoint, never in code. `id` is the wire's productId. Rates are ppm (1 ppm = 0.0001 %).
 */
export const loanProducts = pgTable('loan_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull().default(''),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
  termDays: integer('term_days').notNull(),
  planNums: jsonb('plan_nums').$type<number[]>().notNull(),
  dailyRatePpm: integer('daily_rate_ppm').notNull(),
  serviceFeePpm: integer('service_fee_ppm').notNull(),
  overdueDailyRatePpm: integer('overdue_daily_rate_ppm').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  /** The name and tags in en and zh (decision 113; name and tags are the Vietnamese); read in the same row. */
  translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
  showConditionTypeSign: text('show_condition_type_sign'),
  jumpType: integer('jump_type').notNull().default(0),
  downloadUrl: text('download_url'),
  newSign: boolean('new_sign').notNull().default(false),
  activeFrom: timestamp('active_from', { withTimezone: true }),
  activeTo: timestamp('active_to', { withTimezone: true }),
  dailyQuota: integer('daily_quota'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /**
   * How the service fee is collected (domain FeeTiming): 'deducted' out of the payout (the family's
   * actualAmount = amount − fee) or 'instalments', repaid with them (repayAfterHandleAmount).
   */
  feeTiming: text('fee_timing', { enum: ['deducted', 'instalments'] }).notNull().default('deducted'),
  /** The borrower draws a signature before committing (the family's isSign 0, signPic). */
  signatureRequired: boolean('signature_required').notNull().default(false),
  /**
   * Whether a commit must carry the SMS code that signs the agreements (decision 112): 'required'
   * for a new product; 'optional' lets the family's native clients commit with the tick alone
   * (products that existed before the code were moved to 'optional' by their migration).
   */
  signingCode: text('signing_code', { enum: ['required', 'optional'] }).notNull().default('required'),
  /**
   * When borrowers were last told this new product opened (the newProducts message): at the save
   * that opened it, or by the loan jobs once its activeFrom passes. Null: not announced yet.
   */
  announcedAt: timestamp('announced_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Loans taken per product and business date, against the product's daily quota. */
export const productDailyUsage = pgTable(
  'product_daily_usage',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    loans: integer('loans').notNull(),
  },
  (table) => [uniqueIndex('product_daily_usage_product_date_idx').on(table.productId, table.businessDate)],
);

/**
 * One credit account per borrower: the pre-audit status (0 reviewing, 1 approved, 2 rejected), the
 * limit and what is used of it. Reservations lock this row (credit.reserve), so concurrent loans
 * can never pass the limit. `reviewId` marks a pending review; the review job claims it.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    creditLimit: bigint('credit_limit', { mode: 'bigint' }).notNull().default(sql`0`),
    usedAmount: bigint('used_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The pending review's id (null when none is pending); a decision is stored once per review id. */
    reviewId: uuid('review_id'),
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** After a rejection: the first date (Vietnam) a new review may start. */
    nextTryDate: date('next_try_date', { mode: 'string' }),
    /** Cooling-off period: the home hides its content until this date (Vietnam). */
    calmUntilDate: date('calm_until_date', { mode: 'string' }),
    /** The pending review waits for a person (credit_manual_reviews, decision 095): the review job leaves it alone. */
    inManualReview: boolean('in_manual_review').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('credit_accounts_pending_idx').on(table.reviewRequestedAt).where(sql`${table.reviewId} is not null and not ${table.inManualReview}`)],
);

/** Every credit decision with what it saw and why (audit; the borrower's 'does not meet requirements'). */
export const creditDecisions = pgTable(
  'credit_decisions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The review it answers: unique, so a review is decided once whatever runs it. */
    reviewId: uuid('review_id').notNull().unique(),
    outcome: text('outcome', { enum: ['approve', 'reject', 'calm'] }).notNull(),
    creditLimit: bigint('credit_limit', { mode: 'bigint' }).notNull(),
    policyVersion: text('policy_version').notNull(),
    /** The engine's inputs and policy (replayable). */
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    ruleResults: jsonb('rule_results').$type<unknown[]>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    nextTryDate: date('next_try_date', { mode: 'string' }),
    /** The operator who decided (a manual review, decision 095); null: the engine or a rule (boost, raise). */
    decidedBy: integer('decided_by').references(() => operators.id),
    /** The operator's reason, kept with the decision. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('credit_decisions_user_idx').on(table.userId, table.createdAt), index('credit_decisions_created_idx').on(table.createdAt)],
);

/** Phones and ID numbers (blind index) the lender will not lend to, with the reason. */
export const creditDenyList = pgTable(
  'credit_deny_list',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['phone', 'id'] }).notNull(),
    /** Normalised phone, or the ID number's blind index. */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('credit_deny_list_kind_value_idx').on(table.kind, table.value)],
);
/* ─── end of products and credit ─────────────────────────────────────────────────────────────── */

// ---------------------------------------------------------------------------------------------
// Uploads and KYC (issue 9, branch kyc): stored files, KYC documents, liveness sessions.
// ---------------------------------------------------------------------------------------------

/**
 * Every uploaded file kept in the object storage (shared/uploads). The bytes live in the storage
 * under `storage_key`; this row says whose they are, so a file is served to its owner only.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** What the file is for: kyc_front, kyc_back, kyc_face, feedback, ... */
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('stored_files_user_idx').on(table.userId, table.purpose)],
);

/**
 * The KYC documents of a user (kyc/save/v2, kyc/liveness/anti/hack): the current file of each
 * side and of the face, the provider's reading of the ID card (encrypted: it holds the ID number),
 * and when the step was finished (face/compare).
 */
export const kycDocuments = pgTable('kyc_documents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Public number of the record on the wire (`id` of kyc/info). */
  publicId: bigint('public_id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
  cardType: text('card_type'),
  frontFileId: uuid('front_file_id').references(() => storedFiles.id),
  backFileId: uuid('back_file_id').references(() => storedFiles.id),
  faceFileId: uuid('face_file_id').references(() => storedFiles.id),
  /** A liveness check passed (a verified provider result) and the face it captured. */
  livenessPassed: boolean('liveness_passed').notNull().default(false),
  livenessFileId: uuid('liveness_file_id').references(() => storedFiles.id),
  livenessProvider: text('liveness_provider'),
  /** Face match score 0-100 between the ID front and the face, when the provider gives one. */
  faceMatchScore: integer('face_match_score'),
  /** FieldCipher ciphertext of the ID-card reading JSON (name, ID number, birthday, gender, address). */
  idCardReading: text('id_card_reading'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Face-liveness sessions (user/liveness/h5/get): one per start of the face check, identified on the
 * wire by `bizNo`; the provider's signed result settles it once (passed or failed).
 */
export const livenessSessions = pgTable(
  'liveness_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    bizNo: text('biz_no').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** pending | passed | failed */
    status: text('status').notNull().default('pending'),
    /** The face image the provider captured, once passed. */
    faceFileId: uuid('face_file_id').references(() => storedFiles.id),
    /** The provider's own reference (a vendor's request id), for its callback. */
    providerRef: text('provider_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('liveness_sessions_user_idx').on(table.userId, table.createdAt)],
);
/* ---------- Messages (issue 10: the borrower's messages; modules/message) ---------- */

/**
 * A borrower's messages, made only by `messages.notify` from a real event. The text is rendered
 * once, in the borrower's language at the event (what was sent stays what was sent); template
 * and params are kept beside it. `dedupe_key` names the event: the unique index per user is what
 * makes the same event message once, even when two instances notify at the same moment.
 */
export const userMessages = pgTable(
  'user_messages',
  {
    /** The message's number on the wire (`id`, `recordIdStr`, `recordIdList`). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** The language it was rendered in: en, vn or zh. */
    language: text('language').notNull(),
    theme: text('theme').notNull(),
    content: text('content').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_messages_user_dedupe_idx').on(table.userId, table.dedupeKey),
    index('user_messages_user_id_idx').on(table.userId, table.id),
    index('user_messages_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * The language each user last used (the `lang` header of a signed-in call): what their messages
 * are written in. No row: Vietnamese.
 */
export const userLanguages = pgTable('user_languages', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Receiving accounts and emergency contacts (bank module, issue 9) ------------------------------

/**
 * A borrower's receiving accounts: bank accounts/cards (CARD) and e-wallet accounts (WALLET). The
 * number is stored only encrypted (FieldCipher, AES-256-GCM) with a keyed blind index for the
 * "same account twice" check, and its masked form for lists. Unbinding keeps the row (loans name
 * the account they were paid to) and sets unbound_at. At most one active default per user: a
 * partial unique index, and every change of it runs under the user's row locks (decision 046).
 */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    /** The account's id on the wire (bankInfoId, wallet account id). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['CARD', 'WALLET'] }).notNull(),
    /** bank/list id (the BIN as a number) or wallet/list id. */
    providerId: integer('provider_id').notNull(),
    /** Bank or wallet code and name at binding time (the shipped lists may change). */
    providerCode: text('provider_code').notNull(),
    providerName: text('provider_name').notNull(),
    /** NAPAS/VietQR BIN of the bank; '' for wallets. */
    bin: text('bin').notNull().default(''),
    holderName: text('holder_name').notNull().default(''),
    numberCipher: text('number_cipher').notNull(),
    /** blindIndex('receiving-account', kind:providerCode:number): the same account twice is refused. */
    numberIndex: text('number_index').notNull(),
    /** '******6789', what every list shows. */
    numberMasked: text('number_masked').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (table) => [
    index('receiving_accounts_user_idx').on(table.userId),
    uniqueIndex('receiving_accounts_one_default_idx').on(table.userId).where(sql`${table.isDefault} and ${table.unboundAt} is null`),
    uniqueIndex('receiving_accounts_user_number_idx').on(table.userId, table.numberIndex).where(sql`${table.unboundAt} is null`),
  ],
);

/** The two emergency contacts of a borrower (slot 1 and 2), typed in (never read from the address book). */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    /** EMERGENCY_RELATIONSHIP code (1 family member, 2 friend or colleague). */
    relationship: integer('relationship').notNull(),
    name: text('name').notNull(),
    /** 10-digit form. */
    phone: text('phone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slot] })],
);

// ─── Ledger (issues 11 and 12; docs/decisions/055-ledger.md) ────────────────────────────────────
// Double-entry, append-only: an entry per money event and its lines, amounts in whole đồng. A
// hand-written migration (ledger_append_only) refuses UPDATE, DELETE and TRUNCATE on both tables,
// and a statement trigger (migration 0022, decision 083) refuses any INSERT of lines whose lines
// per entry do not balance or whose entry does not exist. The daily accrual writes an entry per
// repaying loan and day, so no index here is keyed by loan: every such index would take a
// scattered insert per loan every day (decision 083).

/** One money event (packages/domain ledger.ts Posting). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** disbursement, fee_charged, daily_accrual (before decision 083: interest_accrual, overdue_fee_accrual), repayment, overpayment_credit, refund, write_off. */
    event: text('event').notNull(),
    /** Unique per money event ('disbursement:<loanId>', 'accrual:<date>:<loanId>', 'repayment:<transferId>'): posted once. */
    key: text('key').notNull(),
    /** The loan (order) the event belongs to, if any; text so any id form fits. */
    loanId: text('loan_id'),
    /** The borrower (users.id) the event belongs to, if any. */
    borrowerId: text('borrower_id'),
    /** The Vietnam business date of the event. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    memo: text('memo').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_entries_key_idx').on(table.key),
    /** A loan is paid out once, whatever key a caller would use. */
    uniqueIndex('ledger_entries_one_disbursement_idx').on(table.loanId).where(sql`${table.event} = 'disbursement'`),
    /**
     * The events that move principal, by day (the dashboard's aggregates, decision 096). Partial:
     * the daily accrual's entries (one per loan and day) never enter it (decision 083).
     */
    index('ledger_entries_principal_day_idx').on(table.businessDate).where(sql`${table.event} in ('disbursement', 'repayment', 'write_off')`),
    /**
     * A borrower's entries other than the daily accruals, newest last, for the back office's
     * borrower page (decisions 083 and 097): the accrual sweep never writes into it; the page reads
     * a loan's accruals by their keys.
     */
    index('ledger_entries_borrower_events_idx').on(table.borrowerId, table.id).where(sql`${table.event} <> 'daily_accrual'`),
  ],
);

/** One side of an entry: exactly one of debit and credit is positive. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The entry (ledger_entries.id). No foreign key: the statement trigger checks that every
     * inserted line's entry exists, once per statement instead of once per line, and entries are
     * never deleted or changed (append-only), so the reference holds as a foreign key's would.
     */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** A code of the chart of accounts (domain CHART_OF_ACCOUNTS). */
    accountCode: text('account_code').notNull(),
    /** The loan id of a loan account, the borrower id of a borrower account, null for the lender's accounts. */
    ownerId: text('owner_id'),
    debit: bigint('debit', { mode: 'bigint' }).notNull(),
    credit: bigint('credit', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    check('ledger_lines_one_side', sql`(${table.debit} > 0 and ${table.credit} = 0) or (${table.credit} > 0 and ${table.debit} = 0)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Personal data, supplementary information and the operator check (issue 9, profile helper).
// ---------------------------------------------------------------------------------------------

/**
 * How the back office compares names (decision 097): Unicode NFD with the combining marks removed,
 * đ/Đ as d, lower case, runs of spaces as one, in byte order (collation "C", so a prefix is a range
 * of the index). Every step is ASCII-safe and immutable, so `lower` gives the same on any locale
 * and the index below can be built on it; the query applies the same expression to what is typed.
 */
export function nameSearchKey(value: SQL): SQL {
  return sql`(btrim(regexp_replace(lower(translate(regexp_replace(normalize(${value}, NFD), '[\\u0300-\\u036f]', '', 'g'), 'đĐ', 'dD')), '\\s+', ' ', 'g')) collate "C")`;
}

/**
 * The personal-data step (SPEC.md §3, API-FAMILY.md §5.6), one row per user. The ID number is kept
 * only encrypted (FieldCipher) with its blind index, unique across users: one ID, one account.
 */
export const personalData = pgTable('personal_data', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The row's number on the wire (`userBaseExt/info.id`). */
  publicId: bigint('public_id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
  fullName: text('full_name').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  idNumberCipher: text('id_number_cipher').notNull(),
  idNumberIndex: text('id_number_index').notNull().unique(),
  idNumberLast4: text('id_number_last4').notNull(),
  sex: integer('sex').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  education: integer('education').notNull(),
  maritalStatus: integer('marital_status').notNull(),
  loanPurpose: integer('loan_purpose'),
  provinceId: integer('province_id').notNull(),
  address: text('address').notNull(),
  /** Monthly income in VND as typed, and its band (SALARY_BANDS state). */
  monthlySalaryVnd: bigint('monthly_salary_vnd', { mode: 'bigint' }).notNull(),
  salaryBand: integer('salary_band').notNull(),
  email: text('email'),
  jobNature: integer('job_nature'),
  industry: integer('industry'),
  workTime: integer('work_time'),
  zaloAccount: text('zalo_account'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  /** The back office's name search: a prefix of the name's search key is a range of this index (decision 097). */
  index('personal_data_name_search_idx').on(nameSearchKey(sql`${table.fullName}`), table.userId),
]);

/** The supplementary-information step (API-FAMILY.md §5.10, the WORK item), one row per user. */
export const workInfo = pgTable('work_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicId: bigint('public_id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
  industry: integer('industry').notNull(),
  companyName: text('company_name'),
  companyTel: text('company_tel'),
  companyAddress: text('company_address'),
  email: text('email').notNull(),
  purpose: integer('purpose'),
  /** Optional (SPEC.md §3 'Other'). */
  facebookUid: text('facebook_uid'),
  facebookAccount: text('facebook_account'),
  telegramAccount: text('telegram_account'),
  zaloAccount: text('zalo_account'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The operator check of a user (API-FAMILY.md §5.11): the attempt under way (operator and the code
 * awaited: 'first', 'second', or 'verified' once it passed) and the last operator that passed, kept
 * while a new attempt (a correction) runs.
 */
export const operatorChecks = pgTable('operator_checks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  company: text('company').notNull(),
  stage: text('stage', { enum: ['first', 'second', 'verified'] }).notNull(),
  phone: text('phone').notNull(),
  /** The provider that ran the check (OPERATOR_PROVIDER). */
  provider: text('provider').notNull(),
  verifiedCompany: text('verified_company'),
  verifiedPhone: text('verified_phone'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/*
 * ---- Tracking (issue 14; docs/decisions/065): behaviour events, ad attribution and client logs.
 * Append-only and built for volume: bigint identity keys (no uuid generation per row), no foreign
 * keys (a row outlives its user and costs no lookup on insert), one INSERT per batch, a few
 * indexes for the funnel and for retention, which a daily sweep applies (jobs/tracking-retention).
 */

/** One behaviour event (SPEC.md §3). The phone is never stored: it only finds `user_id`. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The device's time, or the server's when the device's is more than a day off. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    deviceId: text('device_id').notNull(),
    /** The user whose phone the event named, when one exists; no foreign key (volume, retention). */
    userId: uuid('user_id'),
    environment: text('environment'),
    eventVersion: integer('event_version'),
    page: text('page').notNull(),
    previousPage: text('previous_page'),
    firstPage: text('first_page'),
    previousAct: text('previous_act'),
    lastAct: text('last_act'),
    source: text('source'),
    referer: text('referer'),
    type: text('type'),
    code: text('code'),
    act: text('act').notNull(),
    result: text('result'),
    counter: integer('counter'),
    eventType: text('event_type'),
    adjustId: text('adjust_id'),
    pushMark: integer('push_mark'),
  },
  (table) => [
    index('tracking_events_occurred_idx').on(table.occurredAt),
    index('tracking_events_page_idx').on(table.page, table.occurredAt),
    index('tracking_events_act_idx').on(table.act, table.occurredAt),
  ],
);

/** Ad attribution per device (adjust/ad/click/info/upload); a repeat of the same device and adId is ignored. */
export const adAttributions = pgTable(
  'ad_attributions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id'),
    adId: text('ad_id').notNull(),
    adgroup: text('adgroup'),
    /** The adgroup before its first ' (' (SPEC.md §3). */
    mediaSource: text('media_source'),
    /** The landing query string. */
    refer: text('refer'),
  },
  (table) => [
    uniqueIndex('ad_attributions_device_ad_idx').on(table.deviceId, table.adId),
    index('ad_attributions_created_idx').on(table.createdAt),
  ],
);

/** Client logs in the survey format, one row per record of `__logs__`. */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    topic: text('topic').notNull(),
    /** The record as JSON text ({"survey": "<json text>"}). */
    record: text('record').notNull(),
  },
  (table) => [index('client_logs_received_idx').on(table.receivedAt)],
);
/* ---- end of Tracking */

// ─── Orders and loans (issues 11 and 12; docs/decisions/070-orders-and-loans.md) ──────────────────
// An order is one loan from commit to settlement. Its terms are copied from the product at commit
// (a later product change never alters a loan), its schedule and running balances live per
// instalment in the domain's own shape (packages/domain repayment.ts InstalmentState), and every
// movement of money is also a ledger posting in the same transaction (decision 055).

/** Where an order stands; the family's status code is derived from it (contract orderStatusCode). */
/** written_off: what it owed left the receivables (decision 100); money after it is recovery. */
export const ORDER_STATES = ['pending', 'paying', 'payout_failed', 'rejected', 'closed', 'repaying', 'settled', 'written_off'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const loanOrders = pgTable(
  'loan_orders',
  {
    /** The wire's orderId (a number, as the family's clients read it). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The wire's orderNo: 'SEN' + yyMMdd + 8 random digits; unique; the transfer memo of offline repayments. */
    orderNo: text('order_no').notNull().unique(),
    /** No cascade: loan records outlive a closed account (decision 060 keeps the users row). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    /** The product's name at commit. */
    productName: text('product_name').notNull(),
    /** Orders made by one batch commit (order/commit/all) share it; null for a single commit. */
    batchNo: text('batch_no'),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    // The loan's terms, copied from the product at commit.
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    planNums: integer('plan_nums').notNull(),
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    /** The overdue fee rate per day actually charged (domain overdueRatePpm: the product's, capped). */
    overdueRatePpm: integer('overdue_rate_ppm').notNull(),
    serviceFee: bigint('service_fee', { mode: 'bigint' }).notNull(),
    feeTiming: text('fee_timing', { enum: ['deducted', 'instalments'] }).notNull(),
    /** What reaches the borrower's account: principal − the fee taken out of the payout. */
    disbursedAmount: bigint('disbursed_amount', { mode: 'bigint' }).notNull(),
    /** The receiving account the loan is paid to (CARD or WALLET, receiving_accounts.id). */
    receivingAccountId: bigint('receiving_account_id', { mode: 'number' })
      .notNull()
      .references(() => receivingAccounts.id),
    payWay: text('pay_way', { enum: ['CARD', 'WALLET'] }).notNull(),
    /** The Vietnam business date of the commit (the product's daily quota and the credit were taken on it). */
    applyDate: date('apply_date', { mode: 'string' }).notNull(),
    /** Day 0 of the loan: the Vietnam business date of the payout; null until paid out. */
    startDate: date('start_date', { mode: 'string' }),
    /** The last business date interest and overdue fees were accrued through (domain LoanState.accruedThrough). */
    accruedThrough: date('accrued_through', { mode: 'string' }),
    /** Money received beyond what the loan owed, held for the borrower (ledger borrower_credit). */
    creditHeld: bigint('credit_held', { mode: 'bigint' }).notNull().default(sql`0`),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The Vietnam business date the loan was written off (domain LoanState.writtenOffOn; decision 100). */
    writtenOffOn: date('written_off_on', { mode: 'string' }),
    /** Money received after the write-off taken as recovery (domain LoanState.recovered; ledger recovery_income). */
    recovered: bigint('recovered', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The Vietnam business date the borrower accepted a restructure of the loan (decision 117); null when never restructured. */
    restructuredOn: date('restructured_on', { mode: 'string' }),
    /** The last day of the restructure's watch period: until then the borrower cannot borrow anew (decision 117). */
    watchUntil: date('watch_until', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why a payout failed, was rejected or the order closed (shown to the borrower; a message key). */
    closeReason: text('close_reason'),
    /** apply/again: 1 borrow the same product again on settlement, 2 all products; null none. */
    reloanSign: integer('reloan_sign'),
    /** The commit's idempotency key (auditKey, Idempotency-Key or a derived hash; decisions 070, 086). */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * sha256 of the canonical request a client key was first used with (decision 086): a repeat of
     * the key with another request is refused. Null for keys the server derives itself.
     */
    requestHash: text('request_hash'),
    ip: text('ip').notNull().default(''),
    /** The page-event log the family's clients send with the commit (eventFile: '<epochMs>|<event>' lines, bounded). */
    eventLog: text('event_log'),
    imei: text('imei').notNull().default(''),
    coordinate: text('coordinate').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_orders_user_key_idx').on(table.userId, table.idempotencyKey),
    index('loan_orders_user_idx').on(table.userId, table.createdAt),
    index('loan_orders_state_idx').on(table.state),
    /** Applications per business date (the dashboard, decision 096). */
    index('loan_orders_apply_date_idx').on(table.applyDate),
    /** The daily accrual walks the loans being repaid by id (decision 074); no indexed column changes as they accrue. */
    index('loan_orders_repaying_idx').on(table.id).where(sql`${table.state} = 'repaying'`),
    /**
     * A restructure's watch period, checked by every commit under the credit row lock (decision 117):
     * by the borrower's few watched loans, not all their loans (57 ms at 8,000 loans in issue 24's soak).
     */
    index('loan_orders_watch_idx').on(table.userId, table.watchUntil).where(sql`${table.watchUntil} is not null`),
    /** The home ticker: recent payouts. */
    index('loan_orders_disbursed_idx').on(table.disbursedAt).where(sql`${table.disbursedAt} is not null`),
    check('loan_orders_amounts', sql`${table.principal} > 0 and ${table.serviceFee} >= 0 and ${table.disbursedAmount} > 0 and ${table.creditHeld} >= 0`),
  ],
);

type InstalmentOpenColumns = Record<'settledAt' | 'writtenOffPrincipal' | 'writtenOffFee' | 'writtenOffInterest' | 'writtenOffOverdueFee', AnyPgColumn>;

/**
 * An instalment still open: not settled and nothing of it written off (decision 111). It is the
 * predicate of the partial index `loan_instalments_due_idx`, so the instalments of written-off
 * loans (never settled, decision 100) leave the index at write-off instead of staying in it
 * forever. A query that wants the index must state this same predicate: use this function
 * (drizzle) or `instalmentOpenAs` (raw SQL with an alias), never a copy.
 */
export function instalmentOpen(table: InstalmentOpenColumns): SQL {
  return sql`${table.settledAt} is null and ${table.writtenOffPrincipal} + ${table.writtenOffFee} + ${table.writtenOffInterest} + ${table.writtenOffOverdueFee} = 0`;
}

/** instalmentOpen for raw SQL over `loan_instalments <alias>`. */
export function instalmentOpenAs(alias: 'i'): SQL {
  return sql.raw(`${alias}.settled_at is null and ${alias}.written_off_principal + ${alias}.written_off_fee + ${alias}.written_off_interest + ${alias}.written_off_overdue_fee = 0`);
}

/**
 * The schedule of a loan and its running balances, one row per instalment, in the shape of the
 * domain's InstalmentState: what is charged (principal and fee from the start, interest and the
 * overdue fee as they accrue, exactly, in millionths of a đồng), what is paid.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    planPart: integer('plan_part').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** The interest the schedule quoted for this period (what it costs when paid on time). */
    scheduledInterest: bigint('scheduled_interest', { mode: 'bigint' }).notNull(),
    interestCharged: bigint('interest_charged', { mode: 'bigint' }).notNull().default(sql`0`),
    overdueFeeCharged: bigint('overdue_fee_charged', { mode: 'bigint' }).notNull().default(sql`0`),
    interestMicro: bigint('interest_micro', { mode: 'bigint' }).notNull().default(sql`0`),
    overdueFeeMicro: bigint('overdue_fee_micro', { mode: 'bigint' }).notNull().default(sql`0`),
    paidPrincipal: bigint('paid_principal', { mode: 'bigint' }).notNull().default(sql`0`),
    paidFee: bigint('paid_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    paidInterest: bigint('paid_interest', { mode: 'bigint' }).notNull().default(sql`0`),
    paidOverdueFee: bigint('paid_overdue_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What was written off of it (domain InstalmentState.writtenOff; decision 100). */
    writtenOffPrincipal: bigint('written_off_principal', { mode: 'bigint' }).notNull().default(sql`0`),
    writtenOffFee: bigint('written_off_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    writtenOffInterest: bigint('written_off_interest', { mode: 'bigint' }).notNull().default(sql`0`),
    writtenOffOverdueFee: bigint('written_off_overdue_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    /** When everything charged to it was paid, or (with `restructureId`) when a restructure closed it. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The restructure that closed this instalment of the old schedule (decision 117): what it owed
     * moved to the new schedule or was waived; its charge is what was paid of it. Null otherwise.
     */
    restructureId: bigint('restructure_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.planPart] }),
    index('loan_instalments_due_idx').on(table.dueDate).where(instalmentOpen(table)),
    check(
      'loan_instalments_paid_within_charged',
      sql`${table.paidPrincipal} between 0 and ${table.principal} and ${table.paidFee} between 0 and ${table.fee}
          and ${table.paidInterest} between 0 and ${table.interestCharged} and ${table.paidOverdueFee} between 0 and ${table.overdueFeeCharged}`,
    ),
  ],
);

/**
 * The contract a borrower accepted for an order (issue 11): the document, its version and the
 * sha256 of the text filled with the order's figures, when, from where, and the drawn signature
 * where the product asks for one. No order exists without its acceptances (same transaction).
 */
export const contractAcceptances = pgTable(
  'contract_acceptances',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'lease' (the loan agreement) or 'pawn' (the pledge agreement): the family's two agreement pages. */
    document: text('document', { enum: ['lease', 'pawn'] }).notNull(),
    version: text('version').notNull(),
    textHash: text('text_hash').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull(),
    /** stored_files id of the signature picture (signPic), when the product requires one. */
    signatureFileId: uuid('signature_file_id'),
    /**
     * How the borrower confirmed (decision 112): 'code', with the one-time code sent by SMS for this
     * application (Law on Electronic Transactions 2023, Decree 23/2025), or 'tick' (the agreements'
     * checkbox alone: the family's native clients on a product whose signingCode is optional).
     */
    signedWith: text('signed_with', { enum: ['tick', 'code'] }).notNull().default('tick'),
    /** `acceptedAt` on the Vietnam clock as the borrower saw it ('2026-11-26 20:31:05 +07:00'). */
    acceptedAtVietnam: text('accepted_at_vietnam').notNull().default(''),
    /** The phone the signing code was sent to; null when signed with the tick. */
    codePhone: text('code_phone'),
    /** The code's keyed hash as otp_codes keeps it (never the code); null when signed with the tick. */
    codeHash: text('code_hash'),
    /** The otp_codes row consumed by this signature. */
    otpCodeId: uuid('otp_code_id'),
  },
  (table) => [uniqueIndex('contract_acceptances_order_document_idx').on(table.orderId, table.document)],
);

/**
 * Payout attempts (docs/decisions/057-payout-idempotency.md): the reference exists before any call
 * to the partner; at most one attempt of an order is not failed, so money for an order is asked
 * for under one reference at a time and a crash can only delay, never pay twice.
 */
export const PAYOUT_ATTEMPT_STATES = ['created', 'submitting', 'pending', 'succeeded', 'failed'] as const;
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    attempt: integer('attempt').notNull(),
    /** payoutReference(orderNo, attempt): 'PO<orderNo>-<attempt>'. */
    reference: text('reference').notNull().unique(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    receivingAccountId: bigint('receiving_account_id', { mode: 'number' })
      .notNull()
      .references(() => receivingAccounts.id),
    state: text('state', { enum: PAYOUT_ATTEMPT_STATES }).notNull(),
    partnerTransactionId: text('partner_transaction_id'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    /** When the job should look at it next (submit, or ask the partner's status). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payout_attempts_order_attempt_idx').on(table.orderId, table.attempt),
    uniqueIndex('payout_attempts_one_live_idx').on(table.orderId).where(sql`${table.state} <> 'failed'`),
    index('payout_attempts_due_idx').on(table.nextCheckAt).where(sql`${table.state} in ('created', 'submitting', 'pending')`),
  ],
);

/**
 * What a borrower asked to repay (repay/url, multiple/order/repay): the orders and instalments, the
 * amount quoted, and the unique transfer content the bank transfer must carry (VietQR's purpose).
 * A transfer whose content names the code is allocated to these orders, whatever its amount.
 */
export const repaymentRequests = pgTable(
  'repayment_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The transfer content, e.g. 'SEN7K3M9Q2PX': letters and digits only (banks strip the rest). */
    code: text('code').notNull().unique(),
    /**
     * The token of the request's page (/pay/<token>, base64url of 24 random bytes). The page opens
     * in the family's WebView without a session, so the token alone lets it show the amount and the
     * status; it grants nothing else (no account access), which is why it is kept in clear.
     */
    pageToken: text('page_token').notNull().unique(),
    /** The orders and, per order, the instalments chosen (empty: all that is due). */
    items: jsonb('items').$type<Array<{ orderId: number; planParts: number[] }>>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The business date the amount was quoted for (interest through that day). */
    quotedOn: date('quoted_on', { mode: 'string' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'partly_paid', 'expired'] }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('repayment_requests_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Every bank transfer the collection account reported (SePay webhook), stored once per provider
 * transaction id whatever how often it arrives; what it was matched to, or why not (for operators).
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    gateway: text('gateway').notNull(),
    /** The bank's time, 'yyyy-MM-dd HH:mm:ss' (Vietnam); the time we received it when the bank's could not be read. */
    transactionDate: text('transaction_date').notNull(),
    /** What the bank sent as its time when it could not be read (at most 200 characters); null when read (decision 127). */
    bankTimeAsSent: text('bank_time_as_sent'),
    accountNumber: text('account_number').notNull(),
    code: text('code'),
    content: text('content').notNull(),
    transferType: text('transfer_type', { enum: ['in', 'out'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    referenceCode: text('reference_code'),
    /** matched: allocated to loans; unmatched: no repayment named; outgoing: money out; foreign_account: not our collection account. */
    outcome: text('outcome', { enum: ['matched', 'unmatched', 'outgoing', 'foreign_account'] }).notNull(),
    repaymentRequestId: uuid('repayment_request_id').references(() => repaymentRequests.id),
    userId: uuid('user_id').references(() => users.id),
    /** The webhook body as received (for audit). */
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bank_transfers_provider_tx_idx').on(table.provider, table.providerTransactionId),
    index('bank_transfers_outcome_idx').on(table.outcome, table.receivedAt),
  ],
);

/**
 * The unmatched queue (decision 114): a transfer into the collection account that named no
 * repayment, held in suspense (ledger unidentified_receipts) until two operators match it to a
 * loan or decide to return it. One row per transfer, written with the transfer.
 */
export const unidentifiedTransfers = pgTable(
  'unidentified_transfers',
  {
    transferId: bigint('transfer_id', { mode: 'number' })
      .primaryKey()
      .references(() => bankTransfers.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** When the bank says the money arrived (its transactionDate; our receipt time when unreadable). */
    bankTime: timestamp('bank_time', { withTimezone: true }).notNull(),
    /**
     * open: in suspense; matched: applied to a loan; to_return: approved to go back to the sender,
     * still in suspense; returned: the bank reported the money sent back, out of suspense (decision 121).
     */
    state: text('state', { enum: ['open', 'matched', 'to_return', 'returned'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    repaymentRequestId: uuid('repayment_request_id').references(() => repaymentRequests.id),
    /** The match.transfer or return.transfer proposal that decided it. */
    proposalId: integer('proposal_id').references(() => proposals.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The outgoing bank transfer that sent it back (decision 121): one return per outgoing transfer. */
    returnTransferId: bigint('return_transfer_id', { mode: 'number' }).references(() => bankTransfers.id),
    /** When the bank sent it back (the outgoing transfer's bank time): it was held until then. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    index('unidentified_transfers_state_idx').on(table.state, table.bankTime),
    uniqueIndex('unidentified_transfers_return_idx').on(table.returnTransferId),
    check('unidentified_transfers_amount', sql`${table.amount} > 0`),
  ],
);

/**
 * Money applied to one loan (a transfer or an approved receipt), with its allocation: the loan's
 * repayment history. Unique per source and order, so a source applies to a loan once.
 */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'transfer:<bank_transfers.id>' or 'receipt:<repayment_receipts.id>'. */
    source: text('source').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    overdueFee: bigint('overdue_fee', { mode: 'bigint' }).notNull(),
    toCredit: bigint('to_credit', { mode: 'bigint' }).notNull(),
    /** On a written-off loan: taken as recovery (decision 100). */
    recovered: bigint('recovered', { mode: 'bigint' }).notNull().default(sql`0`),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('loan_repayments_source_order_idx').on(table.source, table.orderId), index('loan_repayments_order_idx').on(table.orderId)],
);

/**
 * Offline repayments (upload/cert, API-FAMILY.md §6.9): the borrower's transfer receipt, reviewed
 * by an operator, who approves it with the amount the bank statement shows (then it is applied
 * like a transfer) or rejects it.
 */
export const repaymentReceipts = pgTable(
  'repayment_receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fileId: uuid('file_id').notNull(),
    /** The paying account the borrower chose (getBankAndWallet id and type). */
    repayInfoId: bigint('repay_info_id', { mode: 'number' }),
    repayType: integer('repay_type'),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('repayment_receipts_state_idx').on(table.state, table.createdAt), index('repayment_receipts_order_idx').on(table.orderId)],
);

/**
 * Repayment reminders sent (issue 12): one per order, instalment, kind and business date, so a
 * sweep run twice reminds once; the per-borrower daily cap counts these rows.
 */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planPart: integer('plan_part').notNull(),
    kind: text('kind', { enum: ['due_soon', 'due_today', 'overdue'] }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** 'message' and/or 'sms', comma-separated; '' when the contact governor refused it. */
    channels: text('channels').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The contact governor's rule that refused it (decision 108); null: sent, and counted among the borrower's contacts of the day. */
    refusedRule: text('refused_rule'),
  },
  (table) => [
    uniqueIndex('loan_reminders_once_idx').on(table.orderId, table.planPart, table.kind, table.businessDate),
    index('loan_reminders_user_day_idx').on(table.userId, table.businessDate),
  ],
);

/**
 * Refunds of a loan's credit (overpayment) to the borrower's own receiving account (decision 100),
 * one row per attempt, as payout attempts are: the row and its reference exist before any call to
 * the partner; at most one attempt of an order is alive (created, submitting, pending), so a crash
 * or a second instance can only delay a refund, never send it twice. The ledger's refund entry and
 * the order's credit change only when the partner reports it succeeded.
 */
export const REFUND_ATTEMPT_STATES = ['created', 'submitting', 'pending', 'succeeded', 'failed'] as const;
export const refundAttempts = pgTable(
  'refund_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The refund.issue proposal that approved it. */
    proposalId: integer('proposal_id').references(() => proposals.id),
    attempt: integer('attempt').notNull(),
    /** 'RF<orderNo>-<proposalId>-<attempt>': unique, the partner's idempotency key. */
    reference: text('reference').notNull().unique(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    receivingAccountId: bigint('receiving_account_id', { mode: 'number' })
      .notNull()
      .references(() => receivingAccounts.id),
    state: text('state', { enum: REFUND_ATTEMPT_STATES }).notNull(),
    partnerTransactionId: text('partner_transaction_id'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refund_attempts_one_live_idx').on(table.orderId).where(sql`${table.state} in ('created', 'submitting', 'pending')`),
    index('refund_attempts_order_idx').on(table.orderId, table.id),
    index('refund_attempts_due_idx').on(table.nextCheckAt).where(sql`${table.state} in ('created', 'submitting', 'pending')`),
    check('refund_attempts_amount', sql`${table.amount} > 0`),
  ],
);
/**
 * Hardship (issue 23 item 5; decision 117): a borrower's request for help with a loan, what they
 * say they can pay a month, and the collector's offers. One request is open per loan at a time.
 */
export const HARDSHIP_REQUEST_REASONS = ['income_loss', 'illness', 'family', 'business', 'other'] as const;
export const HARDSHIP_REQUEST_STATES = ['open', 'offered', 'accepted', 'declined', 'closed'] as const;
export const hardshipRequests = pgTable(
  'hardship_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: HARDSHIP_REQUEST_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    /** What the borrower says they can pay a month, VND. */
    monthlyAmount: bigint('monthly_amount', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: HARDSHIP_REQUEST_STATES }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('hardship_requests_one_open_idx').on(table.orderId).where(sql`${table.state} in ('open', 'offered')`),
    index('hardship_requests_state_idx').on(table.state, table.id),
    check('hardship_requests_monthly_amount', sql`${table.monthlyAmount} > 0`),
  ],
);

/**
 * A restructure offer (decision 117): made by a collector, approved by a second operator (the
 * `loan.restructure` proposal), then accepted or declined by the borrower. Accepting closes the
 * old schedule, opens the new one and keeps the evidence of the acceptance here (as
 * contract_acceptances keeps a new loan's).
 */
export const RESTRUCTURE_STATES = ['offered', 'accepted', 'declined', 'expired'] as const;
export const loanRestructures = pgTable(
  'loan_restructures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => hardshipRequests.id),
    /** The loan.restructure proposal that approved it (unique: an approval makes one offer). */
    proposalId: integer('proposal_id')
      .notNull()
      .unique()
      .references(() => proposals.id),
    state: text('state', { enum: RESTRUCTURE_STATES }).notNull().default('offered'),
    planNums: integer('plan_nums').notNull(),
    periodDays: integer('period_days').notNull(),
    waiveOverdueFee: bigint('waive_overdue_fee', { mode: 'bigint' }).notNull(),
    waiveInterest: bigint('waive_interest', { mode: 'bigint' }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The Vietnam business date it was accepted on (the new schedule's day 0). */
    acceptedOn: date('accepted_on', { mode: 'string' }),
    /** What the acceptance did (domain RestructurePlan: closed, waived, carried, the new instalments), VND as text. */
    result: jsonb('result'),
    // The acceptance's evidence (decision 112's, for the restructure's terms).
    acceptedAtVietnam: text('accepted_at_vietnam'),
    ip: text('ip'),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    signedWith: text('signed_with', { enum: ['tick', 'code'] }),
    codePhone: text('code_phone'),
    codeHash: text('code_hash'),
    otpCodeId: uuid('otp_code_id'),
    /** sha256 of the terms shown to the borrower (the new plan's figures as accepted). */
    textHash: text('text_hash'),
  },
  (table) => [
    uniqueIndex('loan_restructures_one_offered_idx').on(table.orderId).where(sql`${table.state} = 'offered'`),
    index('loan_restructures_order_idx').on(table.orderId, table.id),
    check('loan_restructures_terms', sql`${table.planNums} > 0 and ${table.periodDays} > 0 and ${table.waiveOverdueFee} >= 0 and ${table.waiveInterest} >= 0`),
  ],
);
/* ---- end of orders and loans */

/* ---- the back office (issue 22; docs/decisions/089, 090, 091) */

/**
 * Operators: the lender's staff, separate from borrowers. A password (argon2id) and a TOTP second
 * factor that is always on; the secret is kept encrypted by the field cipher, like ID numbers.
 */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-cased; one address is one operator. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['viewer', 'reviewer', 'collector', 'finance', 'admin'] }).notNull(),
  /** invited: no password or TOTP yet; deactivated: can never sign in again (kept for the audit trail). */
  status: text('status', { enum: ['invited', 'active', 'deactivated'] }).notNull(),
  passwordHash: text('password_hash'),
  totpSecretCipher: text('totp_secret_cipher'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code of this step or an earlier one is a replay (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** Failed passwords and codes since the last success; at the limit the operator is locked for a while. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator sessions: opaque tokens stored as sha256, bound to one browser, idle 30 min, 12 h at most. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** sha256 of the browser's random id cookie and its user agent: a token copied elsewhere is refused. */
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | role_change | deactivated */
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * A sign-in between its steps: after the password (step totp or enrol) a short-lived, one-use
 * token carries the operator to the code. The enrol step keeps the new TOTP secret until the
 * first code confirms it.
 */
export const operatorSignInSteps = pgTable('operator_sign_in_steps', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  tokenHash: text('token_hash').notNull().unique(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  step: text('step', { enum: ['totp', 'enrol'] }).notNull(),
  browserHash: text('browser_hash').notNull(),
  /** The secret shown at enrolment (encrypted), until the first code confirms it. */
  totpSecretCipher: text('totp_secret_cipher'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** One-time invitations (72 h): the link's token is stored only as sha256. */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** Null: the command line (npm run admin -- create-operator) or the demo seed. */
    invitedBy: integer('invited_by').references(() => operators.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('operator_invitations_operator_idx').on(table.operatorId)],
);

/**
 * The audit trail of operators' actions: append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE, as for the ledger). The actor's e-mail is copied so a row reads alone.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null: the system (a job). No foreign key needed beyond the id: operators are never deleted. */
    actorId: integer('actor_id').references(() => operators.id),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('operator_audit_at_idx').on(table.at, table.id),
    index('operator_audit_actor_idx').on(table.actorId, table.at),
    index('operator_audit_action_idx').on(table.action, table.at),
    index('operator_audit_target_idx').on(table.targetType, table.targetId, table.at),
  ],
);

/**
 * Four-eyes proposals (maker-checker): a money- or rule-changing action waits here until another
 * operator approves it; approval applies it once, under a row lock on the proposal.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** What the proposal is about (`product:<code>`, `receipt:<id>`): one pending proposal per subject. */
    subject: text('subject').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired'] }).notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => operators.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    result: jsonb('result'),
  },
  (table) => [
    uniqueIndex('proposals_one_pending_per_subject_idx').on(table.subject).where(sql`${table.status} = 'pending'`),
    index('proposals_status_idx').on(table.status, table.id),
    index('proposals_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** Every approved version of a loan product, in order: what it became, from when, and who agreed. */
export const productVersions = pgTable(
  'product_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    productCode: text('product_code').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    proposalId: integer('proposal_id').references(() => proposals.id),
    proposedBy: integer('proposed_by').references(() => operators.id),
    approvedBy: integer('approved_by').references(() => operators.id),
  },
  (table) => [uniqueIndex('product_versions_product_version_idx').on(table.productId, table.version)],
);
/**
 * The credit rules operators change through four eyes (decision 095), one row per approved
 * version; the highest is in force. No row: the configuration's starting point (version 0).
 */
export const creditRuleVersions = pgTable('credit_rule_versions', {
  version: integer('version').primaryKey(),
  /** contract creditRulesSchema: { manualReview: { failedRules, maxFailedRules, approvalsFromVnd } }. */
  rules: jsonb('rules').notNull(),
  effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
  proposalId: integer('proposal_id').references(() => proposals.id),
  proposedBy: integer('proposed_by').references(() => operators.id),
  approvedBy: integer('approved_by').references(() => operators.id),
});

/**
 * Credit reviews a person decides (decision 095): an engine's case in the manual review band, or an
 * appeal an operator opened. `review_id` is the credit account's pending review, so the decision
 * is stored once (credit_decisions.review_id is unique) whoever decides; deciding locks this row.
 */
export const creditManualReviews = pgTable(
  'credit_manual_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').notNull().unique(),
    cause: text('cause', { enum: ['failedRules', 'largeApproval', 'appeal'] }).notNull(),
    status: text('status', { enum: ['pending', 'asked', 'decided'] }).notNull(),
    /** What the engine concluded (an appeal: the decision appealed against), its rule results and reasons. */
    engineOutcome: text('engine_outcome', { enum: ['approve', 'reject', 'calm'] }).notNull(),
    engineLimit: bigint('engine_limit', { mode: 'bigint' }).notNull(),
    /** The limit the policy gives the borrower's facts: what approve gives unless the reviewer says otherwise. */
    suggestedLimit: bigint('suggested_limit', { mode: 'bigint' }).notNull(),
    ruleResults: jsonb('rule_results').$type<unknown[]>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** The engine's inputs and policy (as credit_decisions keeps them). */
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    policyVersion: text('policy_version').notNull(),
    rulesVersion: integer('rules_version').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    appealReason: text('appeal_reason'),
    openedBy: integer('opened_by').references(() => operators.id),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    askedBy: integer('asked_by').references(() => operators.id),
    question: text('question'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id),
    decision: text('decision', { enum: ['approve', 'reject'] }),
    creditLimit: bigint('credit_limit', { mode: 'bigint' }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    /** The queue: open cases oldest first. */
    index('credit_manual_reviews_open_idx').on(table.requestedAt, table.id).where(sql`${table.status} <> 'decided'`),
    /** Decided cases newest first. */
    index('credit_manual_reviews_decided_idx').on(table.decidedAt, table.id).where(sql`${table.status} = 'decided'`),
    /** Cases sent to people per day (the dashboard). */
    index('credit_manual_reviews_requested_idx').on(table.requestedAt),
  ],
);

/**
 * The book by Vietnam business date (decision 096), kept by the `dashboard-aggregates` job with one
 * set-based statement per run (INSERT … SELECT … ON CONFLICT DO UPDATE): re-running a date writes
 * the same figures; money in whole VND.
 */
export const dashboardDaily = pgTable('dashboard_daily', {
  businessDate: date('business_date', { mode: 'string' }).primaryKey(),
  applications: integer('applications').notNull(),
  applicationAmount: bigint('application_amount', { mode: 'bigint' }).notNull(),
  approved: integer('approved').notNull(),
  rejected: integer('rejected').notNull(),
  calm: integer('calm').notNull(),
  manual: integer('manual').notNull(),
  queued: integer('queued').notNull(),
  payouts: integer('payouts').notNull(),
  payoutAmount: bigint('payout_amount', { mode: 'bigint' }).notNull(),
  payoutPrincipal: bigint('payout_principal', { mode: 'bigint' }).notNull(),
  repayments: integer('repayments').notNull(),
  repaymentAmount: bigint('repayment_amount', { mode: 'bigint' }).notNull(),
  outstandingPrincipal: bigint('outstanding_principal', { mode: 'bigint' }).notNull(),
  /** Overdue loans and their outstanding principal by days past due: 1–10, 11–30, 31–90, 91–180, 180+. */
  overdue1To10Loans: integer('overdue_1_10_loans').notNull(),
  overdue1To10: bigint('overdue_1_10', { mode: 'bigint' }).notNull(),
  overdue11To30Loans: integer('overdue_11_30_loans').notNull(),
  overdue11To30: bigint('overdue_11_30', { mode: 'bigint' }).notNull(),
  overdue31To90Loans: integer('overdue_31_90_loans').notNull(),
  overdue31To90: bigint('overdue_31_90', { mode: 'bigint' }).notNull(),
  overdue91To180Loans: integer('overdue_91_180_loans').notNull(),
  overdue91To180: bigint('overdue_91_180', { mode: 'bigint' }).notNull(),
  overdueOver180Loans: integer('overdue_over_180_loans').notNull(),
  overdueOver180: bigint('overdue_over_180', { mode: 'bigint' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
/* ---- end of the back office */

/* ---- collections (issue 23 item 1; docs/decisions/098, 099) */

/**
 * The days-past-due buckets, as data: a case is in the bucket whose [min_days, max_days] holds its
 * days past due (max_days null: no upper bound). Seeded by migration 0029 with 1–10, 11–30,
 * 31–90, 91–180 and 181+.
 */
export const collectionBuckets = pgTable(
  'collection_buckets',
  {
    code: text('code').primaryKey(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days'),
    position: integer('position').notNull(),
  },
  (table) => [check('collection_buckets_range', sql`${table.minDays} >= 1 and (${table.maxDays} is null or ${table.maxDays} >= ${table.minDays})`)],
);

/**
 * A loan past due: one open case per order at a time (a partial unique index), opened, moved
 * between buckets and closed by the `collections` job (and closed at once when the loan is repaid
 * in full: the `loan.settled` event). A case of a loan that was overdue, cured and falls overdue
 * again is a new case.
 */
export const collectionCases = pgTable(
  'collection_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    bucket: text('bucket').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    /** The collector working it; null: not assigned yet. */
    assigneeId: integer('assignee_id').references(() => operators.id),
    /** 'rule' (the job's round robin) or 'hand' (an admin). */
    assignedBy: text('assigned_by', { enum: ['rule', 'hand'] }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** repaid: the loan was settled; cured: the overdue instalments were paid, the loan runs on; written_off: the loan was written off (decision 108). */
    closeReason: text('close_reason', { enum: ['repaid', 'cured', 'written_off'] }),
  },
  (table) => [
    uniqueIndex('collection_cases_open_order_idx').on(table.orderId).where(sql`${table.status} = 'open'`),
    index('collection_cases_open_idx').on(table.bucket, table.assigneeId).where(sql`${table.status} = 'open'`),
    index('collection_cases_user_idx').on(table.userId),
  ],
);

/**
 * The message templates collections may use (the approved list): the text of an SMS (Vietnamese,
 * sent without diacritics, or English) or, for an in-app message, the borrower app's message it
 * sends. A template not on this list, or with approved = false, is refused by the contact
 * governor. Changed only through a `collections.rules` proposal (decision 122), like the buckets
 * and the dunning rules.
 */
export const collectionTemplates = pgTable('collection_templates', {
  code: text('code').primaryKey(),
  channel: text('channel', { enum: ['sms', 'message'] }).notNull(),
  /** The Vietnamese text; `{orderNo}`, `{amount}`, `{daysPastDue}` are filled in. */
  body: text('body').notNull(),
  /** The English text, sent to a borrower whose language is English (decision 122); '' falls back to `body`. */
  bodyEn: text('body_en').notNull().default(''),
  approved: boolean('approved').notNull(),
});

/** Dunning as data: at `day_past_due`, the template is sent automatically (through the governor). */
export const collectionDunningRules = pgTable(
  'collection_dunning_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dayPastDue: integer('day_past_due').notNull(),
    template: text('template').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [uniqueIndex('collection_dunning_rules_day_template_idx').on(table.dayPastDue, table.template)],
);

/**
 * Every contact with a borrower about a case, and every one the governor refused (status
 * refused, with the rule): calls, SMS, in-app messages; notes are recorded here too but are not
 * contacts. `operator_id` null: the dunning job. A sent automatic contact is unique per case and
 * dunning key, a refusal per case, key and rule: a job run again sends once and records a refusal once.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => collectionCases.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel', { enum: ['call', 'sms', 'message', 'note'] }).notNull(),
    status: text('status', { enum: ['sent', 'refused', 'noted'] }).notNull(),
    /** The governor's rule that refused it (machine code). */
    refusedRule: text('refused_rule'),
    /** For a call: answered, no_answer, promised, refused_to_pay, wrong_number, busy. */
    outcome: text('outcome'),
    template: text('template'),
    /** The number called or texted ('' for in-app messages and notes), kept masked. */
    targetMasked: text('target_masked').notNull().default(''),
    /** borrower: the borrower's own phone; other: anything else (a third party). */
    targetKind: text('target_kind', { enum: ['borrower', 'other', 'none'] }).notNull(),
    content: text('content').notNull().default(''),
    operatorId: integer('operator_id').references(() => operators.id),
    dunningKey: text('dunning_key'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('collection_contacts_case_idx').on(table.caseId, table.id),
    /** The governor counts a borrower's contacts of a Vietnam day. */
    index('collection_contacts_user_day_idx').on(table.userId, table.businessDate),
    uniqueIndex('collection_contacts_dunning_sent_idx').on(table.caseId, table.dunningKey).where(sql`${table.dunningKey} is not null and ${table.status} = 'sent'`),
    uniqueIndex('collection_contacts_dunning_refused_idx')
      .on(table.caseId, table.dunningKey, table.refusedRule)
      .where(sql`${table.dunningKey} is not null and ${table.status} = 'refused'`),
  ],
);

/**
 * A borrower's promise to pay `amount` by `promised_date` (end of that Vietnam day): kept once the
 * repayments of the order from the promise on reach the amount by then, broken when the day has
 * passed short of it. Decided by the `collections` job and on settlement, never by hand.
 */
export const collectionPromises = pgTable(
  'collection_promises',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => collectionCases.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    promisedDate: date('promised_date', { mode: 'string' }).notNull(),
    /** The business date it was made: repayments from this date on count towards it. */
    madeOn: date('made_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'kept', 'broken'] }).notNull(),
    /** What the order received from made_on through promised_date, when decided. */
    paid: bigint('paid', { mode: 'bigint' }).notNull().default(sql`0`),
    note: text('note').notNull().default(''),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('collection_promises_case_idx').on(table.caseId),
    index('collection_promises_open_idx').on(table.promisedDate).where(sql`${table.status} = 'open'`),
    check('collection_promises_amount', sql`${table.amount} > 0`),
  ],
);
/* ---- end of collections */

/**
 * Borrowers' data-subject requests (issue 25 item 9; decision 116): acknowledged at filing, due
 * within 15 days (one extension of up to 15 more, with a reason), completed or refused by an
 * operator (or at once by the system: a consent withdrawal). One open request per kind and
 * borrower, held by a partial unique index, so two filings at once cannot both pass.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['access', 'correct', 'delete', 'restrict', 'object', 'withdraw_consent'] }).notNull(),
    /** The consent withdrawn (withdraw_consent only). */
    consent: text('consent', { enum: ['lending', 'tracking'] }),
    details: text('details').notNull().default(''),
    state: text('state', { enum: ['open', 'completed', 'refused'] }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
    /** Vietnam days; a deadline is the end of its day. */
    acknowledgeDue: date('acknowledge_due', { mode: 'string' }).notNull(),
    due: date('due', { mode: 'string' }).notNull(),
    extendedDue: date('extended_due', { mode: 'string' }),
    extensionReason: text('extension_reason'),
    extendedBy: integer('extended_by').references(() => operators.id),
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Null with a closed request: closed by the system (a consent withdrawal takes effect at once). */
    closedBy: integer('closed_by').references(() => operators.id),
    outcome: text('outcome'),
  },
  (table) => [
    uniqueIndex('data_requests_one_open_per_kind').on(table.userId, table.kind).where(sql`${table.state} = 'open'`),
    index('data_requests_user_idx').on(table.userId),
    index('data_requests_open_due_idx').on(table.due).where(sql`${table.state} = 'open'`),
    check('data_requests_consent_kind', sql`(${table.kind} = 'withdraw_consent') = (${table.consent} is not null)`),
    check('data_requests_extension_once', sql`${table.extendedDue} is null or (${table.extendedDue} > ${table.due} and ${table.extendedDue} <= ${table.due} + 15)`),
  ],
);

/**
 * Consents a borrower withdrew (decision 116). The row stays when the consent is given again
 * (`restored_at`), so the history is kept; at most one live withdrawal per consent. A live
 * `lending` withdrawal refuses new loans inside the credit reservation's UPDATE.
 */
export const consentWithdrawals = pgTable(
  'consent_withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    consent: text('consent', { enum: ['lending', 'tracking'] }).notNull(),
    requestId: integer('request_id').references(() => dataRequests.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('consent_withdrawals_live').on(table.userId, table.consent).where(sql`${table.restoredAt} is null`)],
);

/** The personal-data breach register (decision 116): the authority is notified within 72 hours of discovery. */
export const dataBreaches = pgTable('data_breaches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull(),
  description: text('description').notNull(),
  dataAffected: text('data_affected').notNull(),
  borrowersAffected: integer('borrowers_affected').notNull(),
  notifyBy: timestamp('notify_by', { withTimezone: true }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  notificationReference: text('notification_reference'),
  notifiedBy: integer('notified_by').references(() => operators.id),
  recordedBy: integer('recorded_by').references(() => operators.id),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
});
