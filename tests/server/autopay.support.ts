// Helpers for the Autopay server tests (issue 49): the test server with the sandbox's mandate
// approvals and debits answering at once, a tutor with a student whose parent pays a monthly
// plan, and the worker run until the sandbox's webhooks and the jobs they send have settled.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { fromIst } from '../../src/domain/time';
import { DEV_CASHFREE_CLIENT_ID, DEV_CASHFREE_CLIENT_SECRET } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { runJobs, sweepAndRunJobs } from '../support/jobs';
import { login, useTestServer, type TestDatabase, type TestServer } from '../support/server';

export interface Actor {
  id: number;
  token: string;
  phone: string;
}

export const PARENT_PHONE = '9876500009';
export const STUDENT_PHONE = '9876500001';

const NAMES = ['Aarav', 'Diya', 'Kabir', 'Isha', 'Rohan', 'Meher', 'Vivaan', 'Anaya'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useAutopayServer(database: TestDatabase) {
  const server = useTestServer(database, {
    env: { SANDBOX_MANDATE_APPROVAL_MS: '0', SANDBOX_DEBIT_PROCESSING_MS: '0' },
  });
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown) =>
    server.api(method, url, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });

  const as = async (phone: string, role: 'student' | 'teacher'): Promise<Actor> => {
    const { id, access_token } = await login(server, phone, role);
    server.clock.advance(31_000); // past the OTP resend cooldown of the next login
    return { id, token: access_token, phone };
  };

  /**
   * Asha (KYC approved) and her student Aarav, whose mother Meera pays a ₹`rupees` monthly plan
   * due on the 20th from January 2025; the dues are written and Meera is logged in.
   */
  async function family(rupees = 2000, extra: Record<string, unknown> = {}) {
    await seedDemoData(server.db, server.clock, server.pans);
    const asha = await as(DEMO_PHONES.onboardedTutor, 'teacher');
    const student = await api('POST', '/api/v1/students/', asha.token, {
      name: 'Aarav Sharma',
      phone: STUDENT_PHONE,
      parent_name: 'Meera Sharma',
      parent_phone: PARENT_PHONE,
    });
    expect(student.statusCode).toBe(201);
    const studentId = student.json().id as number;
    const plan = await api('POST', '/api/v1/fee-plans/', asha.token, {
      name: 'Maths',
      kind: 'monthly',
      amount: rupees,
      due_day: 20,
      start_month: '2025-01',
      student_id: studentId,
      ...extra,
    });
    expect(plan.statusCode).toBe(201);
    await server.app.services.dues.generate();
    const meera = await as(PARENT_PHONE, 'student');
    await server.db
      .update(users)
      .set({ firstName: 'Meera', lastName: 'Sharma' })
      .where(eq(users.id, meera.id));
    return { asha, meera, studentId, planId: plan.json().id as number };
  }

  /**
   * Asha and `n` students of batch A, each with a parent (logged in) who pays the batch's
   * ₹`rupees` monthly plan due on the 20th; the dues are written.
   */
  async function batch(n: number, rupees = 1500) {
    await seedDemoData(server.db, server.clock, server.pans);
    const asha = await as(DEMO_PHONES.onboardedTutor, 'teacher');
    const families: { meera: Actor; studentId: number }[] = [];
    for (let i = 0; i < n; i += 1) {
      const parentPhone = `98765002${String(i).padStart(2, '0')}`;
      const added = await api('POST', '/api/v1/students/', asha.token, {
        name: `${NAMES[i % NAMES.length]} Shah`,
        phone: `98765003${String(i).padStart(2, '0')}`,
        parent_name: `Parent of ${NAMES[i % NAMES.length]}`,
        parent_phone: parentPhone,
        batch: 'A',
      });
      expect(added.statusCode).toBe(201);
      families.push({ meera: await as(parentPhone, 'student'), studentId: added.json().id });
    }
    const plan = await api('POST', '/api/v1/fee-plans/', asha.token, {
      name: 'Class 9',
      kind: 'monthly',
      amount: rupees,
      due_day: 20,
      start_month: '2025-01',
      batch: 'A',
    });
    expect(plan.statusCode).toBe(201);
    await server.app.services.dues.generate();
    return { asha, families, planId: plan.json().id as number };
  }

  /** Runs the worker (and the sweep) until the sandbox's webhooks and their jobs are done. */
  async function settle(): Promise<void> {
    let quiet = 0;
    for (let round = 0; round < 40 && quiet < 3; round += 1) {
      await sleep(15);
      const { ran, failed } =
        round % 2 ? await runJobs(server.app) : await sweepAndRunJobs(server.app);
      expect(failed.map((f) => String(f.error))).toEqual([]);
      quiet = ran === 0 ? quiet + 1 : 0;
    }
  }

  /** Moves the test clock forward to an IST wall-clock time. */
  function moveTo(year: number, month: number, day: number, hour: number, minute = 0) {
    const at = fromIst(year, month, day, hour, minute).getTime();
    const ms = at - server.clock.now().getTime();
    if (ms < 0) throw new Error('moveTo: that is in the past');
    server.clock.advance(ms);
  }

  /** Sets up Meera's mandate and approves it at the sandbox, with `debits` for later debits. */
  async function approvedMandate(
    who: { meera: Actor; planId: number; studentId: number },
    debits = 'success',
  ) {
    const created = await api('POST', '/api/v1/my-autopay/', who.meera.token, {
      plan_id: who.planId,
      student_id: who.studentId,
      email: 'meera@example.in',
    });
    expect(created.statusCode).toBe(201);
    const { mandate, session_id: session } = created.json();
    const approved = await server.sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/cashfree/subscriptions/checkout/${session}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=approve&debits=${debits}`,
    });
    expect(approved.statusCode).toBe(303);
    await settle();
    return mandate.id as string;
  }

  /** A GET of the gateway's (the sandbox's) API, as the adapter authenticates. */
  const gateway = async (path: string) =>
    (
      await server.sandbox.app.inject({
        method: 'GET',
        url: `/sandbox/cashfree/pg${path}`,
        headers: {
          'x-client-id': DEV_CASHFREE_CLIENT_ID,
          'x-client-secret': DEV_CASHFREE_CLIENT_SECRET,
          'x-api-version': '2025-01-01',
        },
      })
    ).json();

  return { server, api, as, family, batch, settle, moveTo, approvedMandate, gateway };
}

export type AutopayTest = ReturnType<typeof useAutopayServer>;
export type { TestServer };
