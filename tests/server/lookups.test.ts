// Look-ups (D8, D17, D26, D27): user/search/, user/search-action/ and user/{id}/.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { DEMO_PHONES } from '../../src/server/demo';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const SEARCH = '/api/v1/user/search/';

describe.each(testDatabases())('look-ups on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api } = t;

  it('finds a tutor by username without a login: D17 fields only, no id or PAN', async () => {
    await t.demo();
    const res = await api('GET', `${SEARCH}?username=asha-verma`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        first_name: 'Asha',
        last_name: 'Verma',
        username: 'asha-verma',
        phone: DEMO_PHONES.onboardedTutor,
        role: 'teacher',
        has_pan: true,
        pg_onboarding_status: [{ pg_name: 'cashfree', status: 'ACTIVE' }],
      },
    ]);
    expect(res.body).not.toContain('ABCPV1234D');
    expect((await api('GET', `${SEARCH}?username=nobody-here`)).json()).toEqual([]);
  });

  it('adds the id for a logged-in caller and refuses an invalid token (D27)', async () => {
    const { asha, priya } = await t.demo();
    const res = await api('GET', `${SEARCH}?username=asha-verma`, { token: priya.token });
    expect(res.json()).toEqual([expect.objectContaining({ id: asha.id, username: 'asha-verma' })]);
    const bad = await api('GET', `${SEARCH}?username=asha-verma`, { token: 'expired' });
    expect(bad.statusCode).toBe(401);
  });

  it('needs a login to search by phone (401), then finds tutors and students', async () => {
    const { ravi, priya } = await t.demo();
    const anonymous = await api('GET', `${SEARCH}?phone=${DEMO_PHONES.pendingTutor}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: messages.auth.notAuthenticated });

    const tutor = await api('GET', `${SEARCH}?phone=${DEMO_PHONES.pendingTutor}`, {
      token: priya.token,
    });
    expect(tutor.json()).toEqual([
      expect.objectContaining({
        id: ravi.id,
        role: 'teacher',
        has_pan: true,
        pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_PENDING' }],
      }),
    ]);
    expect(tutor.body).not.toContain('CDEPK2345F');
    const student = await api('GET', `${SEARCH}?phone=${DEMO_PHONES.student}`, {
      token: priya.token,
    });
    expect(student.json()).toEqual([expect.objectContaining({ role: 'student' })]);
    expect((await api('GET', `${SEARCH}?phone=9000000000`, { token: priya.token })).json()).toEqual(
      [],
    );
  });

  it('takes exactly one of phone or username (400)', async () => {
    const { priya } = await t.demo();
    for (const query of ['', `?phone=${DEMO_PHONES.student}&username=asha-verma`]) {
      const res = await api('GET', `${SEARCH}${query}`, { token: priya.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ message: apiMessages.lookups.exactlyOne });
    }
    expect((await api('GET', `${SEARCH}?phone=12345`, { token: priya.token })).statusCode).toBe(
      400,
    );
    expect((await api('GET', `${SEARCH}?username=Not_Valid`)).statusCode).toBe(400);
  });

  it('rate-limits phone searches per caller (429 with Retry-After)', async () => {
    const { priya } = await t.demo();
    for (let i = 0; i < 30; i += 1) {
      const res = await api('GET', `${SEARCH}?phone=90000000${String(i).padStart(2, '0')}`, {
        token: priya.token,
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await api('GET', `${SEARCH}?phone=9000000099`, { token: priya.token });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Username look-ups are not limited this way.
    expect((await api('GET', `${SEARCH}?username=asha-verma`)).statusCode).toBe(200);
    t.server.clock.advance(60 * 60_000);
    const later = await api('GET', `${SEARCH}?phone=9000000099`, { token: priya.token });
    expect(later.statusCode).toBe(200);
  });

  it('serves the public profile (D8) and 404s unknown usernames', async () => {
    await t.demo();
    const res = await api('GET', '/api/v1/user/search-action/?username=asha-verma');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      first_name: 'Asha',
      last_name: 'Verma',
      username: 'asha-verma',
      phone: DEMO_PHONES.onboardedTutor,
      subjects: ['Mathematics', 'Physics'],
      kyc_approved_at: '2025-01-08T04:30:00.000Z',
    });
    const ravi = await api('GET', '/api/v1/user/search-action/?username=ravi-kumar');
    expect(ravi.json()).toMatchObject({ subjects: [], kyc_approved_at: null });
    const unknown = await api('GET', '/api/v1/user/search-action/?username=nobody');
    expect(unknown.statusCode).toBe(404);
    expect((await api('GET', '/api/v1/user/search-action/')).statusCode).toBe(400);
  });

  it("shows the caller's own User, a tutor's summary, and 404 for anyone else", async () => {
    const { asha, priya } = await t.demo();
    const other = await t.user('7012345680', 'student');
    const self = await api('GET', `/api/v1/user/${priya.id}/`, { token: priya.token });
    expect(self.json()).toMatchObject({ id: priya.id, pan: 'BCDPS****E', role: 'student' });
    const tutor = await api('GET', `/api/v1/user/${asha.id}/`, { token: priya.token });
    expect(tutor.json()).toEqual(
      expect.objectContaining({ id: asha.id, username: 'asha-verma', has_pan: true }),
    );
    expect(tutor.json()).not.toHaveProperty('pan');
    expect((await api('GET', `/api/v1/user/${other.id}/`, { token: priya.token })).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/api/v1/user/${priya.id}/`, { token: asha.token })).statusCode).toBe(
      404,
    );
    expect((await api('GET', '/api/v1/user/99999/', { token: priya.token })).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/user/${asha.id}/`)).statusCode).toBe(401);
  });
});
