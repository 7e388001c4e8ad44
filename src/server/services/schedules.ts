// Tuition sessions (D20, D36). Sessions booked with a payment are created by the order
// (services/orders.ts); this is the direct booking and the caller's list, which names both
// people so either side sees who the other is.
import { coded } from '../../domain/texts';
import { aliasedTable, and, asc, count, desc, eq, gt, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { PAISE_PER_RUPEE } from '../../domain/constants';
import { apiMessages } from '../../domain/apiMessages';
import { paiseToRupees } from '../../domain/money';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { schedules, users, type ScheduleRow, type UserRow } from '../db/schema';
import { displayName, type UserRepository } from '../users';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { isTutorsStudent } from './tutorsStudents';
import { refuse, success, type Result } from './results';

type Schedule = components['schemas']['Schedule'];
type ScheduleCreate = components['schemas']['ScheduleCreate'];
type SchedulePage = components['schemas']['SchedulePage'];
type Person = Pick<UserRow, 'firstName' | 'lastName' | 'phone'>;

const teachers = aliasedTable(users, 'teachers');
const students = aliasedTable(users, 'students');

export function toApiSchedule(row: ScheduleRow, teacher: Person, student: Person): Schedule {
  return {
    id: row.id,
    subject: row.subject,
    title: row.title,
    teacher_id: row.teacherId,
    teacher_name: displayName(teacher),
    student_id: row.studentId,
    student_name: displayName(student),
    amount: paiseToRupees(row.amount),
    starttime: row.starttime.toISOString(),
    endtime: row.endtime.toISOString(),
    order_id: row.orderId,
  };
}

export function createScheduleService(deps: { db: Database; clock: Clock; users: UserRepository }) {
  const { db, clock, users: repo } = deps;
  return {
    async create(
      caller: UserRow,
      input: ScheduleCreate,
    ): Promise<Result<Schedule, 400 | 403 | 404>> {
      const starttime = new Date(input.starttime);
      const endtime = new Date(input.endtime);
      if (!(endtime.getTime() > starttime.getTime())) {
        return refuse(400, coded(apiMessages).schedules.endBeforeStart);
      }
      if (caller.id !== input.teacher_id && caller.id !== input.student_id) {
        return refuse(403, coded(apiMessages).schedules.notParty);
      }
      const teacher = await repo.findById(input.teacher_id);
      if (teacher?.role !== 'teacher')
        return refuse(404, coded(apiMessages).schedules.tutorNotFound);
      const student = await repo.findById(input.student_id);
      if (student?.role !== 'student')
        return refuse(404, coded(apiMessages).schedules.studentNotFound);
      // A tutor books only their own students; any other id is as unknown as a missing one.
      if (caller.id === teacher.id && !(await isTutorsStudent(db, teacher.id, student.id))) {
        return refuse(404, coded(apiMessages).schedules.studentNotFound);
      }
      const subject = input.subject.trim() || input.subject;
      const title = input.title.trim() || input.title;
      const [row] = await db
        .insert(schedules)
        .values({
          subject,
          title,
          teacherId: teacher.id,
          studentId: student.id,
          amount: input.amount * PAISE_PER_RUPEE,
          starttime,
          endtime,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('createSchedule: the session was not inserted');
      return success(toApiSchedule(row, teacher, student));
    },

    /**
     * D36: the caller's sessions as tutor or student, latest start first; `upcoming`: only
     * those not ended yet, soonest first.
     */
    async list(caller: UserRow, request: PageRequest, upcoming = false): Promise<SchedulePage> {
      const where = and(
        or(eq(schedules.teacherId, caller.id), eq(schedules.studentId, caller.id)),
        upcoming ? gt(schedules.endtime, clock.now()) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(schedules).where(where);
      const rows = await db
        .select({ schedule: schedules, teacher: teachers, student: students })
        .from(schedules)
        .innerJoin(teachers, eq(teachers.id, schedules.teacherId))
        .innerJoin(students, eq(students.id, schedules.studentId))
        .where(where)
        .orderBy(
          ...(upcoming
            ? [asc(schedules.starttime), asc(schedules.id)]
            : [desc(schedules.starttime), desc(schedules.id)]),
        )
        .limit(request.pageSize)
        .offset(offsetOf(request));
      return pageOf(
        rows.map((r) => toApiSchedule(r.schedule, r.teacher, r.student)),
        Number(total?.n ?? 0),
        request,
      );
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
