// routeByFlow: where a student with a complete profile goes after login or sign-up (spec §4
// Student login 3-4, §8; D3, D15, D30).
import { describe, expect, it, vi } from 'vitest';
import {
  routeByFlow,
  type PaymentLinkDetails,
  type RouteFetchers,
  type StoredFlow,
} from '../../machines/login/routeByFlow';
import { http, offline } from './loginFakes';

const LINK: PaymentLinkDetails = {
  id: 'lnk_8fK2mQ7xT1vZ9cW3',
  amount: 3000,
  status: 'ACTIVE',
  payee_name: 'Asha Verma',
  payee_phone: '9123456780',
  payee: 7,
};
const ASHA = { id: 7, first_name: 'Asha', last_name: 'Verma', phone: '9123456780' };
const ONBOARDED = { pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_APPROVED' }] };

function fetchers(flow: Partial<StoredFlow>, overrides: Partial<RouteFetchers> = {}) {
  const f = {
    readFlow: () => ({ flow: null, url: null, query: null, ...flow }),
    searchTutor: vi.fn(async () => [ASHA]),
    getPaymentLink: vi.fn(async () => LINK),
    getPayee: vi.fn(async () => ONBOARDED),
    ...overrides,
  };
  return f;
}

describe('routeByFlow', () => {
  it('pay-tuition-fees: /pay/payment-details', async () => {
    expect(
      await routeByFlow(fetchers({ flow: 'payTuitionFeesFlow', url: '/pay-tuition-fees' })),
    ).toEqual({
      to: '/pay/payment-details',
      store: null,
    });
  });

  it('default flow, or none recorded: /student/dashboard (D3)', async () => {
    expect((await routeByFlow(fetchers({ flow: 'defaultFlow', url: '/tutors' }))).to).toBe(
      '/student/dashboard',
    );
    expect((await routeByFlow(fetchers({}))).to).toBe('/student/dashboard');
  });

  describe('static link', () => {
    it('looks the tutor up by the lower-cased username and goes back to the link with its query', async () => {
      const f = fetchers({
        flow: 'StaticLinkFlow',
        url: '/static-link/Asha-Verma',
        query: '?book=1',
      });
      expect(await routeByFlow(f)).toEqual({
        to: '/static-link/Asha-Verma?book=1',
        store: { kind: 'tutor', tutorId: '7', tutorName: 'Asha Verma', tutorPhone: '9123456780' },
      });
      expect(f.searchTutor).toHaveBeenCalledWith('asha-verma', undefined);
    });

    it('an anonymous answer (no id) or blank names are stored as unknown', async () => {
      const f = fetchers(
        { flow: 'StaticLinkFlow', url: '/static-link/asha', query: '' },
        { searchTutor: async () => [{ first_name: ' ', last_name: null, phone: '9123456780' }] },
      );
      expect((await routeByFlow(f)).store).toEqual({
        kind: 'tutor',
        tutorId: null,
        tutorName: null,
        tutorPhone: '9123456780',
      });
    });

    it('an unknown tutor, a refused or impossible username: /page-not-found', async () => {
      const none = fetchers(
        { flow: 'StaticLinkFlow', url: '/static-link/nobody' },
        { searchTutor: async () => [] },
      );
      expect(await routeByFlow(none)).toEqual({ to: '/page-not-found', store: null });
      const refused = fetchers(
        { flow: 'StaticLinkFlow', url: '/static-link/asha' },
        { searchTutor: () => Promise.reject(http(400, 'Invalid username')) },
      );
      expect((await routeByFlow(refused)).to).toBe('/page-not-found');
      const odd = fetchers({ flow: 'StaticLinkFlow', url: '/static-link/a_b!' });
      expect((await routeByFlow(odd)).to).toBe('/page-not-found');
      expect(odd.searchTutor).not.toHaveBeenCalled();
      expect((await routeByFlow(fetchers({ flow: 'StaticLinkFlow', url: null }))).to).toBe(
        '/page-not-found',
      );
    });

    it('never goes to a foreign target (D15)', async () => {
      const f = fetchers({ flow: 'StaticLinkFlow', url: '//evil.com/asha' });
      expect((await routeByFlow(f)).to).toBe('/page-not-found');
    });

    it('offline or a server error rejects, for another try', async () => {
      const f = fetchers(
        { flow: 'StaticLinkFlow', url: '/static-link/asha' },
        { searchTutor: () => Promise.reject(offline) },
      );
      await expect(routeByFlow(f)).rejects.toEqual(offline);
      const g = fetchers(
        { flow: 'StaticLinkFlow', url: '/static-link/asha' },
        { searchTutor: () => Promise.reject(http(502)) },
      );
      await expect(routeByFlow(g)).rejects.toEqual(http(502));
    });
  });

  describe('dynamic link', () => {
    const flow = {
      flow: 'DynamicLinkFlow',
      url: '/payment-link/lnk_8fK2mQ7xT1vZ9cW3',
      query: '',
    } as const;

    it('an onboarded payee: /pay/review with the link stored (amount in paise)', async () => {
      const f = fetchers(flow);
      expect(await routeByFlow(f)).toEqual({
        to: '/pay/review',
        store: {
          kind: 'link',
          linkId: 'lnk_8fK2mQ7xT1vZ9cW3',
          amount: 300000,
          payeeId: '7',
          payeeName: 'Asha Verma',
          payeePhone: '9123456780',
        },
      });
      expect(f.getPaymentLink).toHaveBeenCalledWith('lnk_8fK2mQ7xT1vZ9cW3', undefined);
      expect(f.getPayee).toHaveBeenCalledWith(7, undefined);
    });

    it('a payee with no gateway onboarding entry: /page-not-found', async () => {
      const f = fetchers(flow, { getPayee: async () => ({ pg_onboarding_status: [] }) });
      expect(await routeByFlow(f)).toEqual({ to: '/page-not-found', store: null });
    });

    it('an unknown link, or one no longer ACTIVE, or without payee: /page-not-found', async () => {
      const missing = fetchers(flow, {
        getPaymentLink: () => Promise.reject(http(404, 'Not found.')),
      });
      expect((await routeByFlow(missing)).to).toBe('/page-not-found');
      for (const status of ['PAID', 'EXPIRED', 'CANCELLED']) {
        const f = fetchers(flow, { getPaymentLink: async () => ({ ...LINK, status }) });
        expect((await routeByFlow(f)).to, status).toBe('/page-not-found');
      }
      const { payee: _payee, ...anonymous } = LINK;
      const f = fetchers(flow, { getPaymentLink: async () => anonymous });
      expect((await routeByFlow(f)).to).toBe('/page-not-found');
      const gone = fetchers(flow, { getPayee: () => Promise.reject(http(404)) });
      expect((await routeByFlow(gone)).to).toBe('/page-not-found');
      const bad = fetchers({ ...flow, url: '/payment-link/x' });
      expect((await routeByFlow(bad)).to).toBe('/page-not-found');
      expect(bad.getPaymentLink).not.toHaveBeenCalled();
    });

    it('a timeout loading the link rejects, for another try', async () => {
      const f = fetchers(flow, { getPaymentLink: () => Promise.reject({ kind: 'timeout' }) });
      await expect(routeByFlow(f)).rejects.toEqual({ kind: 'timeout' });
    });
  });

  it('passes the abort signal on', async () => {
    const signal = new AbortController().signal;
    const f = fetchers({ flow: 'StaticLinkFlow', url: '/static-link/asha' });
    await routeByFlow(f, signal);
    expect(f.searchTutor).toHaveBeenCalledWith('asha', signal);
  });
});
