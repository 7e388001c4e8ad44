// Issue 15: the server answers in the caller's language (Accept-Language), with a code that is
// the same in every language, many callers at once each in their own.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { readIn } from '../../src/domain/locale';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { login, testDatabases, useTestServer } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';
const badPhone = { phone: '12345', role: 'student' };

describe.each(testDatabases())('the language of the answers on $name', (database) => {
  const server = useTestServer(database);

  it.each([
    ['no Accept-Language', undefined, messages.validation.phone, 'en-IN'],
    ['English', 'en-US,en;q=0.9', messages.validation.phone, 'en-IN'],
    ['Hindi', 'hi-IN,hi;q=0.9,en;q=0.8', readIn('hi', () => messages.validation.phone), 'hi-IN'],
    [
      'a language we do not speak, then Hindi',
      'ta-IN, hi;q=0.5',
      readIn('hi', () => messages.validation.phone),
      'hi-IN',
    ],
    ['Hindi refused with q=0', 'hi;q=0, en', messages.validation.phone, 'en-IN'],
    ['a malformed header', ';;q=abc,,', messages.validation.phone, 'en-IN'],
  ])('answers %s', async (_name, language, message, contentLanguage) => {
    const res = await server.api('POST', GENERATE, {
      body: badPhone,
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'validation.phone', field: 'phone' });
    expect(res.headers['content-language']).toBe(contentLanguage);
    expect(String(res.headers.vary)).toContain('Accept-Language');
  });

  it('gives a made-up message its code in both languages', async () => {
    const before = { phone: '9876500001', role: 'student' };
    expect((await server.api('POST', GENERATE, { body: before })).statusCode).toBe(200);
    for (const [language, text] of [
      ['en', messages.otp.waitBeforeResend],
      ['hi', (s: number) => readIn('hi', () => messages.otp.waitBeforeResend(s))],
    ] as const) {
      const res = await server.api('POST', GENERATE, {
        body: before,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(429);
      const body = res.json<{ message: string; code: string }>();
      expect(body.code).toBe('otp.waitBeforeResend');
      const seconds = Number(/\d+/.exec(body.message)?.[0]);
      expect(body.message).toBe(text(seconds));
    }
  });

  it('answers parallel callers each in their own language', async () => {
    const languages = Array.from({ length: 24 }, (_, i) => (i % 2 ? 'hi' : 'en'));
    const answers = await Promise.all(
      languages.map((language) =>
        server.api('POST', GENERATE, {
          body: badPhone,
          headers: { 'accept-language': language },
        }),
      ),
    );
    answers.forEach((res, i) =>
      expect(res.json<{ message: string }>().message).toBe(
        languages[i] === 'hi'
          ? readIn('hi', () => messages.validation.phone)
          : messages.validation.phone,
      ),
    );
  });

  it('says a body that is not JSON in the caller language', async () => {
    const res = await server.inject({
      method: 'POST',
      url: GENERATE,
      headers: { 'content-type': 'application/json', 'accept-language': 'hi' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'api.invalidJson' });
    expect(res.json<{ message: string }>().message).toMatch(/JSON/);
    expect(res.json<{ message: string }>().message).not.toBe('The request body is not valid JSON.');
  });

  it('texts the OTP in the language it was asked in, through that language’s template', async () => {
    for (const [phone, language, text] of [
      ['9876500011', 'hi-IN', (p: string, c: string) => readIn('hi', () => messages.otp.sms(p, c))],
      ['9876500012', 'en-IN', messages.otp.sms],
    ] as const) {
      const res = await server.api('POST', GENERATE, {
        body: { phone, role: 'student' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      const [sms] = await server.texts(phone);
      expect(sms?.body).toBe(text('TuitionPay', sms?.code ?? ''));
    }
  });

  it('remembers the language a user uses the app in, for the texts they get later', async () => {
    const { access_token: token, id } = await login(server, '9876500013', 'student');
    const languageOf = async () =>
      (await server.db.select().from(users).where(eq(users.id, id)))[0]?.language;
    expect(await languageOf()).toBe('en');
    const me = await server.api('GET', '/api/v1/user/me/', {
      token,
      headers: { 'accept-language': 'hi' },
    });
    expect(me.statusCode).toBe(200);
    expect(await languageOf()).toBe('hi');
    await server.api('GET', '/api/v1/user/me/', { token, headers: { 'accept-language': 'en' } });
    expect(await languageOf()).toBe('en');
  });

  it('tells a login the language on the profile, for a device with no language of its own', async () => {
    const phone = '9876500014';
    const first = await login(server, phone, 'student');
    expect(first.language).toBe('en');
    await server.api('GET', '/api/v1/user/me/', {
      token: first.access_token,
      headers: { 'accept-language': 'hi-IN' },
    });
    // Another phone, whose browser speaks English (a minute on, past Resend's wait): the login
    // answer says Hindi all the same.
    server.clock.advance(60_000);
    expect((await login(server, phone, 'student')).language).toBe('hi');
  });
});
