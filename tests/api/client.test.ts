import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import type { Schemas } from '../../src/api/client';
import { call } from '../../src/api/errors';
import type { ApiResult } from '../../src/api/errors';

const BASE = 'http://tuitionpay.test/api/v1';

type FakeFetch = ((request: Request) => Promise<Response>) & { requests: Request[] };

/** A fetch that records each request and answers with `respond`. */
function fakeFetch(respond: (request: Request) => Response | Promise<Response>): FakeFetch {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return respond(request);
  };
  return Object.assign(fetch, { requests });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const me: Schemas['User'] = {
  id: 42,
  first_name: 'Rohan',
  last_name: 'Mehta',
  pan: 'BXKPM4821Q',
  phone: '9876543210',
  role: 'student',
  username: null,
  email: null,
  pg_onboarding_status: [],
};

describe('createApiClient: authorization', () => {
  it('adds the Bearer token when one exists', async () => {
    const fetch = fakeFetch(() => json(200, me));
    const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok_123', fetch });

    const result = await call(client.GET('/user/me/'));

    expect(result).toEqual({ ok: true, data: me });
    const [request] = fetch.requests;
    expect(request?.url).toBe(`${BASE}/user/me/`);
    expect(request?.headers.get('Authorization')).toBe('Bearer tok_123');
  });

  it('reads the token at call time (login and logout change it)', async () => {
    let token: string | null = null;
    const fetch = fakeFetch(() => json(200, me));
    const client = createApiClient({ baseUrl: BASE, getToken: () => token, fetch });

    await client.GET('/user/me/');
    token = 'tok_later';
    await client.GET('/user/me/');

    expect(fetch.requests.map((r) => r.headers.get('Authorization'))).toEqual([
      null,
      'Bearer tok_later',
    ]);
  });

  it('sends no Authorization header when there is no token', async () => {
    const fetch = fakeFetch(() => json(200, { message: 'OTP sent', resend_after: 30 }));
    for (const getToken of [() => null, () => undefined, () => '']) {
      const client = createApiClient({ baseUrl: BASE, getToken, fetch });
      await client.POST('/auth/generate-otp/', { body: { phone: '9876543210', role: 'student' } });
    }
    expect(fetch.requests).toHaveLength(3);
    for (const request of fetch.requests) expect(request.headers.has('Authorization')).toBe(false);
  });

  it('accepts an async token getter', async () => {
    const fetch = fakeFetch(() => json(200, me));
    const client = createApiClient({ baseUrl: BASE, getToken: async () => 'tok_async', fetch });
    await client.GET('/user/me/');
    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer tok_async');
  });

  it('keeps a Token header set by the caller (payment links by API key, D19)', async () => {
    const link: Schemas['PaymentLink'] = {
      id: 'lnk_8fK2mQ7xT1vZ9cW3',
      url: 'https://tuitionpay.example/payment-link/lnk_8fK2mQ7xT1vZ9cW3',
      amount: 500,
      purpose: 'Trial class',
      status: 'ACTIVE',
      student_phone: null,
      expires_at: '2025-02-14T23:59:59+05:30',
      created_at: '2025-01-15T10:00:00+05:30',
      order_id: null,
      paid_at: null,
    };
    const fetch = fakeFetch(() => json(201, link));
    const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok_session', fetch });

    const result = await call(
      client.POST('/payments/payment-link/create/', {
        body: { amount: 500, purpose: 'Trial class' },
        headers: { Authorization: 'Token key_abc' },
      }),
    );

    expect(result).toEqual({ ok: true, data: link });
    const [request] = fetch.requests;
    expect(request?.headers.get('Authorization')).toBe('Token key_abc');
    expect(request?.method).toBe('POST');
    expect(await request?.json()).toEqual({ amount: 500, purpose: 'Trial class' });
  });
});

