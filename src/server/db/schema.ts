// The database schema (Drizzle). `npm run db:generate` turns changes into SQL migrations under
// ./migrations, applied at startup for PGlite and PostgreSQL alike. The server keeps no state
// in process: codes, rate limits and sessions are rows, so instances can scale out. Enum
// columns and their checks are built from src/domain's lists, so neither can drift from them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  DEBIT_ATTEMPTS,
  DEBIT_STATES,
  FINAL_MANDATE_STATUSES,
  MANDATE_CAP_PAISE,
  MANDATE_STATUSES,
  NOTICE_MIN_MS,
} from '../../domain/autopay';
import { PAYMENT_METHODS, USER_ROLES } from '../../domain/constants';
import { FEE_PLAN_KINDS } from '../../domain/feePlans';
import { LOCALES } from '../../domain/locale';
import { CHILD_DECISIONS, CONSENT_KINDS } from '../../domain/privacy';
import {
  DUE_SETTLEMENTS,
  DUE_STATUSES,
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  REMINDER_SKIPS,
  TEXT_CHANNELS,
  TEXT_STATUSES,
} from '../../domain/dues';
import { TAX_DOCUMENT_KINDS, type TaxLineItem } from '../../domain/gstTax';
import {
  ORDER_STATUSES,
  PAYMENT_LINK_STATUSES,
  PAYOUT_STATUSES,
  REFUND_CAUSES,
  REFUND_STATUSES,
} from '../../domain/statuses';

/**
 * A check that `column` holds one of `values`: src/domain's list, so the SQL cannot drift from
 * it. The values are written into the SQL (a check takes no parameters); they are our constants.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money is integer paise (D9, D38); bigint so sums never overflow, read as a safe number. */
const paise = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull().unique(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** D315: the PAN sealed (crypto/sealing.ts) and its keyed hash for equality look-ups. */
    panSealed: text('pan_sealed'),
    panHash: text('pan_hash'),
    username: text('username').unique(),
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    kycApprovedAt: at('kyc_approved_at'),
    /** Issue 15: the language the user last used the app in; their texts are in it. */
    language: text('language', { enum: LOCALES }).notNull().default('en'),
    /** Issue 49 (D250): the payer's email, which the gateway's mandates need; not verified yet. */
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** D322: erased at the person's request; the row stays as an anonymous tombstone. */
    erasedAt: at('erased_at'),
  },
  (t) => [
    check('users_role_check', oneOf(t.role, USER_ROLES)),
    check('users_language_check', oneOf(t.language, LOCALES)),
    // D316: one tutor account per PAN (students may share one: a parent paying for two).
    uniqueIndex('users_tutor_pan_idx')
      .on(t.panHash)
      .where(sql`${t.role} = 'teacher'`),
  ],
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
  (t) => [
    uniqueIndex('pg_onboarding_user_pg_idx').on(t.userId, t.pgName),
    // Status webhooks find the tutor by the gateway's merchant id.
    uniqueIndex('pg_onboarding_merchant_idx').on(t.pgName, t.merchantId),
  ],
);

// D16: only what we need after verification; the full account number is never stored. The
// fingerprint (an HMAC of bank and number under APP_SECRET) tells the same account added twice
// apart without keeping the number; demo rows have none.
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
    /** D317: the gateway's penny-drop reference, sealed: with it the gateway tells the account. */
    verificationReferenceSealed: text('verification_reference_sealed'),
    accountFingerprint: text('account_fingerprint'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId),
    uniqueIndex('bank_accounts_user_fingerprint_idx').on(t.userId, t.accountFingerprint),
  ],
);

// D12: one row per code sent; only the newest code of a phone can be used.
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
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

// D13: the token itself is never stored, only its SHA-256. D242: one per device, alive until
// 30 days after its last use (`last_used_at`, moved on at most once an hour).
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
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    /** The device as its browser names itself ('Chrome on Android'), for the device list. */
    device: text('device').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// D121: text messages sent through the SMS job (invitations; reminders later): what to send,
