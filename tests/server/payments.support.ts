// Helpers for the student-journey server tests: a fake PaymentGateway handed to buildApp (so
// these tests never depend on the sandbox), demo users, and signed webhooks. The app under
// test shares the test server's database, clock, logs and contract checker, so every response
// is still checked against the contract and `login()` works against either app.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { computeBreakup } from '../../src/domain/fees';
import { paiseToRupees } from '../../src/domain/money';
import { toIstIsoString } from '../../src/domain/time';
import type { PaymentStatus } from '../../src/domain/statuses';
import { buildApp } from '../../src/server/app';
import { createCashfreeGateway } from '../../src/server/gateway/cashfree';
import { signWebhook } from '../../src/server/gateway/signature';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayOrderInput,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayRefundInput,
  type GatewayRefundStatus,
  type PaymentGateway,
  type PaymentWebhook,
} from '../../src/server/gateway/types';
import { pgOnboarding, users } from '../../src/server/db/schema';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { runJobs } from '../support/jobs';
import { login, useTestServer, type ApiOptions, type TestDatabase } from '../support/server';

/** How many times each gateway call was made: none yet. */
const noCalls = () => ({
  createOrder: 0,
  fetchOrder: 0,
  fetchPayments: 0,
  terminateOrder: 0,
  createRefund: 0,
  fetchRefund: 0,
});

/** A gateway in memory: records every call, can fail or be slow, reports what tests set. */
export class FakeGateway implements PaymentGateway {
  created: GatewayOrderInput[] = [];
  orders = new Map<string, GatewayOrder & { paymentSessionId: string }>();
  payments = new Map<string, GatewayPayment[]>();
  calls = noCalls();
  /** What terminateOrder answers for an unpaid order (Cashfree may confirm later). */
  terminateStatus: 'TERMINATED' | 'TERMINATION_REQUESTED' = 'TERMINATED';
  /** Every terminateOrder fails with this (an outage). */
  failTerminate: Error | null = null;
  /** Refunds by refund id; a new one reports `refundStatus`. */
  refunds = new Map<string, GatewayRefund>();
  refundStatus: GatewayRefundStatus = 'PENDING';
  /** The next createRefund fails with this (a refusal or an outage). */
  failRefund: Error | null = null;
  /** The next createOrder (or every read, for `reads`) fails with this. */
  failCreate: Error | null = null;
  failReads: Error | null = null;
  createDelayMs = 0;
  /** Webhooks are verified by the real adapter's code, with the test config's secret. */
  constructor(private verifier: PaymentGateway) {}

  reset(): void {
    this.created = [];
    this.orders.clear();
    this.payments.clear();
    this.calls = noCalls();
    this.terminateStatus = 'TERMINATED';
    this.failTerminate = null;
    this.refunds.clear();
    this.refundStatus = 'PENDING';
    this.failRefund = null;
    this.failCreate = null;
    this.failReads = null;
    this.createDelayMs = 0;
  }

  async createOrder(input: GatewayOrderInput) {
    this.calls.createOrder += 1;
    if (this.createDelayMs > 0) await new Promise((r) => setTimeout(r, this.createDelayMs));
    if (this.failCreate) {
      const error = this.failCreate;
      this.failCreate = null;
      throw error;
    }
    this.created.push(input);
    const n = this.created.length;
    const order = {
      orderId: input.orderId,
      cfOrderId: String(2_000_000 + n),
      status: 'ACTIVE' as const,
      amount: input.amount,
      paymentSessionId: `session_fake_${n}`,
      expiresAt: input.expiresAt ? toIstIsoString(input.expiresAt) : '2025-02-14T10:00:00+05:30',
    };
    this.orders.set(input.orderId, order);
    return order;
  }

  async fetchOrder(orderId: string): Promise<GatewayOrder> {
    this.calls.fetchOrder += 1;
    if (this.failReads) throw this.failReads;
    const order = this.orders.get(orderId);
    if (!order) throw new GatewayError('order not found', 404, 'order_not_found');
    return order;
  }

  async fetchPayments(orderId: string): Promise<GatewayPayment[]> {
    this.calls.fetchPayments += 1;
    if (this.failReads) throw this.failReads;
    return this.payments.get(orderId) ?? [];
  }

  /** As Cashfree: a PAID order is refused; an ended one is answered as it is. */
  async terminateOrder(orderId: string): Promise<GatewayOrder> {
    this.calls.terminateOrder += 1;
    if (this.failTerminate) throw this.failTerminate;
    const order = this.orders.get(orderId);
    if (!order) throw new GatewayError('order not found', 404, 'order_not_found');
    if (order.status === 'PAID') {
      throw new GatewayError('order is already paid', 400, 'order_already_paid');
    }
    if (order.status !== 'ACTIVE') return order;
    const ended = { ...order, status: this.terminateStatus };
    this.orders.set(orderId, ended);
    return ended;
  }

