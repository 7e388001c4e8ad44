// No OTP, PAN or token in the logs of a full login (D12, D13, D16). The dev SMS line is the
// one deliberate exception: it stands in for the phone.
import { describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { login, testDatabases, useTestServer } from '../support/server';

/** Every string value in a parsed log entry (numbers such as responseTime are not text). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe.each(testDatabases())('logs on $name', (database) => {
  const server = useTestServer(database);

  it('hold no OTP, PAN or token after a full login, except the dev SMS line', async () => {
    await seedDemoData(server.db, server.clock);
    const phone = DEMO_PHONES.onboardedTutor;
    const { access_token: token } = await login(server, phone, 'teacher');
    const code = await server.lastCode(phone);
    const me = await server.api('GET', '/api/v1/user/me/', { token });
    expect(me.json<{ pan: string }>().pan).toBe('ABCPV1234D');
    await server.api('POST', '/api/v1/auth/logout/', { token });

    const entries = server.logs.entries();
    expect(entries.length).toBeGreaterThan(5);
    const withCode = entries.filter((e) =>
      strings(e).some((s) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(s)),
    );
    expect(withCode.map((e) => e.msg)).toEqual([
      `[dev sms] to 98xxxxxx10: Your TuitionPay OTP is ${code}`,
    ]);
    const text = server.logs.lines.join('\n');
    expect(text).not.toContain('ABCPV1234D');
    expect(text).not.toContain(token);
    expect(text).not.toContain(phone); // the request log has URLs, not bodies
  });

  it('redacts secret fields if anything logs them', () => {
    server.app.log.info(
      {
        otp: '4821',
        body: { pan: 'ABCPV1234D' },
        user: { pan: 'ABCPV1234D', account_number: '123456789012' },
      },
      'careless',
    );
    const line = server.logs.lines.at(-1) ?? '';
    expect(line).toContain('careless');
    for (const secret of ['4821', 'ABCPV1234D', '123456789012']) expect(line).not.toContain(secret);
  });
});
