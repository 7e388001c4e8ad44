// Identities (D18, D28, D29): user/onboarding/ for oneself or to add a tutor, user/register/
// in the payment flow, user/profile/. PANs are checked by the sandbox's verification API
// (identity-verification.test.ts covers its refusals).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { apiMessages } from '../../src/domain/apiMessages';
import { users } from '../../src/server/db/schema';
import { DEMO_PHONES } from '../../src/server/demo';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const ONBOARDING = '/api/v1/user/onboarding/';
const REGISTER = '/api/v1/user/register/';
const PROFILE = '/api/v1/user/profile/';

describe.each(testDatabases())('identities on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** The newest text `phone` received, once the SMS job has sent what was queued (D121). */
  const lastSms = async (phone: string) => {
    await t.jobs();
    return (await server.texts(phone))[0]?.body;
  };

  describe('onboarding oneself', () => {
    it('saves a student’s names and PAN (200), and answers names only with the PAN on file', async () => {
      const me = await t.user('7012345600', 'student', {
        firstName: null,
        lastName: null,
        pan: null,
      });
      const namesOnly = await api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, first_name: 'Rohan', last_name: 'Mehta' },
      });
      expect(namesOnly.statusCode).toBe(200);
      expect(namesOnly.json()).toEqual({
        id: me.id,
        first_name: 'Rohan',
        last_name: 'Mehta',
        pan: null,
        username: null,
      });
      const withPan = await api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, first_name: 'Rohan  ', last_name: 'Mehta', pan: 'BXKPM4821Q' },
      });
      expect(withPan.json()).toEqual({
        id: me.id,
        first_name: 'Rohan',
        last_name: 'Mehta',
        // D315: the PAN comes back masked, even to its owner.
        pan: 'BXKPM****Q',
        username: null,
      });
      const again = await api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, first_name: 'rohan', last_name: 'MEHTA' },
      });
      expect(again.json()).toMatchObject({ pan: 'BXKPM****Q', first_name: 'Rohan' });
    });

    it('locks a verified PAN and the names on it (409)', async () => {
      const { priya } = await t.demo();
      const otherPan = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: priya.phone, first_name: 'Priya', last_name: 'Sharma', pan: 'BCDPS5678F' },
      });
      expect(otherPan.statusCode).toBe(409);
      expect(otherPan.json()).toMatchObject({ message: apiMessages.identity.panLocked });
      const otherName = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: priya.phone, first_name: 'Priyanka', last_name: 'Sharma' },
      });
      expect(otherName.statusCode).toBe(409);
      expect(otherName.json()).toMatchObject({ message: apiMessages.identity.namesLocked });
    });

    it('gives a tutor a username once names and PAN are set (D18), next free on a clash', async () => {
      await t.demo(); // asha-verma is taken
      const tutor = await t.user('7012345601', 'teacher');
      const names = await api('POST', ONBOARDING, {
        token: tutor.token,
        body: { phone: tutor.phone, first_name: 'Asha', last_name: 'Verma' },
      });
      expect(names.json()).toMatchObject({ pan: null, username: null });
      const pan = await api('POST', ONBOARDING, {
        token: tutor.token,
        body: { phone: tutor.phone, first_name: 'Asha', last_name: 'Verma', pan: 'ABCPV9999Z' },
      });
      expect(pan.statusCode).toBe(200);
      expect(pan.json()).toMatchObject({ pan: 'ABCPV****Z', username: 'asha-verma-2' });
      const profile = await api('GET', '/api/v1/user/search-action/?username=asha-verma-2');
      expect(profile.statusCode).toBe(200);
    });

    it('refuses a PAN of the wrong shape and a missing name (400)', async () => {
      const me = await t.user('7012345602', 'student', { pan: null });
      const bad = await api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, first_name: 'Rohan', last_name: 'Mehta', pan: 'BXKQM4821Q' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: messages.validation.pan });
      const noName = await api('POST', ONBOARDING, {
        token: me.token,
        body: { phone: me.phone, last_name: 'Mehta' },
      });
      expect(noName.json()).toMatchObject({ message: messages.validation.firstNameRequired });
      expect((await api('POST', ONBOARDING, { body: { phone: me.phone } })).statusCode).toBe(401);
    });
  });

  describe('adding a tutor', () => {
    it('creates an unknown tutor and texts them a KYC invitation (201)', async () => {
      const { priya } = await t.demo();
      const res = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: '9988776655', first_name: 'Vikram', last_name: 'Rao', pan: 'ABCPR1234K' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        first_name: 'Vikram',
        last_name: 'Rao',
        username: 'vikram-rao',
        phone: '9988776655',
        role: 'teacher',
        has_pan: true,
        pg_onboarding_status: [],
      });
      expect(await lastSms('9988776655')).toBe(
        `Priya Sharma wants to pay you on TuitionPay. Complete your KYC to receive payments: ${server.config.publicOrigin}/tutor/login`,
      );
      // The invited tutor logs in as a teacher and finds names and PAN done (step 2).
      const [row] = await server.db.select().from(users).where(eq(users.phone, '9988776655'));
      expect(row).toMatchObject({ role: 'teacher' });
      expect(server.pans.reveal(row!)).toBe('ABCPR1234K');
    });

    it('refuses a student’s phone (400), a known tutor (409), no PAN (400), a tutor adding (403)', async () => {
      const { asha, priya } = await t.demo();
      const other = await t.user('7012345603', 'student');
      const student = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: other.phone, first_name: 'Rohan', last_name: 'Mehta', pan: 'BXKPM4821Q' },
      });
      expect(student.statusCode).toBe(400);
      expect(student.json()).toMatchObject({ message: 'This user is registered as a student.' });
      const known = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: asha.phone, first_name: 'Asha', last_name: 'Verma', pan: 'ABCPV1234D' },
      });
      expect(known.statusCode).toBe(409);
      const noPan = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: '9988776600', first_name: 'Vikram', last_name: 'Rao' },
      });
      expect(noPan.statusCode).toBe(400);
      const byTutor = await api('POST', ONBOARDING, {
        token: asha.token,
        body: { phone: '9988776601', first_name: 'Vikram', last_name: 'Rao', pan: 'ABCPR1234K' },
      });
      expect(byTutor.statusCode).toBe(403);
    });
  });

  describe('registering a tutor while paying', () => {
    it('invites with the amount waiting, and completes a known tutor without a PAN', async () => {
      const { priya } = await t.demo();
      const res = await api('POST', REGISTER, {
        token: priya.token,
        body: {
          phone: '9988776611',
          first_name: 'Meera',
          last_name: 'Iyer',
          pan: 'ABCPI1234K',
          amount: 5000,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ username: 'meera-iyer', has_pan: true, role: 'teacher' });
      expect(await lastSms('9988776611')).toBe(
        `Priya Sharma wants to pay you Rs 5,000.00 on TuitionPay. Complete your KYC to receive it: ${server.config.publicOrigin}/tutor/login`,
      );

      // A tutor who logged in once but never gave names or PAN is completed by the student.
      const bare = await t.user('9988776612', 'teacher');
      const completed = await api('POST', REGISTER, {
        token: priya.token,
        body: {
          phone: bare.phone,
          first_name: 'Kiran',
          last_name: 'Das',
          pan: 'ABCPD1234K',
          amount: 100,
        },
      });
      expect(completed.statusCode).toBe(201);
      expect(completed.json()).toMatchObject({ id: bare.id, username: 'kiran-das', has_pan: true });
      const again = await api('POST', REGISTER, {
        token: priya.token,
        body: {
          phone: bare.phone,
          first_name: 'Kiran',
          last_name: 'Das',
          pan: 'ABCPD1234K',
          amount: 100,
        },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: apiMessages.identity.tutorVerified });
    });

    it('is for students only (403), not one’s own phone, and D11 amounts (400)', async () => {
      const { asha, priya } = await t.demo();
      const body = {
        phone: '9988776613',
        first_name: 'A',
        last_name: 'B',
        pan: 'ABCPB1234K',
        amount: 10,
      };
      expect((await api('POST', REGISTER, { token: asha.token, body })).statusCode).toBe(403);
      const own = await api('POST', REGISTER, {
        token: priya.token,
        body: { ...body, phone: priya.phone },
      });
      expect(own.json()).toMatchObject({ message: apiMessages.identity.ownPhone });
      const tooMuch = await api('POST', REGISTER, {
        token: priya.token,
        body: { ...body, amount: 50_001 },
      });
      expect(tooMuch.statusCode).toBe(400);
      const student = await api('POST', REGISTER, {
        token: priya.token,
        body: { ...body, phone: DEMO_PHONES.student },
      });
      expect(student.statusCode).toBe(400);
    });

    it('limits invitations to 10 per student per day (429)', async () => {
      const { priya } = await t.demo();
      for (let i = 0; i < 10; i += 1) {
        const res = await api('POST', REGISTER, {
          token: priya.token,
          body: {
            phone: `99887766${String(20 + i)}`,
            first_name: 'Tutor',
            last_name: `Number ${String.fromCharCode(65 + i)}`,
            // D316: each tutor's own PAN.
            pan: `ABCPN${1200 + i}K`,
            amount: 100,
          },
        });
        expect(res.statusCode).toBe(201);
      }
      const limited = await api('POST', ONBOARDING, {
        token: priya.token,
        body: { phone: '9988776699', first_name: 'One', last_name: 'More', pan: 'ABCPM1234K' },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(await server.db.select().from(users).where(eq(users.phone, '9988776699'))).toEqual([]);
    });
  });

  describe('profile', () => {
    it('sets a tutor’s subjects and refuses duplicates, blanks and students’ subjects', async () => {
      const { asha, priya } = await t.demo();
      const res = await api('PATCH', PROFILE, {
        token: asha.token,
        body: { subjects: [' Chemistry ', 'Biology'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: asha.id, first_name: 'Asha' });
      const profile = await api('GET', '/api/v1/user/search-action/?username=asha-verma');
      expect(profile.json()).toMatchObject({ subjects: ['Chemistry', 'Biology'] });

      const dupes = await api('PATCH', PROFILE, {
        token: asha.token,
        body: { subjects: ['Maths', 'maths'] },
      });
      expect(dupes.json()).toMatchObject({ message: apiMessages.identity.subjectsDuplicate });
      const blank = await api('PATCH', PROFILE, { token: asha.token, body: { subjects: ['  '] } });
      expect(blank.json()).toMatchObject({ message: apiMessages.identity.subjectBlank });
      const student = await api('PATCH', PROFILE, {
        token: priya.token,
        body: { subjects: ['Maths'] },
      });
      expect(student.statusCode).toBe(400);
      expect((await api('PATCH', PROFILE, { token: asha.token, body: {} })).statusCode).toBe(400);
      expect(
        (await api('PATCH', PROFILE, { token: asha.token, body: { subjects: [] } })).json(),
      ).toMatchObject({ id: asha.id });
    });

    it('changes names until a PAN is verified, then refuses (409)', async () => {
      const { priya } = await t.demo();
      const locked = await api('PATCH', PROFILE, {
        token: priya.token,
        body: { first_name: 'Priyanka' },
      });
      expect(locked.statusCode).toBe(409);
      const same = await api('PATCH', PROFILE, {
        token: priya.token,
        body: { first_name: 'Priya' },
      });
      expect(same.statusCode).toBe(200);
      const fresh = await t.user('7012345604', 'student', { pan: null });
      const renamed = await api('PATCH', PROFILE, {
        token: fresh.token,
        body: { first_name: 'Rohit', last_name: 'Mehra' },
      });
      expect(renamed.json()).toMatchObject({ first_name: 'Rohit', last_name: 'Mehra', pan: null });
    });
  });
});
