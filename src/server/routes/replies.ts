// Small helpers that turn service answers into the typed replies of http/handler.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Refusal } from '../services/results';

/** `attachment; filename="..."`: a download (file names we make, never with a quote). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Reply headers, typed as the handler types want them. */
export const headers = (values: Record<string, string>): Record<string, string> => values;

/** A CSV download (payments received, the dues ledger): never cached. */
export const csvReply = (file: { fileName: string; csv: string }) => ({
  status: 200 as const,
  body: file.csv,
  headers: headers({
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': attachment(file.fileName),
    'cache-control': 'no-store',
  }),
});

/**
 * A service's refusal as a documented reply (429s carry Retry-After). Given a logger, the
 * refusal's cause (a gateway failure) is logged: the user only sees the message.
 */
export function refusal<S extends number>(
  r: Refusal<S>,
  log?: FastifyBaseLogger,
): {
  status: S;
  body: { message: string; code: string; field?: string };
  headers?: Record<string, string>;
} {
  if (log && r.cause !== undefined) log.warn({ err: r.cause }, 'refused after a gateway failure');
  return {
    status: r.status,
    body: {
      message: r.message,
      code: r.code,
      ...(r.field === undefined ? {} : { field: r.field }),
    },
    ...(r.retryAfterSeconds === undefined
      ? {}
      : { headers: headers({ 'retry-after': String(r.retryAfterSeconds) }) }),
  };
}
