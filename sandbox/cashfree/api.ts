// What every Cashfree API the sandbox imitates shares (PG, verification, partners): Cashfree's
// error shape {message, code, type}, credentials in x-client-id / x-client-secret (the partner
// API: x-partner-apikey; 401 otherwise),
// a required x-api-version, rate-limit headers, and the fault switches that apply to every
// API call (slowMs, failNextWith5xx, failNextWith429; faults.ts).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Faults } from './faults';

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

export function fail(
  reply: FastifyReply,
  status: number,
  type: ErrorType,
  code: string,
  message: string,
) {
  return reply.code(status).send({ message, code, type });
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Constant-time string comparison (credentials). */
export function same(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Cashfree's style: `order_amount : invalid value provided`, code `order_amount_invalid`. */
export function invalidBody(reply: FastifyReply, body: unknown, error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  const missing = issue.path.length > 0 && valueAt(body, issue.path) === undefined;
  return fail(
    reply,
    400,
    'invalid_request_error',
    `${field}_${missing ? 'missing' : 'invalid'}`,
    missing ? `${field} : is missing in the request` : `${field} : invalid value provided`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Credentials =
  | { clientId: string; clientSecret: string }
  /** The partner API (merchant onboarding) takes a partner key instead. */
  | { partnerApiKey: string };

export type CashfreeApiOptions = Credentials & {
  faults: Faults;
  /** For the log line of an unexpected failure: 'PG', 'verification'. */
  name: string;
};

function authenticated(request: FastifyRequest, credentials: Credentials): boolean {
  if ('partnerApiKey' in credentials) {
    return same(header(request, 'x-partner-apikey'), credentials.partnerApiKey);
  }
  return (
    same(header(request, 'x-client-id'), credentials.clientId) &&
    same(header(request, 'x-client-secret'), credentials.clientSecret)
  );
}

/** Installs the shared behaviour on one API's plugin scope (call it before the routes). */
export function installCashfreeApi(app: FastifyInstance, options: CashfreeApiOptions): void {
  const { faults } = options;

  // Bodies Fastify cannot parse, unknown paths: Cashfree's error shape, not ours.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return fail(reply, 400, 'invalid_request_error', 'request_invalid', error.message);
    }
    request.log.error({ err: error }, `sandbox ${options.name} API failed`);
    return fail(reply, 500, 'api_error', 'internal_error', 'internal server error');
  });
  app.setNotFoundHandler((request, reply) =>
    fail(reply, 404, 'invalid_request_error', 'request_invalid', 'requested URL was not found'),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (faults.slowMs > 0) await sleep(faults.slowMs);
    reply.header('x-ratelimit-limit', '200');
    reply.header('x-ratelimit-remaining', '199');
    reply.header('x-ratelimit-retry', '0');
    reply.header('x-ratelimit-type', 'app_id');
    if (faults.failNextWith5xx > 0) {
      faults.failNextWith5xx -= 1;
      return fail(reply, 500, 'api_error', 'internal_error', 'sandbox fault: failNextWith5xx');
    }
    if (faults.failNextWith429 > 0) {
      faults.failNextWith429 -= 1;
      reply.header('x-ratelimit-remaining', '0').header('x-ratelimit-retry', '1');
      return fail(reply, 429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests');
    }
    if (!authenticated(request, options)) {
      return fail(reply, 401, 'authentication_error', 'request_failed', 'authentication Failed');
    }
    const version = header(request, 'x-api-version');
    if (!version) {
      return fail(
        reply,
        400,
        'invalid_request_error',
        'x-api-version_missing',
        'x-api-version : is missing in the request',
      );
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      return fail(
        reply,
        400,
        'invalid_request_error',
        'x-api-version_invalid',
        'x-api-version : invalid value provided',
      );
    }
  });
}
