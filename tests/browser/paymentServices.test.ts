// The real effects of the payment machines (src/api/actors/payment.ts) against a fake fetch
// that answers as the contract says, and the browser's storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentServices, resetFeesCache } from '../../src/api/actors/payment';
import { storage } from '../../src/browser/storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (request: Request, url: URL) => Response | Promise<Response>;

function serve(handler: Handler) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request.clone());
    return handler(request, new URL(request.url));
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

const asha = {
  first_name: 'Asha',
  last_name: 'Verma',
  username: 'asha-verma',
  phone: '9123456780',
  role: 'teacher',
  has_pan: true,
  pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_APPROVED' }],
};

function logIn() {
  storage.set('access-token', 'tok_student');
  storage.set('studentLogin', true);
}

beforeEach(() => resetFeesCache());
afterEach(() => vi.unstubAllGlobals());

describe('lookupTutor', () => {
  it('is public without a student session: no token, no id', async () => {
    const requests = serve(() => json(200, [asha]));
    storage.set('access-token', 'tok_tutor'); // a tutor's token: not a student session
    const tutor = await paymentServices.lookupTutor({ username: 'asha-verma' });
    expect(tutor).toEqual({
      id: null,
      name: 'Asha Verma',
      username: 'asha-verma',
      phone: '9123456780',
      onboarding: asha.pg_onboarding_status,
    });
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(new URL(requests[0]!.url).searchParams.get('username')).toBe('asha-verma');
  });

  it("with a student session it sends the token and reads the tutor's id", async () => {
    logIn();
    const requests = serve(() => json(200, [{ ...asha, id: 7 }]));
    expect((await paymentServices.lookupTutor({ username: 'asha-verma' }))?.id).toBe(7);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok_student');
  });

  it('an expired session (401) looks up again without the token (D27)', async () => {
    logIn();
    const requests = serve((request) =>
      request.headers.get('Authorization') ? json(401, { message: 'expired' }) : json(200, [asha]),
    );
    expect((await paymentServices.lookupTutor({ username: 'asha-verma' }))?.id).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('nobody, a student, or an impossible username is null; other failures reject', async () => {
    serve(() => json(200, []));
    expect(await paymentServices.lookupTutor({ username: 'nobody' })).toBeNull();
    serve(() => json(200, [{ ...asha, role: 'student' }]));
    expect(await paymentServices.lookupTutor({ username: 'asha-verma' })).toBeNull();
    const requests = serve(() => json(200, [asha]));
    expect(await paymentServices.lookupTutor({ username: 'Not A Name' })).toBeNull();
    expect(requests).toHaveLength(0);
    serve(() => json(500, { message: 'boom' }));
    await expect(paymentServices.lookupTutor({ username: 'asha-verma' })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
  });

  it('passes the gateway statuses on as they are; none is an empty list', async () => {
    serve(() => json(200, [{ ...asha, pg_onboarding_status: undefined }]));
    expect(await paymentServices.lookupTutor({ username: 'asha-verma' })).toMatchObject({
      onboarding: [],
    });
  });
});

describe('loadFees', () => {
  it('reads base rate and holidays, once for a few minutes', async () => {
    const requests = serve(() =>
      json(200, {
        pg_name: 'cashfree',
        base_rate: 1.5,
        charges_rate: 19.41,
        settlement_holidays: ['2025-01-27'],
      }),
    );
    expect(await paymentServices.loadFees()).toEqual({ baseRate: 1.5, holidays: ['2025-01-27'] });
    await paymentServices.loadFees();
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).searchParams.get('pg_name')).toBe('cashfree');
  });
});

describe('searchPayee', () => {
  it('needs a student session: without one, no request', async () => {
    const requests = serve(() => json(200, []));
    expect(await paymentServices.searchPayee({ phone: '9123456780' })).toEqual({
      kind: 'unauthorized',
    });
    expect(requests).toHaveLength(0);
  });

  it('found, none, or a 401', async () => {
    logIn();
    serve(() => json(200, [{ ...asha, id: 7 }]));
    const found = await paymentServices.searchPayee({ phone: '9123456780' });
    expect(found).toMatchObject({
      kind: 'found',
      payee: { id: 7, has_pan: true, role: 'teacher' },
    });
    serve(() => json(200, []));
    expect(await paymentServices.searchPayee({ phone: '9123456780' })).toEqual({ kind: 'none' });
    serve(() => json(401, { message: 'expired' }));
    expect(await paymentServices.searchPayee({ phone: '9123456780' })).toEqual({
      kind: 'unauthorized',
    });
  });
});

describe('readDraft (what the review guards read, spec §2)', () => {
  function keep() {
    storage.set('activePaymentAmount', 500_000);
    storage.set('tutorPhone', '9123456780');
    storage.set('activePaymentTutorName', 'Asha Verma');
  }

  it('no session: storage as it is, and no request', async () => {
    keep();
    const requests = serve(() => json(500, {}));
    expect(await paymentServices.readDraft()).toMatchObject({
      session: false,
      amount: 500_000,
      payerId: null,
      payee: null,
    });
    expect(requests).toHaveLength(0);
  });

  it('a 401 from user/me/ ends the session', async () => {
    logIn();
    keep();
    storage.remove('userId');
    serve(() => json(401, { message: 'expired' }));
    expect(await paymentServices.readDraft()).toMatchObject({ session: false, payerId: null });
  });

  it('complete: payer from user/me/ when not stored, payee from storage, link id, booking', async () => {
    logIn();
    keep();
    storage.remove('userId');
    storage.set('payeeUserId', '7');
    storage.set('linkId', 'lnk_1');
    storage.set('sessionDateTime', {
      start: '2025-01-24T11:00:00+05:30',
      end: '2025-01-24T12:00:00+05:30',
    });
    serve(() =>
      json(200, {
        id: 42,
        first_name: 'Rohan',
        last_name: 'Mehta',
        pan: 'BXKPM4821Q',
        phone: '9876543210',
        role: 'student',
        username: null,
        pg_onboarding_status: [],
      }),
    );
    expect(await paymentServices.readDraft()).toEqual({
      session: true,
      amount: 500_000,
      payeePhone: '9123456780',
      payeeName: 'Asha Verma',
      paidOrderId: null,
      payerId: 42,
      // Stored by the screen that checked the tutor can be paid.
      payee: { id: 7, onboarding: null },
      linkId: 'lnk_1',
      // D20: a session was asked for; the review shows it from when it opened.
      book: true,
    });
    expect(storage.get('userId')).toBe('42');
  });

  it('without a stored payee id it finds the payee by phone, with its gateway status', async () => {
    logIn();
    keep();
    storage.set('userId', '42');
    serve(() => json(200, [{ ...asha, id: 7 }]));
    expect(await paymentServices.readDraft()).toMatchObject({
      payerId: 42,
      payee: { id: 7, onboarding: asha.pg_onboarding_status },
      book: false,
    });
  });
});

describe('createOrder', () => {
  it('sends the Idempotency-Key and the D9 amounts in rupees', async () => {
    logIn();
    const requests = serve(() =>
      json(201, {
        id: 'ord_1',
        payment_session_id: 'session_1',
        order_status: 'ACTIVE',
        amount: 5059.71,
        base_amount: 5000,
        fee: 50,
        charges: 9.71,
        payment_method: 'cc',
      }),
    );
    const created = await paymentServices.createOrder({
      idempotencyKey: 'key-card-0001',
      order: {
        payerId: 42,
        payeeId: 7,
        method: 'cc',
        breakup: { amount: 500_000, fee: 5_000, charges: 971, total: 505_971 },
        linkId: null,
        bookSession: true,
      },
    });
    expect(created).toEqual({ id: 'ord_1', paymentSessionId: 'session_1' });
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/payments/pg/order/');
    expect(request.headers.get('Idempotency-Key')).toBe('key-card-0001');
    expect(request.headers.get('Authorization')).toBe('Bearer tok_student');
    expect(await request.json()).toEqual({
      amount: 5059.71,
      base_amount: 5000,
      payer_id: 42,
      payee_id: 7,
      payment_method: 'cc',
      settlement_type: 'STANDARD',
      book_session: true,
    });
  });

  it('rejects with the failure (the machine reads the 400 message)', async () => {
    logIn();
    serve(() => json(400, { message: 'Order refused: The total has changed.' }));
    await expect(
      paymentServices.createOrder({
        idempotencyKey: 'key-upi-00001',
        order: {
          payerId: 42,
          payeeId: 7,
          method: 'upi',
          breakup: { amount: 500_000, fee: 0, charges: 0, total: 500_000 },
          linkId: 'lnk_1',
          bookSession: false,
        },
      }),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Order refused: The total has changed.',
    });
  });
});

