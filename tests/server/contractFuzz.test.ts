// Issue 9.6: the contract fuzz test. Every operation of openapi/api.yaml gets generated
// requests: valid and invalid paths, queries, bodies (spoiled fields, wrong types, control
// characters, huge numbers, not JSON, too large, the wrong media type) and headers (no token,
// a student's, a tutor's, garbage; Idempotency-Key). Each response goes through the contract
// checker (tests/support/contract.ts): a 5xx, or any status or body the contract does not
// document, fails with the seed and the request that caused it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { anyJson, anyValue, bodyFor, nastyString } from '../support/fuzz';
import { login, testDatabases, useTestServer } from '../support/server';

/** Generated requests per operation (and database); about 3,700 requests in all. */
const RUNS_PER_OPERATION = 100;
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

type Obj = Record<string, unknown>;

/** Percent-encodes `text`; a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
const encode = (text: string) =>
  text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
const propertiesOf = (schema: unknown): Obj =>
  (typeof schema === 'object' && schema !== null && (schema as Obj).properties) as Obj;

describe.each(testDatabases())('the contract under fuzzing on $name', (database) => {
  const server = useTestServer(database);

  it('answers every generated request with a documented status and body, never a 5xx', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const student = await login(server, DEMO_PHONES.student, 'student');
    server.clock.advance(31_000);
    const tutor = await login(server, DEMO_PHONES.onboardedTutor, 'teacher');
    const badAuthorizations = fc.constantFrom(
      undefined,
      'Bearer not-a-token',
      'Token tp_not_a_key',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'x'.repeat(5000)}`,
    );
    // Mostly logged in, so requests reach validation and handlers; logout and erasure would end
    // the sessions the rest of the run uses, so they only ever get the bad ones.
    const authorizationsFor = (operationId: string) =>
      operationId === 'logout' || operationId === 'eraseMyData'
        ? badAuthorizations
        : fc.oneof(
            { weight: 3, arbitrary: fc.constant(`Bearer ${student.access_token}`) },
            { weight: 3, arbitrary: fc.constant(`Bearer ${tutor.access_token}`) },
            { weight: 2, arbitrary: badAuthorizations },
          );
    const statuses: Record<number, number> = {};

    for (const op of server.checker.contract.operations) {
      const params = propertiesOf(op.schema.params) ?? {};
      const query = propertiesOf(op.schema.querystring) ?? {};
      const pathArb = fc.record(
        Object.fromEntries(
          Object.entries(params).map(([name, schema]) => [
            name,
            fc.oneof(
              { weight: 4, arbitrary: anyValue(schema).map(String) },
              { weight: 1, arbitrary: nastyString },
              { weight: 1, arbitrary: fc.constant('9'.repeat(300)) },
            ),
          ]),
        ),
      );
      const queryArb = fc.dictionary(
        fc.constantFrom(...Object.keys(query), 'extra', 'page'),
        fc.oneof(
          ...Object.values(query).map((schema) => anyValue(schema).map(String)),
          nastyString,
        ),
        { maxKeys: 3 },
      );
      const bodyArb = op.schema.body
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: bodyFor(op.schema.body).map((body) => ({
                type: 'application/json',
                payload: JSON.stringify(body) ?? 'null',
              })),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                type: fc.constantFrom('application/json', 'text/plain', 'application/xml'),
                payload: fc.oneof(nastyString, fc.constant('{"a":')),
              }),
            },
            {
              weight: 1,
              arbitrary: fc.constant({
                type: 'application/json',
                payload: JSON.stringify({ x: 'y'.repeat(300 * 1024) }),
              }),
            },
          )
        : fc.option(
            fc.record({ type: fc.constant('application/json'), payload: anyJson.map(String) }),
            { nil: undefined, freq: 5 },
          );
      const requestArb = fc.record({
        path: pathArb,
        query: queryArb,
        body: bodyArb,
        authorization: authorizationsFor(op.operationId),
        idempotencyKey: fc.option(fc.oneof(fc.constant('key_0123456789'), nastyString), {
          nil: undefined,
        }),
      });

      await fc.assert(
        fc.asyncProperty(requestArb, async (request) => {
          const path = op.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
            encode(String((request.path as Obj)[name] ?? '')),
          );
          const search = Object.entries(request.query)
            .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
            .join('&');
          const headers: Record<string, string> = {};
          if (request.authorization) headers.authorization = request.authorization;
          if (request.idempotencyKey !== undefined) {
            headers['idempotency-key'] = encode(request.idempotencyKey);
          }
          if (request.body) headers['content-type'] = request.body.type;
          const response = await server.inject({
            method: op.method,
            url: search ? `${path}?${search}` : path,
            headers,
            ...(request.body ? { payload: request.body.payload } : {}),
          });
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          expect(response.statusCode, `${op.method} ${path}: ${response.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    }
    const fives = Object.entries(statuses).filter(([status]) => Number(status) >= 500);
    console.info(`contract fuzz on ${database.name}: statuses ${JSON.stringify(statuses)}`);
    expect(fives).toEqual([]);
  }, 240_000);
});
