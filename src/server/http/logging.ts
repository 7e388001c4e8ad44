// Logging (D16, D12/D13; issue 9.8 and 11): pino through Fastify.
// - Secrets are redacted wherever they could appear; the dev SMS line is the one deliberate
//   exception (sms/dev.ts).
// - One line per request, when it completes (Fastify's own two are off), with the query's
//   values redacted (a PAN or a token put in a URL stays out of the log); none for health
//   checks and static files. LOG_REQUESTS=false turns request lines off.
// - Errors are logged without the values a query carried: a database error names its SQL and
//   constraint, never its parameters or the row's values.
import { destination, type DestinationStream } from 'pino';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Config } from '../config';

const SECRET_KEYS = [
  'otp',
  'pan',
  'account_number',
  'access_token',
  'token',
  'authorization',
  'password',
  'secret',
  'aadhaar',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.body',
  'body',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Paths that are never logged per request: health checks and the app's static files. */
const QUIET_PATH =
  /^\/(healthz|readyz|assets\/|favicon)|\.(js|css|png|svg|ico|webmanifest|woff2?)$/;

/** `url` with every query value replaced: `/x?phone=[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=[redacted]`);
  return `${url.slice(0, at)}?${keys.join('&')}`;
}

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Fields of a database error that can hold the values of a row or a query. */
const VALUE_FIELDS = new Set(['detail', 'where', 'params', 'parameters', 'query', 'internalQuery']);

/** An error as logged: its type, message and stack, without parameter values (9.8). */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  // drizzle: 'Failed query: <sql>\nparams: <values>' — the SQL stays, the values go.
  let message = error.message.replace(/\nparams:[\s\S]*$/, '');
  // PostgreSQL quotes the offending value: 'invalid input syntax for type integer: "…"'.
  if ('severity' in error && 'code' in error) message = message.replace(/"[^"]*"/g, '"…"');
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause') continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) logged[key] = value;
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/**
 * Where a process logs: stderr, written asynchronously (issue 11). A synchronous write is a
 * system call for every line (one per request), about 6% of an authenticated read's CPU on the
 * 2-core bench; written asynchronously, the lines that come while one write is under way go out
 * together in the next, and a quiet server still writes each line at once. pino writes what is
 * left when the process exits.
 */
export const logDestination = () => destination({ dest: 2, sync: false });

export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: DestinationStream) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's request logging, as one line per completed request (its own default is two:
 * 'incoming request' and 'request completed'), none for health checks and static files, and
 * none at all when `enabled` is false (LOG_REQUESTS).
 */
export class OneLineRequestLog extends LogController {
  /**
   * The root logger without redaction, for a completed request's line: it holds only the
   * fields below (the URL's query values already redacted), and pino's redaction pass, whose
   * wildcard paths walk every object logged, cost 30 µs a line against 1-3 µs without (issue
   * 11: about 6% of an authenticated read). An error line keeps the redaction.
   */
  private plain: FastifyBaseLogger | null = null;

  constructor(private readonly enabled: boolean) {
    super();
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return !this.enabled || QUIET_PATH.test(request.url.split('?')[0] ?? '');
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request');
      return;
    }
    this.plain ??= request.server.log.child({}, { redact: { paths: [] } });
    this.plain.info({ reqId: request.id, ...line }, 'request');
  }
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Fastify's `childLoggerFactory`: a request's logger that becomes pino's child only when the
 * request logs something. Most requests log only their completion line, which goes through the
 * root logger (OneLineRequestLog), and a pino child for each was about 3% of an authenticated
 * read's CPU (issue 11).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= logger.child(bindings, options));
  const lazy = {
    get level() {
      return child?.level ?? options.level ?? logger.level;
    },
    set level(level: string) {
      real().level = level;
    },
    child: (more: Bindings, moreOptions?: ChildOptions) => real().child(more, moreOptions),
  } as FastifyBaseLogger;
  for (const method of LOG_METHODS) {
    lazy[method] = ((...args: Parameters<FastifyBaseLogger['info']>) =>
      real()[method](...args)) as FastifyBaseLogger['info'];
  }
  return lazy;
}
