// Request validation by the contract: every refusal is 400 {message} in words a person reads.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { testDatabases, useTestServer } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';
const VALIDATE = '/api/v1/auth/validate-otp/';

describe.each(testDatabases())('request validation on $name', (database) => {
  const server = useTestServer(database);

  const cases: [string, string, unknown, string][] = [
    ['a short phone', GENERATE, { phone: '98765', role: 'student' }, messages.validation.phone],
    [
      'a phone starting with 5',
      GENERATE,
      { phone: '5876543210', role: 'student' },
      messages.validation.phone,
    ],
    ['a missing phone', GENERATE, { role: 'student' }, messages.validation.phone],
    [
      'an unknown role',
      GENERATE,
      { phone: '9876543210', role: 'admin' },
      'role: must be one of student, teacher',
    ],
    ['a missing role', GENERATE, { phone: '9876543210' }, 'role is required'],
    [
      'an unknown field',
      GENERATE,
      { phone: '9876543210', role: 'student', extra: 1 },
      'extra: is not a known field',
    ],
    [
      'a 3-digit code',
      VALIDATE,
      { phone: '9876543210', role: 'student', otp: '123' },
      messages.validation.otp,
    ],
    [
      'a non-numeric code',
      VALIDATE,
      { phone: '9876543210', role: 'student', otp: 'abcd' },
      messages.validation.otp,
    ],
    ['an array body', GENERATE, [1, 2], 'The request body must be a JSON object.'],
  ];

  it.each(cases)('refuses %s', async (_name, url, body, message) => {
    const res = await server.api('POST', url, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('refuses a missing body', async () => {
    const res = await server.api('POST', GENERATE, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('refuses malformed JSON', async () => {
    const res = await server.inject({
      method: 'POST',
      url: GENERATE,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('answers 404 {message} for an unknown API path, and keeps the trailing slash', async () => {
    for (const url of ['/api/v1/nope/', '/api/v1/user/me']) {
      const res = await server.api('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
