// JSON over HTTP to the gateway's APIs that the cashfree-pg SDK does not cover (verification,
// partner merchant onboarding). Like the SDK adapter (cashfree.ts): a bounded timeout, calls to
// an in-process sandbox (tests) go through `loopback` instead of a socket, and every
// failure becomes a GatewayError carrying only status, code and message, never the headers
// (they hold the secrets).
import { z } from 'zod';
import type { LocalTransport } from './cashfree';
import { DEFAULT_GATEWAY_TIMEOUT_MS } from './cashfree';
import { GatewayError } from './types';

export interface GatewayHttpOptions {
  /** e.g. `http://127.0.0.1:3000/sandbox/cashfree/verification`; no trailing slash. */
  baseUrl: string;
  /** Sent with every call (credentials, x-api-version). */
  headers: Record<string, string>;
  /** For the error messages: 'Cashfree verification', 'Cashfree partners'. */
  name: string;
  timeoutMs?: number;
  /** Tests: the sandbox in-process, used when baseUrl is on its origin. */
  loopback?: LocalTransport;
}

export interface GatewayAnswer {
  status: number;
  data: unknown;
}

export type GatewayHttp = <T extends z.ZodType>(
  what: string,
  request: { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown },
  schema: T,
) => Promise<z.infer<T>>;

const errorBody = z.object({ message: z.string().optional(), code: z.string().optional() });

/**
 * `call(what, {method, path, body}, schema)`: the parsed body of a 2xx, else a GatewayError
 * (the gateway's status, code and message; 'timeout', 'network_error' or 'invalid_response').
 */
export function createGatewayHttp(options: GatewayHttpOptions): GatewayHttp {
  const { baseUrl, name } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const loopback =
    options.loopback && baseUrl.startsWith(`${options.loopback.origin}/`)
      ? options.loopback.inject
      : null;

  async function send(method: string, path: string, body: unknown): Promise<GatewayAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const url = `${baseUrl}${path}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new GatewayError(`${name} did not answer within ${timeoutMs} ms`, null, 'timeout'),
          ),
        timeoutMs,
      );
    });
    try {
      const answer = loopback
        ? loopback({
            method: method as 'GET' | 'POST' | 'PATCH',
            url: new URL(url).pathname + new URL(url).search,
            headers,
            ...(payload === undefined ? {} : { payload }),
          }).then((r) => ({ status: r.statusCode, text: r.body }))
        : fetch(url, { method, headers, body: payload, redirect: 'manual' }).then(async (r) => ({
            status: r.status,
            text: await r.text(),
          }));
      const { status, text } = await Promise.race([answer, timeout]);
      let data: unknown = null;
      if (text !== '') {
        try {
          data = JSON.parse(text);
        } catch {
          throw new GatewayError(
            `${name} answered with a body that is not JSON`,
            status,
            'invalid_response',
          );
        }
      }
      return { status, data };
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
      const detail = typeof code === 'string' ? code : 'no answer';
      throw new GatewayError(`${name} could not be reached (${detail})`, null, 'network_error');
    } finally {
      clearTimeout(timer);
    }
  }

  return async (what, { method, path, body }, schema) => {
    const { status, data } = await send(method, path, body);
    if (status < 200 || status > 299) {
      const parsed = errorBody.safeParse(data);
      const message =
        parsed.success && parsed.data.message ? parsed.data.message : 'request failed';
      throw new GatewayError(
        `${name}: ${message}`,
        status,
        parsed.success ? (parsed.data.code ?? null) : null,
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'body';
      throw new GatewayError(
        `${name} answered ${what} with an unexpected body (${where}: ${issue?.message ?? 'invalid'})`,
        status,
        'invalid_response',
      );
    }
    return parsed.data;
  };
}
