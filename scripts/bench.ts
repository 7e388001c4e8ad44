// `npm run bench [-- section...]` (issue 11): speed and size figures, each beside a reference
// measured in the same run. Sections (all by default; each can run alone):
//   pages   Lighthouse mobile (median of 3) and bytes of a first visit, per route, vs a React
//           hello world built and served the same way: over HTTP/1.1 as `npm start` serves
//           them, then over HTTP/2 and TLS through a front like a load balancer's (h2Front.ts)
//   reads   GET user/me/ and a payments list, autocannon 100 connections 10 s, 3 runs
//           interleaved with a bare Fastify hello world, on PostgreSQL and PGlite
//   orders  order creation at 20 connections, 10 s, 3 runs (the gateway is the sandbox server,
//           a process of its own), on PostgreSQL and PGlite: the first run and the median
//   dues    a month of dues for 10,000 students (`--students N`) on PostgreSQL, then one
//           reminder pass for them, each vs one INSERT ... SELECT of as many rows
//   startup the web server's start to its first ready answer, built (dist-server/main.js) vs
//           the same sources through tsx, 5 runs interleaved, on PGlite (startup.ts)
// Reads and orders also print the bytes of log the web process wrote per request, at info level
// as in production, and the CPU time each process spent per request: the web process, the
// sandbox answering as the gateway, PostgreSQL, and autocannon generating the load (cpu.ts);
// under their tables, what issue 11's remaining targets leave the web process here (targets.ts).
// PostgreSQL is a throwaway cluster unless DATABASE_URL is given.
// `npm run build` first. Node runs with --expose-gc, so that the dues section can tell the heap
// its work kept.
import { existsSync } from 'node:fs';
import { computeBreakup } from '../src/domain/fees';
import { paiseToRupees } from '../src/domain/money';
import { cores, withCpuPerRequest, type CpuTimes } from './bench/cpu';
import { budget, describeBudget, type Target } from './bench/targets';
import { duesBench, STUDENTS as DUES_STUDENTS, type Rss } from './bench/dues';
import { selfSignedCertificate, withH2Front } from './bench/h2';
import { buildHelloWorld } from './bench/helloWorld';
import { load, type LoadFigures } from './bench/load';
import { measurePage } from './bench/pages';
import { startupBench } from './bench/startup';
import { demoTutor, login, startStack, students, type Stack } from './bench/stack';
import { startCluster, type Cluster } from './lib/postgres';
import { freePort } from './lib/ports';
import { ready, start, stop } from './lib/processes';
import { DEMO_PHONES } from '../src/server/demo';

const sections = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('-') && all[i - 1] !== '--students');
const want = (name: string) => sections.length === 0 || sections.includes(name);
const out = (line: string) => console.info(line);
const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function withReference<T>(
  served: { dist?: string; databaseUrl?: string },
  run: (url: string, pid: number) => Promise<T>,
) {
  const port = await freePort();
  const reference = start('reference', 'scripts/bench/referenceServer.ts', {
    REFERENCE_PORT: String(port),
    ...(served.dist ? { REFERENCE_DIST: served.dist } : {}),
    ...(served.databaseUrl ? { REFERENCE_DATABASE_URL: served.databaseUrl } : {}),
  });
  try {
    await ready(reference, `http://127.0.0.1:${port}/healthz`);
    return await run(`http://127.0.0.1:${port}`, reference.child.pid!);
  } finally {
    await stop(reference);
  }
}

