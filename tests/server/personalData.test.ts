// Issue 54: a person's own data under the DPDP Act. Consent to the notice (its version and
// time) and its withdrawal; a child's data only with the parent's consent, which the parent
// confirms or refuses; the download of everything we hold (JSON and PDF, one a minute);
// erasure, refused while money still moves, keeping only what the law names until the date it
// names; and the append-only audit trail a tutor reads for their own account.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readIn } from '../../src/domain/locale';
import { istDateKey } from '../../src/domain/time';
import { keptUntil, NOTICE_VERSION } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { selectRows } from '../../src/server/db/client';
import { erasures, tutorStudents, users } from '../../src/server/db/schema';
import { pdfLines } from '../support/pdf';
import { login, testDatabases } from '../support/server';
import { payOrder, requestRefund } from './dashboards.support';
import { ORDER_URL, orderBody, usePaymentsServer, type Actor } from './payments.support';

const CONSENTS = '/api/v1/user/consents/';
const WITHDRAW = '/api/v1/user/consents/withdraw/';
const DATA = '/api/v1/user/data/';
const DATA_PDF = '/api/v1/user/data.pdf';
const ERASE = '/api/v1/user/erasure/';
const AUDIT = '/api/v1/user/audit/';
const STUDENTS = '/api/v1/students/';
const t_ = privacyTexts;

