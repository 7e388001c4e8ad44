// D12: login codes. Time is the test clock's, so expiry and windows are exact.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { testDatabases, useTestServer, wrongCode, type TestServer } from '../support/server';

// D12's numbers, written out: the tests pin the decision, not whatever a constant says.
const OTP_VALIDITY_MS = 10 * 60 * 1000;
const OTP_RESEND_COOLDOWN_MS = 30 * 1000;
const OTP_CODES_WINDOW_MS = 60 * 60 * 1000;
const OTP_WRONG_TRIES_WINDOW_MS = 24 * 60 * 60 * 1000;

const phone = '9123456780';
const GENERATE = '/api/v1/auth/generate-otp/';
const VALIDATE = '/api/v1/auth/validate-otp/';

const send = (server: TestServer, role: 'student' | 'teacher' = 'student') =>
  server.api('POST', GENERATE, { body: { phone, role } });
const check = (server: TestServer, otp: string, role: 'student' | 'teacher' = 'student') =>
  server.api('POST', VALIDATE, { body: { phone, otp, role } });

describe.each(testDatabases())('OTP (D12) on $name', (database) => {
  const server = useTestServer(database);

  it('sends a 4-digit code and says when a resend is allowed', async () => {
    const res = await send(server);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'OTP sent to 91XXXXXX80', resend_after: 30 });
    expect(await server.lastCode(phone)).toMatch(/^\d{4}$/);
  });

  it('logs in with the right code and creates the user with the requested role', async () => {
    await send(server);
    const res = await check(server, await server.lastCode(phone));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access_token: string; id: number; role: string; expires_at: string }>();
    expect(body.role).toBe('student');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at) - server.clock.now().getTime()).toBe(
      30 * 24 * 60 * 60 * 1000,
    );
    const me = await server.api('GET', '/api/v1/user/me/', { token: body.access_token });
    expect(me.json()).toMatchObject({ id: body.id, phone, role: 'student', pan: null });
  });

  it('works only once', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    expect((await check(server, code)).statusCode).toBe(200);
    const again = await check(server, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: messages.otp.expired });
  });

  it('expires after 10 minutes', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    server.clock.advance(OTP_VALIDITY_MS);
    const res = await check(server, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.otp.expired });
  });

  it('still works just before 10 minutes', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    server.clock.advance(OTP_VALIDITY_MS - 1000);
    expect((await check(server, code)).statusCode).toBe(200);
  });

  it('says a wrong code is incorrect', async () => {
    await send(server);
    const res = await check(server, wrongCode(await server.lastCode(phone)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.otp.incorrect });
  });

  it('is burned after 5 wrong tries: even the right code then fails', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    for (let i = 1; i <= 4; i += 1) {
      expect((await check(server, wrongCode(code))).json()).toMatchObject({
        message: messages.otp.incorrect,
      });
    }
    expect((await check(server, wrongCode(code))).json()).toMatchObject({
      message: messages.otp.tooManyAttempts,
    });
    const right = await check(server, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ message: messages.otp.tooManyAttempts });
  });

  it('accepts the right code after 4 wrong tries', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    for (let i = 0; i < 4; i += 1) await check(server, wrongCode(code));
    expect((await check(server, code)).statusCode).toBe(200);
  });

  it('refuses a resend within 30 seconds with 429 and Retry-After', async () => {
    await send(server);
    server.clock.advance(12_000);
    const res = await send(server);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('18');
    expect(res.json()).toMatchObject({ message: messages.otp.waitBeforeResend(18) });
    server.clock.advance(18_000);
    expect((await send(server)).statusCode).toBe(200);
  });

  it('counts parallel wrong tries exactly: 20 at once still burn the code after 5', async () => {
    await send(server);
    const code = await server.lastCode(phone);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => check(server, wrongCode(code))),
    );
    const said = results.map((r) => r.json<{ message: string }>().message);
    expect(said.filter((m) => m === messages.otp.incorrect)).toHaveLength(4);
    expect(said.filter((m) => m === messages.otp.tooManyAttempts)).toHaveLength(16);
    expect((await check(server, code)).statusCode).toBe(400);
    // Only the 5 real tries count towards the daily limit: 5 more are still allowed.
    server.clock.advance(OTP_RESEND_COOLDOWN_MS);
    await send(server);
    const next = await server.lastCode(phone);
    for (let i = 0; i < 4; i += 1)
      expect((await check(server, wrongCode(next))).statusCode).toBe(400);
    expect((await check(server, next)).statusCode).toBe(200);
  });

  it('sends one code when 10 requests arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => send(server)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });

  it('sends at most 5 codes per hour', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await send(server);
      expect(res.statusCode).toBe(200);
      // The fifth send already knows the next one must wait for the hour to roll.
      expect(res.json<{ resend_after: number }>().resend_after).toBe(i < 4 ? 30 : 3600 - 4 * 30);
      server.clock.advance(OTP_RESEND_COOLDOWN_MS);
    }
    const res = await send(server);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: messages.otp.tooManyRequests });
    // The first of the five leaves the window an hour after it was sent.
    const wait = OTP_CODES_WINDOW_MS / 1000 - 5 * 30;
    expect(res.headers['retry-after']).toBe(String(wait));
    server.clock.advance(wait * 1000);
    expect((await send(server)).statusCode).toBe(200);
  });

  it('allows at most 10 wrong tries per phone per 24 hours, then answers 429', async () => {
    // Two codes burned: 10 wrong tries.
    for (let round = 0; round < 2; round += 1) {
      await send(server);
      const code = await server.lastCode(phone);
      for (let i = 0; i < 5; i += 1)
        expect((await check(server, wrongCode(code))).statusCode).toBe(400);
      server.clock.advance(60_000);
    }
    const blocked = await check(server, '0000');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: expect.any(String) });
    const retryAfter = Number(blocked.headers['retry-after']);
    // The first wrong try was made just after the start; it leaves the window a day later.
    expect(retryAfter).toBe(OTP_WRONG_TRIES_WINDOW_MS / 1000 - 120);
    // A fresh code does not reopen the door: sending is refused too.
    expect((await send(server)).statusCode).toBe(429);
    server.clock.advance(retryAfter * 1000);
    expect((await send(server)).statusCode).toBe(200);
    expect((await check(server, await server.lastCode(phone))).statusCode).toBe(200);
  });

  it('drops rows older than a day when a phone asks again', async () => {
    await send(server);
    await check(server, wrongCode(await server.lastCode(phone)));
    server.clock.advance(OTP_WRONG_TRIES_WINDOW_MS + 1000);
    await send(server);
    expect(await server.db.query.otpCodes.findMany()).toHaveLength(1);
    expect(await server.db.query.otpFailures.findMany()).toHaveLength(0);
  });

  it('draws codes that vary (cryptographic random source)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const p = `70000000${String(i).padStart(2, '0')}`;
      await server.api('POST', GENERATE, { body: { phone: p, role: 'student' } });
      codes.add(await server.lastCode(p));
    }
    // Four equal codes in a row would happen once in 10^12 runs.
    expect(codes.size).toBeGreaterThan(1);
  });
});

describe.each(testDatabases())('OTP codes in sequence on $name', (database) => {
  const codes = ['1111', '2222'];
  let next = 0;
  const server = useTestServer(database, { generateOtp: () => codes[next++ % codes.length]! });

  it('lets a new code supersede the older one', async () => {
    next = 0;
    await send(server);
    server.clock.advance(OTP_RESEND_COOLDOWN_MS);
    await send(server);
    expect((await check(server, '1111')).json()).toMatchObject({ message: messages.otp.incorrect });
    expect((await check(server, '2222')).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('an SMS provider that fails on $name', (database) => {
  const server = useTestServer(database);
  const faults = (fail: 'server' | null) =>
    server.inject({
      method: 'POST',
      url: '/sandbox/msg91/faults',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fail }),
    });

  it('answers 502 and forgets the code, so a retry once it is back is not blocked', async () => {
    await faults('server');
    const res = await send(server);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: messages.otp.notSent });
    await faults(null);
    expect((await send(server)).statusCode).toBe(200);
  });
});
