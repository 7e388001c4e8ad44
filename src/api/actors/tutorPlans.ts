// The Students tab's fee plans (issue 14, D145, D152): the list, a new plan or a change, and
// ending one. Each call rejects with the client's ApiFailure (D37).
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type { PlanSave, PlanShown } from '../../../machines/planEditor/planEditor.machine';
import { api } from '../appClient';
import { data } from '../errors';

const PLANS_PAGE_SIZE = 50;

/** `GET fee-plans/`: newest first. */
export async function fetchFeePlans(
  request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<Page<PlanShown>> {
  const answer = await data(
    api.GET('/fee-plans/', {
      params: { query: { page: request.page, page_size: PLANS_PAGE_SIZE } },
      signal,
    }),
  );
  const { results, ...page } = answer;
  return { items: results, ...page };
}

/** `POST fee-plans/` or `PATCH fee-plans/{id}/`: the name as kept, and whom it reaches now. */
export async function savePlan(save: PlanSave): Promise<{ name: string; students: number }> {
  const plan =
    save.id === null
      ? await data(api.POST('/fee-plans/', { body: save.body }))
      : await data(
          api.PATCH('/fee-plans/{id}/', { params: { path: { id: save.id } }, body: save.body }),
        );
  return { name: plan.name, students: plan.students };
}

/** `POST fee-plans/{id}/end/`. */
export async function endPlan(id: number): Promise<void> {
  await data(api.POST('/fee-plans/{id}/end/', { params: { path: { id } } }));
}