describe('createApiClient: requests', () => {
  it('sends JSON bodies, path and query parameters and headers from the contract', async () => {
    const fetch = fakeFetch(() => json(200, []));
    const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok', fetch });

    await client.GET('/user/search/', { params: { query: { phone: '9123456780' } } });
    await client.GET('/payments/pg/order/{orderId}/', {
      params: { path: { orderId: 'ord_3Hq8ZkP1mN5vR2tY' } },
    });
    await client.POST('/payments/pg/order/', {
      params: { header: { 'Idempotency-Key': 'key-12345678' } },
      body: {
        amount: 2023.88,
        base_amount: 2000,
        payer_id: 42,
        payee_id: 7,
        payment_method: 'cc',
        settlement_type: 'STANDARD',
      },
    });

    const [search, order, create] = fetch.requests;
    expect(search?.url).toBe(`${BASE}/user/search/?phone=9123456780`);
    expect(order?.url).toBe(`${BASE}/payments/pg/order/ord_3Hq8ZkP1mN5vR2tY/`);
    expect(create?.headers.get('Idempotency-Key')).toBe('key-12345678');
    expect(create?.headers.get('Content-Type')).toBe('application/json');
    expect(await create?.json()).toMatchObject({ amount: 2023.88, payment_method: 'cc' });
  });

  it('resolves a relative base URL against the page location', async () => {
    const globals = globalThis as { location?: unknown };
    const saved = globals.location;
    globals.location = { href: 'https://app.tuitionpay.example/pay/review' };
    try {
      const fetch = fakeFetch(() => json(200, me));
      const client = createApiClient({ getToken: () => null, fetch });
      await client.GET('/user/me/');
      expect(fetch.requests[0]?.url).toBe('https://app.tuitionpay.example/api/v1/user/me/');
    } finally {
      globals.location = saved;
    }
  });

  it('uses the global fetch when none is injected, looked up at call time', async () => {
    const original = globalThis.fetch;
    const fetch = fakeFetch(() => json(200, me));
    const client = createApiClient({ baseUrl: BASE, getToken: () => null });
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      expect(await call(client.GET('/user/me/'))).toEqual({ ok: true, data: me });
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('createApiClient + call: failures', () => {
  it('a network error is network', async () => {
    const client = createApiClient({
      baseUrl: BASE,
      getToken: () => null,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'network' },
    });
  });

  it('no answer within timeoutMs is timeout, and the request is aborted', async () => {
    let seen: Request | undefined;
    const hang = (request: Request) => {
      seen = request;
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    };
    const client = createApiClient({
      baseUrl: BASE,
      getToken: () => null,
      fetch: hang,
      timeoutMs: 20,
    });

    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'timeout' },
    });
    expect(seen?.signal.aborted).toBe(true);
  });

  it('a fetch that ignores the abort signal still times out', async () => {
    const client = createApiClient({
      baseUrl: BASE,
      getToken: () => null,
      fetch: () => new Promise<Response>(() => {}),
      timeoutMs: 20,
    });
    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'timeout' },
    });
  });

  it('a fetch that rejects with a plain AbortError on timeout is timeout', async () => {
    const abortError = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    const client = createApiClient({
      baseUrl: BASE,
      getToken: () => null,
      fetch: abortError,
      timeoutMs: 20,
    });
    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'timeout' },
    });
  });

  it('a fast answer is not cut short by the timeout', async () => {
    const fetch = fakeFetch(() => json(200, me));
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch, timeoutMs: 20 });
    const result = await call(client.GET('/user/me/'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(result).toEqual({ ok: true, data: me });
    expect(fetch.requests[0]?.signal.aborted).toBe(false);
  });

  it('a 200 whose body is not JSON is parse', async () => {
    const html = async () =>
      new Response('<!doctype html><p>Welcome</p>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      });
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch: html });
    expect(await call(client.GET('/user/me/'))).toEqual({ ok: false, failure: { kind: 'parse' } });
  });

  it('a 200 with an empty body is parse; a 204 is success without data', async () => {
    const empty = fakeFetch(() => new Response(null, { status: 200 }));
    const noContent = fakeFetch(() => new Response(null, { status: 204 }));
    const a = createApiClient({ baseUrl: BASE, getToken: () => 'tok', fetch: empty });
    const b = createApiClient({ baseUrl: BASE, getToken: () => 'tok', fetch: noContent });

    expect(await call(a.GET('/user/me/'))).toEqual({ ok: false, failure: { kind: 'parse' } });
    expect(await call(b.POST('/auth/logout/'))).toEqual({ ok: true, data: undefined });
  });

  it('a 400 {message} is http with the message', async () => {
    const message = 'The user role and input role does not match.';
    const fetch = fakeFetch(() => json(400, { message }));
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch });

    const result = await call(
      client.POST('/auth/generate-otp/', { body: { phone: '9123456780', role: 'student' } }),
    );

    expect(result).toEqual({
      ok: false,
      failure: { kind: 'http', status: 400, message, retryAfter: null, field: null },
    });
  });

  it('a 500 with HTML is http with message null', async () => {
    const fetch = fakeFetch(
      () =>
        new Response('<html><body>Internal Server Error</body></html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const client = createApiClient({ baseUrl: BASE, getToken: () => 'tok', fetch });
    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'http', status: 500, message: null, retryAfter: null, field: null },
    });
  });

  it('a 429 with Retry-After is http with retryAfter in seconds', async () => {
    const fetch = fakeFetch(() =>
      json(429, { message: 'Please wait 30 seconds.' }, { 'Retry-After': '27' }),
    );
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch });
    const result = await call(
      client.POST('/auth/validate-otp/', {
        body: { phone: '9876543210', otp: '1234', role: 'student' },
      }),
    );
    expect(result).toEqual({
      ok: false,
      failure: {
        kind: 'http',
        status: 429,
        message: 'Please wait 30 seconds.',
        retryAfter: 27,
        field: null,
      },
    });
  });

  it('a 401 with an empty body is http with message null', async () => {
    const fetch = fakeFetch(() => new Response(null, { status: 401 }));
    const client = createApiClient({ baseUrl: BASE, getToken: () => 'stale', fetch });
    expect(await call(client.GET('/user/me/'))).toEqual({
      ok: false,
      failure: { kind: 'http', status: 401, message: null, retryAfter: null, field: null },
    });
  });
});

