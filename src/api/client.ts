// The browser's typed client of the API contract (openapi/api.yaml -> openapi/schema.d.ts).
// No global state: each call of createApiClient builds an independent client.
import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import type { components, paths } from '../../openapi/schema';

export type ApiClient = Client<paths>;
export type Schemas = components['schemas'];
export type { paths };

type MaybePromise<T> = T | Promise<T>;

export interface ApiClientOptions {
  /** Where `api/v1/` lives; relative URLs are resolved against the page's location. */
  baseUrl?: string;
  /** The current access token, or null/undefined when logged out (storage lives in src/browser). */
  getToken: () => MaybePromise<string | null | undefined>;
  /** The fetch to use; defaults to the global fetch at call time (tests inject a fake). */
  fetch?: (request: Request) => Promise<Response>;
  /** How long to wait for a response before failing with a timeout. */
  timeoutMs?: number;
  /** The language the server should answer in (issue 15), e.g. 'hi-IN'; read on every call. */
  getLanguage?: () => string;
}

/** Adds `Authorization: Bearer <token>` unless the caller already set an Authorization header
 * (e.g. `Token <api key>` for payment-link creation, D19) or no one is logged in. */
export function bearerAuth(getToken: ApiClientOptions['getToken']): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has('Authorization')) return undefined;
      const token = await getToken();
      if (!token) return undefined;
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Thrown (as the rejection of fetch) when no response arrived within the timeout. */
export function timeoutError(timeoutMs: number): DOMException {
  return new DOMException(`No response within ${timeoutMs} ms`, 'TimeoutError');
}

/** Wraps fetch so that it rejects with a TimeoutError after `timeoutMs` (and aborts the request),
 * while still honouring an abort signal the caller passed in. */
export function withTimeout(
  fetchImpl: (request: Request) => Promise<Response>,
  timeoutMs: number,
): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const controller = new AbortController();
      const fromCaller = () => controller.abort(request.signal.reason);
      if (request.signal.aborted) fromCaller();
      else request.signal.addEventListener('abort', fromCaller, { once: true });
      const timer = setTimeout(() => {
        const error = timeoutError(timeoutMs);
        // Settle first, so a fetch that ignores the signal or rejects with a plain AbortError
        // still ends as a timeout.
        reject(error);
        controller.abort(error);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', fromCaller);
      };
      let timed: Request;
      try {
        timed = new Request(request, { signal: controller.signal });
      } catch (error) {
        done();
        reject(error);
        return;
      }
      fetchImpl(timed).then(
        (response) => {
          done();
          resolve(response);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
}

function absoluteBase(baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) return baseUrl;
  const href = (globalThis as { location?: { href?: string } }).location?.href;
  return href ? new URL(baseUrl, href).href : baseUrl;
}

/** Asks for the screens' language, so the server's messages and labels match them. */
export function acceptLanguage(getLanguage: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept-Language', getLanguage());
      return request;
    },
  };
}

export function createApiClient({
  baseUrl = '/api/v1',
  getToken,
  fetch: fetchImpl,
  timeoutMs = 15_000,
  getLanguage,
}: ApiClientOptions): ApiClient {
  const send = fetchImpl ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: absoluteBase(baseUrl),
    fetch: withTimeout(send, timeoutMs),
  });
  client.use(bearerAuth(getToken));
  if (getLanguage) client.use(acceptLanguage(getLanguage));
  return client;
}
