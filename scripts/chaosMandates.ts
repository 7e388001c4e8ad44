// `npm run chaos`'s mandates (issue 49, D245-D254): N parents of the demo tutor's batch turn on
// Autopay and approve at the sandbox (some of their banks will decline every debit, some the
// first only); moved days ahead by the shared test clock (every process reads it), each due is
// noticed and then debited, with retries an hour apart, while the sandbox drops, duplicates,
// delays and reorders webhooks and the worker and a web instance are killed; meanwhile the tutor
// marks some dues paid in cash after their notice and some parents pause. Then every mandate's
// debits are checked against the gateway. Its line:
//   chaos: mandates N, D debits: X without a notice, Y dues debited twice, Z dues left unknown,
//   W amounts that differ from the notice
import type pg from 'pg';
import { addIstDays, fromIst, istDateKey } from '../src/domain/time';
import { DEV_CASHFREE_CLIENT_ID, DEV_CASHFREE_CLIENT_SECRET } from '../src/server/config';
import { DEMO_PHONES } from '../src/server/demo';
import { writeClockOffset } from '../src/server/testClock';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface MandatesContext {
  mandates: number;
  concurrency: number;
  lbUrl: string;
  sandboxUrl: string;
  clockFile: string;
  db: pg.Client;
  log: (line: string) => void;
  call: (
    base: string,
    method: string,
    path: string,
    options?: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    },
  ) => Promise<Answer>;
  pool: <T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>) => Promise<R[]>;
  login: (
    phone: string,
    role: 'student' | 'teacher',
  ) => Promise<{ access_token: string; id: number }>;
  /** Kills the worker and one web instance, and starts them again (in the background). */
  kill: () => Promise<void>;
  faults: (patch: object) => Promise<unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MandatesOutcome {
  mandates: number;
  debits: number;
  withoutNotice: number;
  debitedTwice: number;
  unknown: number;
  amountsDiffer: number;
}