  verifyPaymentWebhook(input: Parameters<PaymentGateway['verifyPaymentWebhook']>[0]) {
    return this.verifier.verifyPaymentWebhook(input);
  }

  async createRefund(input: GatewayRefundInput): Promise<GatewayRefund> {
    this.calls.createRefund += 1;
    if (this.failRefund) {
      const error = this.failRefund;
      this.failRefund = null;
      throw error;
    }
    const known = this.refunds.get(input.refundId);
    if (known) return known; // idempotent on the refund id, as Cashfree is
    const refund: GatewayRefund = {
      refundId: input.refundId,
      cfRefundId: String(3_000_000 + this.refunds.size + 1),
      orderId: input.orderId,
      amount: input.amount,
      status: this.refundStatus,
      statusDescription: null,
      createdAt: '2025-01-15T12:00:00+05:30',
      processedAt: this.refundStatus === 'SUCCESS' ? '2025-01-15T12:00:05+05:30' : null,
    };
    this.refunds.set(input.refundId, refund);
    return refund;
  }

  async fetchRefund(orderId: string, refundId: string): Promise<GatewayRefund> {
    this.calls.fetchRefund += 1;
    if (this.failReads) throw this.failReads;
    const refund = this.refunds.get(refundId);
    if (!refund || refund.orderId !== orderId) {
      throw new GatewayError('refund not found', 404, 'refund_not_found');
    }
    return refund;
  }

  /** What the gateway reports of a refund from now on. */
  settleRefund(refundId: string, status: GatewayRefundStatus): void {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`FakeGateway: no refund ${refundId}`);
    this.refunds.set(refundId, {
      ...refund,
      status,
      processedAt: status === 'SUCCESS' ? '2025-01-15T12:30:00+05:30' : null,
    });
  }

  /** What the gateway would report after a payment attempt (and the order's new status). */
  pay(orderId: string, payment: GatewayPayment): void {
    const list = (this.payments.get(orderId) ?? []).filter(
      (p) => p.cfPaymentId !== payment.cfPaymentId,
    );
    this.payments.set(orderId, [...list, payment]);
    const order = this.orders.get(orderId);
    if (order && payment.status === 'SUCCESS')
      this.orders.set(orderId, { ...order, status: 'PAID' });
  }
}

export function payment(
  orderId: string,
  amount: number,
  status: PaymentStatus,
  cfPaymentId = '5114910000001',
): GatewayPayment {
  return {
    cfPaymentId,
    orderId,
    status,
    amount,
    group: 'credit_card',
    message: status === 'SUCCESS' ? 'Transaction successful' : 'Transaction failed',
    time: '2025-01-15T10:05:00+05:30',
    bankReference: status === 'SUCCESS' ? '123456789012' : null,
    errorCode: status === 'FAILED' ? 'TRANSACTION_DECLINED' : null,
  };
}

/** The raw JSON body Cashfree would post for `p` (amounts in rupees, two decimals). */
export function webhookBody(p: GatewayPayment, type?: PaymentWebhook['type']): string {
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  const kind =
    type ??
    (p.status === 'SUCCESS'
      ? 'PAYMENT_SUCCESS_WEBHOOK'
      : p.status === 'USER_DROPPED'
        ? 'PAYMENT_USER_DROPPED_WEBHOOK'
        : 'PAYMENT_FAILED_WEBHOOK');
  return (
    `{"data":{"order":{"order_id":"${p.orderId}","order_amount":${rupees(p.amount)},"order_currency":"INR","order_tags":null},` +
    `"payment":{"cf_payment_id":"${p.cfPaymentId}","payment_status":"${p.status}","payment_amount":${rupees(p.amount)},` +
    `"payment_currency":"INR","payment_message":"${p.message ?? ''}","payment_time":"${p.time}",` +
    `"bank_reference":${p.bankReference ? `"${p.bankReference}"` : 'null'},"auth_id":null,` +
    `"payment_method":{"card":{"channel":"link"}},"payment_group":"${p.group}"},` +
    `"customer_details":{"customer_id":"user_1","customer_phone":"9876543212"}` +
    (p.status === 'SUCCESS'
      ? ''
      : `,"error_details":{"error_code":"${p.errorCode ?? 'TRANSACTION_DECLINED'}","error_description":"declined","error_reason":"declined","error_source":"bank"}`) +
    `},"event_time":"2025-01-15T10:05:01+05:30","type":"${kind}"}`
  );
}

export const ORDER_URL = '/api/v1/payments/pg/order/';
export const WEBHOOK_URL = '/api/v1/payments/pg/webhook/';