async function pages() {
  if (!existsSync('dist/index.html')) throw new Error('npm run build first');
  const hello = await buildHelloWorld();
  const stack = await startStack('pglite');
  try {
    const priya = await login(stack, DEMO_PHONES.student, 'student');
    const asha = await demoTutor(stack);
    const review = {
      'access-token': priya.access_token,
      userId: String(priya.id),
      studentLogin: 'true',
      activeFlow: 'StaticLinkFlow',
      activePaymentAmount: '200000',
      tutorPhone: DEMO_PHONES.onboardedTutor,
      activePaymentTutorName: 'Asha Verma',
      payeeUserId: String(asha.id),
    };
    const routes: [string, Record<string, string> | undefined][] = [
      ['/static-link/asha-verma', undefined],
      ['/student/login', undefined],
      ['/asha-verma', undefined],
      ['/pay/review', review],
    ];
    const table = async (how: string, appUrl: string, helloUrl: string) => {
      const reference = await measurePage(`${helloUrl}/`, { runs: 3 });
      out(`\n## Pages over ${how}: Lighthouse 12 mobile (simulated, median of 3), a first visit`);
      out('| route | score | FCP | LCP | LCP vs hello world | bytes sent |');
      out('| --- | --- | --- | --- | --- | --- |');
      for (const [route, storage] of routes) {
        const figures = await measurePage(`${appUrl}${route}`, {
          runs: 3,
          ...(storage ? { storage } : {}),
        });
        out(
          `| ${route} | ${figures.score} | ${ms(figures.fcpMs)} | ${ms(figures.lcpMs)} | ${(figures.lcpMs / reference.lcpMs).toFixed(2)}x | ${kb(figures.bytes)} |`,
        );
      }
      out(
        `| React hello world (reference) | ${reference.score} | ${ms(reference.fcpMs)} | ${ms(reference.lcpMs)} | 1.00x | ${kb(reference.bytes)} |`,
      );
    };
    await withReference({ dist: hello }, async (referenceUrl) => {
      await table('HTTP/1.1, as `npm start` serves them', stack.url, referenceUrl);
      // In production a load balancer or CDN ends TLS and speaks HTTP/2 (README: Deployment).
      const certificate = selfSignedCertificate();
      try {
        await withH2Front(stack.url, certificate, (appUrl) =>
          withH2Front(referenceUrl, certificate, (helloUrl) =>
            table('HTTP/2 and TLS, as behind a load balancer', appUrl, helloUrl),
          ),
        );
      } finally {
        certificate.remove();
      }
    });
  } finally {
    await stack.stop();
  }
}

/** A run's figures with the CPU time (ms) each process spent per request (cpu.ts). */
type CpuFigures = LoadFigures & { cpuPerRequest: CpuTimes };
/** A run against the product, also with the bytes of log its web process wrote per request. */
type StackFigures = CpuFigures & { logPerRequest: number };

async function logged(stack: Stack, run: () => Promise<LoadFigures>): Promise<StackFigures> {
  const before = stack.logBytes();
  const figures = await withCpuPerRequest(stack.pids, run);
  // The last lines are written once their responses are out, and then cross a pipe.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const logPerRequest = (stack.logBytes() - before) / Math.max(1, figures.requests);
  return { ...figures, logPerRequest };
}

/** The median of each figure over runs; errors and requests summed. */
const pick = <F extends LoadFigures>(list: F[]) => ({
  rps: median(list.map((f) => f.rps)),
  p50: median(list.map((f) => f.p50)),
  p99: median(list.map((f) => f.p99)),
  errors: list.reduce((sum, f) => sum + f.errors, 0),
  requests: list.reduce((sum, f) => sum + f.requests, 0),
});

const logColumn = (list: StackFigures[]) =>
  `${Math.round(median(list.map((f) => f.logPerRequest)))} B`;

/** Each process's CPU per request, the median over runs. */
const medianCpu = (list: CpuFigures[]): CpuTimes => {
  const of = (key: keyof CpuTimes) => median(list.map((f) => f.cpuPerRequest[key]));
  return { web: of('web'), gateway: of('gateway'), database: of('database'), load: of('load') };
};

/** Web, gateway, database and load generator, µs of CPU per request, and their sum (medians). */
const cpuColumn = (list: CpuFigures[]) => {
  const { web, gateway, database, load } = medianCpu(list);
  const parts = [web, gateway, database, load];
  const sum = median(list.map((f) => Object.values(f.cpuPerRequest).reduce((a, b) => a + b, 0)));
  const us = (ms: number) => Math.round(ms * 1000);
  return `${parts.map(us).join(' / ')} (${us(sum)})`;
};

/** Issue 11's targets for the reads and for orders, on PostgreSQL. */
const READ_TARGET = { share: 0.3, p99Ms: 20, connections: 100 };
const ORDER_TARGET = { p99Ms: 50, connections: 20 };

/** The sentence under a table: what `target` leaves the web process in this run (targets.ts). */
const budgetNote = (what: string, target: Target, list: CpuFigures[]) => {
  const f = pick(list);
  const observed = { p50Ms: f.p50, p99Ms: f.p99, cpu: medianCpu(list) };
  return describeBudget(what, budget(target, observed, cores()), cores());
};

