import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const isotopes = pgTable('isotopes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  dosimetry: boolean('dosimetry').notNull().default(false),
  radiosyno: boolean('radiosyno').notNull().default(false),
  createdAt: createdAt(),
});

export const services = pgTable('services', {
  id: text('id').primaryKey(),
  code: text('code'),
  position: integer('position').notNull(),
  img: text('img').notNull(),
  hasAnalyses: boolean('has_analyses').notNull(),
  longDescriptionCount: integer('long_description_count').notNull(),
});

export const benefits = pgTable('benefits', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull().unique(),
  uri: text('uri').notNull(),
  createdAt: createdAt(),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  modality: text('modality', { enum: ['monthly', 'yearly'] }).notNull(),
  price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  discount: numeric('discount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  trialTime: integer('trial_time').notNull(),
});

export const planBenefits = pgTable(
  'plan_benefits',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    benefitId: uuid('benefit_id')
      .notNull()
      .references(() => benefits.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.benefitId] })],
);

export const users = pgTable(
  'users',
  {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  phone: text('phone'),
  clinic: text('clinic'),
  role: text('role'),
  cpf: text('cpf'),
  cnpj: text('cnpj'),
  isStaff: boolean('is_staff').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  language: text('language').notNull().default('pt-BR'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The account was deleted (issue 30): the row stays, as `pseudonym`, only while kept bills or orders refer to it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** `deleted-user-<random>`: who the kept records name once the person is erased (services/account-deletion). */
  pseudonym: text('pseudonym').unique(),
  },
  (table) => [uniqueIndex('users_cpf_unique').on(table.cpf).where(sql`${table.cpf} IS NOT NULL`)],
);

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** One row per issued refresh token (jti); a login starts a family, each refresh replaces a row (docs/api.md). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
    replacedBy: uuid('replaced_by'),
    replacedAt: timestampTz('replaced_at'),
    revokedAt: timestampTz('revoked_at'),
    /** The device that asked for this token (issue 31's device list): its User-Agent and address. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/** An authenticator app's secret (RFC 6238), in use once a first code confirmed it; a code's step at most once. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestampTz('confirmed_at'),
  /** The time step of the last accepted code: that code, and any older one, is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use codes for a lost authenticator, stored as argon2 hashes (as passwords). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** WebAuthn credentials (passkeys), named by their owner; a passkey alone signs in (discoverable). */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

export const USER_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;

/** Single-use links sent by e-mail; only a SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('user_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Fixed-window counters shared by every API process. */
/**
 * WebAuthn challenges already answered (issue 31): a challenge lives in a signed cookie, not a table, so this is
 * what makes each one good once, across processes; a row goes once the cookie would have expired anyway.
 */
export const spentWebauthnChallenges = pgTable('spent_webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestampTz('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

/** Server-generated settings shared by every process (the signing key when SECRET_KEY is not set). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Files kept for a user (calibration image sets, later reports and bills); bytes live in storage under `storageKey`. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  /** Bytes; bigint since resumable uploads reach 2 GiB (migration 0004). */
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  /** DICOM images: the identifying elements of the PS3.15 profile still in them ([]: de-identified); null: not DICOM or not checked (issue 19). */
  identifyingElements: jsonb('identifying_elements').$type<string[]>(),
  createdAt: createdAt(),
});