// what became of it (the provider's request id and delivery report). OTPs are sent at once and
// never stored here: their variables are the code.
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** D151: SMS (MSG91) or WhatsApp (the Cloud API); a WhatsApp text that fails goes by SMS. */
    channel: text('channel', { enum: TEXT_CHANNELS }).notNull().default('sms'),
    template: text('template').notNull(),
    vars: jsonb('vars').notNull(),
    /** Issue 15: the recipient's language, which registered template goes. */
    language: text('language', { enum: LOCALES }).notNull().default('en'),
    status: text('status', { enum: TEXT_STATUSES }).notNull(),
    /** The SMS sent instead when this WhatsApp text failed. */
    replacedBy: integer('replaced_by'),
    attempts: integer('attempts').notNull().default(0),
    providerRequestId: text('provider_request_id'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_status_created_idx').on(t.status, t.createdAt),
    index('sms_messages_request_idx').on(t.providerRequestId),
    check('sms_messages_language_check', oneOf(t.language, LOCALES)),
    check('sms_messages_status_check', oneOf(t.status, TEXT_STATUSES)),
    check('sms_messages_channel_check', oneOf(t.channel, TEXT_CHANNELS)),
  ],
);

// D19: one-off links a tutor creates; a student pays each once. A link past expires_at reads
// as EXPIRED at once; the sweep also writes EXPIRED and ends its open checkouts (D113).
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').primaryKey(),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => users.id),
    amount: paise('amount').notNull(),
    purpose: text('purpose').notNull(),
    studentPhone: text('student_phone'),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull(),
    expiresAt: at('expires_at').notNull(),
    /** The order that paid the link (D19: paid once). */
    orderId: text('order_id').references((): AnyPgColumn => orders.id),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_links_payee_created_idx').on(t.payeeId, t.createdAt),
    check('payment_links_status_check', oneOf(t.status, PAYMENT_LINK_STATUSES)),
    check('payment_links_amount_check', sql`${t.amount} > 0`),
  ],
);

// Payment orders on the gateway (D6, D9, D10). Amounts in paise; `total` is what the gateway
// charges. `payment_session_id` is null only while the gateway order is being created.
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => users.id),
    baseAmount: paise('base_amount').notNull(),
    fee: paise('fee').notNull(),
    charges: paise('charges').notNull(),
    total: paise('total').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    settlementType: text('settlement_type').notNull(),
    paymentLinkId: text('payment_link_id').references(() => paymentLinks.id),
    bookSession: boolean('book_session').notNull().default(false),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    cfOrderId: text('cf_order_id'),
    paymentSessionId: text('payment_session_id'),
    gatewayExpiresAt: at('gateway_expires_at'),
    paidAt: at('paid_at'),
    /** When the reconcile job should next re-read this open order; null once final (D111). */
    nextCheckAt: at('next_check_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_next_check_idx').on(t.nextCheckAt),
    // The double-click check: the payer's recent orders.
    index('orders_payer_created_idx').on(t.payerId, t.createdAt),
    // D10: the payee's paid total.
    index('orders_payee_status_idx').on(t.payeeId, t.status),
    index('orders_payment_link_idx').on(t.paymentLinkId),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_method_check', oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check(
      'orders_amounts_check',
      sql`${t.baseAmount} > 0 and ${t.fee} >= 0 and ${t.charges} >= 0 and ${t.total} = ${t.baseAmount} + ${t.fee} + ${t.charges}`,
    ),
  ],
);

// Every payment attempt the gateway reported for an order (webhooks and re-reads).
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    cfPaymentId: text('cf_payment_id').notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    amount: paise('amount').notNull(),
    paymentGroup: text('payment_group'),
    message: text('message'),
    paymentTime: at('payment_time'),
    bankReference: text('bank_reference'),
    errorCode: text('error_code'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payment_attempts_order_idx').on(t.orderId)],
);

// Verified payment webhooks, stored as received and applied by a job (D110): the same payment
// with the same status again is a duplicate.
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    id: serial('id').primaryKey(),
    cfPaymentId: text('cf_payment_id').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orderId: text('order_id').notNull(),
    eventType: text('event_type').notNull(),
    eventTime: text('event_time'),
    /** The verified event (the adapter's PaymentWebhook), applied by the job. */
    payload: jsonb('payload'),
    appliedAt: at('applied_at'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_receipts_payment_status_idx').on(t.cfPaymentId, t.paymentStatus),
    index('webhook_receipts_unapplied_idx')
      .on(t.receivedAt)
      .where(sql`${t.appliedAt} is null`),
  ],
);

// Idempotency-Key of createOrder, per caller: the request's fingerprint and, once answered,
// the order it created. Rows older than a day are forgotten.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    response: jsonb('response'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// D20, D36: tuition sessions, booked with a payment or directly.
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    amount: paise('amount').notNull(),
    starttime: at('starttime').notNull(),
    endtime: at('endtime').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedules_teacher_start_idx').on(t.teacherId, t.starttime),
    index('schedules_student_start_idx').on(t.studentId, t.starttime),
    uniqueIndex('schedules_order_idx').on(t.orderId),
    check('schedules_times_check', sql`${t.endtime} > ${t.starttime}`),
  ],
);