/** Prints its rows; returns the sentences to print under the table. */
async function readsOn(stack: Stack, name: string, helloUrl: string, helloPid: number) {
  const [student] = await students(stack, 1);
  const token = student!.access_token;
  const options = { connections: 100, seconds: 10 };
  const references: Record<'hello' | 'row', CpuFigures[]> = { hello: [], row: [] };
  const reference = (path: string) =>
    withCpuPerRequest({ web: helloPid }, () => load({ ...options, url: `${helloUrl}${path}` }));
  const runs: Record<'me' | 'made', StackFigures[]> = { me: [], made: [] };
  const withRow = name === 'PostgreSQL';
  for (let run = 0; run < 3; run += 1) {
    references.hello.push(await reference('/hello'));
    if (withRow) references.row.push(await reference('/row'));
    for (const [key, path] of [
      ['me', 'user/me/'],
      ['made', 'payments/made/'],
    ] as const) {
      runs[key].push(
        await logged(stack, () =>
          load({
            ...options,
            url: `${stack.url}/api/v1/${path}`,
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );
    }
  }
  const hello = pick(references.hello);
  out(
    `| reference: bare Fastify hello world | ${Math.round(hello.rps)} req/s | ${ms(hello.p50)} | ${ms(hello.p99)} | ${hello.errors} | 100% | | ${cpuColumn(references.hello)} |`,
  );
  if (withRow) {
    const f = pick(references.row);
    out(
      `| reference: bare Fastify + one indexed row from PostgreSQL | ${Math.round(f.rps)} req/s | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | ${pct(f.rps, hello.rps)} of ${Math.round(hello.rps)} req/s | | ${cpuColumn(references.row)} |`,
    );
  }
  const notes: string[] = [];
  for (const [label, key] of [
    ['GET user/me/', 'me'],
    ['GET payments/made/', 'made'],
  ] as const) {
    const f = pick(runs[key]);
    out(
      `| ${label} on ${name} | ${Math.round(f.rps)} req/s | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | ${pct(f.rps, hello.rps)} of ${Math.round(hello.rps)} req/s | ${logColumn(runs[key])} | ${cpuColumn(runs[key])} |`,
    );
    if (name === 'PostgreSQL') {
      const { share, p99Ms, connections } = READ_TARGET;
      const target = { rate: share * hello.rps, p99Ms, connections };
      const what = `${label} at ${share * 100}% of the hello world and p99 ${p99Ms} ms`;
      notes.push(budgetNote(what, target, runs[key]));
    }
  }
  return notes;
}

async function ordersOn(stack: Stack, name: string) {
  const payers = await students(stack, 20);
  const asha = await demoTutor(stack);
  // Each request its own amount: the same terms twice within the reuse window are a double
  // click, answered with the first order (orderOpening.ts), which is not what this measures.
  let next = 0;
  const run = () =>
    logged(stack, () =>
      load({
        url: `${stack.url}/api/v1/payments/pg/order/`,
        method: 'POST',
        connections: 20,
        seconds: 10,
        setupRequest: (request) => {
          const payer = payers[next++ % payers.length]!;
          const baseRupees = 500 + next;
          const breakup = computeBreakup({ amount: baseRupees * 100, method: 'upi', baseRate: 1 });
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${payer.access_token}`,
              'idempotency-key': `bench_${next}_${Math.random().toString(36).slice(2, 10)}`,
            },
            body: JSON.stringify({
              amount: paiseToRupees(breakup.total),
              base_amount: baseRupees,
              payer_id: payer.id,
              payee_id: asha.id,
              payment_method: 'upi',
              settlement_type: 'STANDARD',
            }),
          };
        },
      }),
    );
  // Three runs, as for reads: the first, on a process that has not made an order yet (its code
  // not yet optimised, its connections' statements not yet prepared), is printed on its own.
  const runs = [await run(), await run(), await run()];
  const row = (label: string, list: StackFigures[]) => {
    const f = pick(list);
    out(
      `| order creation on ${name}, ${label} | ${f.rps.toFixed(1)} orders/s | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | | ${logColumn(list)} | ${cpuColumn(list)} |`,
    );
  };
  row('first 10 s', [runs[0]!]);
  row('median of 3 runs', runs);
  const what = `Order creation at p99 ${ORDER_TARGET.p99Ms} ms`;
  return name === 'PostgreSQL' ? [budgetNote(what, ORDER_TARGET, runs)] : [];
}

async function api(kind: 'reads' | 'orders') {
  const cluster: Cluster | null = process.env.DATABASE_URL ? null : await startCluster();
  const postgres = process.env.DATABASE_URL ?? cluster!.url;
  try {
    out(
      kind === 'reads'
        ? '\n## Authenticated reads: autocannon 100 connections, 10 s, median of 3 interleaved runs'
        : '\n## Order creation: autocannon 20 connections, 10 s, 3 runs (the gateway: the sandbox server)',
    );
    out(
      `| what | throughput | p50 | p99 | errors | vs bare Fastify hello world | log per request | CPU µs per request: web / gateway / database / load generator (sum; ${cores()} cores) |`,
    );
    out('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const notes: string[] = [];
    await withReference({ databaseUrl: postgres }, async (helloUrl, helloPid) => {
      for (const [name, database] of [
        ['PostgreSQL', postgres],
        ['PGlite', 'pglite'],
      ] as const) {
        const stack = await startStack(database);
        try {
          notes.push(
            ...(kind === 'reads'
              ? await readsOn(stack, name, helloUrl, helloPid)
              : await ordersOn(stack, name)),
          );
        } finally {
          await stack.stop();
        }
      }
    });
    // Under the table (D205): what each target leaves the web process on this machine.
    for (const note of notes) out(`\n${note}`);
  } finally {
    cluster?.stop();
  }
}

/** `--students N` (the dues section's size), or the default. */
function studentsOption(): number {
  const at = process.argv.indexOf('--students');
  if (at < 0) return DUES_STUDENTS;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 2 || n > 1_000_000) {
    throw new Error('--students: a whole number from 2 to 1000000');
  }
  return n;
}

async function dues() {
  const students = studentsOption();
  const cluster: Cluster | null = process.env.DATABASE_URL ? null : await startCluster();
  try {
    const f = await duesBench(process.env.DATABASE_URL ?? cluster!.url, students);
    const n = students.toLocaleString('en-IN');
    out(`\n## A month of dues for ${n} students (PostgreSQL)`);
    out(
      '| what | rows written | time | queries | reference: one INSERT ... SELECT of as many rows |',
    );
    out('| --- | --- | --- | --- | --- |');
    out(
      `| dues job, first run | ${f.created} | ${ms(f.ms)} | ${f.queries} | ${ms(f.referenceMs)} |`,
    );
    out(`| dues job, again | ${f.again.created} | ${ms(f.again.ms)} | ${f.again.queries} | |`);
    const r = f.reminders;
    out(`\n## One reminder pass for those ${n} students (PostgreSQL)`);
    out(
      '| what | texts queued | time | queries | reference: one INSERT ... SELECT of as many texts |',
    );
    out('| --- | --- | --- | --- | --- |');
    out(
      `| reminder pass, 3 days before | ${r.sent} | ${ms(r.ms)} | ${r.queries} | ${ms(r.referenceMs)} |`,
    );
    out(`| reminder pass, again | ${r.again.sent} | ${ms(r.again.ms)} | ${r.again.queries} | |`);
    const kept = (m: Rss) => (m.kept === null ? '' : `, ${m.kept} MB of heap kept after it`);
    out(
      `\nsms-send jobs in pg-boss: ${r.jobs}. Resident memory of this process (the worker's code):` +
        ` dues job ${f.rss.before} MB at its start, ${f.rss.peak} MB at its peak${kept(f.rss)};` +
        ` reminder pass ${r.rss.before} MB at its start, ${r.rss.peak} MB at its peak${kept(r.rss)}.`,
    );
    out(`The database after both: ${f.databaseMb} MB (pg_database_size).`);
  } finally {
    cluster?.stop();
  }
}

async function startup() {
  const runs = 5;
  const figures = await startupBench(runs);
  out('');
  out(
    `## The web server's start, to its first ready answer on PGlite (${runs} runs interleaved, after a first start of ${ms(figures.firstStartMs)} that made the database)`,
  );
  out('| server | median | runs |');
  out('| --- | --- | --- |');
  const row = (name: string, list: number[]) =>
    out(`| ${name} | ${ms(median(list))} | ${list.map((n) => Math.round(n)).join(', ')} |`);
  row('node dist-server/main.js (production, D217)', figures.built);
  row('tsx src/server/main.ts (reference: before D217)', figures.tsx);
}

async function main() {
  out('# npm run bench');
  if (want('pages')) await pages();
  if (want('reads')) await api('reads');
  if (want('orders')) await api('orders');
  if (want('dues')) await dues();
  if (want('startup')) await startup();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