export const calibrations = pgTable(
  'calibrations',
  {
    /** Client-generated UUID (local-first creates). */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isotope: text('isotope')
      .notNull()
      .references(() => isotopes.name),
    calibrationName: text('calibration_name').notNull(),
    syringeActivity: doublePrecision('syringe_activity').notNull(),
    residualSyringeActivity: doublePrecision('residual_syringe_activity').notNull(),
    measurementDatetime: timestampTz('measurement_datetime').notNull(),
    phantomVolume: doublePrecision('phantom_volume').notNull(),
    acquisitionTime: doublePrecision('acquisition_time').notNull().default(0),
    imagesFileId: uuid('images_file_id').references(() => files.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    modifiedAt: timestampTz('modified_at').notNull().defaultNow(),
  },
  (table) => [
    unique('calibrations_user_name_unique').on(table.userId, table.calibrationName),
    index('calibrations_user_created_idx').on(table.userId, table.createdAt),
  ],
);

export const NOTIFICATION_KINDS = ['processing', 'update', 'success', 'error'] as const;

/** In-app notifications; the text is a translation key rendered in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    messageKey: text('message_key').notNull(),
    messageValues: jsonb('message_values').$type<Record<string, string | number>>().notNull().default({}),
    checked: boolean('checked').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);

/** Stored answers of mutations sent with an Idempotency-Key (docs/api.md), kept 7 days. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['started', 'done'] }).notNull(),
    status: integer('status'),
    body: text('body'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/**
 * Web Push subscriptions (a browser's PushSubscription), one per endpoint. `sessionId` is the refresh-token
 * family that registered it: revoking that session (logout, password change or reset) removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    sessionId: uuid('session_id').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestampTz('last_success_at'),
    /** Failed sends since the last success. */
    failures: integer('failures').notNull().default(0),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId), index('push_subscriptions_session_idx').on(table.sessionId)],
);

export const UPLOAD_STATUSES = ['receiving', 'complete', 'failed', 'consumed'] as const;

/**
 * Resumable (tus) uploads: `id` is the tus id. A complete upload is consumed once, by the calibration or
 * analysis that names it (`imagesUploadId`); unconsumed ones are swept after `expires_at`.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('receiving'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    consumedAt: timestampTz('consumed_at'),
    /** Found when the upload ended (services/dicom-identity.ts); the file row made of it keeps it. */
    identifyingElements: jsonb('identifying_elements').$type<string[]>(),
  },
  (table) => [index('uploads_user_idx').on(table.userId), index('uploads_expires_idx').on(table.expiresAt)],
);

/**
 * Upload metadata shared by every API process (the `cache` of @tus/s3-store, storage/db-kv-store.ts): a key
 * and its value as JSON text (text, not jsonb: a `\u0000` in client metadata must round-trip). Only a cache of
 * the S3 `.info` objects; an entry goes when its upload finishes or is removed, and is ignored and purged once
 * older than the upload expiry.
 */
export const uploadCache = pgTable(
  'upload_cache',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('upload_cache_updated_idx').on(table.updatedAt)],
);

/** Awaiting payment, confirmed, refunded (staff gave the money back: the order or subscription ends). */
export const PAYMENT_STATUSES = ['APG', 'CON', 'REF'] as const;
/** How a bill is paid: a boleto (line, barcode, PDF) or a PIX charge (BR Code, expiry). */
export const PAYMENT_METHODS = ['boleto', 'pix'] as const;

/** A service hired by a user (docs/v1-contract.md §3.4), created by staff; `remaining` analyses may still be sent. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Sequential number, part of the human-readable `code`. */
    number: serial('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    /** BRL */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    statusPayment: text('status_payment', { enum: PAYMENT_STATUSES }).notNull().default('APG'),
    /** How the user pays its bill: their choice until staff issue the bill, then how staff billed it. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('boleto'),
    /** What the user chose (on the quote request, or on the order before its bill); null when they never did. */
    chosenPaymentMethod: text('chosen_payment_method', { enum: PAYMENT_METHODS }),
    active: boolean('active').notNull().default(true),
    code: text('code').notNull(),
    billFileId: uuid('bill_file_id').references(() => files.id, { onDelete: 'set null' }),
    billUrl: text('bill_url'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    modifiedAt: timestampTz('modified_at').notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    check('orders_remaining_range', sql`${table.remaining} >= 0 AND ${table.remaining} <= ${table.quantity}`),
  ],
);

export const ANALYSIS_STATUSES = ['DS', 'AI', 'II', 'PR', 'CO'] as const;