describe('fetchOrder', () => {
  it('maps the order for the status page', async () => {
    logIn();
    serve(() =>
      json(200, {
        id: 'ord_1',
        order: { status: 'PAID', amount: 5059.71 },
        base_amount: 5000,
        fee: 50,
        charges: 9.71,
        payment_method: 'cc',
        payee_name: 'Asha Verma',
        payee_phone: '9123456780',
        masked_account_number: 'XXXXXXXX7890',
        latest_payment_id: '5114910934527',
        latest_payment_status: 'SUCCESS',
        payment_time: '2025-01-15T11:16:10+05:30',
        created_at: '2025-01-15T11:14:02+05:30',
        schedule: null,
        refund: {
          id: 'rfd_1',
          status: 'PENDING',
          amount: 5059.71,
          requested_at: '2025-01-15T11:17:00+05:30',
          automatic_reason: 'Refunded in full: over the limit.',
        },
      }),
    );
    expect(await paymentServices.fetchOrder({ orderId: 'ord_1' })).toEqual({
      id: 'ord_1',
      status: 'PAID',
      paymentStatus: 'SUCCESS',
      total: 505_971,
      payeeName: 'Asha Verma',
      payeePhone: '9123456780',
      maskedAccount: 'XXXXXXXX7890',
      paymentTime: '2025-01-15T11:16:10+05:30',
      session: null,
      refundReason: 'Refunded in full: over the limit.',
    });
  });
});