// A student's refund request for a paid order (the terms: within 24 hours of payment and before
// settlement); the tutor approves or declines; an approved one goes to the gateway's refund API.
// One per order, never more than was paid.
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id),
    /** What goes back to the student: at most the order's total. */
    amount: paise('amount').notNull(),
    reason: text('reason').notNull(),
    /** Set when the platform refunds on its own (D112): why, as a code; null for a request. */
    cause: text('cause', { enum: REFUND_CAUSES }),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** When the refund job should next send or re-read this PENDING refund. */
    nextCheckAt: at('next_check_at'),
    /** Our refund id at the gateway (refund_id) and the gateway's own (cf_refund_id). */
    gatewayRefundId: text('gateway_refund_id'),
    cfRefundId: text('cf_refund_id'),
    failureReason: text('failure_reason'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    refundedAt: at('refunded_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_order_idx').on(t.orderId),
    index('refunds_tutor_requested_idx').on(t.tutorId, t.requestedAt),
    index('refunds_student_requested_idx').on(t.studentId, t.requestedAt),
    index('refunds_next_check_idx').on(t.nextCheckAt),
    check('refunds_cause_check', sql`${t.cause} is null or ${oneOf(t.cause, REFUND_CAUSES)}`),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

// D19: a tutor's API keys for the Token scheme. Only a hash is kept; the key is shown once.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, so the tutor can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

// Rolling-window rate limits that hold across instances (phone look-ups, tutor invitations).
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_created_idx').on(t.bucket, t.createdAt)],
);

// Issue 14: the students a tutor keeps (added one by one or from a CSV). A student or parent
// needs no account: the phone is who they are, once per tutor.
export const tutorStudents = pgTable(
  'tutor_students',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The parent who pays, when set: reminders and links go to them. */
    parentName: text('parent_name'),
    parentPhone: text('parent_phone'),
    batch: text('batch'),
    /** D234: the batch as plans match it (domain batchKey: no case, no spaces). */
    batchKey: text('batch_key'),
    /** D320: under 18; the tutor said the parent's consent was obtained, the parent confirms. */
    minor: boolean('minor').notNull().default(false),
    parentConsentNotedAt: at('parent_consent_noted_at'),
    /** D322: erased at the student's (or, for a child, the parent's) request. */
    erasedAt: at('erased_at'),
    /**
     * D210: when the tutor vouched for these phones (added one by one: at once; from a CSV: when
     * they confirm the import). No reminder goes to a phone the tutor has not confirmed.
     */
    confirmedAt: at('confirmed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** D230: when the student joined their batch (added, moved or back): batch plans count from it. */
    batchSince: at('batch_since').notNull().defaultNow(),
    /** D230: when the student was added or came back: every plan counts from it. */
    activeSince: at('active_since').notNull().defaultNow(),
    /** D230: marked left: no plan makes their dues. */
    leftAt: at('left_at'),
  },
  (t) => [
    uniqueIndex('tutor_students_tutor_phone_idx').on(t.tutorId, t.phone),
    index('tutor_students_tutor_batch_idx').on(t.tutorId, t.batchKey),
    // A payer's students (reminders, 'My dues'), with every tutor: by either phone.
    index('tutor_students_phone_idx').on(t.phone),
    index('tutor_students_parent_phone_idx').on(t.parentPhone),
    index('tutor_students_tutor_name_idx').on(t.tutorId, t.name),
    // Issue 51: the reminder pass walks a tutor's payers in order, a batch at a time (D275).
    index('tutor_students_tutor_payer_idx').on(
      t.tutorId,
      sql`coalesce(${t.parentPhone}, ${t.phone})`,
    ),
  ],
);

