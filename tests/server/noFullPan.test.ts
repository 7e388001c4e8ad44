// Issue 54 (D327): no API answer and no log line carries a full PAN or bank account number,
// whoever asks. After a realistic month (payments, a refund, a tutor a student added with
// their PAN, a bank account typed in full, a child with the parent's consent), the answers
// that show identities are asked for as the app asks, then every operation of the contract is
// called with generated requests, as the student, the tutors and nobody, with the ids that
// exist; every answer (a PDF's text too) and every log line is searched for each PAN and the
// account number. The one exception is the owner's own download, which carries their own PAN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { DEMO_PAYMENT_LINK, DEMO_PHONES } from '../../src/server/demo';
import { bodyFor, validValue } from '../support/fuzz';
import { pdfLines } from '../support/pdf';
import { login, testDatabases } from '../support/server';
import { payOrder, requestRefund } from './dashboards.support';
import { usePaymentsServer } from './payments.support';

const RUNS_PER_OPERATION = 12;
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const PANS = { asha: 'ABCPV1234D', ravi: 'CDEPK2345F', priya: 'BCDPS5678E', vikram: 'ABCPR1234K' };
const ACCOUNT = '001234567890';
/** Operations that end the sessions the walk uses: called last. */
const ENDING = new Set(['logout', 'eraseMyData']);

type Obj = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const propertiesOf = (schema: unknown): Obj =>
  ((typeof schema === 'object' && schema !== null && (schema as Obj).properties) as Obj) ?? {};

