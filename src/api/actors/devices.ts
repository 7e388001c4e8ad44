// D242: the devices a user is logged in on, and logging one out. Each call rejects with the
// client's ApiFailure (D37).
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';

export type DeviceRow = Schemas['DeviceSession'];

/** `GET auth/sessions/`: every live session, as one page. */
export async function fetchDevices(
  _request: PageRequest<null>,
  signal?: AbortSignal,
): Promise<Page<DeviceRow>> {
  const { results } = await data(api.GET('/auth/sessions/', { signal }));
  return { items: results, page: 1, page_size: Math.max(1, results.length), count: results.length };
}

/** `POST auth/sessions/{id}/revoke/`. */
export async function revokeDevice(id: number): Promise<void> {
  await data(api.POST('/auth/sessions/{id}/revoke/', { params: { path: { id } } }));
}
