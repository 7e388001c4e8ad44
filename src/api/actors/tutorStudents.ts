// The tutor dashboard's Students tab (issue 14, D141): the tutor's students one page at a time
// (current or left, D230), every current one for the plan editor (D232), adding, changing,
// marking left and bringing back one, and adding many from a CSV. Each call rejects with the
// client's ApiFailure (D37).
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type {
  ImportReport,
  ImportRequest,
} from '../../../machines/studentImport/studentImport.machine';
import type { StudentChangeCall } from '../../../machines/studentEdit/studentEdit.machine';
import type { StudentChoice } from '../../../machines/planEditor/planEditor.machine';
import type { ChildConsent, StudentInput, StudentStatus } from '../../domain/students';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';
import { MONEY_PAGE_SIZE } from './tutorMoney';

export type StudentRow = Schemas['Student'];

export type { StudentStatus } from '../../domain/students';

/** `GET students/`: added students and students who paid, by name; or those who left. */
export async function fetchStudents(
  request: PageRequest<StudentStatus>,
  signal?: AbortSignal,
): Promise<Page<StudentRow>> {
  const answer = await data(
    api.GET('/students/', {
      params: {
        query: { page: request.page, page_size: MONEY_PAGE_SIZE, status: request.filter },
      },
      signal,
    }),
  );
  const { results, ...page } = answer;
  return { items: results, ...page };
}

export const fetchStudentsActor = fromPromise<Page<StudentRow>, PageRequest<StudentStatus>>(
  ({ input, signal }) => fetchStudents(input, signal),
);

/** `GET students/choices/`: every current student, as one page. */
export const fetchStudentChoicesActor = fromPromise<Page<StudentChoice>, PageRequest<null>>(
  async ({ signal }) => {
    const { results } = await data(api.GET('/students/choices/', { signal }));
    return {
      items: results,
      page: 1,
      page_size: Math.max(1, results.length),
      count: results.length,
    };
  },
);

/** `PATCH students/{id}/`: the name as kept. */
export const changeStudentActor = fromPromise<{ name: string }, StudentChangeCall>(
  async ({ input, signal }) => {
    const body = {
      ...input.body,
      parent_name: input.body.parent_name || null,
      parent_phone: input.body.parent_phone || null,
      batch: input.body.batch || null,
    };
    const changed = await data(
      api.PATCH('/students/{id}/', { params: { path: { id: input.id } }, body, signal }),
    );
    return { name: changed.name };
  },
);

/** `POST students/{id}/leave/` and `restore/` (D230). */
export async function markStudentLeft(id: number): Promise<void> {
  await data(api.POST('/students/{id}/leave/', { params: { path: { id } } }));
}

export async function restoreStudent(id: number): Promise<void> {
  await data(api.POST('/students/{id}/restore/', { params: { path: { id } } }));
}

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
