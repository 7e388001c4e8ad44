// The tutor dashboard's payment links and API keys (D19): thin calls over the API client.
// Amounts are whole rupees at the API, paise inside the app. Rejects with the client's ApiFailure.
import type { IssuedKey, ApiKeyItem } from '../../../machines/apiKeyIssue/apiKeyIssue.machine';
import type { LinkRequest, TutorLink } from '../../../machines/linkCreate/linkForm';
import type { Page } from '../../../machines/pagedList/pagedList.machine';
import { paiseToRupees, rupeesToPaise } from '../../domain/money';
import type { PaymentLinkStatus } from '../../domain/statuses';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data } from '../errors';

export const LIST_PAGE_SIZE = 20;

const toLink = (link: Schemas['PaymentLink']): TutorLink => ({
  ...link,
  amount: rupeesToPaise(link.amount),
});

export async function listLinks(
  page: number,
  status: PaymentLinkStatus | null,
): Promise<Page<TutorLink>> {
  const answer = await data(
    api.GET('/payments/payment-link/', {
      params: { query: { page, page_size: LIST_PAGE_SIZE, ...(status ? { status } : {}) } },
    }),
  );
  return {
    items: answer.results.map(toLink),
    page: answer.page,
    page_size: answer.page_size,
    count: answer.count,
  };
}

export async function createLink(request: LinkRequest): Promise<TutorLink> {
  const link = await data(
    api.POST('/payments/payment-link/create/', {
      body: { ...request, amount: paiseToRupees(request.amount) },
    }),
  );
  return toLink(link);
}

export async function cancelLink(id: string): Promise<void> {
  await data(api.POST('/payments/payment-link/{id}/cancel/', { params: { path: { id } } }));
}

export async function listApiKeys(page: number): Promise<Page<ApiKeyItem>> {
  const answer = await data(
    api.GET('/auth/api-keys/', { params: { query: { page, page_size: LIST_PAGE_SIZE } } }),
  );
  return {
    items: answer.results,
    page: answer.page,
    page_size: answer.page_size,
    count: answer.count,
  };
}

export async function issueApiKey(name: string): Promise<IssuedKey> {
  return data(api.POST('/auth/api-keys/', { body: { name } }));
}

export async function revokeApiKey(id: number): Promise<void> {
  await data(api.POST('/auth/api-keys/{id}/revoke/', { params: { path: { id } } }));
}
