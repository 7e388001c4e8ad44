// Security requirements as the contract states them: required, optional (D27) and schemes the
// server cannot check yet. A small contract of its own keeps each case in view.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { buildApp } from '../../src/server/app';
import { createSessionService } from '../../src/server/auth/sessions';
import { loadConfig } from '../../src/server/config';
import { parseContract } from '../../src/server/contract';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import type { Handlers } from '../../src/server/http/handler';
import { testDatabases, useTestServer, type TestServer } from '../support/server';

const contract = (meSecurity: string, logoutSecurity: string) =>
  parseContract(`
openapi: 3.1.0
info: { title: security, version: '1' }
servers: [{ url: /api/v1 }]
security: [{ bearerAuth: [] }]
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    tokenAuth: { type: apiKey, in: header, name: Authorization }
  schemas:
    Error: { type: object, required: [message], properties: { message: { type: string } } }
    Me: { type: object, required: [id], properties: { id: { type: [integer, 'null'] } } }
paths:
  /user/me/:
    get:
      operationId: getMe
      security: ${meSecurity}
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Me' } } } }
        '401': { description: no, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /auth/logout/:
    post:
      operationId: logout
      security: ${logoutSecurity}
      responses:
        '204': { description: ok }
`);

// The handler answers with the caller's id, or null when anonymous.
const whoAmI = {
  getMe: async ({ auth }) => ({ status: 200, body: { id: auth?.user.id ?? null } }) as never,
} satisfies Handlers;

async function tokenFor(server: TestServer, phone: string) {
  const [user] = await server.db.insert(users).values({ phone, role: 'student' }).returning();
  return (await createSessionService(server.db, server.clock).create(user!.id)).token;
}

describe.each(testDatabases())('optional login (D27) on $name', (database) => {
  const server = useTestServer(database, {
    contract: contract('[{}, { bearerAuth: [] }]', '[{ bearerAuth: [] }, { tokenAuth: [] }]'),
    handlers: whoAmI,
  });

  it('serves an anonymous caller', async () => {
    const res = await server.api('GET', '/api/v1/user/me/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: null });
  });

  it('knows a caller with a valid token', async () => {
    const token = await tokenFor(server, '9000000011');
    expect((await server.api('GET', '/api/v1/user/me/', { token })).json()).toEqual({ id: 1 });
  });

  it('refuses a token that is sent but invalid, instead of acting anonymous', async () => {
    const res = await server.api('GET', '/api/v1/user/me/', { token: 'expired-or-made-up' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: messages.auth.invalidToken });
  });

  it('lets an operation whose scheme is not supported yet answer 501 while it has no handler', async () => {
    expect((await server.api('POST', '/api/v1/auth/logout/')).statusCode).toBe(501);
  });
});

describe('a handler for an operation the server cannot secure', () => {
  it('stops the server at startup', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://' });
    const database = await openDatabase(config);
    try {
      await expect(
        buildApp({
          config,
          db: database.db,
          distDir: null,
          contract: contract('[{ bearerAuth: [] }]', '[{ bearerAuth: [] }, { tokenAuth: [] }]'),
          handlers: { logout: async () => ({ status: 204 }) as never },
        }),
      ).rejects.toThrow(/logout: no authenticator for security \["tokenAuth"\]/);
    } finally {
      await database.close();
    }
  });
});
