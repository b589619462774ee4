import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const users = pgTable('users', {
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
});