describe.each(testDatabases())('no full PAN or account number leaves on $name', (database) => {
  const t = usePaymentsServer(database);
  const { server } = t;

  it('in any answer to any operation, or in any log line', async () => {
    const { priya, asha } = await t.demo();
    const call = (method: string, url: string, token?: string, body?: unknown) =>
      t.inject({
        method: method as Method,
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

    // The month.
    const invited = await call('POST', '/api/v1/user/onboarding/', priya.token, {
      phone: '9988776655',
      first_name: 'Vikram',
      last_name: 'Rao',
      pan: PANS.vikram,
    });
    expect(invited.statusCode).toBe(201);
    server.clock.advance(31_000);
    const vikram = await login(server, '9988776655', 'teacher');
    const account = await call('POST', '/api/v1/user/accounts/add/', vikram.access_token, {
      account_number: ACCOUNT,
      ifsc: 'HDFC0001234',
    });
    expect(account.statusCode).toBe(201);
    const child = await call('POST', '/api/v1/students/', asha.token, {
      name: 'Aarav Sharma',
      phone: '9876500001',
      parent_name: 'Priya Sharma',
      parent_phone: DEMO_PHONES.student,
      minor: true,
      parent_consent: true,
    });
    expect(child.statusCode).toBe(201);
    for (const token of [priya.token, asha.token]) {
      await call('POST', '/api/v1/user/consents/', token, { notice_version: NOTICE_VERSION });
    }
    const paid = await payOrder(t, priya, asha, 2500);
    const refunded = await payOrder(t, priya, asha, 900);
    const refundId = await requestRefund(t, priya, refunded);
    const ids: Record<string, string[]> = {
      orderId: [paid, refunded],
      id: [
        String(child.json<{ id: number }>().id),
        DEMO_PAYMENT_LINK.id,
        String(asha.id),
        String(priya.id),
        String(vikram.id),
        refundId,
      ],
    };

    const secrets = [...Object.values(PANS), ACCOUNT];
    const leaks: string[] = [];
    const search = (what: string, text: string, allowed: string[] = []) => {
      for (const secret of secrets) {
        if (!allowed.includes(secret) && text.includes(secret)) leaks.push(`${what}: ${secret}`);
      }
    };
    const textOf = (res: Awaited<ReturnType<typeof call>>) =>
      String(res.headers['content-type']).startsWith('application/pdf')
        ? pdfLines(res.rawPayload).join('\n')
        : res.body;

    // The answers that show identities, as the app asks for them.
    const asked: [Method, string, string | undefined, unknown?][] = [
      ['GET', '/api/v1/user/me/', priya.token],
      ['GET', '/api/v1/user/me/', vikram.access_token],
      [
        'POST',
        '/api/v1/user/onboarding/',
        priya.token,
        { phone: DEMO_PHONES.student, first_name: 'Priya', last_name: 'Sharma' },
      ],
      [
        'POST',
        '/api/v1/user/onboarding/',
        vikram.access_token,
        { phone: '9988776655', first_name: 'Vikram', last_name: 'Rao' },
      ],
      ['GET', `/api/v1/user/${vikram.id}/`, vikram.access_token],
      ['GET', `/api/v1/user/${vikram.id}/`, priya.token],
      ['GET', '/api/v1/user/accounts/', vikram.access_token],
      ['GET', '/api/v1/payments/received/', asha.token],
      ['GET', '/api/v1/payments/made/', priya.token],
      ['GET', `/api/v1/payments/pg/order/${paid}/`, priya.token],
      ['GET', `/api/v1/payments/pg/order/${paid}/receipt/`, asha.token],
      ['GET', `/api/v1/payments/pg/order/${paid}/receipt.pdf`, priya.token],
      ['GET', '/api/v1/payments/refunds/', asha.token],
      ['GET', '/api/v1/students/', asha.token],
      ['GET', '/api/v1/user/consents/', priya.token],
      ['GET', '/api/v1/user/data/', vikram.access_token],
    ];
    for (const [method, url, token, body] of asked) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      // The owner's own download carries their own PAN, and only theirs (D324).
      const own = url.endsWith('/user/data/') ? [PANS.vikram] : [];
      search(`${method} ${url}`, textOf(res), own);
      if (own.length > 0) expect(res.body).toContain(PANS.vikram);
    }

    // Every operation, with generated requests.
    const tokens = [
      { name: 'priya', token: priya.token, own: PANS.priya },
      { name: 'asha', token: asha.token, own: PANS.asha },
      { name: 'vikram', token: vikram.access_token, own: PANS.vikram },
      { name: 'nobody', token: undefined, own: null },
    ];
    const operations = server.checker.contract.operations;
    const ordered = [
      ...operations.filter((op) => !ENDING.has(op.operationId)),
      ...operations.filter((op) => ENDING.has(op.operationId)),
    ];
    let requests = 0;
    for (const op of ordered) {
      const params = propertiesOf(op.schema.params);
      const query = propertiesOf(op.schema.querystring);
      const request = fc.record({
        who: fc.constantFrom(...tokens),
        path: fc.record(
          Object.fromEntries(
            Object.entries(params).map(([name, schema]) => [
              name,
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(...(ids[name] ?? ids.id!)) },
                { weight: 1, arbitrary: validValue(schema).map(String) },
              ),
            ]),
          ),
        ),
        query: fc.record(
          Object.fromEntries(Object.entries(query).map(([k, s]) => [k, validValue(s).map(String)])),
          { requiredKeys: [] },
        ),
        body: op.schema.body ? bodyFor(op.schema.body) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ who, path, query: q, body }) => {
          const url = op.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
            encodeURIComponent(String((path as Obj)[name] ?? '')),
          );
          const queryText = new URLSearchParams(q as Record<string, string>).toString();
          const res = await call(
            op.method,
            queryText ? `${url}?${queryText}` : url,
            who.token,
            body,
          );
          requests += 1;
          const own = op.operationId.startsWith('exportMyData') && who.own ? [who.own] : [];
          search(`${op.method} ${url} as ${who.name} -> ${res.statusCode}`, textOf(res), own);
        }),
        { numRuns: ENDING.has(op.operationId) ? 3 : RUNS_PER_OPERATION, seed: SEED },
      );
    }
    expect(requests).toBeGreaterThan(operations.length * 3);
    expect(leaks).toEqual([]);

    // And no log line of all that.
    search('log', server.logs.lines.join('\n'));
    expect(leaks).toEqual([]);
  }, 240_000);
});
