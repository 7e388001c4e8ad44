// `npm run chaos` (issue 10.5): the product as it runs for real, under faults. On PostgreSQL (a
// throwaway cluster unless DATABASE_URL is given) it starts the sandbox, two web instances
// behind a round-robin proxy and one worker; drives concurrent student payments (card and UPI;
// successes, failures, dropped and abandoned checkouts; some on shared payment links) while the
// sandbox drops, duplicates, delays and reorders webhooks; SIGKILLs one web instance and the
// worker mid-run and starts them again; waits for reconciliation; and checks every order
// against the gateway. Its last line:
//   chaos: N payments, L lost, S stuck, D double-paid, M mismatched
// Then the mandates (issue 49, scripts/chaosMandates.ts): N UPI Autopay mandates' dues noticed
// and debited days ahead on the shared test clock, under the same faults and kills; its line is
// the last:
//   chaos: mandates N, D debits: X without a notice, Y dues debited twice, Z dues left unknown,
//   W amounts that differ from the notice
// Options: --payments N (default 240), --students N (default 60), --concurrency N (default 16),
// --mandates N (default 100; 0 skips them).
// The processes are the built ones (dist-server/, D217): `npm run build` first.
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { computeBreakup } from '../src/domain/fees';
import { paiseToRupees } from '../src/domain/money';
import { DEV_CASHFREE_CLIENT_ID, DEV_CASHFREE_CLIENT_SECRET } from '../src/server/config';
import { DEMO_PHONES } from '../src/server/demo';
import { runMandates } from './chaosMandates';
import { startCluster, type Cluster } from './lib/postgres';
import { freePort } from './lib/ports';
import { ready, start, stop, type Service } from './lib/processes';
import { writeClockOffset } from '../src/server/testClock';

const { values: options } = parseArgs({
  options: {
    payments: { type: 'string', default: '240' },
    students: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
    mandates: { type: 'string', default: '100' },
  },
});
if (!existsSync('dist-server/main.js')) throw new Error('npm run build first');
const MANDATES = Number(options.mandates);
const PAYMENTS = Number(options.payments);
const STUDENTS = Number(options.students);
const CONCURRENCY = Number(options.concurrency);
/** Orders per throughput phase (two instances, then one). */
const THROUGHPUT_ORDERS = 120;

