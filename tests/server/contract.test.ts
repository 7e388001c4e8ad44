// The contract as the server reads it: every operation becomes a route, every schema compiles
// with the server's validator (OpenAPI keywords included), and the checker catches drift.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { dereference, loadContract, parseContract } from '../../src/server/contract';
import { openDatabase } from '../../src/server/db/client';
import type { Handlers } from '../../src/server/http/handler';
import { createContractAjv } from '../../src/server/http/ajv';
import { handlers } from '../../src/server/routes';
import { createContractChecker, ContractViolation } from '../support/contract';
import { testDatabases, useTestServer } from '../support/server';

const contract = loadContract();

describe('the contract', () => {
  it('holds the operations the server implements', () => {
    const ids = contract.operations.map((op) => op.operationId);
    for (const id of Object.keys(handlers)) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('maps paths to Fastify URLs under /api/v1, trailing slash kept', () => {
    const me = contract.operations.find((op) => op.operationId === 'getMe');
    expect(me).toMatchObject({
      method: 'GET',
      url: '/api/v1/user/me/',
      security: [['bearerAuth']],
    });
    const otp = contract.operations.find((op) => op.operationId === 'generateOtp');
    expect(otp).toMatchObject({ method: 'POST', security: [], bodyRequired: true });
    const parsed = parseContract(`
openapi: 3.1.0
info: { title: t, version: '1' }
servers: [{ url: /api/v1 }]
paths:
  /user/{id}/:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    get:
      operationId: getUser
      x-internal-note: fine
      responses: { '200': { description: ok } }
`);
    expect(parsed.operations[0]).toMatchObject({
      url: '/api/v1/user/:id/',
      schema: { params: { type: 'object', required: ['id'] } },
    });
    expect(parsed.extensionKeywords).toEqual(['x-internal-note']);
  });

  it('compiles every schema with the request and response validators', () => {
    const requests = createContractAjv('requests', contract.extensionKeywords);
    const responses = createContractAjv('responses', contract.extensionKeywords);
    for (const op of contract.operations) {
      for (const schema of [op.schema.body, op.schema.querystring, op.schema.params]) {
        if (schema) expect(() => requests.compile(schema), op.operationId).not.toThrow();
      }
      for (const response of Object.values(op.responses)) {
        if (response.schema) expect(() => responses.compile(response.schema!)).not.toThrow();
      }
    }
  });

  it('accepts OpenAPI annotations and nullable type arrays, and still validates', () => {
    const ajv = createContractAjv('responses');
    const validate = ajv.compile({
      type: 'object',
      example: { a: null },
      examples: [{ a: 'x' }],
      properties: { a: { type: ['string', 'null'], format: 'date-time' } },
      discriminator: { propertyName: 'a' },
    });
    expect(validate({ a: null })).toBe(true);
    expect(validate({ a: '2025-01-15T10:00:00Z' })).toBe(true);
    expect(validate({ a: 'yesterday' })).toBe(false);
    expect(() => ajv.compile({ type: 'string', formt: 'typo' })).toThrow();
  });

  it('resolves $refs, with siblings winning, and refuses recursive ones', () => {
    const doc = {
      a: { $ref: '#/defs/x', description: 'mine' },
      defs: { x: { type: 'string', description: 'theirs' } },
    };
    expect(dereference(doc)).toMatchObject({ a: { type: 'string', description: 'mine' } });
    expect(() => dereference({ a: { $ref: '#/a' } })).toThrow(/Recursive/);
  });

  it('has a checker that rejects undocumented statuses and wrong bodies', () => {
    const checker = createContractChecker({ implemented: new Set(Object.keys(handlers)) });
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const me = '/api/v1/user/me/';
    expect(() =>
      checker.check('GET', me, { statusCode: 418, headers: json, body: '{"message":"x"}' }),
    ).toThrow(ContractViolation);
    expect(() =>
      checker.check('GET', me, { statusCode: 200, headers: json, body: '{"id":"seven"}' }),
    ).toThrow(/does not match/);
    expect(() =>
      checker.check('GET', me, { statusCode: 501, headers: json, body: '{"message":"x"}' }),
    ).toThrow(ContractViolation);
    expect(() =>
      checker.check('GET', me, { statusCode: 401, headers: json, body: '{"message":"x"}' }),
    ).toThrow(/does not match/);
    expect(() =>
      checker.check('GET', me, {
        statusCode: 401,
        headers: json,
        body: '{"message":"x","code":"http_401"}',
      }),
    ).not.toThrow();
    expect(() =>
      checker.check('POST', '/api/v1/auth/logout/', { statusCode: 204, headers: {}, body: '' }),
    ).not.toThrow();
  });
});

describe('every operation with a handler', () => {
  it('compiles in Fastify: request validators and response serializers', async () => {
    // Only Bearer can be checked so far; this is about schemas, so drop other schemes.
    const bearerOnly = {
      ...contract,
      operations: contract.operations.map((op) => ({
        ...op,
        security: op.security.filter((alternative) => !alternative.includes('tokenAuth')),
      })),
    };
    const all = Object.fromEntries(
      contract.operations.map((op) => [op.operationId, async () => ({ status: 200 })]),
    ) as unknown as Handlers;
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://' });
    const database = await openDatabase(config);
    const app = await buildApp({
      config,
      db: database.db,
      contract: bearerOnly,
      handlers: all,
      distDir: null,
    });
    try {
      await expect(app.ready()).resolves.toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
    // Every operation's validators and serializers compile at once: a minute on a loaded
    // two-core machine (the default 20 s is for one request's worth of work).
  }, 60_000);
});

describe.each(testDatabases())('operations of the contract on $name', (database) => {
  const server = useTestServer(database);

  it('each answer 501 {message} until a handler is bound', async () => {
    const missing = contract.operations.filter((op) => !(op.operationId in handlers));
    for (const op of missing) {
      const url = op.url.replace(/:[^/]+/g, '1');
      const res = await server.inject({ method: op.method, url });
      expect(res.statusCode, op.operationId).toBe(501);
      expect(res.json()).toMatchObject({ message: 'Not implemented yet' });
    }
  });
});
