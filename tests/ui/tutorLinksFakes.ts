// A stand-in for src/api/actors/tutorLinks.ts (payment links and API keys, D19) in the tutor
// dashboard's component tests:
//   vi.mock('../../src/api/actors/tutorLinks', () => import('./tutorLinksFakes'));
// Each call goes to `linksServer`, whose handlers a test sets and whose vi.fn records what was
// asked. By default: no links, no keys, calls that succeed.
import { vi } from 'vitest';
import type { ApiKeyItem, IssuedKey } from '../../machines/apiKeyIssue/apiKeyIssue.machine';
import type { LinkRequest, TutorLink } from '../../machines/linkCreate/linkForm';
import type { Page } from '../../machines/pagedList/pagedList.machine';
import type { PaymentLinkStatus } from '../../src/domain/statuses';

export const LIST_PAGE_SIZE = 20;

export const pageOf = <T>(items: T[]): Page<T> => ({
  items,
  page: 1,
  page_size: LIST_PAGE_SIZE,
  count: items.length,
});

export const LINK: TutorLink = {
  id: 'lnk_8fK2mQ7xT1vZ9cW3',
  url: 'https://tuitionpay.example/payment-link/lnk_8fK2mQ7xT1vZ9cW3',
  amount: 300_000,
  purpose: 'January maths tuition',
  status: 'ACTIVE',
  student_phone: '9876543210',
  expires_at: '2025-02-14T23:59:59+05:30',
  created_at: '2025-01-15T10:00:00+05:30',
  order_id: null,
  paid_at: null,
};

export const PAID_LINK: TutorLink = {
  ...LINK,
  id: 'lnk_2Wc7Rn4Kq9Lm1Xz5',
  url: 'https://tuitionpay.example/payment-link/lnk_2Wc7Rn4Kq9Lm1Xz5',
  amount: 200_000,
  purpose: 'December maths tuition',
  status: 'PAID',
  student_phone: null,
  order_id: 'ord_3Hq8ZkP1mN5vR2tY',
  paid_at: '2024-12-18T19:05:00+05:30',
};

export const KEY: ApiKeyItem = {
  id: 3,
  name: 'Website booking form',
  prefix: 'tp_live_7KqP',
  created_at: '2025-01-15T10:00:00+05:30',
  last_used_at: '2025-01-20T18:42:00+05:30',
  revoked_at: null,
};

export const ISSUED: IssuedKey = {
  ...KEY,
  id: 4,
  name: 'Mobile app',
  prefix: 'tp_live_9XyZ',
  last_used_at: null,
  key: 'tp_live_9XyZz3XmR8vN2cWb5TyL0aHd9JfUe4Gs',
};

function handlers() {
  return {
    listLinks: vi.fn(
      async (_page: number, _status: PaymentLinkStatus | null): Promise<Page<TutorLink>> =>
        pageOf<TutorLink>([]),
    ),
    createLink: vi.fn(async (request: LinkRequest): Promise<TutorLink> => ({
      ...LINK,
      amount: request.amount,
      purpose: request.purpose,
      student_phone: request.student_phone ?? null,
      expires_at: request.expires_at,
    })),
    cancelLink: vi.fn(async (_id: string): Promise<void> => {}),
    listApiKeys: vi.fn(async (_page: number): Promise<Page<ApiKeyItem>> => pageOf<ApiKeyItem>([])),
    issueApiKey: vi.fn(async (_name: string): Promise<IssuedKey> => ISSUED),
    revokeApiKey: vi.fn(async (_id: number): Promise<void> => {}),
  };
}

export const linksServer = handlers();

/** Back to the default server (call in beforeEach). */
export function resetLinksServer(): void {
  Object.assign(linksServer, handlers());
}

export const listLinks = (page: number, status: PaymentLinkStatus | null) =>
  linksServer.listLinks(page, status);
export const createLink = (request: LinkRequest) => linksServer.createLink(request);
export const cancelLink = (id: string) => linksServer.cancelLink(id);
export const listApiKeys = (page: number) => linksServer.listApiKeys(page);
export const issueApiKey = (name: string) => linksServer.issueApiKey(name);
export const revokeApiKey = (id: number) => linksServer.revokeApiKey(id);