describe.each(testDatabases())('personal data on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;
  const auditRows = () =>
    selectRows<{ action: string; actor_id: number | null; subject_user_id: number | null }>(
      server.db,
      sql`select action, actor_id, subject_user_id from audit_events order by id`,
    );

  describe('consent to the notice', () => {
    it('records the version and time, asks again for another version, and withdraws as easily', async () => {
      const { asha } = await t.demo();
      // Not a demo person: they agreed when they signed up (seed.ts).
      const priya = await t.user('9876500031', 'student', { firstName: 'Priya', lastName: 'Nair' });
      const before = await api('GET', CONSENTS, { token: priya.token });
      expect(before.json()).toEqual({
        notice_version: NOTICE_VERSION,
        consent: null,
        needs_notice: true,
        children: [],
      });
      const old = await api('POST', CONSENTS, {
        token: priya.token,
        body: { notice_version: '2020-01' },
      });
      expect(old.statusCode).toBe(409);
      expect(old.json()).toMatchObject({ message: t_.api.noticeChanged });

      const agreed = await api('POST', CONSENTS, {
        token: priya.token,
        body: { notice_version: NOTICE_VERSION },
      });
      expect(agreed.json()).toMatchObject({
        consent: { version: NOTICE_VERSION, given_at: server.clock.now().toISOString() },
        needs_notice: false,
      });
      // Agreeing again to the same version adds nothing.
      await api('POST', CONSENTS, { token: priya.token, body: { notice_version: NOTICE_VERSION } });
      expect((await auditRows()).filter((r) => r.action === 'consent.given')).toHaveLength(1);

      const withdrawn = await api('POST', WITHDRAW, { token: priya.token });
      expect(withdrawn.json()).toMatchObject({ consent: null, needs_notice: true });
      // D319: no payment from someone who withdrew, until they agree again.
      const refused = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 500),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: t_.api.consentWithdrawn });
      await api('POST', CONSENTS, { token: priya.token, body: { notice_version: NOTICE_VERSION } });
      const paid = await api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 500),
      });
      expect(paid.statusCode).toBe(201);
    });

    it('records the consent given on the sign-up form with the names (user/onboarding/)', async () => {
      const me = await t.user('7012345900', 'student', {
        firstName: null,
        lastName: null,
        pan: null,
      });
      const res = await api('POST', '/api/v1/user/onboarding/', {
        token: me.token,
        body: {
          phone: me.phone,
          first_name: 'Rohan',
          last_name: 'Mehta',
          pan: 'BXKPM4821Q',
          notice_version: NOTICE_VERSION,
        },
      });
      expect(res.statusCode).toBe(200);
      // D315: masked, even to its owner, on every screen but their own data.
      expect(res.json()).toMatchObject({ pan: 'BXKPM****Q' });
      const state = await api('GET', CONSENTS, { token: me.token });
      expect(state.json()).toMatchObject({ consent: { version: NOTICE_VERSION } });
    });
  });

  describe("a child's data", () => {
    const child = {
      name: 'Aarav Sharma',
      phone: '9876500001',
      parent_name: 'Neha Sharma',
      parent_phone: '9876500002',
      minor: true,
    };

    it("needs the parent's consent noted by the tutor, then the parent's own answer", async () => {
      const { asha } = await t.demo();
      const noConsent = await api('POST', STUDENTS, { token: asha.token, body: child });
      expect(noConsent.statusCode).toBe(400);
      expect(noConsent.json()).toMatchObject({ message: t_.api.minorNeedsConsent });
      const noParent = await api('POST', STUDENTS, {
        token: asha.token,
        body: { name: 'Kabir', phone: '9876500003', minor: true, parent_consent: true },
      });
      expect(noParent.json()).toMatchObject({ message: t_.api.minorNeedsParent });
      const added = await api('POST', STUDENTS, {
        token: asha.token,
        body: { ...child, parent_consent: true },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ minor: true, consent: 'awaiting_parent' });
      const studentId = added.json<{ id: number }>().id;

      // The parent's first login: the child waits for their answer.
      const parent = await login(server, child.parent_phone, 'student');
      const waiting = await api('GET', CONSENTS, { token: parent.access_token });
      expect(waiting.json()).toMatchObject({
        children: [{ student_id: studentId, child_name: 'Aarav Sharma', tutor_name: 'Asha Verma' }],
      });
      const stranger = await api('POST', CONSENTS, {
        token: parent.access_token,
        body: { children: [{ student_id: studentId + 99, decision: 'given' }] },
      });
      expect(stranger.statusCode).toBe(404);
      const confirmed = await api('POST', CONSENTS, {
        token: parent.access_token,
        body: {
          notice_version: NOTICE_VERSION,
          children: [{ student_id: studentId, decision: 'given' }],
        },
      });
      expect(confirmed.json()).toMatchObject({ needs_notice: false, children: [] });
      const list = await api('GET', STUDENTS, { token: asha.token });
      expect(list.json()).toMatchObject({
        results: [{ id: studentId, consent: 'parent_confirmed' }],
      });
    });

    it("is erased when the parent refuses, and the tutor sees 'Erased at their request'", async () => {
      const { asha } = await t.demo();
      const added = await api('POST', STUDENTS, {
        token: asha.token,
        body: { ...child, parent_consent: true },
      });
      const studentId = added.json<{ id: number }>().id;
      const parent = await login(server, child.parent_phone, 'student');
      await api('POST', CONSENTS, {
        token: parent.access_token,
        body: { children: [{ student_id: studentId, decision: 'refused' }] },
      });
      const list = await api('GET', STUDENTS, { token: asha.token });
      expect(list.json()).toMatchObject({
        results: [{ id: studentId, name: t_.erased, phone: null, erased: true, consent: null }],
      });
      const [row] = await server.db
        .select()
        .from(tutorStudents)
        .where(eq(tutorStudents.id, studentId));
      expect(row).toMatchObject({ name: '', parentName: null, parentPhone: null });
      expect(row!.phone).not.toContain('9876500001');
    });
  });

  describe('the download of everything we hold', () => {
    it('gives the owner their whole PAN, once a minute, in JSON and in a readable PDF', async () => {
      const { priya, asha } = await t.demo();
      await payOrder(t, priya, asha, 1200);
      const res = await api('GET', DATA, { token: priya.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="tuitionpay-my-data-/,
      );
      const data = res.json<{ profile: { pan: string }; payments_made: unknown[] }>();
      expect(data.profile).toMatchObject({
        pan: 'BCDPS5678E',
        first_name: 'Priya',
        phone: priya.phone,
      });
      expect(data.payments_made).toEqual([
        expect.objectContaining({ status: 'PAID', amount: 1200, tutor: 'Asha Verma' }),
      ]);

      // D325: a second download within the minute is a 429 that says when, and counts nothing.
      const again = await api('GET', DATA_PDF, { token: priya.token });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ message: t_.api.exportTooSoon(60) });
      expect(again.headers['retry-after']).toBe('60');
      server.clock.advance(60_000);
      const pdf = await api('GET', DATA_PDF, { token: priya.token });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const lines = pdfLines(pdf.rawPayload);
      expect(lines).toContain(t_.pdf.title);
      expect(lines).toContain(`${t_.pdf.fields.pan}: BCDPS5678E`);
      expect(lines.some((line) => line.includes('Asha Verma'))).toBe(true);
      // Each download is in the trail.
      const downloads = (await auditRows()).filter((r) => r.action === 'data.exported');
      expect(downloads).toEqual([
        { action: 'data.exported', actor_id: priya.id, subject_user_id: priya.id },
        { action: 'data.exported', actor_id: priya.id, subject_user_id: priya.id },
      ]);
    });
  });

  describe('erasure', () => {
    const refundOpen = async (priya: Actor, asha: Actor) => {
      const orderId = await payOrder(t, priya, asha, 800);
      return requestRefund(t, priya, orderId);
    };

    it('is refused while a refund is open, and erases nothing', async () => {
      const { priya, asha } = await t.demo();
      await refundOpen(priya, asha);
      for (const who of [priya, asha]) {
        const res = await api('POST', ERASE, { token: who.token });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: t_.api.refundOpen });
      }
      const [row] = await server.db.select().from(users).where(eq(users.id, priya.id));
      expect(row).toMatchObject({ firstName: 'Priya', erasedAt: null });
      expect((await api('GET', '/api/v1/user/me/', { token: priya.token })).statusCode).toBe(200);
    });

    it('is refused while a checkout is open', async () => {
      const { priya, asha } = await t.demo();
      await t.api('POST', ORDER_URL, {
        token: priya.token,
        body: orderBody(priya.id, asha.id, 300),
      });
      const res = await api('POST', ERASE, { token: priya.token });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: t_.api.checkoutOpen });
    });

    it('erases the person, keeps the payments the law names until its date, and a job erases them then', async () => {
      const { priya, asha } = await t.demo();
      const added = await api('POST', STUDENTS, {
        token: asha.token,
        body: { name: 'Priya Sharma', phone: priya.phone, batch: 'Class 12' },
      });
      await payOrder(t, priya, asha, 2000);
      const erased = await api('POST', ERASE, { token: priya.token });
      expect(erased.statusCode).toBe(200);
      const until = keptUntil(server.clock.now()).toISOString();
      expect(erased.json()).toEqual({
        erased_at: server.clock.now().toISOString(),
        kept: [
          { kind: 'payments', what: t_.kept.payments(1), why: t_.kept.paymentsWhy, until },
          // The demo people agreed to the notice when they signed up (seed.ts).
          { kind: 'consents', what: t_.kept.consents, why: t_.kept.consentsWhy, until: null },
          { kind: 'audit', what: t_.kept.audit, why: t_.kept.auditWhy, until: null },
        ],
      });
      // 15 January 2025 is in 2024-25: kept until 31 March 2032 (D321).
      expect(until).toBe('2032-03-31T18:29:59.999Z');

      // Logged out everywhere; nothing of them is left in the row but its id.
      expect((await api('GET', '/api/v1/user/me/', { token: priya.token })).statusCode).toBe(401);
      const [row] = await server.db.select().from(users).where(eq(users.id, priya.id));
      expect(row).toMatchObject({
        firstName: null,
        lastName: null,
        panSealed: null,
        panHash: null,
        username: null,
      });
      expect(row!.phone).not.toBe(priya.phone);
      expect(row!.erasedAt).not.toBeNull();

      // The tutor's views: the student and the payer are 'Erased at their request'.
      const students = await api('GET', STUDENTS, { token: asha.token });
      expect(students.json()).toMatchObject({
        results: [
          { id: added.json<{ id: number }>().id, name: t_.erased, phone: null, erased: true },
        ],
      });
      const received = await api('GET', '/api/v1/payments/received/', { token: asha.token });
      expect(received.json()).toMatchObject({
        results: [{ student: { id: priya.id, name: t_.erased, phone: null } }],
      });

      // A new login with the phone is a new person, with none of the old data.
      const again = await login(server, priya.phone, 'student');
      expect(again.id).not.toBe(priya.id);
      const fresh = await api('GET', '/api/v1/user/me/', { token: again.access_token });
      expect(fresh.json()).toMatchObject({ first_name: null, pan: null });

      // The kept identity is sealed apart, then emptied by the job at the law's date.
      const [kept] = await server.db.select().from(erasures).where(eq(erasures.userId, priya.id));
      expect(kept!.kept).toMatch(/^dev1\./);
      expect(kept!.kept).not.toContain('Priya');
      expect(await server.app.services.erasure.purgeDue()).toBe(0);
      server.clock.advance(Date.parse(until) - server.clock.now().getTime() + 1);
      expect(await server.app.services.erasure.purgeDue()).toBe(0 + 1);
      const [purged] = await server.db.select().from(erasures).where(eq(erasures.userId, priya.id));
      expect(purged).toMatchObject({ kept: null, purgedAt: server.clock.now() });
      expect((await auditRows()).map((r) => r.action)).toEqual(
        expect.arrayContaining(['erasure', 'erasure.purged']),
      );
    });

    it("forgets a payer's phone in the dues their open link held (D207), and cancels it", async () => {
      const { asha } = await t.demo();
      const child = { name: 'Aarav Sharma', phone: '9876500001' };
      const parent = { parent_name: 'Meera', parent_phone: '9876500009' };
      const student = await api('POST', STUDENTS, {
        token: asha.token,
        body: { ...child, ...parent },
      });
      const plan = await api('POST', '/api/v1/fee-plans/', {
        token: asha.token,
        body: {
          name: 'Maths',
          kind: 'one_time',
          student_id: student.json().id,
          amount: 2000,
          due_date: '2025-01-20',
        },
      });
      expect(plan.statusCode).toBe(201);
      const meera = await t.user('9876500009', 'student', { firstName: 'Meera', lastName: 'Rao' });
      const [due] = (await api('GET', '/api/v1/my-dues/', { token: meera.token })).json().results;
      const pay = await api('POST', '/api/v1/my-dues/pay/', {
        token: meera.token,
        body: { due_ids: [due.id] },
      });
      expect(pay.statusCode).toBe(200);
      const held = () =>
        selectRows<{ open_for: string | null; status: string }>(
          server.db,
          sql`select open_for, status from link_dues join payment_links on payment_links.id = link_id`,
        );
      expect(await held()).toEqual([{ open_for: '9876500009', status: 'ACTIVE' }]);
      expect((await api('POST', ERASE, { token: meera.token })).statusCode).toBe(200);
      expect(await held()).toEqual([{ open_for: null, status: 'CANCELLED' }]);
    });

    it("keeps a tutor's cash entries (issue 48) without the erased payer's phone or note", async () => {
      const { asha } = await t.demo();
      const student = await api('POST', STUDENTS, {
        token: asha.token,
        body: {
          name: 'Aarav Sharma',
          phone: '9876500001',
          parent_name: 'Meera',
          parent_phone: '9876500009',
        },
      });
      const plan = await api('POST', '/api/v1/fee-plans/', {
        token: asha.token,
        body: {
          name: 'Maths',
          kind: 'one_time',
          student_id: student.json().id,
          amount: 2000,
          due_date: istDateKey(server.app.services.clock.now()),
        },
      });
      expect(plan.statusCode).toBe(201);
      await server.app.services.dues.generate();
      const entry = await api('POST', `/api/v1/students/${student.json().id}/cash/`, {
        token: asha.token,
        body: {
          amount: 500,
          received_on: istDateKey(server.app.services.clock.now()),
          note: 'Meera, at the gate',
        },
      });
      expect(entry.statusCode).toBe(201);
      const meera = await t.user('9876500009', 'student', { firstName: 'Meera', lastName: 'Rao' });
      const entries = () =>
        selectRows<{ payer_phone: string; note: string | null; amount: string }>(
          server.db,
          sql`select payer_phone, note, amount::text from cash_payments`,
        );
      expect(await entries()).toEqual([
        { payer_phone: '9876500009', note: 'Meera, at the gate', amount: '50000' },
      ]);
      expect((await api('POST', ERASE, { token: meera.token })).statusCode).toBe(200);
      expect(await entries()).toEqual([
        { payer_phone: `erased-user-${meera.id}`, note: null, amount: '50000' },
      ]);
    });

    it("erases a tutor: profile gone, links cancelled, students' entries erased", async () => {
      const { asha } = await t.demo();
      await api('POST', STUDENTS, {
        token: asha.token,
        body: { name: 'Kabir Rao', phone: '9876500009' },
      });
      const res = await api('POST', ERASE, { token: asha.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ kept: { kind: string }[] }>().kept.map((k) => k.kind)).toEqual([
        'consents',
        'audit',
      ]);
      const profile = await api('GET', '/api/v1/user/search-action/?username=asha-verma');
      expect(profile.statusCode).toBe(404);
      const link = await api('GET', '/api/v1/payments/payment-link/lnk_demo_asha_3000/');
      expect(link.json()).toMatchObject({
        status: 'CANCELLED',
        payee_name: t_.erased,
        payee_phone: null,
      });
      const entries = await server.db.select().from(tutorStudents);
      expect(entries.every((e) => e.erasedAt !== null && e.name === '')).toBe(true);
      const accounts = await selectRows(
        server.db,
        sql`select * from bank_accounts where user_id = ${asha.id}`,
      );
      expect(accounts).toEqual([]);
    });
  });

  describe('the audit trail', () => {
    it("holds a tutor's reads of others' data and changes to their own, which nobody can change", async () => {
      const { asha, priya } = await t.demo();
      const added = await api('POST', STUDENTS, {
        token: asha.token,
        body: { name: 'Kabir Rao', phone: '9876500009' },
      });
      const studentId = added.json<{ id: number }>().id;
      await api('GET', `/api/v1/students/${studentId}/dues/`, { token: asha.token });
      await api('GET', '/api/v1/payments/received/export/?from=2025-01-01&to=2025-01-31', {
        token: asha.token,
      });
      const trail = await api('GET', AUDIT, { token: asha.token });
      expect(trail.statusCode).toBe(200);
      expect(trail.json()).toMatchObject({
        count: 2,
        results: [
          { action: 'payments.exported', actor_id: asha.id, ip: '127.0.0.1' },
          { action: 'student.history.read', actor_id: asha.id, subject_student_id: studentId },
        ],
      });
      // Another person's trail is theirs alone.
      const own = await api('GET', AUDIT, { token: priya.token });
      expect(own.json()).toMatchObject({ count: 0, results: [] });

      // D323: the database itself refuses to change or remove an event.
      for (const statement of [
        sql`update audit_events set action = 'nothing'`,
        sql`delete from audit_events`,
        sql`truncate audit_events`,
      ]) {
        await expect(server.db.execute(statement)).rejects.toThrow();
      }
      expect(await auditRows()).toHaveLength(2);
    });

    it('records bank account and KYC changes in the same transaction as the change', async () => {
      const tutor = await t.user('7012345901', 'teacher', {
        firstName: 'Meera',
        lastName: 'Iyer',
        pan: 'ABCPI5901K',
      });
      const res = await api('POST', '/api/v1/user/accounts/add/', {
        token: tutor.token,
        body: { account_number: '001234567890', ifsc: 'HDFC0001234' },
      });
      expect(res.statusCode).toBe(201);
      await server.app.services.kyc.applyStatus(tutor.id, {
        status: 'MIN_KYC_SUBMITTED',
        at: server.clock.now(),
      });
      const trail = await api('GET', AUDIT, { token: tutor.token });
      expect(trail.json<{ results: { action: string }[] }>().results.map((r) => r.action)).toEqual([
        'kyc.status_changed',
        'bank_account.added',
      ]);
      expect(trail.json()).toMatchObject({ results: [{ actor_id: null }, { actor_id: tutor.id }] });
    });
  });

  it('answers the refusals in the caller’s language', async () => {
    const { priya, asha } = await t.demo();
    await payOrder(t, priya, asha, 800).then((id) => requestRefund(t, priya, id));
    const res = await api('POST', ERASE, {
      token: priya.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(res.json()).toMatchObject({ message: readIn('hi', () => t_.api.refundOpen) });
  });
});
