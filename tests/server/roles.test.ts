// D14: a phone has one role; asking with the other is refused at both steps of login.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';

const GENERATE = '/api/v1/auth/generate-otp/';
const VALIDATE = '/api/v1/auth/validate-otp/';
const mismatch = {
  message: 'The user role and input role does not match.',
  code: 'roles.serverMismatch',
};

describe.each(testDatabases())('role conflicts (D14) on $name', (database) => {
  const server = useTestServer(database);

  it('uses the exact server message of spec §8', () => {
    expect(messages.roles.serverMismatch).toBe(mismatch.message);
  });

  it("refuses a teacher's phone asking as a student", async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const res = await server.api('POST', GENERATE, {
      body: { phone: DEMO_PHONES.onboardedTutor, role: 'student' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(mismatch);
  });

  it("refuses a student's phone asking as a teacher", async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const res = await server.api('POST', GENERATE, {
      body: { phone: DEMO_PHONES.student, role: 'teacher' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(mismatch);
  });

  it('refuses at validate-otp too, even with a right code', async () => {
    const phone = '7012345678';
    // A code sent while the phone had no user yet ...
    await server.api('POST', GENERATE, { body: { phone, role: 'student' } });
    const code = await server.lastCode(phone);
    // ... and meanwhile the phone became a teacher's.
    server.clock.advance(30_000);
    await login(server, phone, 'teacher').catch(() => undefined);
    const users = await server.db.query.users.findMany();
    expect(users.map((u) => u.role)).toEqual(['teacher']);
    const res = await server.api('POST', VALIDATE, { body: { phone, otp: code, role: 'student' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(mismatch);
  });

  it('keeps the first role: a student stays a student', async () => {
    const phone = '7012345679';
    const first = await login(server, phone, 'student');
    server.clock.advance(30_000);
    const again = await login(server, phone, 'student');
    expect(again.id).toBe(first.id);
    const res = await server.api('POST', GENERATE, { body: { phone, role: 'teacher' } });
    expect(res.json()).toEqual(mismatch);
  });
});