describe('loadLink', () => {
  const link = {
    id: 'lnk_1',
    amount: 3000,
    purpose: 'January maths tuition',
    status: 'ACTIVE',
    expires_at: '2025-02-14T23:59:59+05:30',
    payee_name: 'Asha Verma',
    payee_phone: '9123456780',
  };
  const me = (over: object) => ({
    id: 42,
    first_name: 'Rohan',
    last_name: 'Mehta',
    pan: 'BXKPM4821Q',
    phone: '9876543210',
    role: 'student',
    username: null,
    pg_onboarding_status: [],
    ...over,
  });

  it('anonymous without a session; 404 is no link', async () => {
    serve(() => json(200, link));
    expect(await paymentServices.loadLink({ linkId: 'lnk_1' })).toMatchObject({
      viewer: 'anonymous',
      link: { amount: 300_000, payeeId: null, status: 'ACTIVE' },
    });
    serve(() => json(404, { message: 'Not found.' }));
    expect(await paymentServices.loadLink({ linkId: 'lnk_1' })).toEqual({
      link: null,
      viewer: 'anonymous',
    });
  });

  it('a student with a complete profile, or without a PAN', async () => {
    logIn();
    serve((_, url) =>
      url.pathname.endsWith('/user/me/') ? json(200, me({})) : json(200, { ...link, payee: 7 }),
    );
    expect(await paymentServices.loadLink({ linkId: 'lnk_1' })).toMatchObject({
      viewer: 'complete',
      link: { payeeId: 7 },
    });
    serve((_, url) =>
      url.pathname.endsWith('/user/me/') ? json(200, me({ pan: null })) : json(200, link),
    );
    expect((await paymentServices.loadLink({ linkId: 'lnk_1' })).viewer).toBe('incomplete');
  });
});

describe('registerTutor, readPending, keys', () => {
  it('registers with the amount in rupees', async () => {
    logIn();
    const requests = serve(() => json(201, { ...asha, id: 8, pg_onboarding_status: [] }));
    const tutor = await paymentServices.registerTutor({
      firstName: 'Asha',
      lastName: 'Verma',
      pan: 'ABCPV1234K',
      phone: '9123456780',
      amount: 150_000,
    });
    expect(tutor).toMatchObject({ id: 8, role: 'teacher' });
    expect(await requests[0]!.json()).toEqual({
      first_name: 'Asha',
      last_name: 'Verma',
      pan: 'ABCPV1234K',
      phone: '9123456780',
      amount: 1500,
    });
  });

  it('reads what the payment details kept', async () => {
    expect(await paymentServices.readPending()).toEqual({ amount: null, tutorPhone: null });
    storage.set('activePaymentAmount', 150_000);
    storage.set('tutorPhone', '9123456780');
    expect(await paymentServices.readPending()).toEqual({
      amount: 150_000,
      tutorPhone: '9123456780',
    });
  });

  it('makes Idempotency-Keys the contract accepts, each one new', () => {
    const a = paymentServices.newIdempotencyKey();
    const b = paymentServices.newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(a).not.toBe(b);
  });
});
