// The browser-kept values of spec §3 (D1, D13, D15, D16).
import { describe, expect, it, vi } from 'vitest';
import {
  ACTIVE_FLOW_KEYS,
  PAYMENT_KEYS,
  StorageValueError,
  createStorage,
  storage,
  storageKeys,
  type StorageKey,
  type StorageLike,
} from '../../src/browser/storage';

/** A Web Storage stand-in that can be made to fail. */
function fakeArea(fail: { read?: boolean; write?: boolean } = {}) {
  const data = new Map<string, string>();
  const area: StorageLike & { data: Map<string, string> } = {
    data,
    getItem: (k) => {
      if (fail.read) throw new Error('SecurityError');
      return data.get(k) ?? null;
    },
    setItem: (k, v) => {
      if (fail.write) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
  return area;
}

describe('storage', () => {
  it('uses the spec names as storage keys and stores strings as they are', () => {
    storage.set('access-token', 'tok_abc.123');
    storage.set('activeFlow', 'StaticLinkFlow');
    storage.set('studentLogin', true);
    storage.set('activePaymentAmount', 150_000);
    expect(localStorage.getItem('access-token')).toBe('tok_abc.123');
    expect(localStorage.getItem('activeFlow')).toBe('StaticLinkFlow');
    expect(localStorage.getItem('studentLogin')).toBe('true');
    expect(localStorage.getItem('activePaymentAmount')).toBe('150000');
    expect(storage.get('access-token')).toBe('tok_abc.123');
    expect(storage.get('studentLogin')).toBe(true);
    expect(storage.get('activePaymentAmount')).toBe(150_000);
  });

  it('reads an absent key as null', () => {
    expect(storage.get('orderId')).toBeNull();
  });

  it.each([
    ['activeFlow', 'EvilFlow'],
    ['activeFlowUrl', '//evil.com'],
    ['activeFlowUrl', 'https://evil.com/x'],
    ['tutorOnboardingNavigation', '/\\evil.com'],
    ['studentLogin', 'yes'],
    ['activePaymentAmount', '{"oops"'],
    ['activePaymentAmount', '-5'],
    ['tutorOnboardingStep', '7'],
    ['tutorPhone', '12345'],
    ['sessionDateTime', '{"start":"tomorrow","end":"later"}'],
  ] as const)('a tampered %s (%s) reads as null, is removed, and nothing throws', (key, raw) => {
    localStorage.setItem(key, raw);
    expect(storage.get(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('refuses to store an invalid value', () => {
    expect(() => storage.set('activeFlowUrl', '//evil.com')).toThrow(StorageValueError);
    expect(() => storage.set('tutorPhone', '555')).toThrow(StorageValueError);
    expect(() => storage.set('activePaymentAmount', 10.5)).toThrow(StorageValueError);
    expect(localStorage.length).toBe(0);
  });

  it('remove() forgets one key', () => {
    storage.set('orderId', 'order_1');
    storage.set('linkId', 'lnk_1');
    storage.remove('orderId');
    expect(storage.get('orderId')).toBeNull();
    expect(storage.get('linkId')).toBe('lnk_1');
  });

  it('clearAll() (logout) removes every key of ours in both areas and leaves others alone', () => {
    localStorage.setItem('someone-else', 'x');
    storage.set('access-token', 'tok');
    storage.set('userId', '42');
    storage.set('tutorLogin', true);
    storage.set('onboardingDetails', { firstName: 'Asha', lastName: 'Verma', pan: 'ABCPV1234' });
    expect(sessionStorage.getItem('onboardingDetails')).not.toBeNull();
    storage.clearAll();
    for (const key of Object.keys(storageKeys) as StorageKey[]) {
      expect(storage.get(key), key).toBeNull();
    }
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('someone-else')).toBe('x');
  });

  it('clearPayment() removes the ongoing-payment keys only (D1)', () => {
    storage.set('access-token', 'tok');
    storage.set('activeFlow', 'DynamicLinkFlow');
    storage.set('orderId', 'order_1');
    storage.set('activePaymentTutorName', 'Asha Verma');
    storage.set('activePaymentTutorId', '7');
    storage.set('activePaymentAmount', 100_000);
    storage.set('totalAmount', 101_194);
    storage.set('tutorPhone', '9876543210');
    storage.set('payeeUserId', '7');
    storage.set('linkId', 'lnk_1');
    storage.set('sessionDateTime', {
      start: '2025-01-06T11:30:00+05:30',
      end: '2025-01-06T12:30:00+05:30',
    });
    storage.clearPayment();
    for (const key of PAYMENT_KEYS) expect(storage.get(key), key).toBeNull();
    expect(storage.get('access-token')).toBe('tok');
    expect(storage.get('activeFlow')).toBe('DynamicLinkFlow');
  });

  it('clearActiveFlow() forgets the flow, its URL and query', () => {
    storage.set('activeFlow', 'StaticLinkFlow');
    storage.set('activeFlowUrl', '/static-link/asha');
    storage.set('activeFlowQuery', '?x=1');
    storage.clearActiveFlow();
    for (const key of ACTIVE_FLOW_KEYS) expect(storage.get(key)).toBeNull();
  });

  it('keeps names and PAN of a form, and the phone a code went to, only in sessionStorage (D16, D128)', () => {
    const sessionKeys = Object.entries(storageKeys)
      .filter(([, def]) => def.area === 'session')
      .map(([key]) => key);
    expect(sessionKeys.sort()).toEqual(['autoFillDetails', 'codeSentTo', 'onboardingDetails']);
    storage.set('codeSentTo', { role: 'student', phone: '9876543210', at: 1, resendAfter: 30 });
    expect(localStorage.getItem('codeSentTo')).toBeNull();
    expect(sessionStorage.getItem('codeSentTo')).toContain('9876543210');
    storage.set('autoFillDetails', { firstName: 'Ravi', pan: 'ABCPR1234K' });
    expect(localStorage.getItem('autoFillDetails')).toBeNull();
    expect(storage.get('autoFillDetails')).toEqual({ firstName: 'Ravi', pan: 'ABCPR1234K' });
  });

  it('has no key for Aadhaar or bank account numbers (D16)', () => {
    expect(Object.keys(storageKeys).filter((k) => /aadha|account|ifsc|bank/i.test(k))).toEqual([]);
  });

  describe('when the browser refuses storage', () => {
    it('falls back to memory when there is no storage at all', () => {
      const s = createStorage({ local: null, session: null });
      s.set('access-token', 'tok');
      s.set('autoFillDetails', { firstName: 'Asha' });
      expect(s.get('access-token')).toBe('tok');
      expect(s.get('autoFillDetails')).toEqual({ firstName: 'Asha' });
      s.clearAll();
      expect(s.get('access-token')).toBeNull();
    });

    it('falls back to memory when a write fails (quota, private mode) and drops the stale value', () => {
      const local = fakeArea();
      local.data.set('orderId', 'order_old');
      const s = createStorage({ local, session: fakeArea() });
      local.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
      expect(() => s.set('orderId', 'order_new')).not.toThrow();
      expect(s.get('orderId')).toBe('order_new');
      expect(local.data.has('orderId')).toBe(false);
      s.remove('orderId');
      expect(s.get('orderId')).toBeNull();
    });

    it('reads as null when reading throws', () => {
      const s = createStorage({ local: fakeArea({ read: true }), session: fakeArea() });
      expect(s.get('access-token')).toBeNull();
    });

    it('survives a browser where touching window.localStorage throws', () => {
      const spy = vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
      try {
        const s = createStorage();
        s.set('studentLogin', true);
        expect(s.get('studentLogin')).toBe(true);
        expect(() => s.clearAll()).not.toThrow();
      } finally {
        spy.mockRestore();
      }
    });
  });
});
