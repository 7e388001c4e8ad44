// JSON over HTTP to the gateway's APIs that the cashfree-pg SDK does not cover (verification,
// partner merchant onboarding), over the one transport (transport.ts) the SDK uses too.
import type { z } from 'zod';
import {
  answerJson,
  createTransport,
  parseAnswer,
  refusal,
  type LocalTransport,
} from './transport';

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
  retryDelaysMs?: readonly number[];
}

export type GatewayHttp = <T extends z.ZodType>(
  what: string,
  request: { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown },
  schema: T,
) => Promise<z.infer<T>>;

/**
 * `call(what, {method, path, body}, schema)`: the parsed body of a 2xx, else a GatewayError
 * (the gateway's status, code and message; 'timeout', 'network_error' or 'invalid_response').
 */
export function createGatewayHttp(options: GatewayHttpOptions): GatewayHttp {
  const { baseUrl, name } = options;
  const send = createTransport(options);
  return async (what, { method, path, body }, schema) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const answer = await send({ method, url: `${baseUrl}${path}`, headers, body: payload });
    const data = answerJson(name, answer);
    if (answer.status < 200 || answer.status > 299) throw refusal(name, answer.status, data);
    return parseAnswer(name, what, schema, answer.status, data);
  };
}
