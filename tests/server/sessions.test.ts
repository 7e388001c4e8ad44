// D13: opaque access tokens, 12 hours, revoked by logout; the Bearer hook answers 401.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';

/** D13, written out. */
const SESSION_VALIDITY_MS = 12 * 60 * 60 * 1000;
const ME = '/api/v1/user/me/';
const LOGOUT = '/api/v1/auth/logout/';

describe.each(testDatabases())('sessions (D13) on $name', (database) => {
  const server = useTestServer(database);

  it('user/me returns the logged-in user', async () => {
    const { access_token: token, id } = await login(server, '8123456789', 'teacher');
    const res = await server.api('GET', ME, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      first_name: null,
      last_name: null,
      email: null,
      pan: null,
      phone: '8123456789',
      role: 'teacher',
      username: null,
      pg_onboarding_status: [],
    });
  });

  it('user/me shows a seeded tutor with PAN and gateway status to its owner', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const { access_token: token } = await login(server, DEMO_PHONES.onboardedTutor, 'teacher');
    const res = await server.api('GET', ME, { token });
    expect(res.json()).toMatchObject({
      first_name: 'Asha',
      last_name: 'Verma',
      pan: 'ABCPV****D',
      username: 'asha-verma',
      pg_onboarding_status: [{ pg_name: 'cashfree', status: 'ACTIVE' }],
    });
  });

  it('answers 401 without a token', async () => {
    const res = await server.api('GET', ME);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toMatchObject({ message: messages.auth.notAuthenticated });
  });

  it('answers 401 for an unknown or malformed token', async () => {
    for (const authorization of ['Bearer nope', 'Basic abc', 'Bearer ', 'Token abc']) {
      const res = await server.api('GET', ME, { headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: messages.auth.invalidToken });
    }
  });

  it('logout makes the token unusable', async () => {
    const { access_token: token } = await login(server, '8123456789', 'student');
    const out = await server.api('POST', LOGOUT, { token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await server.api('GET', ME, { token })).statusCode).toBe(401);
    expect((await server.api('POST', LOGOUT, { token })).statusCode).toBe(401);
  });

  it('logout ends only that session', async () => {
    const first = await login(server, '8123456789', 'student');
    server.clock.advance(30_000);
    const second = await login(server, '8123456789', 'student');
    await server.api('POST', LOGOUT, { token: first.access_token });
    expect((await server.api('GET', ME, { token: second.access_token })).statusCode).toBe(200);
  });

  it('a token expires after 12 hours', async () => {
    const { access_token: token } = await login(server, '8123456789', 'student');
    server.clock.advance(SESSION_VALIDITY_MS - 1000);
    expect((await server.api('GET', ME, { token })).statusCode).toBe(200);
    server.clock.advance(1000);
    const res = await server.api('GET', ME, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: messages.auth.invalidToken });
  });

  it('stores only a hash of the token', async () => {
    const { access_token: token } = await login(server, '8123456789', 'student');
    const rows = await server.db.query.sessions.findMany();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("drops a user's dead sessions at the next login", async () => {
    const first = await login(server, '8123456789', 'student');
    await server.api('POST', LOGOUT, { token: first.access_token });
    server.clock.advance(30_000);
    await login(server, '8123456789', 'student');
    expect(await server.db.query.sessions.findMany()).toHaveLength(1);
  });

  it('logout without a token is 401', async () => {
    expect((await server.api('POST', LOGOUT)).statusCode).toBe(401);
  });
});
