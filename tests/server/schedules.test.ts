// schedules/ (D20, D36): booking directly and listing the caller's sessions.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { testDatabases } from '../support/server';
import { usePaymentsServer } from './payments.support';

const CREATE = '/api/v1/schedules/create/';
const LIST = '/api/v1/schedules/';

describe.each(testDatabases())('schedules on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api } = t;

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
    const { asha, priya } = await t.demo();
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
      student_id: priya.id,
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
      expect(list.json<{ id: number }[]>().map((s) => s.id)).toEqual([
        second.json<{ id: number }>().id,
        first.json<{ id: number }>().id,
      ]);
    }
    const outsider = await t.user('7012345690', 'student');
    expect((await api('GET', LIST, { token: outsider.token })).json()).toEqual([]);
    expect((await api('GET', LIST)).statusCode).toBe(401);
  });

  it('refuses an end before the start (400), outsiders (403), unknown people (404)', async () => {
    const { asha, ravi, priya } = await t.demo();
    const backwards = await api('POST', CREATE, {
      token: priya.token,
      body: session(asha.id, priya.id, '2025-01-15T14:00:00Z', '2025-01-15T13:00:00Z'),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: messages.schedules.endBeforeStart });
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
});