// Issue 14: a tutor's fee plan, for one student or a whole batch: monthly (amount, due day,
// start month), instalments (dated parts of a total) or one-time. Amounts in paise (D9).
// Ending a plan stops its future dues; a plan is never deleted (dues point at it).
export const feePlans = pgTable(
  'fee_plans',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: FEE_PLAN_KINDS }).notNull(),
    /** For one student, or (`batch`) for every student of a batch. */
    studentId: integer('student_id').references(() => tutorStudents.id, { onDelete: 'cascade' }),
    batch: text('batch'),
    /** D234: the batch as it matches students (domain batchKey). */
    batchKey: text('batch_key'),
    /** Monthly: each month's fee; one-time: the fee; instalments: their total. */
    amount: paise('amount').notNull(),
    dueDay: integer('due_day'),
    /** Monthly: the first month, 'YYYY-MM' (IST). */
    startMonth: text('start_month'),
    /** D235: monthly: the last month, or null: until the plan is ended. */
    endMonth: text('end_month'),
    /** One-time: 'YYYY-MM-DD' (IST). */
    dueDate: text('due_date'),
    instalments: jsonb('instalments').$type<{ dueDate: string; amount: number }[]>(),
    /** Partial payment allowed, with at least this much (paise); null: the whole due only. */
    partialMinimum: paise('partial_minimum'),
    /** The reminder ladder: days from the due date (-3: three days before), D148. */
    reminderDays: jsonb('reminder_days')
      .$type<number[]>()
      .notNull()
      .default(sql`'[-3, 0, 3, 7]'::jsonb`),
    createdAt: at('created_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('fee_plans_tutor_idx').on(t.tutorId),
    // A running plan's name is the tutor's one way to name it (the CSV's plan column).
    uniqueIndex('fee_plans_tutor_name_idx')
      .on(t.tutorId, t.name)
      .where(sql`${t.endedAt} is null`),
    check('fee_plans_amount_check', sql`${t.amount} > 0`),
    check('fee_plans_target_check', sql`(${t.studentId} is null) <> (${t.batch} is null)`),
    check('fee_plans_due_day_check', sql`${t.dueDay} is null or ${t.dueDay} between 1 and 28`),
  ],
);

// Issue 14: what a student owes a tutor under a plan for one period ('2025-02' of a monthly
// plan, 'part-2' of instalments, 'once'). Made ahead of time by the dues job, once per plan,
// student and period (the unique index decides between racing workers). Overdue is not
// stored: an open or partly paid due past its date is overdue (D146).
export const dues = pgTable(
  'dues',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => feePlans.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => tutorStudents.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** 'YYYY-MM-DD' (IST). */
    dueDate: text('due_date').notNull(),
    amount: paise('amount').notNull(),
    paid: paise('paid').notNull().default(0),
    status: text('status', { enum: DUE_STATUSES }).notNull().default('open'),
    /** How a due the tutor settled by hand was paid ('cash', 'other'), or why it was waived. */
    settledBy: text('settled_by', { enum: DUE_SETTLEMENTS }),
    note: text('note'),
    settledAt: at('settled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dues_plan_student_period_idx').on(t.planId, t.studentId, t.period),
    index('dues_tutor_date_idx').on(t.tutorId, t.dueDate),
    index('dues_student_date_idx').on(t.studentId, t.dueDate),
    check(
      'dues_amount_check',
      sql`${t.amount} > 0 and ${t.paid} >= 0 and ${t.paid} <= ${t.amount}`,
    ),
  ],
);

// D147: the dues a payment link is for. Paying the link settles them oldest first, and
// `applied` keeps what the payment put toward each (the receipt names them).
// D207: `open_for` is the payer's phone while the link may still be paid; one such row per due
// and payer (the partial unique index). Opening a link clears it on the links that ended.
export const linkDues = pgTable(
  'link_dues',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    dueId: integer('due_id')
      .notNull()
      .references(() => dues.id, { onDelete: 'cascade' }),
    applied: paise('applied'),
    openFor: text('open_for'),
  },
  (t) => [
    uniqueIndex('link_dues_link_due_idx').on(t.linkId, t.dueId),
    index('link_dues_due_idx').on(t.dueId),
    uniqueIndex('link_dues_open_idx')
      .on(t.dueId, t.openFor)
      .where(sql`${t.openFor} is not null`),
  ],
);

