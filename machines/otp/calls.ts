// How the login machines see a call to the server: an abstract promise actor that resolves
// with the answer or rejects with a CallFailure. The shape mirrors src/api/errors.ts's
// ApiFailure (D37) without importing it (machines import only xstate and src/domain), so the
// real actors can reject with an ApiFailure as it is. Shared by the otp, studentLogin and
// studentSignup machines (and the tutor login's); a candidate for machines/shared/.
import { fromPromise } from 'xstate';
import { messages } from '../../src/domain/messages';

export type CallFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'parse' }
  | { kind: 'http'; status: number; message: string | null; retryAfter: number | null }
  /** Anything else an actor threw (a bug, not the server): shown as the generic text. */
  | { kind: 'unexpected' };

const KINDS = new Set(['network', 'timeout', 'parse', 'http', 'unexpected']);

/** Reads an actor's rejection: a CallFailure as it is, anything else as 'unexpected'. */
export function asFailure(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null) {
    const kind = (error as { kind?: unknown }).kind;
    if (typeof kind === 'string' && KINDS.has(kind)) {
      if (kind !== 'http') return error as CallFailure;
      const { status, message, retryAfter } = error as Record<string, unknown>;
      return {
        kind: 'http',
        status: typeof status === 'number' ? status : 0,
        message: typeof message === 'string' && message.trim() !== '' ? message : null,
        retryAfter: typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : null,
      };
    }
  }
  return { kind: 'unexpected' };
}

export function httpStatus(error: unknown): number | null {
  const failure = asFailure(error);
  return failure.kind === 'http' ? failure.status : null;
}

/** The server's `{message}` of an http failure, if it sent one. */
export function serverMessage(error: unknown): string | null {
  const failure = asFailure(error);
  return failure.kind === 'http' ? failure.message : null;
}

/**
 * What the user reads for a failed call: the server's message when it sent one, the offline or
 * timeout text for those (spec §8: "handled as generic errors"), else `fallback` (D2: each call
 * names its generic wording).
 */
export function failureText(error: unknown, fallback: string): string {
  const failure = asFailure(error);
  switch (failure.kind) {
    case 'http':
      return failure.message ?? fallback;
    case 'network':
      return messages.generic.network;
    case 'timeout':
      return messages.generic.timeout;
    default:
      return fallback;
  }
}

/** An abstract call: rejects until the UI provides the real one (`machine.provide`). */
export function abstractCall<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(
      `The actor '${name}' is abstract: provide it with machine.provide({ actors: { ${name} } }).`,
    );
  });
}
