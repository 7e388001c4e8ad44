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

  async addStudent({ body, auth, services }) {
    const result = await services.students.add(requireSession(auth).user, body);
    return result.ok ? { status: 201, body: result.value } : refusal(result);
  },

  async importStudents({ body, auth, services }) {
    const result = await services.students.importCsv(
      requireSession(auth).user,
      body.csv,
      body.accept,
    );
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