/** The order body a student's review screen sends (D9 total computed like the browser). */
export function orderBody(
  payerId: number,
  payeeId: number,
  rupees: number,
  extra: Record<string, unknown> = {},
) {
  const method = (extra.payment_method as 'cc' | 'upi' | undefined) ?? 'cc';
  const breakup = computeBreakup({ amount: rupees * 100, method, baseRate: 1 });
  return {
    amount: paiseToRupees(breakup.total),
    base_amount: rupees,
    payer_id: payerId,
    payee_id: payeeId,
    payment_method: method,
    settlement_type: 'STANDARD',
    ...extra,
  };
}

export interface Actor {
  id: number;
  token: string;
  phone: string;
}

/** The test server plus an app built with a FakeGateway on the same database. */
export function usePaymentsServer(database: TestDatabase) {
  const server = useTestServer(database);
  let app: FastifyInstance | undefined;
  let fake: FakeGateway | undefined;

  beforeAll(async () => {
    fake = new FakeGateway(createCashfreeGateway(server.config));
    app = await buildApp({
      config: server.config,
      db: server.db,
      clock: server.clock,
      gateway: fake,
      sandbox: server.sandbox.transport,
      logStream: server.logs,
      distDir: null,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    fake?.reset();
  });

  const inject = async (request: InjectOptions & { method: string; url: string }) => {
    if (!app) throw new Error('usePaymentsServer: the app starts in beforeAll');
    const target = request.url.startsWith('/sandbox/') ? server.sandbox.app : app;
    const response = await target.inject(request);
    server.checker.check(request.method, request.url, {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    });
    return response;
  };

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: ApiOptions = {},
  ) =>
    inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
    });

  /** Runs the jobs the requests sent, as the worker would right after (D108). */
  const jobs = () => {
    if (!app) throw new Error('usePaymentsServer: the app starts in beforeAll');
    return runJobs(app);
  };

  /**
   * Posts `rawBody` as the gateway would, signed with the config's secret at `at`; then the
   * worker applies it (D110), unless `apply` is false.
   */
  const postWebhook = async (
    rawBody: string,
    at = server.clock.now().getTime(),
    secret?: string,
    { apply = true } = {},
  ) => {
    const timestamp = String(at);
    const response = await inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(
          secret ?? server.config.cashfree.clientSecret,
          timestamp,
          rawBody,
        ),
        'x-webhook-version': '2025-01-01',
      },
      payload: rawBody,
    });
    if (apply) await jobs();
    return response;
  };

  /** Demo data (Asha ACTIVE, Ravi KYC pending, Priya student), each logged in. */
  const demo = async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const as = async (phone: string, role: 'student' | 'teacher'): Promise<Actor> => {
      const { id, access_token } = await login(server, phone, role);
      server.clock.advance(31_000); // past the OTP resend cooldown of the next login
      return { id, token: access_token, phone };
    };
    return {
      asha: await as(DEMO_PHONES.onboardedTutor, 'teacher'),
      ravi: await as(DEMO_PHONES.pendingTutor, 'teacher'),
      priya: await as(DEMO_PHONES.student, 'student'),
    };
  };

  /** A further user, logged in; students get names and a PAN unless told otherwise. */
  const user = async (
    phone: string,
    role: 'student' | 'teacher',
    fields: Partial<typeof users.$inferInsert> & { pan?: string | null } = {},
  ): Promise<Actor> => {
    const { id, access_token } = await login(server, phone, role);
    server.clock.advance(31_000);
    const defaults =
      role === 'student' ? { firstName: 'Rohan', lastName: 'Mehta', pan: 'BXKPM4821Q' } : {};
    const { pan, ...columns } = { ...defaults, ...fields };
    // D315: a PAN is stored sealed, as the app stores it.
    const panColumns =
      pan === undefined
        ? {}
        : pan === null
          ? { panSealed: null, panHash: null }
          : server.pans.columns(pan);
    if (Object.keys({ ...columns, ...panColumns }).length > 0) {
      await server.db
        .update(users)
        .set({ ...columns, ...panColumns })
        .where(eq(users.id, id));
    }
    return { id, token: access_token, phone };
  };

  /** Sets a tutor's gateway status (the KYC journey's job in real life). */
  const setKyc = async (userId: number, status: string) => {
    const updated = await server.db
      .update(pgOnboarding)
      .set({ status })
      .where(and(eq(pgOnboarding.userId, userId), eq(pgOnboarding.pgName, 'cashfree')))
      .returning();
    if (updated.length === 0) {
      await server.db.insert(pgOnboarding).values({ userId, pgName: 'cashfree', status });
    }
  };

  return {
    server,
    get fake(): FakeGateway {
      if (!fake) throw new Error('usePaymentsServer: the gateway starts in beforeAll');
      return fake;
    },
    get app(): FastifyInstance {
      if (!app) throw new Error('usePaymentsServer: the app starts in beforeAll');
      return app;
    },
    inject,
    api,
    postWebhook,
    jobs,
    demo,
    user,
    setKyc,
  };
}
