// How a machine reads a failed call. The real actors (src/api/actors/) reject with the API
// client's one failure mapping, src/api/errors.ts's ApiFailure (D37); CallFailure restates its
// shape here because machines import only xstate and src/domain, and adds 'unexpected' for
// anything else an actor throws (a fake or a bug, not the server).
import { messages } from '../../src/domain/messages';

export type CallFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'parse' }
  | {
      kind: 'http';
      status: number;
      message: string | null;
      retryAfter: number | null;
      /** D243: the request field the server's refusal is about, if it named one. */
      field?: string | null;
    }
  /** Anything else an actor threw: shown as the caller's generic text. */
  | { kind: 'unexpected' };

const KINDS = new Set(['network', 'timeout', 'parse', 'http', 'unexpected']);

/** Reads an actor's rejection: a CallFailure as it is (http fields checked), else 'unexpected'. */
export function asFailure(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null) {
    const kind = (error as { kind?: unknown }).kind;
    if (typeof kind === 'string' && KINDS.has(kind)) {
      if (kind !== 'http') return error as CallFailure;
      const { status, message, retryAfter, field } = error as Record<string, unknown>;
      return {
        kind: 'http',
        status: typeof status === 'number' ? status : 0,
        message: typeof message === 'string' && message.trim() !== '' ? message : null,
        retryAfter: typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : null,
        field: typeof field === 'string' ? field : null,
      };
    }
  }
  return { kind: 'unexpected' };
}

/** The HTTP status of a failure, or null when no response arrived. */
export function httpStatus(error: unknown): number | null {
  const failure = asFailure(error);
  return failure.kind === 'http' ? failure.status : null;
}

/** The server's `{message}` of an http failure, or null when it sent none (or a blank one). */
export function serverMessage(error: unknown): string | null {
  const failure = asFailure(error);
  return failure.kind === 'http' ? failure.message : null;
}

/** D243: the field a server's refusal names ('amount'), or null. */
export function serverField(error: unknown): string | null {
  const failure = asFailure(error);
  return failure.kind === 'http' ? (failure.field ?? null) : null;
}

/** No answer arrived (offline or too slow): worth a retry, not a verdict. */
export function isUnreachable(error: unknown): boolean {
  const { kind } = asFailure(error);
  return kind === 'network' || kind === 'timeout';
}

/** The session is gone (D27: a token sent but invalid is a 401). */
export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

// What the user reads for a failed call (spec §8: offline and timeout are "handled as generic
// errors"; D2: each call names its generic wording, `fallback`). They differ only in when the
// server's own message is shown.

/** Never the server's words: the offline or timeout text when no answer arrived, else `fallback`. */
export function unreachableText(error: unknown, fallback: string): string {
  const { kind } = asFailure(error);
  if (kind === 'network') return messages.generic.network;
  if (kind === 'timeout') return messages.generic.timeout;
  return fallback;
}

/** The server's message whenever it sent one (any status), else unreachableText. */
export function serverText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? unreachableText(error, fallback);
}

/** The server's message (trimmed) only for a 4xx refusal, e.g. a rate limit; else unreachableText. */
export function refusalText(error: unknown, fallback: string): string {
  const status = httpStatus(error);
  const message = serverMessage(error)?.trim();
  if (status !== null && status >= 400 && status < 500 && message) return message;
  return unreachableText(error, fallback);
}
