// The database schema (Drizzle). `npm run db:generate` turns changes into SQL migrations under
// ./migrations, applied at startup for PGlite and PostgreSQL alike. The server keeps no state
// in process: codes, rate limits and sessions are rows, so instances can scale out.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull().unique(),
    role: text('role', { enum: ['student', 'teacher'] }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    pan: text('pan'),
    username: text('username').unique(),
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    kycApprovedAt: at('kyc_approved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('student', 'teacher')`)],
);

export const pgOnboarding = pgTable(
  'pg_onboarding',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pgName: text('pg_name').notNull(),
    status: text('status').notNull(),
    merchantId: text('merchant_id'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pg_onboarding_user_pg_idx').on(t.userId, t.pgName)],
);

// D16: only what we need after verification; the full account number is never stored.
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountNumberMasked: text('account_number_masked').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name'),
    nameAtBank: text('name_at_bank'),
    verified: boolean('verified').notNull().default(false),
    verificationReference: text('verification_reference'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('bank_accounts_user_idx').on(t.userId)],
);

// D12: one row per code sent; only the newest code of a phone can be used.
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    role: text('role', { enum: ['student', 'teacher'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_codes_phone_created_idx').on(t.phone, t.createdAt)],
);

// D12: each wrong try, so the per-day limit is a rolling window across codes.
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_failures_phone_created_idx').on(t.phone, t.createdAt)],
);

// D13: the token itself is never stored, only its SHA-256.
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// The dev SMS provider's outbox, read by the sandbox page and e2e journeys.
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_created_idx').on(t.phone, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];
