import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  },
  (table) => [uniqueIndex('users_cpf_unique').on(table.cpf).where(sql`${table.cpf} IS NOT NULL`)],
);

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** One row per issued refresh token (jti); a login starts a family, each refresh replaces a row (API.md). */
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
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
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
