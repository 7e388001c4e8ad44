// Issue 9.3 (D114, D115): login codes are limited per client address (codes sent, wrong
// guesses across every phone) and overall, in the database, so parallel requests and several
// instances count the same; over a limit the answer is a 429 with Retry-After and a sentence.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../src/domain/messages';
import { selectRows } from '../../src/server/db/client';
import { testDatabases, useTestServer, wrongCode } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';
const VALIDATE = '/api/v1/auth/validate-otp/';
const phoneOf = (n: number) => `9${String(100_000_000 + n)}`;

describe.each(testDatabases())('OTP floods on $name', (database) => {
  const server = useTestServer(database);

  const ask = (phone: string, address: string, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url: GENERATE,
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ phone, role: 'student' }),
    });
  const guess = (phone: string, otp: string, address: string) =>
    server.inject({
      method: 'POST',
      url: VALIDATE,
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone, otp, role: 'student' }),
    });
  /** Codes the SMS provider (the sandbox's MSG91) took for these phones. */
  const sentTexts = async (phones: string[]) =>
    (await Promise.all(phones.map((phone) => server.texts(phone)))).flat().length;

  it('sends at most 60 codes an hour to one address, whatever the phones, in parallel', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => ask(phoneOf(i), '203.0.113.7')),
    );
    const sent = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect([sent.length, refused.length]).toEqual([60, 240]);
    expect(await sentTexts(Array.from({ length: 300 }, (_, i) => phoneOf(i)))).toBe(60);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ message: messages.otp.tooManyFromAddress });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    console.info(`flood: 300 codes asked from one address, ${sent.length} sent`);
    // Another address (another family) is not affected.
    expect((await ask(phoneOf(1000), '198.51.100.20')).statusCode).toBe(200);
  });

  it('processes at most 30 wrong guesses an hour from one address across every phone', async () => {
    // 100 phones with a live code each, asked from their owners' own addresses.
    for (let i = 0; i < 100; i += 1) {
      expect((await ask(phoneOf(i), `10.0.${Math.floor(i / 50)}.${i % 50}`)).statusCode).toBe(200);
    }
    const codes = new Map<string, string>();
    for (let i = 0; i < 100; i += 1) codes.set(phoneOf(i), await server.lastCode(phoneOf(i)));
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => {
        const phone = phoneOf(i % 100);
        return guess(phone, wrongCode(codes.get(phone)!), '203.0.113.9');
      }),
    );
    const processed = answers.filter((res) => res.statusCode === 400);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect([processed.length, refused.length]).toEqual([30, 470]);
    expect(refused[0]!.json()).toMatchObject({ message: messages.otp.tooManyGuessesFromAddress });
    console.info(
      `flood: 500 guesses over 100 phones from one address, ${processed.length} checked`,
    );
    // The owner of a phone, from their own address, still logs in.
    const phone = phoneOf(99);
    expect((await guess(phone, codes.get(phone)!, '10.0.1.49')).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('OTP ceilings and proxies on $name', (database) => {
  const server = useTestServer(database, {
    env: { OTP_CODES_PER_MINUTE: '5', TRUST_PROXY: '127.0.0.1' },
  });

  it('sends at most the overall ceiling a minute, from any addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.inject({
          method: 'POST',
          url: GENERATE,
          remoteAddress: `192.0.2.${i + 1}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ phone: phoneOf(i), role: 'student' }),
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
    const busy = answers.filter((res) => res.statusCode === 429);
    expect(busy).toHaveLength(5);
    expect(busy[0]!.json()).toMatchObject({ message: messages.otp.busy });
  });

  it('takes the client address from a trusted proxy only', async () => {
    // From the trusted proxy (127.0.0.1), X-Forwarded-For names the client...
    const viaProxy = await server.inject({
      method: 'POST',
      url: GENERATE,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      payload: JSON.stringify({ phone: phoneOf(1), role: 'student' }),
    });
    expect(viaProxy.statusCode).toBe(200);
    const hits = await selectRows(
      server.db,
      // The address the limit counted.
      sql`select bucket from rate_limit_hits where bucket like 'otp:codes:203.0.113.50:%'`,
    );
    expect(hits).toHaveLength(2);
    // ... from anyone else it is ignored: a client cannot pick its own address.
    await server.inject({
      method: 'POST',
      url: GENERATE,
      remoteAddress: '198.51.100.77',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.51' },
      payload: JSON.stringify({ phone: phoneOf(2), role: 'student' }),
    });
    const spoofed = await selectRows(
      server.db,
      sql`select bucket from rate_limit_hits where bucket like 'otp:codes:203.0.113.51:%'`,
    );
    expect(spoofed).toHaveLength(0);
  });
});
