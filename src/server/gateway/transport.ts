// The one way out to the gateway's APIs: undici's request over the network, or, for URLs on
// the in-process sandbox's origin (tests), its `inject` without a socket (`localFetch`, which
// the SMS provider uses too). Every call
// waits at most `timeoutMs` (an AbortSignal), reads are retried on a failure worth retrying,
// and every failure becomes a GatewayError carrying only status, code and message: never the
// request's headers, which hold the secrets.
import { setTimeout as sleep } from 'node:timers/promises';
import { request as undiciRequest } from 'undici';
import { z } from 'zod';
import { GatewayError } from './types';

export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;
/**
 * Pauses before each retry of a read. Only a read that got no answer (the connection failed)
 * or a 429/5xx is retried: it changes nothing, and the next try may well succeed. A timeout
 * is not: the caller has already waited its whole budget, and the reconcile job reads again.
 */
export const READ_RETRY_DELAYS_MS = [200, 600] as const;

/** The subset of app.inject the loopback needs. */
export type Loopback = (request: {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/**
 * A server reached without a socket (tests run the sandbox in-process): calls whose URL is on
 * `origin` go through `inject`. The request is built exactly as for the network.
 */
export interface LocalTransport {
  origin: string;
  inject: Loopback;
}

/** fetch(), except that URLs on the local server's origin go to it in-process. */
export function localFetch(local: LocalTransport | undefined): typeof fetch {
  if (!local) return fetch;
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== local.origin) return fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = local.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST' | 'PATCH',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    // As fetch does: the caller's AbortSignal ends the wait.
    const signal = init?.signal;
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    const done = await Promise.race([answer, aborted]);
    return new Response(done.body === '' ? null : done.body, { status: done.statusCode });
  };
}

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportAnswer {
  status: number;
  text: string;
}

export interface TransportOptions {
  /** For the error messages: 'Cashfree', 'Cashfree verification'. */
  name: string;
  timeoutMs?: number;
  loopback?: LocalTransport;
  /** Tests shorten the pauses between read retries. */
  retryDelaysMs?: readonly number[];
}

export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

type Exchange = (request: TransportRequest, signal: AbortSignal) => Promise<TransportAnswer>;

/**
 * Issue 11 (D193): undici's request rather than fetch, which spends about three times the CPU
 * per call on its web streams (an order's gateway call was a tenth of the web process's CPU).
 * Neither follows a redirect.
 */
const overNetwork: Exchange = async (request, signal) => {
  const response = await undiciRequest(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal,
  });
  return { status: response.statusCode, text: await response.body.text() };
};

function viaLoopback(local: LocalTransport): Exchange {
  const send = localFetch(local);
  return async (request, signal) => {
    if (new URL(request.url).origin !== local.origin) return overNetwork(request, signal);
    const { method, headers, body } = request;
    const response = await send(request.url, { method, headers, body, signal });
    return { status: response.status, text: await response.text() };
  };
}

/** Sends a request: the answer of any status, or a GatewayError 'timeout' / 'network_error'. */
export function createTransport(options: TransportOptions): Transport {
  const { name } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? READ_RETRY_DELAYS_MS;
  const exchange = options.loopback ? viaLoopback(options.loopback) : overNetwork;

  async function once(request: TransportRequest): Promise<TransportAnswer> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await exchange(request, signal);
    } catch (error) {
      if (signal.aborted) {
        throw new GatewayError(`${name} did not answer within ${timeoutMs} ms`, null, 'timeout');
      }
      // undici names the cause on the error itself (ECONNREFUSED, UND_ERR_SOCKET).
      const code = (error as { code?: unknown } | null)?.code;
      const detail = typeof code === 'string' ? code : 'no answer';
      throw new GatewayError(`${name} could not be reached (${detail})`, null, 'network_error');
    }
  }

  return async (request) => {
    const retries = request.method === 'GET' ? retryDelays : [];
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= retries.length;
      try {
        const answer = await once(request);
        if (last || !RETRIED_STATUSES.has(answer.status)) return answer;
      } catch (error) {
        if (last || (error as GatewayError).code !== 'network_error') throw error;
      }
      await sleep(retries[attempt]!);
    }
  };
}

const errorBody = z.object({ message: z.string().optional(), code: z.string().optional() });

/** The body of an answer as JSON (null when empty), else a GatewayError 'invalid_response'. */
export function answerJson(name: string, answer: TransportAnswer): unknown {
  if (answer.text === '') return null;
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new GatewayError(
      `${name} answered with a body that is not JSON`,
      answer.status,
      'invalid_response',
    );
  }
}

/** A non-2xx answer as a GatewayError: the gateway's status, code and message. */
export function refusal(name: string, status: number, data: unknown): GatewayError {
  const body = errorBody.safeParse(data);
  const message = body.success && body.data.message ? body.data.message : 'request failed';
  return new GatewayError(
    `${name}: ${message}`,
    status,
    body.success ? (body.data.code ?? null) : null,
  );
}

/** A 2xx body in the shape `schema` expects, else a GatewayError 'invalid_response'. */
export function parseAnswer<T extends z.ZodType>(
  name: string,
  what: string,
  schema: T,
  status: number,
  data: unknown,
): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  throw new GatewayError(
    `${name} answered ${what} with an unexpected body (${where}: ${issue?.message ?? 'invalid'})`,
    status,
    'invalid_response',
  );
}