export async function runMandates(ctx: MandatesContext): Promise<MandatesOutcome> {
  const { db, log, call, pool, lbUrl, sandboxUrl } = ctx;
  const gateway = (path: string) =>
    call(sandboxUrl, 'GET', `/sandbox/cashfree/pg${path}`, {
      headers: {
        'x-client-id': DEV_CASHFREE_CLIENT_ID,
        'x-client-secret': DEV_CASHFREE_CLIENT_SECRET,
        'x-api-version': '2025-01-01',
      },
    });
  const moveTo = (at: Date) => writeClockOffset(ctx.clockFile, at.getTime() - Date.now());
  const count = async (sql: string) => Number((await db.query(sql)).rows[0].n as number);
  /** Waits (bounded) until `sql` counts 0. */
  const until = async (what: string, sql: string, ms = 240_000) => {
    const started = Date.now();
    for (;;) {
      const left = await count(sql);
      if (left === 0) return;
      if (Date.now() - started > ms) {
        log(`chaos: mandates: ${left} still ${what} after ${ms / 1000} s`);
        return;
      }
      await sleep(2000);
    }
  };

  // The batch: N students, each with a parent, on one monthly plan due three days on.
  const three = addIstDays(istDateKey(new Date()), 3);
  const [y, m] = three.split('-').map(Number) as [number, number];
  const dueDate = Number(three.slice(8)) <= 28 ? three : istDateKey(fromIst(y, m + 1, 1, 12));
  const tutor = await ctx.login(DEMO_PHONES.onboardedTutor, 'teacher');
  const parents = Array.from({ length: ctx.mandates }, (_, i) => ({
    i,
    phone: `6${String(100_000_000 + i).padStart(9, '0')}`,
    student: `62${String(10_000_000 + i).padStart(8, '0')}`,
  }));
  await pool(parents, ctx.concurrency, async (p) => {
    const added = await call(lbUrl, 'POST', '/api/v1/students/', {
      token: tutor.access_token,
      json: {
        name: `Chaos Mandate ${String.fromCharCode(65 + (p.i % 26))}${String.fromCharCode(65 + (Math.floor(p.i / 26) % 26))}`,
        phone: p.student,
        parent_name: 'Chaos Parent',
        parent_phone: p.phone,
        batch: 'Chaos Autopay',
      },
    });
    if (added.status !== 201)
      throw new Error(`student ${added.status} ${JSON.stringify(added.body)}`);
  });
  const plan = await call(lbUrl, 'POST', '/api/v1/fee-plans/', {
    token: tutor.access_token,
    json: {
      name: 'Chaos Autopay',
      kind: 'monthly',
      amount: 1500,
      due_day: Number(dueDate.slice(8)),
      start_month: dueDate.slice(0, 7),
      batch: 'Chaos Autopay',
    },
  });
  if (plan.status !== 201) throw new Error(`plan ${plan.status} ${JSON.stringify(plan.body)}`);
  const planId = plan.body.id as number;

  // Each parent turns it on and approves; 1 in 7 banks declines every debit, 1 in 7 the first.
  const setups = await pool(parents, ctx.concurrency, async (p) => {
    const session = await ctx.login(p.phone, 'student');
    const mine = await call(lbUrl, 'GET', '/api/v1/my-autopay/', { token: session.access_token });
    const row = (mine.body.results as { plan_id: number; student_id: number }[]).find(
      (r) => r.plan_id === planId,
    );
    if (!row) throw new Error(`no plan for ${p.phone}`);
    const created = await call(lbUrl, 'POST', '/api/v1/my-autopay/', {
      token: session.access_token,
      json: { plan_id: planId, student_id: row.student_id, email: `p${p.i}@example.in` },
    });
    if (created.status !== 201) {
      throw new Error(`mandate ${created.status} ${JSON.stringify(created.body)}`);
    }
    const debits = p.i % 7 === 3 ? 'INSUFFICIENT_FUNDS' : p.i % 7 === 5 ? 'fail_once' : 'success';
    await call(
      sandboxUrl,
      'POST',
      `/sandbox/cashfree/subscriptions/checkout/${created.body.session_id}`,
      {
        form: { outcome: 'approve', debits },
      },
    );
    return { ...p, token: session.access_token, mandateId: created.body.mandate.id as string };
  });
  log(`chaos: mandates: ${setups.length} set up and approved`);
  await until(
    'waiting for approval',
    `select count(*)::int as n from mandates where status <> 'ACTIVE' and ended_at is null`,
  );

  // Two days ahead: the notices.
  const [dy, dm, dd] = dueDate.split('-').map(Number) as [number, number, number];
  const notice = addIstDays(dueDate, -2).split('-').map(Number) as [number, number, number];
  moveTo(fromIst(notice[0], notice[1], notice[2], 8, 0));
  await until(
    'to notify',
    `select count(*)::int as n from mandates m where m.status = 'ACTIVE' and not exists
       (select 1 from mandate_debits d where d.mandate_id = m.id and d.state <> 'pending')`,
  );
  // The tutor marks 1 in 10 paid in cash after its notice; 1 in 15 parents pause.
  const tutorNow = await ctx.login(DEMO_PHONES.onboardedTutor, 'teacher');
  const { rows: noticed } = await db.query(
    `select d.due_id, m.id as mandate_id from mandate_debits d join mandates m on m.id = d.mandate_id`,
  );
  await pool(
    noticed.filter((_, i) => i % 10 === 0),
    ctx.concurrency,
    (row) =>
      call(lbUrl, 'POST', `/api/v1/dues/${row.due_id}/settle/`, {
        token: tutorNow.access_token,
        json: { how: 'cash' },
      }),
  );
  await pool(
    setups.filter((s) => s.i % 15 === 7),
    4,
    async (s) => {
      const session = await ctx.login(s.phone, 'student');
      return call(lbUrl, 'POST', `/api/v1/my-autopay/${s.mandateId}/pause/`, {
        token: session.access_token,
      });
    },
  );

  // The due date, off-peak: the debits, under webhook faults, with the worker killed once.
  const phases = [
    { duplicateWebhooks: true, dropWebhookRate: 0, reorderWebhooks: false, webhookDelayMs: 0 },
    { duplicateWebhooks: false, dropWebhookRate: 0.5, reorderWebhooks: false, webhookDelayMs: 0 },
    { duplicateWebhooks: false, dropWebhookRate: 0, reorderWebhooks: true, webhookDelayMs: 0 },
    { duplicateWebhooks: true, dropWebhookRate: 0.2, reorderWebhooks: false, webhookDelayMs: 1500 },
  ];
  let driving = true;
  let phase = 0;
  const faultLoop = (async () => {
    while (driving) {
      await ctx.faults(phases[phase++ % phases.length]!);
      await sleep(3000);
    }
  })();
  let at = fromIst(dy, dm, dd, 0, 30);
  moveTo(at);
  await sleep(4000);
  await ctx.kill();
  log('chaos: mandates: SIGKILL web B and the worker while the debits run');
  // An attempt and up to three retries an hour apart; a debit held up by the kill starts later,
  // so the clock moves on an hour at a time until none is left waiting (bounded).
  for (let hour = 1; hour <= 8; hour += 1) {
    // Every attempt due by now has run (a failed one waits an hour for the next).
    await until(
      'under way',
      `select count(*)::int as n from mandate_debits where state in ('pending', 'executing')
          or (state = 'notified' and next_attempt_at <= '${at.toISOString()}')`,
    );
    const waiting = await count(
      `select count(*)::int as n from mandate_debits where state = 'notified'`,
    );
    if (waiting === 0) break;
    at = new Date(at.getTime() + 61 * 60 * 1000);
    moveTo(at);
  }
  driving = false;
  await faultLoop;
  await ctx.faults({}); // the switches as they were
  await call(sandboxUrl, 'DELETE', '/sandbox/cashfree/faults'); // releases held webhooks
  await until(
    'not final',
    `select count(*)::int as n from mandate_debits where state in ('pending', 'notified', 'executing')`,
  );

  // Every debit against the gateway.
  const { rows: debits } = await db.query(
    `select d.id, d.mandate_id, d.due_id, d.amount, d.state, d.notified_at, d.order_id,
            u.settled_by,
            exists (select 1 from refunds r where r.order_id = d.order_id
                      and r.status in ('PENDING', 'SUCCESS')) as refunded,
            exists (select 1 from sms_messages s where s.template = 'autopayNotice'
                      and s.vars->>'reference' = d.id) as texted
       from mandate_debits d left join dues u on u.id = d.due_id`,
  );
  const ours = new Map(debits.map((d) => [d.id as string, d]));
  let withoutNotice = 0;
  let debitedTwice = 0;
  let unknown = 0;
  let amountsDiffer = 0;
  await pool(setups, 8, async (s) => {
    const charges = (await gateway(`/subscriptions/${s.mandateId}/payments`)).body as {
      payment_id: string;
      payment_status: string;
      payment_amount: number;
      retry_attempts: number;
    }[];
    const successes = new Map<number, number>();
    for (const charge of charges) {
      const debit = ours.get(charge.payment_id);
      if (!debit) {
        unknown += 1; // a charge at the gateway we have no debit for
        continue;
      }
      if (Math.round(charge.payment_amount * 100) !== Number(debit.amount)) amountsDiffer += 1;
      const first = await gateway(
        `/subscriptions/payments/${debit.id}/controlled/executions/${debit.id}_x1`,
      );
      if (first.status === 200) {
        const executed = Date.parse(first.body.execution_initiated_time as string);
        const noticed = debit.notified_at ? (debit.notified_at as Date).getTime() : Infinity;
        if (!debit.texted || executed < noticed + 24 * 60 * 60 * 1000) withoutNotice += 1;
      }
      if (charge.payment_status === 'SUCCESS') {
        if (debit.state !== 'success') unknown += 1;
        const kept = !debit.refunded;
        successes.set(debit.due_id, (successes.get(debit.due_id) ?? 0) + (kept ? 1 : 0));
        // Kept for a due also paid in cash: paid twice.
        if (kept && debit.settled_by === 'cash') debitedTwice += 1;
      } else if (debit.state === 'success') {
        unknown += 1;
      }
    }
    for (const kept of successes.values()) if (kept > 1) debitedTwice += kept - 1;
  });
  unknown += debits.filter((d) => ['pending', 'notified', 'executing'].includes(d.state)).length;
  const states = new Map<string, number>();
  for (const d of debits) states.set(d.state, (states.get(d.state) ?? 0) + 1);
  log(`chaos: mandates: debits ${[...states].map(([state, n]) => `${n} ${state}`).join(', ')}`);
  moveTo(new Date());
  return {
    mandates: setups.length,
    debits: debits.length,
    withoutNotice,
    debitedTwice,
    unknown,
    amountsDiffer,
  };
}
