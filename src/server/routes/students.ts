// students/ operations of the contract (issue 14, D141; issue 48, D230-D232, D237, D241).
import { STUDENT_CSV_TEMPLATE } from '../../domain/csvColumns';
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { currentLocale } from '../language';
import { toCsv } from '../services/csv';
import { pageRequest } from '../services/pages';
import { attachment, headers, refusal } from './replies';

export const studentHandlers = {
  async listStudents({ query, auth, services }) {
    const result = await services.students.list(
      requireSession(auth).user,
      pageRequest(query),
      query?.status,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async listStudentChoices({ auth, services }) {
    const result = await services.students.choices(requireSession(auth).user);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async addStudent({ body, auth, services, request }) {
    const { user } = requireSession(auth);
    const result = await services.students.add(user, body, request);
    if (!result.ok) return refusal(result);
    // D146: a student who joins a batch owes its plan's dues from today, shown at once.
    await services.dues.generate({ tutorId: user.id });
    return { status: 201, body: result.value };
  },

  async changeStudent({ params, body, auth, services }) {
    const { user } = requireSession(auth);
    const result = await services.students.change(user, params.id, body);
    if (!result.ok) return refusal(result);
    // D230: a move to another batch: its plans' dues show at once.
    await services.dues.generate({ tutorId: user.id });
    return { status: 200, body: result.value };
  },

  async markStudentLeft({ params, auth, services }) {
    const result = await services.students.leave(requireSession(auth).user, params.id);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async restoreStudent({ params, auth, services }) {
    const { user } = requireSession(auth);
    const result = await services.students.restore(user, params.id);
    if (!result.ok) return refusal(result);
    await services.dues.generate({ tutorId: user.id });
    return { status: 200, body: result.value };
  },

  async confirmStudents({ body, auth, services }) {
    const result = await services.students.confirm(requireSession(auth).user, body.student_ids);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async importStudents({ body, auth, services }) {
    const { user } = requireSession(auth);
    const result = await services.students.importCsv(user, body.csv, body.accept);
    if (!result.ok) return refusal(result);
    if (body.accept !== 'check') await services.dues.generate({ tutorId: user.id });
    return { status: 200, body: result.value };
  },

  async studentImportTemplate({ query }) {
    return {
      status: 200,
      body: toCsv(STUDENT_CSV_TEMPLATE[query?.language ?? currentLocale()]),
      headers: headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachment('tuitionpay-students.csv'),
        'cache-control': 'public, max-age=3600',
      }),
    };
  },

  async recordCash({ params, body, auth, services }) {
    const result = await services.cash.record(requireSession(auth).user, params.id, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },
} satisfies Handlers;