describe('typed calls compile against the generated paths', () => {
  it('infers request and response types from the contract', async () => {
    const fetch = fakeFetch(() => json(200, { message: 'OTP sent', resend_after: 30 }));
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch });

    const otp = await call(
      client.POST('/auth/generate-otp/', { body: { phone: '9876543210', role: 'student' } }),
    );
    expectTypeOf(otp).toEqualTypeOf<ApiResult<Schemas['GenerateOtpResponse']>>();

    const order = await call(
      client.GET('/payments/pg/order/{orderId}/', { params: { path: { orderId: 'ord_1' } } }),
    );
    expectTypeOf(order).toEqualTypeOf<ApiResult<Schemas['OrderDetails']>>();
    expectTypeOf<Schemas['OrderDetails']['latest_payment_status']>().toEqualTypeOf<
      Schemas['PaymentStatus'] | null
    >();

    const link = await call(
      client.GET('/payments/payment-link/{id}/', { params: { path: { id: 'lnk_1' } } }),
    );
    expectTypeOf(link).toEqualTypeOf<ApiResult<Schemas['PaymentLinkDetails']>>();
    expectTypeOf<Schemas['PaymentLinkDetails']['payee']>().toEqualTypeOf<number | undefined>();

    const onboarding = await call(
      client.POST('/user/onboarding/', {
        body: { phone: '9876543210', first_name: 'Rohan', last_name: 'Mehta' },
      }),
    );
    // 200: the caller's identity; 201: a tutor the student added.
    expectTypeOf(onboarding).toEqualTypeOf<
      ApiResult<Schemas['OnboardingIdentity'] | Schemas['UserSummary']>
    >();

    const logout = await call(client.POST('/auth/logout/'));
    if (logout.ok) expectTypeOf(logout.data).toBeUndefined();

    // Wrong shapes do not compile. The calls still run against the fake fetch.
    // @ts-expect-error role must be 'student' or 'teacher'
    await client.POST('/auth/generate-otp/', { body: { phone: '9876543210', role: 'admin' } });
    await client.POST('/payments/pg/order/', {
      body: {
        amount: 1,
        base_amount: 1,
        payer_id: 1,
        payee_id: 2,
        // @ts-expect-error payment_method is 'cc' or 'upi'
        payment_method: 'card',
        settlement_type: 'STANDARD',
      },
    });
    // @ts-expect-error the spec's paths keep their trailing slash
    await client.GET('/user/me');
    expect(fetch.requests).toHaveLength(8);
  });
});
