// students/ operations of the contract (issue 14, D141).
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import { pageRequest } from '../services/pages';
import { refusal } from './replies';

export const studentHandlers = {
  async listStudents({ query, auth, services }) {
    const result = await services.students.list(requireSession(auth).user, pageRequest(query));
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
} satisfies Handlers;
