// The tutor dashboard's Students tab (issue 14, D141): the tutor's students one page at a time,
// adding one, and adding many from a CSV. Each call rejects with the client's ApiFailure (D37).
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type {
  ImportReport,
  ImportRequest,
} from '../../../machines/studentImport/studentImport.machine';
import type { ChildConsent, StudentInput } from '../../domain/students';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';
import { MONEY_PAGE_SIZE } from './tutorMoney';

export type StudentRow = Schemas['Student'];

/** `GET students/`: added students and students who paid, by name. */
export async function fetchStudents(
  request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<Page<StudentRow>> {
  const answer = await data(
    api.GET('/students/', {
      params: { query: { page: request.page, page_size: MONEY_PAGE_SIZE } },
      signal,
    }),
  );
  const { results, ...page } = answer;
  return { items: results, ...page };
}

export const fetchStudentsActor = fromPromise<Page<StudentRow>, PageRequest<null>>(
  ({ input, signal }) => fetchStudents(input, signal),
);

/** `POST students/`: the name as kept. */
export const addStudentActor = fromPromise<{ name: string }, StudentInput & ChildConsent>(
  async ({ input, signal }) => {
    const added = await data(api.POST('/students/', { body: input, signal }));
    return { name: added.name };
  },
);

/** `POST students/import/`: every row checked; written as `accept` says. */
export const importStudentsActor = fromPromise<ImportReport, ImportRequest>(
  async ({ input, signal }) => data(api.POST('/students/import/', { body: input, signal })),
);

/** D210: `POST students/confirm/`: every imported phone the tutor has not confirmed. */
export const confirmStudentsActor = fromPromise<void, { id: string }>(async ({ signal }) => {
  await data(api.POST('/students/confirm/', { body: {}, signal }));
});
