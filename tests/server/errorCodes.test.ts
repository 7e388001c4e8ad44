// D236: every error's code comes from where it is raised, never from its words matched back
// to a catalog (issue 48: generate-otp with role 'tutor' answered 'duesTab.chart.collectedOf').
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { login, testDatabases, useTestServer } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';

describe.each(testDatabases())('error codes on $name', (database) => {
  const server = useTestServer(database);

  it('names a request the contract refuses by its keyword and field, whatever its words', async () => {
    const res = await server.api('POST', GENERATE, {
      body: { phone: '9876543210', role: 'tutor' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'role: must be one of student, teacher',
      code: 'request.enum',
      field: 'role',
    });
    const missing = await server.api('POST', GENERATE, { body: { phone: '9876543210' } });
    expect(missing.json()).toEqual({
      message: 'role is required',
      code: 'request.required',
      field: 'role',
    });
  });

  it("gives a field the product has words for that text's code", async () => {
    const res = await server.api('POST', GENERATE, { body: { phone: '12345', role: 'student' } });
    expect(res.json()).toEqual({
      message: messages.validation.phone,
      code: 'validation.phone',
      field: 'phone',
    });
  });

  it("gives a service's refusal the code of the text it chose, in Hindi too", async () => {
    const { access_token: token } = await login(server, '8123456789', 'teacher');
    for (const language of ['en', 'hi']) {
      const res = await server.api('POST', '/api/v1/dues/99/settle/', {
        token,
        body: { how: 'cash' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('dues.notFound');
    }
    const plan = await server.api('POST', '/api/v1/fee-plans/', {
      token,
      body: {
        name: 'X',
        kind: 'monthly',
        batch: 'A',
        amount: 100,
        due_day: 40,
        start_month: '2025-02',
      },
    });
    expect(plan.json()).toMatchObject({ code: 'plans.dueDay', field: 'due_day' });
    expect(plan.json<{ message: string }>().message).toBe(studentsTexts.plans.dueDay);
  });

  it("names the framework's own refusals by their status", async () => {
    const res = await server.api('POST', GENERATE, {
      body: 'phone=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'http_415' });
    const unknown = await server.api('GET', '/api/v1/nothing-here/');
    expect(unknown.json()).toMatchObject({ code: 'api.notFound' });
  });
});
