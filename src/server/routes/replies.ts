// Small helpers that turn service answers into the typed replies of http/handler.ts.
import type { Refusal } from '../services/results';

/** Reply headers, typed as the handler types want them. */
export const headers = (values: Record<string, string>): Record<string, string> => values;

/** A service's refusal as a documented reply (429s carry Retry-After). */
export function refusal<S extends number>(
  r: Refusal<S>,
): { status: S; body: { message: string }; headers?: Record<string, string> } {
  return {
    status: r.status,
    body: { message: r.message },
    ...(r.retryAfterSeconds === undefined
      ? {}
      : { headers: headers({ 'retry-after': String(r.retryAfterSeconds) }) }),
  };
}
