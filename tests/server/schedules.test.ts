// schedules/ (D20, D36): booking directly and listing the caller's own sessions, a page at a
// time, with both people's names; `upcoming=true` keeps those not ended yet, soonest first.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { testDatabases } from '../support/server';
import { payOrder } from './dashboards.support';
import { usePaymentsServer } from './payments.support';

const CREATE = '/api/v1/schedules/create/';
const LIST = '/api/v1/schedules/';
const HOUR = 60 * 60 * 1000;

interface Page {
  results: { id: number }[];
  count: number;
  page: number;
  page_size: number;
}

describe.each(testDatabases())('schedules on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  const session = (teacherId: number, studentId: number, start: string, end: string) => ({
    subject: 'Maths session',
    title: 'Maths session',
    teacher_id: teacherId,
    student_id: studentId,
    amount: 2000,
    starttime: start,
    endtime: end,
  });

  it('books a session for its tutor or student and lists them, latest start first', async () => {
    const { asha, ravi, priya } = await t.demo();
    await payOrder(t, priya, asha, 500); // Priya is Asha's student
    const first = await api('POST', CREATE, {
      token: priya.token,
      body: session(asha.id, priya.id, '2025-01-15T13:00:00+05:30', '2025-01-15T14:00:00+05:30'),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      subject: 'Maths session',
      title: 'Maths session',
      teacher_id: asha.id,
      teacher_name: 'Asha Verma',
      student_id: priya.id,
      student_name: 'Priya Sharma',
      amount: 2000,
      starttime: '2025-01-15T07:30:00.000Z',
      endtime: '2025-01-15T08:30:00.000Z',
      order_id: null,
    });
    const second = await api('POST', CREATE, {
      token: asha.token,
      body: session(asha.id, priya.id, '2025-01-16T13:00:00+05:30', '2025-01-16T14:00:00+05:30'),
    });
    expect(second.statusCode).toBe(201);
    for (const token of [asha.token, priya.token]) {
      const list = await api('GET', LIST, { token });
      expect(list.json()).toMatchObject({ count: 2, page: 1, page_size: 20 });
      expect(list.json<Page>().results.map((s) => s.id)).toEqual([
        second.json<{ id: number }>().id,
        first.json<{ id: number }>().id,
      ]);
    }
    const outsider = await t.user('7012345690', 'student');
    expect((await api('GET', LIST, { token: outsider.token })).json()).toEqual({
      results: [],
      count: 0,
      page: 1,
      page_size: 20,
    });
    expect((await api('GET', LIST, { token: ravi.token })).json()).toMatchObject({ count: 0 });
    expect((await api('GET', LIST)).statusCode).toBe(401);
  });

  it('pages the list and keeps upcoming sessions, soonest first, with upcoming=true', async () => {
    const { asha, priya } = await t.demo();
    await payOrder(t, priya, asha, 500);
    const at = (hoursFromNow: number) =>
      new Date(server.clock.now().getTime() + hoursFromNow * HOUR).toISOString();
    const book = async (start: number) => {
      const res = await api('POST', CREATE, {
        token: asha.token,
        body: session(asha.id, priya.id, at(start), at(start + 1)),
      });
      return res.json<{ id: number }>().id;
    };
    const past = await book(-5);
    const running = await book(-0.5); // started half an hour ago, not over yet
    const later = await book(48);
    const soon = await book(2);

    const upcoming = await api('GET', `${LIST}?upcoming=true`, { token: priya.token });
    expect(upcoming.json<Page>().results.map((s) => s.id)).toEqual([running, soon, later]);
    expect(upcoming.json()).toMatchObject({ count: 3 });

    const paged = await api('GET', `${LIST}?page=2&page_size=3`, { token: asha.token });
    expect(paged.json()).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(paged.json<Page>().results.map((s) => s.id)).toEqual([past]);
    const all = await api('GET', `${LIST}?upcoming=false`, { token: asha.token });
    expect(all.json<Page>().results.map((s) => s.id)).toEqual([later, soon, running, past]);
    expect((await api('GET', `${LIST}?page=0`, { token: asha.token })).statusCode).toBe(400);
  });

  it('refuses an end before the start (400), outsiders (403), unknown people (404)', async () => {
    const { asha, ravi, priya } = await t.demo();
    const backwards = await api('POST', CREATE, {
      token: priya.token,
      body: session(asha.id, priya.id, '2025-01-15T14:00:00Z', '2025-01-15T13:00:00Z'),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: apiMessages.schedules.endBeforeStart });
    const outsider = await api('POST', CREATE, {
      token: ravi.token,
      body: session(asha.id, priya.id, '2025-01-15T13:00:00Z', '2025-01-15T14:00:00Z'),
    });
    expect(outsider.statusCode).toBe(403);
    const noTutor = await api('POST', CREATE, {
      token: priya.token,
      body: session(99_999, priya.id, '2025-01-15T13:00:00Z', '2025-01-15T14:00:00Z'),
    });
    expect(noTutor.statusCode).toBe(404);
    const studentAsTutor = await api('POST', CREATE, {
      token: priya.token,
      body: session(priya.id, priya.id, '2025-01-15T13:00:00Z', '2025-01-15T14:00:00Z'),
    });
    expect(studentAsTutor.statusCode).toBe(404);
    const noStudent = await api('POST', CREATE, {
      token: asha.token,
      body: session(asha.id, 99_999, '2025-01-15T13:00:00Z', '2025-01-15T14:00:00Z'),
    });
    expect(noStudent.statusCode).toBe(404);
    const badTime = await api('POST', CREATE, {
      token: priya.token,
      body: session(asha.id, priya.id, 'tomorrow', '2025-01-15T14:00:00Z'),
    });
    expect(badTime.statusCode).toBe(400);
  });

  it('lets a tutor book only their own students; any other id is as unknown as none (9.5)', async () => {
    const { asha, priya } = await t.demo();
    const others = [await t.user('7012345691', 'student'), await t.user('7012345692', 'student')];
    const start = '2025-01-20T13:00:00+05:30';
    const end = '2025-01-20T14:00:00+05:30';
    const unknown = await api('POST', CREATE, {
      token: asha.token,
      body: session(asha.id, 2_000_000, start, end),
    });
    expect(unknown.statusCode).toBe(404);
    // Every existing student who has not paid Asha: the same 404 and no name.
    for (const student of [priya, ...others]) {
      const res = await api('POST', CREATE, {
        token: asha.token,
        body: session(asha.id, student.id, start, end),
      });
      expect([res.statusCode, res.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
    await payOrder(t, priya, asha, 500);
    const booked = await api('POST', CREATE, {
      token: asha.token,
      body: session(asha.id, priya.id, start, end),
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ student_name: 'Priya Sharma' });
  });
});