/** One analysis of an order (docs/v1-contract.md §3.6; the four v1 tables in one, fields by the order's service). */
export const analyses = pgTable(
  'analyses',
  {
    /** Client-generated UUID (local-first creates). */
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analysisName: text('analysis_name').notNull(),
    status: text('status', { enum: ANALYSIS_STATUSES }).notNull().default('DS'),
    messageToUser: text('message_to_user').notNull().default(''),
    /** dosi-clin, dosi-preclin: one of the user's calibrations (deleting it is refused while used). */
    calibrationId: uuid('calibration_id').references(() => calibrations.id),
    injectedActivity: doublePrecision('injected_activity'),
    administrationDatetime: timestampTz('administration_datetime'),
    /** radiosino */
    isotope: text('isotope').references(() => isotopes.name),
    imagesFileId: uuid('images_file_id').references(() => files.id, { onDelete: 'set null' }),
    reportFileId: uuid('report_file_id').references(() => files.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    modifiedAt: timestampTz('modified_at').notNull().defaultNow(),
  },
  (table) => [
    unique('analyses_order_name_unique').on(table.orderId, table.analysisName),
    index('analyses_order_created_idx').on(table.orderId, table.createdAt),
    index('analyses_calibration_idx').on(table.calibrationId),
  ],
);

/** Quote (budget) requests (docs/v1-contract.md §1.17; stored: docs/api.md deviations), mailed to the company. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    /** Client-generated UUID (local-first creates). */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    fields: jsonb('fields').$type<Record<string, string | number>>().notNull(),
    /** How the user would pay the order made from it (v1 requests, which send none: a boleto). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('boleto'),
    /** The staff inbox (issue 17): when and by whom it was answered (null: new). */
    answeredAt: timestampTz('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** What staff told the client when marking it answered (issue 29): shown in My quotes and mailed. */
    answer: text('answer'),
    /** The order staff created from it ("Create order" on the quote), when any. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [index('quote_requests_user_created_idx').on(table.userId, table.createdAt), index('quote_requests_created_idx').on(table.createdAt)],
);

/**
 * Subscriptions to a plan (docs/v1-contract.md §1.16, docs/domain.md "Plans"): price, discount and modality as
 * the catalog had them at checkout; the trial, then hired periods; `activated` gates the plan's benefits. One
 * per plan per user. The id is the client's (a checkout confirmed offline is sent once).
 */
export const subscriptions = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** USD */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** USD */
    discount: numeric('discount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    modality: text('modality', { enum: ['monthly', 'yearly'] }).notNull(),
    testPeriodInitial: date('test_period_initial', { mode: 'string' }).notNull(),
    testPeriodEnd: date('test_period_end', { mode: 'string' }).notNull(),
    hiredPeriodInitial: date('hired_period_initial', { mode: 'string' }),
    hiredPeriodEnd: date('hired_period_end', { mode: 'string' }),
    activated: boolean('activated').notNull().default(true),
    statusPayment: text('status_payment', { enum: PAYMENT_STATUSES }).notNull().default('APG'),
    /** Chosen at checkout: a boleto issued at the trial's end, or a PIX charge the user makes when paying. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('boleto'),
    billFileId: uuid('bill_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The lifecycle job's claim while it issues this subscription's bill (a lease: a crashed run's claim expires). */
    billClaimedUntil: timestampTz('bill_claimed_until'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    modifiedAt: timestampTz('modified_at').notNull().defaultNow(),
  },
  (table) => [unique('signatures_user_plan_unique').on(table.userId, table.planId), index('signatures_user_created_idx').on(table.userId, table.createdAt)],
);

/** Leases of the scheduled jobs: one process at a time runs a job (the lease expires if that process dies). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestampTz('until').notNull(),
});

export const BILL_STATUSES = ['open', 'paid', 'refunded'] as const;

/** Boletos issued for orders through a payment provider (src/server/payments); the order's bill PDF is `fileId`. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What the bill is for: an order, or a subscription's next period (exactly one of the two). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('signature_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerBillId: text('provider_bill_id').notNull(),
    /** Centavos (10 digits fit a boleto). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** A subscription's bill: the plan's total in US cents and the BRL per USD rate it was converted at (orders: null). */
    usdAmountCents: bigint('usd_amount_cents', { mode: 'number' }),
    usdBrlRate: numeric('usd_brl_rate', { precision: 10, scale: 4 }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('boleto'),
    /** A boleto's 47-digit linha digitável (PIX: null). */
    line: text('line'),
    /** A boleto's 44-digit barcode (PIX: null). */
    barcode: text('barcode'),
    /** A PIX charge's BR Code (the copy-paste code, the QR code's text); `providerBillId` is its txid. */
    pixCode: text('pix_code'),
    /** A PIX charge is paid by then; a payment after it is still taken, and staff are told. */
    expiresAt: timestampTz('expires_at'),
    /** A refund through the provider (status `refunded`), and who asked for it. */
    refundedAt: timestampTz('refunded_at'),
    /** The payer's CPF or CNPJ the bill was issued to (from then on read-only on the profile). */
    payerDocument: text('payer_document').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** What a boleto's PDF prints besides the columns above, kept so that it is drawn on its first download (issue 35): the payer's name as issued, our document number, the instructions' lines. */
    payerName: text('payer_name'),
    documentNumber: text('document_number'),
    instructions: jsonb('instructions').$type<string[]>(),
    status: text('status', { enum: BILL_STATUSES }).notNull().default('open'),
    paidAt: timestampTz('paid_at'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('bills_provider_bill_unique').on(table.provider, table.providerBillId),
    index('bills_order_idx').on(table.orderId),
    index('bills_signature_idx').on(table.subscriptionId),
    check('bills_one_subject', sql`(${table.orderId} is null) <> (${table.subscriptionId} is null)`),
    index('bills_line_idx').on(table.line),
    index('bills_file_idx').on(table.fileId),
  ],
);

/** Webhook events a provider delivered and we acted on; the unique id makes a retried delivery do nothing again. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (table) => [unique('payment_events_provider_event_unique').on(table.provider, table.eventId)],
);

export const MAIL_STATES = ['pending', 'sent', 'failed'] as const;

/**
 * Mail waiting to go out (services/mail-queue.ts): written in the transaction of what causes it, sent after
 * commit, retried with backoff until sent or given up. `next_attempt_at` is also a sender's claim: a process
 * that takes a row moves it a lease ahead, so no other process sends it meanwhile.
 */
export const outgoingMails = pgTable(
  'outgoing_mails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What caused it (`contact`, `quote`), for the log. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    state: text('state', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [index('outgoing_mails_due_idx').on(table.state, table.nextAttemptAt)],
);

/** Messages of the public contact form (docs/v1-contract.md §1.20; stored: docs/api.md deviations), for the staff inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    clinic: text('clinic').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The visitor's language, to answer in it. */
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/**
 * The staff audit log (issue 17): every staff write and every staff download of another user's file, with the
 * values before and after. Append-only: no route or service changes or deletes a row, and a trigger refuses
 * UPDATE and DELETE (migration). `staff_id` has no foreign key, so deleting an account keeps its entries.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: timestampTz('at').notNull().defaultNow(),
    staffId: uuid('staff_id').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_staff_at_idx').on(table.staffId, table.at),
    index('audit_log_record_idx').on(table.recordType, table.recordId, table.at),
  ],
);

/**
 * Issue 30: which version of the terms of use and of the privacy notice each user accepted, and when (LGPD art. 8:
 * the controller proves the consent). Only inserted: a new version is a new row, so the history stays whole.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document', { enum: ['terms', 'privacy'] }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestampTz('accepted_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [unique('consents_user_document_version_unique').on(table.userId, table.document, table.version)],
);

export const DATA_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

/**
 * "Download my data" (issue 30, docs/privacy-export.md): one zip per request, built by a background job. At most
 * one queued or running export per user (the partial unique index: a second request joins it, in any process);
 * `lease_until` is the claim of the process building it (a dead process's export is taken over once it passes).
 * The zip lives in the upload store under `storage_id` (local or S3) until `expires_at`, then the sweep removes
 * it and the row stays `expired` (its link answers 410).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member who produced it on the user's request (null: the user). No foreign key, as the audit log. */
    requestedBy: uuid('requested_by'),
    state: text('state', { enum: DATA_EXPORT_STATES }).notNull().default('queued'),
    language: text('language').notNull(),
    doneBytes: bigint('done_bytes', { mode: 'number' }).notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    storageId: uuid('storage_id'),
    size: bigint('size', { mode: 'number' }),
    leaseUntil: timestampTz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
    expiresAt: timestampTz('expires_at'),
  },
  (table) => [
    uniqueIndex('data_exports_one_active').on(table.userId).where(sql`${table.state} in ('queued', 'running')`),
    index('data_exports_user_created_idx').on(table.userId, table.createdAt),
    index('data_exports_state_idx').on(table.state),
  ],
);
