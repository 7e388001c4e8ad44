// The one mapping of every API failure to a typed value. Machines turn these into states.

export type ApiFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'parse' }
  | {
      kind: 'http';
      status: number;
      message: string | null;
      retryAfter: number | null;
      /** D243: the request field the error is about, when the server names one. */
      field?: string | null;
    };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

/** What openapi-fetch resolves to: `{ data }` on 2xx, `{ error }` otherwise, always `response`. */
export interface FetchOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The server's `{message}` when the error body was JSON with a string message, else null. */
function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : null;
}

/** D243: the field the server's error body names, else null. */
function fieldOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const field = (body as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}

/** `Retry-After` in whole seconds: delta-seconds, or an HTTP date counted from `now`. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month ('Wed, 21 Oct 2015 07:28:00 GMT'); '-5' is no date.
  if (!/[a-z]/i.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Turns a settled openapi-fetch result into an ApiResult. */
export function unwrap<T>(outcome: FetchOutcome<T>): ApiResult<T> {
  const { response } = outcome;
  if (response.ok) {
    // Only 204 answers have no body in the contract; any other empty 2xx is a broken answer.
    if (outcome.data === undefined && response.status !== 204) {
      return { ok: false, failure: { kind: 'parse' } };
    }
    return { ok: true, data: outcome.data as T };
  }
  return {
    ok: false,
    failure: {
      kind: 'http',
      status: response.status,
      message: messageOf(outcome.error),
      retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
      field: fieldOf(outcome.error),
    },
  };
}

/** Maps what a call can throw: timeouts (ours or an abort), unparsable 2xx bodies, network errors. */
export function failureFromError(error: unknown): ApiFailure {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
  if (error instanceof SyntaxError || name === 'SyntaxError') return { kind: 'parse' };
  return { kind: 'network' };
}

/** Awaits an openapi-fetch call and never throws: `{ ok: true, data }` or `{ ok: false, failure }`. */
export async function call<T>(request: Promise<FetchOutcome<T>>): Promise<ApiResult<T>> {
  try {
    return unwrap(await request);
  } catch (error) {
    return { ok: false, failure: failureFromError(error) };
  }
}

/** The answer's data, or a rejection with the ApiFailure (what the machines' actors want). */
export async function data<T>(request: Promise<FetchOutcome<T>>): Promise<T> {
  const result = await call(request);
  if (result.ok) return result.data;
  throw result.failure;
}
