// Fee reminders (issue 14, D148): the hourly pass texts each payer whose dues reach a step of
// the ladder (3 days before, on the day, 3 and 7 days after), 9:00-21:00 IST only, one text a
// day per payer and tutor covering all their dues, never twice however many passes run at once,
// none once paid, waived or ended or after the payer replied STOP; the tutor can send one now
// and reads every reminder, sent or skipped, in the log.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { users } from '../../src/server/db/schema';
import { sweepAndRunJobs } from '../support/jobs';
import { testDatabases } from '../support/server';
import { moveClockTo } from './dashboards.support';
import { usePaymentsServer, type Actor } from './payments.support';

const m = studentsTexts.reminders;
const MEERA = '9876500009'; // Aarav's mother, who pays his fees
const DIYA = '9876500002';
const KABIR = '9876500003';

describe.each(testDatabases())('fee reminders on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  /** Asha's three students on a ₹2,000 monthly plan due on the 5th from February. */
  async function classOfThree() {
    const { asha } = await t.demo();
    const ids: Record<string, number> = {};
    for (const [name, body] of Object.entries({
      aarav: {
        name: 'Aarav Sharma',
        phone: '9876500001',
        parent_name: 'Meera Sharma',
        parent_phone: MEERA,
      },
      diya: { name: 'Diya Patel', phone: DIYA },
      kabir: { name: 'Kabir Rao', phone: KABIR },
    })) {
      const res = await api('POST', '/api/v1/students/', {
        token: asha.token,
        body: { ...body, batch: 'Class 10' },
      });
      ids[name] = res.json().id;
    }
    const plan = await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Maths',
        kind: 'monthly',
        batch: 'Class 10',
        amount: 2000,
        due_day: 5,
        start_month: '2025-02',
      },
    });
    return {
      asha,
      ids: ids as Record<'aarav' | 'diya' | 'kabir', number>,
      planId: plan.json().id as number,
    };
  }

  /** The clock at `iso`, the tutor logged in again, dues written. */
  const at = async (tutor: Actor, iso: string) => {
    moveClockTo(t, iso);
    await server.app.services.dues.generate();
    return t.user(tutor.phone, 'teacher');
  };
  const pass = () => server.app.services.reminders.run();
  const texts = async (phone: string) =>
    (await t.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phone}` }))
      .json<{ body: string }[]>()
      .filter((text) => text.body.startsWith('Fee reminder'));
  const log = async (tutor: Actor) =>
    (await api('GET', '/api/v1/reminders/', { token: tutor.token })).json();
  const reply = (phone: string, text: string) =>
    t.inject({ method: 'POST', url: '/sandbox/msg91/replies', payload: { phone, text } });

  it('texts each payer once on each step of the ladder, within the hours, never twice', async () => {
    const first = await classOfThree();
    // 2 February: three days before the due day, but at 8:30 nobody is texted yet.
    let asha = await at(first.asha, '2025-02-02T08:30:00+05:30');
    expect(await pass()).toEqual({ outsideHours: true });
    moveClockTo(t, '2025-02-02T09:00:00+05:30');
    // Four passes at once (four workers): one text per payer.
    const passes = await Promise.all([pass(), pass(), pass(), pass()]);
    expect(passes.reduce((n, p) => n + ('sent' in p ? p.sent : 0), 0)).toBe(3);
    expect(await pass()).toEqual({ sent: 0, skipped: 0 });
    await t.jobs();
    const [meeras] = await texts(MEERA);
    expect(meeras!.body).toMatch(
      // D240: it names the student the fee is for, and says 'Rs' as every template may.
      /^Fee reminder from Asha Verma for Aarav Sharma: Rs 2,000\.00 for Maths \(Feb 2025\)\. Pay at http\S+\/payment-link\/\S+ Reply STOP to stop reminders\.$/,
    );
    expect(await texts('9876500001')).toEqual([]); // the student's own phone: the parent pays
    // 3 February is no step of the ladder; 5 February is, from the hourly job of the sweep.
    asha = await at(asha, '2025-02-03T12:00:00+05:30');
    expect(await pass()).toEqual({ sent: 0, skipped: 0 });
    asha = await at(asha, '2025-02-05T10:00:00+05:30');
    await sweepAndRunJobs(server.app);
    expect(await texts(DIYA)).toHaveLength(2);
    const latest = (await log(asha)).results;
    expect(latest).toHaveLength(6);
    expect(latest[0]).toMatchObject({
      day: '2025-02-05',
      kind: 'scheduled',
      amount: 2000,
      skipped: null,
    });
    expect(['sent', 'delivered']).toContain(latest[0].status);
  });

  it('texts a payer who uses the app in Hindi in Hindi, the purpose too (issue 15)', async () => {
    const first = await classOfThree();
    // Diya has used the app in Hindi: her profile says so.
    await t.user(DIYA, 'student');
    await server.db.update(users).set({ language: 'hi' }).where(eq(users.phone, DIYA));
    await at(first.asha, '2025-02-02T09:00:00+05:30');
    await pass();
    await t.jobs();
    const outbox = async (phone: string) =>
      (await t.inject({ method: 'GET', url: `/sandbox/outbox.json?phone=${phone}` })).json<
        { body: string }[]
      >();
    const [diyas] = await outbox(DIYA);
    expect(diyas!.body).toMatch(
      // D240: one sign, the one the DLT templates allow, in Hindi too.
      /^Asha Verma की ओर से Diya Patel की फ़ीस का रिमाइंडर: Maths \(फ़र॰ 2025\) के लिए Rs 2,000\.00। भुगतान करें: http\S+ रिमाइंडर बंद करने के लिए STOP भेजें।$/,
    );
    // Kabir has not: English, as before.
    expect((await texts(KABIR))[0]!.body).toMatch(/^Fee reminder from Asha/);
  });

  it('sends none for dues paid, waived or of an ended plan; one text covers all of a payer', async () => {
    const first = await classOfThree();
    const asha = await at(first.asha, '2025-02-08T11:00:00+05:30');
    const feb = (await api('GET', '/api/v1/dues/?month=2025-02', { token: asha.token })).json();
    const dueOf = (phone: string) =>
      feb.results.find((d: { student_phone: string }) => d.student_phone === phone).id;
    await api('POST', `/api/v1/dues/${dueOf(DIYA)}/settle/`, {
      token: asha.token,
      body: { how: 'cash' },
    });
    await api('POST', `/api/v1/dues/${dueOf(KABIR)}/waive/`, { token: asha.token, body: {} });
    // Meera pays for Aarav; she is the parent of a second student too, on a one-time fee.
    const anya = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: {
        name: 'Anya Sharma',
        phone: '9876500004',
        parent_name: 'Meera Sharma',
        parent_phone: MEERA,
      },
    });
    await api('POST', '/api/v1/fee-plans/', {
      token: asha.token,
      body: {
        name: 'Books',
        kind: 'one_time',
        student_id: anya.json().id,
        amount: 500,
        due_date: '2025-02-08',
      },
    });
    await server.app.services.dues.generate();
    expect(await pass()).toEqual({ sent: 1, skipped: 0 });
    await t.jobs();
    const [text] = await texts(MEERA);
    expect(text!.body).toContain('Rs 2,500.00 for Maths (Feb 2025), Books');
    // A parent of two can tell which fees are whose.
    expect(text!.body).toContain('for Aarav Sharma, Anya Sharma:');

    await api('POST', `/api/v1/fee-plans/${first.planId}/end/`, { token: asha.token });
    const later = await at(asha, '2025-02-12T11:00:00+05:30');
    expect(await pass()).toEqual({ sent: 0, skipped: 0 });
    expect((await log(later)).results).toHaveLength(1);
  });

  it('stops after the payer replies STOP, and the tutor sees who has', async () => {
    const first = await classOfThree();
    let asha = await at(first.asha, '2025-02-02T10:00:00+05:30');
    expect((await reply(KABIR, 'stop please')).json()).toEqual({ delivered: 200 });
    expect(await pass()).toEqual({ sent: 2, skipped: 1 });
    const logged = await log(asha);
    expect(
      logged.results.find((r: { payer_phone: string }) => r.payer_phone === KABIR),
    ).toMatchObject({
      status: 'skipped',
      skipped: 'opted_out',
      // Issue 48: nothing was asked of Kabir; the log said '₹0.00'.
      amount: null,
    });
    expect(logged.stopped).toMatchObject([{ payer_name: 'Kabir Rao', payer_phone: KABIR }]);
    const now = await api('POST', '/api/v1/reminders/', {
      token: asha.token,
      body: { student_id: first.ids.kabir },
    });
    expect(now.statusCode).toBe(409);
    // Any other reply changes nothing; START has reminders sent again.
    await reply(KABIR, 'Thank you sir');
    await reply(KABIR, 'START');
    asha = await at(asha, '2025-02-05T10:00:00+05:30');
    expect(await pass()).toEqual({ sent: 3, skipped: 0 });
    expect((await log(asha)).stopped).toEqual([]);
  });

  it("sends one now when the tutor asks, within the day's one text and the hours", async () => {
    const first = await classOfThree();
    const asha = await at(first.asha, '2025-02-06T20:30:00+05:30');
    const send = (studentId: number, token = asha.token) =>
      api('POST', '/api/v1/reminders/', { token, body: { student_id: studentId } });
    const sent = await send(first.ids.aarav);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      kind: 'manual',
      payer_name: 'Meera Sharma',
      payer_phone: MEERA,
      amount: 2000,
      status: 'queued',
    });
    expect((await send(first.ids.aarav)).json()).toMatchObject({ message: m.alreadyToday });
    await t.jobs();
    expect(await texts(MEERA)).toHaveLength(1);
    moveClockTo(t, '2025-02-06T21:00:00+05:30');
    expect((await send(first.ids.diya)).json()).toMatchObject({ message: m.outsideHours });
    // Refusals: a student with nothing due, someone else's student, a student calling.
    const late = await at(asha, '2025-02-07T10:00:00+05:30');
    const extra = await api('POST', '/api/v1/students/', {
      token: late.token,
      body: { name: 'Ira Sen', phone: '9876500005' },
    });
    expect((await send(extra.json().id, late.token)).json()).toMatchObject({
      message: m.nothingDue,
    });
    expect((await send(999_999, late.token)).statusCode).toBe(404);
    const priya = await t.user('9876511111', 'student');
    expect((await send(first.ids.diya, priya.token)).statusCode).toBe(403);
  });

  it('reminds every payer with an overdue due at once, within the rules of one reminder (D239)', async () => {
    const first = await classOfThree();
    // 8 February: February's dues are overdue; Diya's is settled, Kabir replied STOP.
    const asha = await at(first.asha, '2025-02-08T11:00:00+05:30');
    const feb = (await api('GET', '/api/v1/dues/?month=2025-02', { token: asha.token })).json();
    const diyas = feb.results.find((d: { student_phone: string }) => d.student_phone === DIYA);
    await api('POST', `/api/v1/dues/${diyas.id}/settle/`, {
      token: asha.token,
      body: { how: 'cash' },
    });
    await reply(KABIR, 'STOP');
    const all = () => api('POST', '/api/v1/reminders/overdue/', { token: asha.token });
    const sent = await all();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, skipped: 1, already: 0 });
    // Again the same day: each had their one reminder today.
    expect((await all()).json()).toEqual({ sent: 0, skipped: 0, already: 2 });
    await t.jobs();
    expect(await texts(MEERA)).toHaveLength(1);
    expect(await texts(KABIR)).toEqual([]);
    moveClockTo(t, '2025-02-08T21:30:00+05:30');
    const late = await t.user(asha.phone, 'teacher');
    const night = await api('POST', '/api/v1/reminders/overdue/', { token: late.token });
    expect(night.statusCode).toBe(409);
    expect(night.json()).toMatchObject({ code: 'reminders.outsideHours' });
    const priya = await t.user('9876511111', 'student');
    expect(
      (await api('POST', '/api/v1/reminders/overdue/', { token: priya.token })).statusCode,
    ).toBe(403);
  });

  it('ignores replies with a wrong token or from no known phone', async () => {
    await classOfThree();
    const post = (token: string, body: object) =>
      api('POST', `/api/v1/sms/replies/?token=${token}`, { body });
    expect((await post('wrong', { mobile: '919876500003', message: 'STOP' })).statusCode).toBe(401);
    const token = encodeURIComponent(server.config.msg91.webhookToken);
    expect((await post(token, { mobile: 'not a phone', message: 'STOP' })).json()).toEqual({
      result: 'ignored',
    });
    expect((await post(token, { mobile: '919876500003', message: 'hello' })).json()).toEqual({
      result: 'ignored',
    });
    expect((await post(token, { mobile: '+919876500003', message: 'STOP' })).json()).toEqual({
      result: 'processed',
    });
  });

  it("follows each plan's own ladder; an empty one sends none", async () => {
    const first = await classOfThree();
    const asha = await at(first.asha, '2025-02-01T10:00:00+05:30');
    const quiet = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Ira Sen', phone: '9876500005' },
    });
    const early = await api('POST', '/api/v1/students/', {
      token: asha.token,
      body: { name: 'Om Das', phone: '9876500006' },
    });
    const plan = (studentId: number, reminderDays: number[]) =>
      api('POST', '/api/v1/fee-plans/', {
        token: asha.token,
        body: {
          name: `Books ${studentId}`,
          kind: 'one_time',
          student_id: studentId,
          amount: 300,
          due_date: '2025-02-06',
          reminder_days: reminderDays,
        },
      });
    expect((await plan(quiet.json().id, [])).json()).toMatchObject({ reminder_days: [] });
    await plan(early.json().id, [-5]);
    // 1 February: five days before the books are due; the batch's ladder starts on the 2nd.
    expect(await pass()).toEqual({ sent: 1, skipped: 0 });
    expect((await log(asha)).results).toMatchObject([{ payer_phone: '9876500006' }]);
    moveClockTo(t, '2025-02-06T10:00:00+05:30');
    const onTheDay = await t.user(asha.phone, 'teacher');
    await pass();
    const phones = (await log(onTheDay)).results.map((r: { payer_phone: string }) => r.payer_phone);
    expect(phones).not.toContain('9876500005');
  });
});