// D237: cash a tutor received for a student, with the day it was paid: it settled the student's
// open dues oldest first (cash_payment_dues says how much went to each) and is the payer's
// receipt. Amounts in paise.
export const cashPayments = pgTable(
  'cash_payments',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => tutorStudents.id, { onDelete: 'cascade' }),
    /** Who paid it: the student's payer when it was recorded. */
    payerPhone: text('payer_phone').notNull(),
    amount: paise('amount').notNull(),
    /** 'YYYY-MM-DD' (IST). */
    receivedOn: text('received_on').notNull(),
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('cash_payments_payer_idx').on(t.payerPhone, t.createdAt),
    index('cash_payments_student_idx').on(t.studentId),
    check('cash_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

export const cashPaymentDues = pgTable(
  'cash_payment_dues',
  {
    cashPaymentId: integer('cash_payment_id')
      .notNull()
      .references(() => cashPayments.id, { onDelete: 'cascade' }),
    dueId: integer('due_id')
      .notNull()
      .references(() => dues.id, { onDelete: 'cascade' }),
    applied: paise('applied').notNull(),
  },
  (t) => [
    uniqueIndex('cash_payment_dues_idx').on(t.cashPaymentId, t.dueId),
    check('cash_payment_dues_applied_check', sql`${t.applied} > 0`),
  ],
);

// D148: every fee reminder, sent, failed or skipped (and why). One per tutor, payer and IST
// day, whatever runs at once: the unique index is the slot.
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payerPhone: text('payer_phone').notNull(),
    payerName: text('payer_name').notNull(),
    /** 'YYYY-MM-DD' (IST). */
    day: text('day').notNull(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /**
     * Why it was not sent, or null: then the text message carries the outcome. D210: a phone
     * the tutor has not confirmed, the tutor's daily cap, the platform's daily ceiling.
     */
    skipped: text('skipped', { enum: REMINDER_SKIPS }),
    amount: paise('amount').notNull(),
    linkId: text('link_id').references(() => paymentLinks.id),
    smsMessageId: integer('sms_message_id').references(() => smsMessages.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminders_slot_idx').on(t.tutorId, t.payerPhone, t.day),
    index('reminders_tutor_created_idx').on(t.tutorId, t.createdAt),
    check(
      'reminders_skipped_check',
      sql`${t.skipped} is null or ${oneOf(t.skipped, REMINDER_SKIPS)}`,
    ),
  ],
);

// D210: reminders sent on an IST day, per scope: 'tutor:<id>' (the tutor's daily cap) and
// 'channel:sms' / 'channel:whatsapp' (the platform's daily ceiling per channel). A reminder's
// transaction adds itself last, only while the count is under its limit, so the row's lock is
// held for the commit alone and racing workers never pass a limit.
export const reminderCounts = pgTable(
  'reminder_counts',
  {
    scope: text('scope').notNull(),
    day: text('day').notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

// D148: payers who replied STOP: no reminder goes to them again.
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: at('created_at').notNull().defaultNow(),
});

// D151: how a tutor's reminders go. No row: the defaults (automatic, by WhatsApp).
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    tutorId: integer('tutor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Off: only the reminders the tutor sends now go out. */
    automatic: boolean('automatic').notNull(),
    /** 'whatsapp': WhatsApp, with SMS when WhatsApp cannot deliver; 'sms': SMS only. */
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('reminder_settings_channel_check', oneOf(t.channel, REMINDER_CHANNELS))],
);

// D319: what a person agreed to and when: the privacy notice (its version) or, for a parent,
// a tutor's child's data. Kept as proof (DPDP s.6(10)) after withdrawal and erasure: it holds
// ids, versions and times only.
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    version: text('version').notNull(),
    /** kind 'child': the tutor's entry of the child the parent answered for. */
    tutorStudentId: integer('tutor_student_id').references(() => tutorStudents.id, {
      onDelete: 'set null',
    }),
    /** kind 'child': the parent confirmed (given) or refused the tutor's record. */
    decision: text('decision', { enum: CHILD_DECISIONS }).notNull().default('given'),
    givenAt: at('given_at').notNull(),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.givenAt),
    uniqueIndex('consents_child_idx')
      .on(t.userId, t.tutorStudentId)
      .where(sql`${t.kind} = 'child'`),
    check('consents_kind_check', oneOf(t.kind, CONSENT_KINDS)),
    check('consents_decision_check', oneOf(t.decision, CHILD_DECISIONS)),
  ],
);

// D323: who read or changed whose personal data, when and from where. Append-only: a trigger
// (migration 0020) refuses every UPDATE, DELETE and TRUNCATE, so no code path can change it.
// Ids only, no personal data in `detail`; no foreign keys, so nothing cascades into it.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** The user who acted; null for the platform itself (a job). */
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    /** Whose data: a user, or a tutor's entry of a student who has no account. */
    subjectUserId: integer('subject_user_id'),
    subjectStudentId: integer('subject_student_id'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.at),
    index('audit_events_subject_idx').on(t.subjectUserId, t.at),
  ],
);

