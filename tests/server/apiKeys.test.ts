// Tutors' API keys (D19): issued once and stored as a hash only, listed by prefix, revoked at
// will; `Authorization: Token <key>` acts as the tutor on link creation and nowhere else.
import { describe, expect, it } from 'vitest';
import { API_KEYS_MAX_ACTIVE } from '../../src/domain/constants';
import { apiMessages } from '../../src/domain/apiMessages';
import { hashApiKey } from '../../src/server/auth/crypto';
import { apiKeys } from '../../src/server/db/schema';
import { testDatabases } from '../support/server';
import { usePaymentsServer, type Actor } from './payments.support';

const KEYS = '/api/v1/auth/api-keys/';
const revokeUrl = (id: number) => `/api/v1/auth/api-keys/${id}/revoke/`;
const LINKS = '/api/v1/payments/payment-link/';
const CREATE_LINK = '/api/v1/payments/payment-link/create/';

interface IssuedKey {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  key: string;
}

describe.each(testDatabases())('API keys on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const issue = async (tutor: Actor, name = 'Website booking form') => {
    const res = await api('POST', KEYS, { token: tutor.token, body: { name } });
    expect(res.statusCode).toBe(201);
    return res.json<IssuedKey>();
  };
  const withKey = (key: string) => ({ headers: { authorization: `Token ${key}` } });
  const linkBody = { amount: 1500, purpose: 'Trial class' };

  it('issues a key shown once, keeps only its hash, and lists it without the key', async () => {
    const { asha } = await t.demo();
    const issued = await issue(asha, '  Website   booking form ');
    expect(issued).toEqual({
      id: expect.any(Number),
      name: 'Website booking form',
      prefix: issued.key.slice(0, 12),
      created_at: server.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
      key: expect.stringMatching(/^tp_live_[A-Za-z0-9]{32}$/),
    });
    const rows = await server.db.select().from(apiKeys);
    expect(rows).toEqual([expect.objectContaining({ keyHash: hashApiKey(issued.key) })]);
    expect(JSON.stringify(rows)).not.toContain(issued.key);

    const list = await api('GET', KEYS, { token: asha.token });
    expect(list.statusCode).toBe(200);
    const { key: _shownOnce, ...listed } = issued;
    expect(list.json()).toEqual({ results: [listed], count: 1, page: 1, page_size: 20 });
    expect(list.body).not.toContain(issued.key);
    expect(server.logs.lines.join('\n')).not.toContain(issued.key);
  });

  it('lists the newest key first, a page at a time', async () => {
    const { asha } = await t.demo();
    const first = await issue(asha, 'First');
    server.clock.advance(1000);
    const second = await issue(asha, 'Second');
    const page1 = await api('GET', `${KEYS}?page_size=1`, { token: asha.token });
    expect(page1.json()).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(page1.json<{ results: { id: number }[] }>().results.map((k) => k.id)).toEqual([
      second.id,
    ]);
    const page2 = await api('GET', `${KEYS}?page=2&page_size=1`, { token: asha.token });
    expect(page2.json<{ results: { id: number }[] }>().results.map((k) => k.id)).toEqual([
      first.id,
    ]);
  });

  it('creates payment links as the key’s tutor and notes the use at most once a minute', async () => {
    const { asha } = await t.demo();
    const issued = await issue(asha);
    const created = await api('POST', CREATE_LINK, { ...withKey(issued.key), body: linkBody });
    expect(created.statusCode).toBe(201);
    const linkId = created.json<{ id: string }>().id;
    const mine = await api('GET', LINKS, { token: asha.token });
    expect(mine.json<{ results: { id: string }[] }>().results.map((l) => l.id)).toContain(linkId);
    const details = await api('GET', `${LINKS}${linkId}/`);
    expect(details.json()).toMatchObject({ payee_name: 'Asha Verma', amount: 1500 });

    const firstUse = server.clock.now().toISOString();
    const lastUsed = async () =>
      (await api('GET', KEYS, { token: asha.token })).json<{ results: IssuedKey[] }>().results[0]
        ?.last_used_at;
    expect(await lastUsed()).toBe(firstUse);
    server.clock.advance(30_000);
    await api('POST', CREATE_LINK, { ...withKey(issued.key), body: linkBody });
    expect(await lastUsed()).toBe(firstUse);
    server.clock.advance(31_000);
    await api('POST', CREATE_LINK, { ...withKey(issued.key), body: linkBody });
    expect(await lastUsed()).toBe(server.clock.now().toISOString());
    expect(server.logs.lines.join('\n')).not.toContain(issued.key);
  });

  it('refuses a key everywhere but link creation (401), so a key cannot issue keys', async () => {
    const { asha } = await t.demo();
    const issued = await issue(asha);
    const link = await api('POST', CREATE_LINK, { token: asha.token, body: linkBody });
    const linkId = link.json<{ id: string }>().id;
    const bearerOnly = [
      ['GET', LINKS],
      ['POST', `${LINKS}${linkId}/cancel/`],
      ['GET', KEYS],
      ['GET', '/api/v1/user/me/'],
      ['GET', '/api/v1/schedules/'],
      ['GET', '/api/v1/user/accounts/'],
      ['POST', revokeUrl(issued.id)],
      ['POST', '/api/v1/auth/logout/'],
    ] as const;
    for (const [method, url] of bearerOnly) {
      const res = await api(method, url, withKey(issued.key));
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const newKey = await api('POST', KEYS, { ...withKey(issued.key), body: { name: 'More' } });
    expect(newKey.statusCode).toBe(401);
    expect(await server.db.select().from(apiKeys)).toHaveLength(1);
    const listed = await api('GET', `${LINKS}${linkId}/`, { token: asha.token });
    expect(listed.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('stops a revoked key at once (401); revoking twice keeps the first time', async () => {
    const { asha } = await t.demo();
    const issued = await issue(asha);
    const other = await issue(asha, 'Other');
    server.clock.advance(5000);
    const revoked = await api('POST', revokeUrl(issued.id), { token: asha.token });
    expect(revoked.statusCode).toBe(200);
    const revokedAt = server.clock.now().toISOString();
    const { key: _shownOnce, ...listed } = issued;
    expect(revoked.json()).toEqual({ ...listed, revoked_at: revokedAt });

    const refused = await api('POST', CREATE_LINK, { ...withKey(issued.key), body: linkBody });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: apiMessages.apiKeys.invalid });
    expect(
      (await api('POST', CREATE_LINK, { ...withKey(other.key), body: linkBody })).statusCode,
    ).toBe(201);

    server.clock.advance(5000);
    const again = await api('POST', revokeUrl(issued.id), { token: asha.token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ revoked_at: revokedAt });
  });

  it('refuses unknown, malformed and empty Token credentials (401)', async () => {
    await t.demo();
    const unknown = `tp_live_${'A'.repeat(32)}`;
    for (const authorization of [`Token ${unknown}`, 'Token nope', 'Token ', 'Token']) {
      const res = await api('POST', CREATE_LINK, { headers: { authorization }, body: linkBody });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ message: apiMessages.apiKeys.invalid });
    }
  });

  it(`keeps at most ${API_KEYS_MAX_ACTIVE} active keys (409); revoking one makes room`, async () => {
    const { asha } = await t.demo();
    const keys: IssuedKey[] = [];
    for (let i = 1; i <= API_KEYS_MAX_ACTIVE; i += 1) keys.push(await issue(asha, `Key ${i}`));
    const over = await api('POST', KEYS, { token: asha.token, body: { name: 'One more' } });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: apiMessages.apiKeys.tooMany(API_KEYS_MAX_ACTIVE),
    });
    await api('POST', revokeUrl(keys[0]!.id), { token: asha.token });
    expect((await issue(asha, 'One more')).name).toBe('One more');
    const list = await api('GET', KEYS, { token: asha.token });
    expect(list.json()).toMatchObject({ count: API_KEYS_MAX_ACTIVE + 1 });
  });

  it('refuses a blank or missing name (400)', async () => {
    const { asha } = await t.demo();
    const blank = await api('POST', KEYS, { token: asha.token, body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: apiMessages.apiKeys.nameRequired });
    expect((await api('POST', KEYS, { token: asha.token, body: {} })).statusCode).toBe(400);
    const long = await api('POST', KEYS, { token: asha.token, body: { name: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
    expect(await server.db.select().from(apiKeys)).toEqual([]);
  });

  it('gives a key of a tutor whose KYC is pending, whose links are still refused (403)', async () => {
    const { ravi } = await t.demo();
    const issued = await issue(ravi);
    const res = await api('POST', CREATE_LINK, { ...withKey(issued.key), body: linkBody });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: apiMessages.links.kycRequired });
  });

  it('has no keys for students: 403 to issue, list or revoke, and a student key never works', async () => {
    const { priya } = await t.demo();
    const refused = await api('POST', KEYS, { token: priya.token, body: { name: 'Mine' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: apiMessages.apiKeys.onlyTutors });
    expect((await api('GET', KEYS, { token: priya.token })).statusCode).toBe(403);
    expect((await api('POST', revokeUrl(1), { token: priya.token })).statusCode).toBe(403);

    // A key row for a student (the API cannot make one) still authenticates nobody.
    const key = `tp_live_${'s'.repeat(32)}`;
    await server.db
      .insert(apiKeys)
      .values({ userId: priya.id, name: 'x', prefix: key.slice(0, 12), keyHash: hashApiKey(key) });
    const res = await api('POST', CREATE_LINK, { ...withKey(key), body: linkBody });
    expect(res.statusCode).toBe(401);
  });
});