const log = (line: string) => console.info(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` for each item, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}

/** A round-robin HTTP proxy: the load balancer in front of the web instances. */
function balancer(targets: () => number[]): Server {
  let turn = 0;
  return createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const ports = targets();
      const attempt = (left: number) => {
        const port = ports[turn++ % ports.length]!;
        const upstream = httpRequest(
          { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          // An instance that is down: the next one takes the request (as a load balancer's
          // health check would), until none is left.
          if (left > 1) attempt(left - 1);
          else if (!res.headersSent) res.writeHead(502).end();
        });
        upstream.end(Buffer.concat(body));
      };
      attempt(ports.length);
    });
  });
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(
  base: string,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...options.headers,
        },
        ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
        ...(options.form ? { body: new URLSearchParams(options.form).toString() } : {}),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON (a page)
      }
      // A web instance killed mid-request: a student retries, as a browser would.
      if (response.status === 502 && attempt < 5) {
        await sleep(300);
        continue;
      }
      return { status: response.status, body };
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(300);
    }
  }
}

async function main() {
  const cluster: Cluster | null = process.env.DATABASE_URL ? null : await startCluster();
  const databaseUrl = process.env.DATABASE_URL ?? cluster!.url;
  const [sandboxPort, lbPort, portA, portB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  // D254: every process reads the one moved clock (the mandates' days pass in minutes).
  const clockFile = `${process.env.TMPDIR ?? '/tmp'}/tuitionpay-chaos-clock-${lbPort}`;
  writeClockOffset(clockFile, 0);
  const common = {
    NODE_ENV: 'test',
    TEST_CLOCK_FILE: clockFile,
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: lbUrl,
    SANDBOX_ORIGIN: sandboxUrl,
    LOG_LEVEL: 'warn',
    WORKER_IN_PROCESS: 'false',
    // Short clocks, so the run reconciles in minutes (the gateway's minimum order validity is
    // a minute here; Cashfree's own is longer).
    ORDER_EXPIRY_SECONDS: '60',
    RECONCILE_FIRST_CHECK_SECONDS: '5',
    SWEEP_INTERVAL_SECONDS: '2',
    // One client address (this script) logs every student in.
    OTP_CODES_PER_ADDRESS_PER_HOUR: '100000',
    OTP_CODES_PER_ADDRESS_PER_DAY: '100000',
    OTP_CODES_PER_MINUTE: '100000',
    OTP_WRONG_GUESSES_PER_ADDRESS_PER_HOUR: '100000',
  };
  const services: Service[] = [];
  const up = new Set<number>();
  const lb = balancer(() => [...up]);
  await new Promise<void>((resolve) => lb.listen(lbPort, '127.0.0.1', resolve));
  const web = (name: string, port: number, seed: boolean) => {
    const service = start(name, 'dist-server/main.js', {
      ...common,
      PORT: String(port),
      SEED_DEMO_DATA: String(seed),
    });
    services.push(service);
    return service;
  };
  const worker = () => {
    const service = start('worker', 'dist-server/worker.js', common);
    services.push(service);
    return service;
  };

  try {
    const sandbox = start('sandbox', 'dist-server/sandbox.js', {
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_APP_ORIGIN: lbUrl,
      SANDBOX_KYC_REVIEW_MS: '0',
      SANDBOX_MANDATE_APPROVAL_MS: '300',
      SANDBOX_DEBIT_PROCESSING_MS: '300',
      TEST_CLOCK_FILE: clockFile,
      LOG_LEVEL: 'warn',
    });
    services.push(sandbox);
    await ready(sandbox, `${sandboxUrl}/healthz`);
    // A first, then B: A migrates and seeds the demo data.
    const a = web('web A', portA, true);
    await ready(a, `http://127.0.0.1:${portA}/readyz`);
    let b = web('web B', portB, false);
    await ready(b, `http://127.0.0.1:${portB}/readyz`);
    let w = worker();
    await sleep(2000);
    up.add(portA).add(portB);
    log(
      `chaos: PostgreSQL ${cluster ? 'throwaway cluster' : 'DATABASE_URL'}, 2 web instances, 1 worker`,
    );

    // Students: logged in by OTP, names and PAN on file.
    const login = async (phone: string, role: 'student' | 'teacher') => {
      const sent = await call(lbUrl, 'POST', '/api/v1/auth/generate-otp/', {
        json: { phone, role },
      });
      if (sent.status !== 200)
        throw new Error(`generate-otp ${sent.status} ${JSON.stringify(sent.body)}`);
      const outbox = await call(sandboxUrl, 'GET', `/sandbox/outbox.json?phone=${phone}`);
      const otp = (outbox.body as { code: string | null }[]).find((m) => m.code)?.code;
      const res = await call(lbUrl, 'POST', '/api/v1/auth/validate-otp/', {
        json: { phone, otp, role },
      });
      if (res.status !== 200) throw new Error(`validate-otp ${res.status}`);
      return res.body as { access_token: string; id: number };
    };
    const students = await pool(
      Array.from({ length: STUDENTS }, (_, i) => i),
      CONCURRENCY,
      async (i) => {
        const phone = `7${String(300_000_000 + i).padStart(9, '0')}`;
        const session = await login(phone, 'student');
        const pan = `ABCP${String.fromCharCode(65 + (i % 26))}${String(1000 + i).slice(-4)}K`;
        const named = await call(lbUrl, 'POST', '/api/v1/user/onboarding/', {
          token: session.access_token,
          json: {
            phone,
            first_name: 'Chaos',
            last_name: `Student ${String.fromCharCode(65 + (i % 26))}`,
            pan,
          },
        });
        if (named.status >= 300)
          throw new Error(`onboarding ${named.status} ${JSON.stringify(named.body)}`);
        return { ...session, phone };
      },
    );
    const tutor = await login(DEMO_PHONES.onboardedTutor, 'teacher');
    const links = await pool(
      Array.from({ length: 8 }, (_, i) => i),
      4,
      async (i) => {
        const res = await call(lbUrl, 'POST', '/api/v1/payments/payment-link/create/', {
          token: tutor.access_token,
          json: { amount: 1500, purpose: `Chaos link ${i + 1}` },
        });
        return (res.body as { id: string }).id;
      },
    );
    log(`chaos: ${students.length} students, ${links.length} shared payment links`);

    const order = async (
      base: string,
      student: (typeof students)[number],
      rupees: number,
      method: 'cc' | 'upi',
      linkId?: string,
    ) => {
      const breakup = computeBreakup({ amount: rupees * 100, method, baseRate: 1 });
      return call(base, 'POST', '/api/v1/payments/pg/order/', {
        token: student.access_token,
        headers: { 'idempotency-key': `chaos_${Math.random().toString(36).slice(2, 14)}` },
        json: {
          amount: paiseToRupees(breakup.total),
          base_amount: rupees,
          payer_id: student.id,
          payee_id: tutor.id,
          payment_method: method,
          settlement_type: 'STANDARD',
          ...(linkId ? { payment_link_id: linkId } : {}),
        },
      });
    };

    // Throughput: orders a second through both instances, then through one, in this run.
    const throughput = async (base: string) => {
      const started = performance.now();
      await pool(
        Array.from({ length: THROUGHPUT_ORDERS }, (_, i) => i),
        CONCURRENCY,
        (i) => order(base, students[i % students.length]!, 100 + i, i % 2 ? 'upi' : 'cc'),
      );
      return THROUGHPUT_ORDERS / ((performance.now() - started) / 1000);
    };
    const two = await throughput(lbUrl);
    const one = await throughput(`http://127.0.0.1:${portA}`);

    // Faults, changing every few seconds while the payments run.
    const faults = (patch: object) =>
      call(sandboxUrl, 'POST', '/sandbox/cashfree/faults', { json: patch });
    const phases = [
      { duplicateWebhooks: true, dropWebhookRate: 0, reorderWebhooks: false, webhookDelayMs: 0 },
      { duplicateWebhooks: false, dropWebhookRate: 0.5, reorderWebhooks: false, webhookDelayMs: 0 },
      { duplicateWebhooks: false, dropWebhookRate: 0, reorderWebhooks: true, webhookDelayMs: 0 },
      {
        duplicateWebhooks: true,
        dropWebhookRate: 0.2,
        reorderWebhooks: false,
        webhookDelayMs: 1500,
      },
    ];
    let phase = 0;
    let driving = true;
    const faultLoop = (async () => {
      while (driving) {
        await faults(phases[phase++ % phases.length]!);
        await sleep(3000);
      }
    })();

    // The payments: outcomes by the index, so every kind is there in every run.
    let done = 0;
    let killed = false;
    const payments = await pool(
      Array.from({ length: PAYMENTS }, (_, i) => i),
      CONCURRENCY,
      async (i) => {
        const student = students[i % students.length]!;
        const method = i % 3 === 0 ? 'upi' : 'cc';
        const onLink = i % 5 === 0 ? links[i % links.length] : undefined;
        const created = await order(
          lbUrl,
          student,
          onLink ? 1500 : 200 + (i % 50) * 10,
          method,
          onLink,
        );
        done += 1;
        if (!killed && done >= PAYMENTS * 0.4) {
          killed = true;
          // Mid-run: web B and the worker die without warning, and come back.
          up.delete(portB);
          await Promise.all([stop(b, 'SIGKILL'), stop(w, 'SIGKILL')]);
          log(`chaos: SIGKILL web B and the worker after ${done} payments`);
          void (async () => {
            await sleep(3000);
            b = web('web B', portB, false);
            w = worker();
            await ready(b, `http://127.0.0.1:${portB}/readyz`);
            up.add(portB);
            log('chaos: web B and the worker restarted');
          })();
        }
        if (created.status !== 201) {
          return {
            ok: false,
            status: created.status,
            why: JSON.stringify(created.body).slice(0, 120),
          };
        }
        const { id, payment_session_id: session } = created.body as {
          id: string;
          payment_session_id: string;
        };
        const kind = i % 20;
        // 12 in 20 pay, 3 are declined, 2 close the page, 3 abandon the checkout.
        const outcome =
          kind < 12 ? 'success' : kind < 15 ? 'failure' : kind < 17 ? 'dropped' : null;
        if (outcome) {
          await call(sandboxUrl, 'POST', `/sandbox/cashfree/checkout/${session}`, {
            form:
              method === 'upi'
                ? { method: 'upi', upi_id: 'chaos@upi', outcome }
                : {
                    method: 'card',
                    outcome,
                    card_number: '4111 1111 1111 1111',
                    card_expiry: '12/30',
                    card_cvv: '123',
                    card_holder: 'Chaos Student',
                  },
          });
        }
        return { ok: true, id };
      },
    );
    driving = false;
    await faultLoop;
    await call(sandboxUrl, 'DELETE', '/sandbox/cashfree/faults'); // releases held webhooks
    const refused = payments.filter((p) => !p.ok);
    const reasons = new Map<string, number>();
    for (const p of refused) {
      const key = `${p.status} ${'why' in p ? p.why : ''}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    log(`chaos: ${payments.length} payments driven (${refused.length} orders refused)`);
    for (const [why, n] of reasons) log(`chaos:   ${n} × ${why}`);

    // Reconciliation: every order final, or give up after a bound.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const started = Date.now();
    let open = 0;
    for (;;) {
      const { rows } = await db.query(
        `select count(*)::int as n from orders where status in ('ACTIVE', 'TERMINATION_REQUESTED')`,
      );
      open = rows[0].n as number;
      if (open === 0 || Date.now() - started > 240_000) break;
      await sleep(2000);
    }
    log(`chaos: reconciled in ${Math.round((Date.now() - started) / 1000)} s`);

    // Every order against the gateway.
    const gateway = (path: string) =>
      call(sandboxUrl, 'GET', `/sandbox/cashfree/pg${path}`, {
        headers: {
          'x-client-id': DEV_CASHFREE_CLIENT_ID,
          'x-client-secret': DEV_CASHFREE_CLIENT_SECRET,
          'x-api-version': '2025-01-01',
        },
      });
    const { rows: ours } = await db.query(
      `select o.id, o.status, o.total, o.payment_link_id,
              exists (select 1 from refunds r where r.order_id = o.id and r.status in ('PENDING', 'SUCCESS')) as refunded
         from orders o`,
    );
    let lost = 0;
    let mismatched = 0;
    const stuck = ours.filter(
      (o) => o.status === 'ACTIVE' || o.status === 'TERMINATION_REQUESTED',
    ).length;
    let doublePaid = 0;
    await pool(ours, 8, async (o) => {
      const [remote, attempts] = await Promise.all([
        gateway(`/orders/${o.id}`),
        gateway(`/orders/${o.id}/payments`),
      ]);
      const successes = (attempts.body as { payment_status: string }[]).filter(
        (p) => p.payment_status === 'SUCCESS',
      ).length;
      const paidThere =
        successes > 0 || (remote.body as { order_status: string }).order_status === 'PAID';
      if (paidThere && o.status !== 'PAID') lost += 1;
      if (
        Math.round((remote.body as { order_amount: number }).order_amount * 100) !== Number(o.total)
      ) {
        mismatched += 1;
      }
      if (successes > 1 && !o.refunded) doublePaid += 1;
    });
    const byLink = new Map<string, number>();
    for (const o of ours) {
      if (o.payment_link_id && o.status === 'PAID' && !o.refunded) {
        byLink.set(o.payment_link_id, (byLink.get(o.payment_link_id) ?? 0) + 1);
      }
    }
    for (const kept of byLink.values()) if (kept > 1) doublePaid += kept - 1;

    log(
      `chaos: orders per second: ${two.toFixed(1)} through two instances, ${one.toFixed(1)} through one (${(two / one).toFixed(2)}x)`,
    );
    log(
      `chaos: ${PAYMENTS} payments, ${lost} lost, ${stuck} stuck, ${doublePaid} double-paid, ${mismatched} mismatched`,
    );
    let mandateFaults = 0;
    if (MANDATES > 0) {
      const outcome = await runMandates({
        mandates: MANDATES,
        concurrency: CONCURRENCY,
        lbUrl,
        sandboxUrl,
        clockFile,
        db,
        log,
        call,
        pool,
        login,
        faults,
        async kill() {
          up.delete(portB);
          await Promise.all([stop(b, 'SIGKILL'), stop(w, 'SIGKILL')]);
          void (async () => {
            await sleep(3000);
            b = web('web B', portB, false);
            w = worker();
            await ready(b, `http://127.0.0.1:${portB}/readyz`);
            up.add(portB);
          })();
        },
      });
      mandateFaults =
        outcome.withoutNotice + outcome.debitedTwice + outcome.unknown + outcome.amountsDiffer;
      log(
        `chaos: mandates ${outcome.mandates}, ${outcome.debits} debits: ${outcome.withoutNotice} without a notice, ${outcome.debitedTwice} dues debited twice, ${outcome.unknown} dues left unknown, ${outcome.amountsDiffer} amounts that differ from the notice`,
      );
    }
    await db.end();
    process.exitCode = lost + stuck + doublePaid + mismatched + mandateFaults === 0 ? 0 : 1;
  } finally {
    lb.close();
    await Promise.all(services.map((s) => stop(s)));
    cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