// D322: an erasure: when, and what the law keeps (payment and tax records) until when. `kept`
// is the erased person's identity as those records need it, sealed; the retention job empties
// it at `retain_until` (D321).
export const erasures = pgTable('erasures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  erasedAt: at('erased_at').notNull(),
  retainUntil: at('retain_until'),
  kept: text('kept'),
  /** What was kept, as the person was told: kinds and counts, no personal data. */
  summary: jsonb('summary').$type<{ kind: string; count: number }[]>().notNull(),
  purgedAt: at('purged_at'),
});
// Issue 50 (D267): a user's tax details. A tutor says whether they are registered for GST
// (GSTIN, the state it names, their address) and whether their fees include GST; a payer may
// give the address and state their tax invoices carry (Rule 46(f), and the place of supply).
// No row: an unregistered tutor, a payer with no address on record.
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    registered: boolean('registered').notNull().default(false),
    gstin: text('gstin'),
    /** The name the registration is in, when not the person's own (a trade or firm name). */
    legalName: text('legal_name'),
    address: text('address'),
    /** The GST state code; a registered tutor's is their GSTIN's first two digits. */
    stateCode: text('state_code'),
    feeIncludesGst: boolean('fee_includes_gst').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_profiles_gstin_idx')
      .on(t.gstin)
      .where(sql`${t.gstin} is not null`),
    check(
      'tax_profiles_registered_check',
      sql`not ${t.registered} or (${t.gstin} is not null and ${t.address} is not null and ${t.stateCode} = substr(${t.gstin}, 1, 2))`,
    ),
  ],
);

// D264: the counter of each series of serials, per issuer and financial year. A document takes
// the next number by an UPDATE ... RETURNING of its row in the transaction that issues it, so
// two at once wait for each other, and a transaction that rolls back gives its number back.
export const taxSerials = pgTable(
  'tax_serials',
  {
    /** 'tutor:12:invoice', 'tutor:12:creditNote', 'platform:platformInvoice', ... */
    seriesKey: text('series_key').notNull(),
    /** The financial year by the calendar year it starts in (2025 for 2025-26). */
    fyStart: integer('fy_start').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesKey, t.fyStart] }),
    check('tax_serials_last_check', sql`${t.last} >= 1`),
  ],
);

// D265: what each payment's documents said when they were issued, kept as issued (a later
// change of profile changes no document). Kinds: the unregistered tutor's receipt (no GST, no
// serial), the registered tutor's tax invoice, our platform fee's invoice, and a credit note
// for each of the two invoices when the payment is refunded. One of each kind per payment.
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    refundId: text('refund_id').references(() => refunds.id),
    /** The tutor whose document it is (all five kinds are about one of their payments). */
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id),
    /** The tax_serials row it numbered from; null for a receipt. */
    seriesKey: text('series_key'),
    fyStart: integer('fy_start').notNull(),
    number: integer('number'),
    serial: text('serial'),
    issuedAt: at('issued_at').notNull(),
    /** A credit note's invoice. */
    originalId: integer('original_id').references((): AnyPgColumn => taxDocuments.id),
    supplier: jsonb('supplier').$type<TaxParty>().notNull(),
    recipient: jsonb('recipient').$type<TaxParty>().notNull(),
    placeOfSupply: text('place_of_supply'),
    sac: text('sac'),
    /** Percent (18); 0 on a receipt. */
    rate: integer('rate').notNull(),
    taxable: paise('taxable').notNull(),
    cgst: paise('cgst').notNull(),
    sgst: paise('sgst').notNull(),
    igst: paise('igst').notNull(),
    total: paise('total').notNull(),
    lines: jsonb('lines').$type<TaxLine[]>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_order_kind_idx').on(t.orderId, t.kind),
    uniqueIndex('tax_documents_series_number_idx').on(t.seriesKey, t.fyStart, t.number),
    // The year's register of a tutor.
    index('tax_documents_tutor_issued_idx').on(t.tutorId, t.issuedAt),
    check('tax_documents_kind_check', oneOf(t.kind, TAX_DOCUMENT_KINDS)),
    check(
      'tax_documents_numbered_check',
      sql`(${t.kind} = 'receipt') = (${t.serial} is null) and (${t.serial} is null) = (${t.number} is null)`,
    ),
    check(
      'tax_documents_amounts_check',
      sql`${t.taxable} >= 0 and ${t.total} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`,
    ),
  ],
);

// Issue 50 (D268): the gateway's settlements (payouts to a tutor's bank), as its settlement APIs
// and webhooks report them, kept by the worker so the Payouts view reads only our database.
// Amounts are the gateway's, in paise; net = gross - refunds - fees - tax + adjustment.
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    cfSettlementId: text('cf_settlement_id').notNull().unique(),
    /** Whose payments it carries (from the orders in it); null until its items are known. */
    tutorId: integer('tutor_id').references(() => users.id),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    /** As the gateway wrote it (SUCCESS, PENDING_WITH_BANK, ...). */
    gatewayStatus: text('gateway_status').notNull(),
    settlementType: text('settlement_type'),
    utr: text('utr'),
    gross: paise('gross').notNull().default(0),
    refunds: paise('refunds').notNull().default(0),
    serviceCharge: paise('service_charge').notNull().default(0),
    serviceTax: paise('service_tax').notNull().default(0),
    adjustment: paise('adjustment').notNull().default(0),
    net: paise('net').notNull().default(0),
    reason: text('reason'),
    initiatedAt: at('initiated_at'),
    settledAt: at('settled_at'),
    paymentFrom: at('payment_from'),
    paymentTill: at('payment_till'),
    /** When the worker should read it from the gateway again; null once nothing can change. */
    nextCheckAt: at('next_check_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('settlements_tutor_initiated_idx').on(t.tutorId, t.initiatedAt),
    index('settlements_next_check_idx').on(t.nextCheckAt),
    check('settlements_status_check', oneOf(t.status, PAYOUT_STATUSES)),
  ],
);

// D268: what a settlement is made of, from the gateway's reconciliation (payments, refunds,
// adjustments), each naming its order.
export const settlementItems = pgTable(
  'settlement_items',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** PAYMENT, REFUND, REFUND_REVERSAL, DISPUTE, CHARGEBACK, OTHER_ADJUSTMENT, ... */
    eventType: text('event_type').notNull(),
    /** Our order (the gateway's order_id); not a reference: the gateway may name others. */
    orderId: text('order_id'),
    cfPaymentId: text('cf_payment_id'),
    refundId: text('refund_id'),
    amount: paise('amount').notNull(),
    /** What the event adds to the settlement (negative for a refund). */
    settlementAmount: paise('settlement_amount').notNull(),
    serviceCharge: paise('service_charge').notNull().default(0),
    serviceTax: paise('service_tax').notNull().default(0),
    eventTime: at('event_time'),
  },
  (t) => [
    uniqueIndex('settlement_items_event_idx').on(t.settlementId, t.eventId),
    index('settlement_items_order_idx').on(t.orderId),
  ],
);

// D268: verified settlement webhooks, stored as received and applied by the settlement job;
// the same event of the same settlement again is a duplicate.
export const settlementWebhooks = pgTable(
  'settlement_webhooks',
  {
    id: serial('id').primaryKey(),
    cfSettlementId: text('cf_settlement_id').notNull(),
    eventType: text('event_type').notNull(),
    eventTime: text('event_time'),
    payload: jsonb('payload').notNull(),
    appliedAt: at('applied_at'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_webhooks_event_idx').on(t.cfSettlementId, t.eventType),
    index('settlement_webhooks_unapplied_idx')
      .on(t.receivedAt)
      .where(sql`${t.appliedAt} is null`),
  ],
);

/** A party to a tax document, as printed on it. */
export interface TaxParty {
  name: string;
  gstin: string | null;
  address: string | null;
  stateCode: string | null;
  phone?: string | null;
}

/** One item line of a tax document: what it is for, its amount and its taxable value. */
export interface TaxLine {
  /** The tutor's tuition, or our platform fee and its charges (D9). */
  item: TaxLineItem;
  /** What a payment link said it was for, when the payment paid one. */
  purpose?: string | null;
  amount: number;
  taxable: number;
}

// Issue 49 (D245): a payer's UPI Autopay mandate for one student's plan, as the gateway's
// subscription (our id is its subscription_id). One live mandate per plan and student: the
// unique index on the rows not ended decides between racing requests. `status` is the
// gateway's (AUTH_FAILED ours), re-read on each webhook and by the reconcile job (D253).
export const mandates = pgTable(
  'mandates',
  {
    id: text('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => feePlans.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => tutorStudents.id, { onDelete: 'cascade' }),
    /** Who set it up (the parent or the student) and pays: the debits' orders are theirs. */
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MANDATE_STATUSES }).notNull(),
    /** The most one debit may take (paise): the plan's largest due, at most the cap (D246). */
    maxAmount: paise('max_amount').notNull(),
    /** The gateway's plan (ON_DEMAND, plan_max_amount = maxAmount). */
    gatewayPlanId: text('gateway_plan_id').notNull(),
    cfSubscriptionId: text('cf_subscription_id'),
    /** The hosted mandate page's session (subscription_session_id). */
    sessionId: text('session_id'),
    /** The UMN once approved (authorization_reference). */
    authorizationReference: text('authorization_reference'),
    expiresAt: at('expires_at').notNull(),
    /** When the reconcile job should next re-read it from the gateway; null once ended. */
    nextCheckAt: at('next_check_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Set with a final status: the plan and student may have a new mandate. */
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('mandates_live_idx')
      .on(t.planId, t.studentId)
      .where(sql`${t.endedAt} is null`),
    index('mandates_tutor_idx').on(t.tutorId),
    index('mandates_payer_idx').on(t.payerId),
    index('mandates_next_check_idx').on(t.nextCheckAt),
    check('mandates_status_check', oneOf(t.status, MANDATE_STATUSES)),
    check(
      'mandates_ended_check',
      sql`(${t.endedAt} is null) = (not ${oneOf(t.status, FINAL_MANDATE_STATUSES)})`,
    ),
    check(
      'mandates_max_amount_check',
      sql`${t.maxAmount} > 0 and ${t.maxAmount} <= ${sql.raw(String(MANDATE_CAP_PAISE))}`,
    ),
  ],
);

// Issue 49 (D245): one debit per due, ever (the unique index on due_id), written before its
// notice goes: pending -> notified -> executing -> success, failed or cancelled, each step a
// conditional update, so retries, restarts, duplicate webhooks and two workers never debit a
// due twice. Our id is the gateway's payment_id; `amount` is what the notice said and all the
// debit may take. Its payment link (for this due only, never sent) settles the due as any link
// payment does, and a due settled another way cancels it (D251).
export const mandateDebits = pgTable(
  'mandate_debits',
  {
    id: text('id').primaryKey(),
    mandateId: text('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    /** Null once its due was removed (a plan changed or ended): the debit ended before. */
    dueId: integer('due_id').references(() => dues.id, { onDelete: 'set null' }),
    linkId: text('link_id')
      .notNull()
      .references(() => paymentLinks.id),
    amount: paise('amount').notNull(),
    /** The due's date: the debit runs on it, or 24 hours after the notice if later. */
    dueDate: text('due_date').notNull(),
    state: text('state', { enum: DEBIT_STATES }).notNull(),
    /** When the gateway took the notice (notify-mandate). */
    notifiedAt: at('notified_at'),
    /** Executions asked for so far (1 + 3 retries at most). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next execution may be asked for. */
    nextAttemptAt: at('next_attempt_at'),
    /** When the debit job should next look at it (notify, execute or re-read); null once done. */
    nextCheckAt: at('next_check_at'),
    failureCode: text('failure_code'),
    /** What the gateway reported debiting (paise), once it succeeded. */
    debitedAmount: paise('debited_amount'),
    cfPaymentId: text('cf_payment_id'),
    /** The order the success made (receipts, dashboards). */
    orderId: text('order_id').references(() => orders.id),
    /** A cancelled debit whose notice went: when the gateway was told. */
    cancelSentAt: at('cancel_sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mandate_debits_due_idx').on(t.dueId),
    uniqueIndex('mandate_debits_link_idx').on(t.linkId),
    index('mandate_debits_mandate_idx').on(t.mandateId),
    index('mandate_debits_next_check_idx').on(t.nextCheckAt),
    check('mandate_debits_state_check', oneOf(t.state, DEBIT_STATES)),
    // D246: no debit above what a UPI mandate takes without the PIN.
    check(
      'mandate_debits_amount_check',
      sql`${t.amount} > 0 and ${t.amount} <= ${sql.raw(String(MANDATE_CAP_PAISE))}`,
    ),
    // D247: no execution without its notice, nor sooner than 24 hours after it.
    check(
      'mandate_debits_notice_check',
      sql`${t.attempts} = 0 or (${t.notifiedAt} is not null and ${t.nextAttemptAt} >= ${t.notifiedAt} + interval '${sql.raw(String(NOTICE_MIN_MS / 1000))} seconds')`,
    ),
    check(
      'mandate_debits_attempts_check',
      sql`${t.attempts} >= 0 and ${t.attempts} <= ${sql.raw(String(DEBIT_ATTEMPTS))}`,
    ),
    check(
      'mandate_debits_success_check',
      sql`${t.state} <> 'success' or (${t.orderId} is not null and ${t.debitedAmount} = ${t.amount})`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];
export type OrderRow = typeof orders.$inferSelect;
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type RefundCause = NonNullable<RefundRow['cause']>;
export type WebhookReceiptRow = typeof webhookReceipts.$inferSelect;
export type SmsMessageRow = typeof smsMessages.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type TutorStudentRow = typeof tutorStudents.$inferSelect;
export type FeePlanRow = typeof feePlans.$inferSelect;
export type DueRow = typeof dues.$inferSelect;
export type ConsentRow = typeof consents.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type TaxProfileRow = typeof taxProfiles.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type TaxDocumentKind = TaxDocumentRow['kind'];
export type SettlementRow = typeof settlements.$inferSelect;
export type SettlementItemRow = typeof settlementItems.$inferSelect;
export type MandateRow = typeof mandates.$inferSelect;
export type MandateDebitRow = typeof mandateDebits.$inferSelect;
