// How the payment machines read a failed actor. The real actors (src/api/actors/payment.ts)
// reject with the API client's one failure mapping (D37); this is its shape, restated here
// because machines import only xstate and src/domain. Anything else a fake or a bug throws
// reads as an unknown failure.
import { messages } from '../../src/domain/messages';

export type FlowFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'parse' }
  | { kind: 'http'; status: number; message: string | null };

export function isFlowFailure(error: unknown): error is FlowFailure {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'network' || kind === 'timeout' || kind === 'parse' || kind === 'http';
}

/** The HTTP status of a failure, or null when no response arrived. */
export function failureStatus(error: unknown): number | null {
  return isFlowFailure(error) && error.kind === 'http' ? error.status : null;
}

/** The server's message of an HTTP failure, or null. */
export function failureMessage(error: unknown): string | null {
  return isFlowFailure(error) && error.kind === 'http' ? error.message : null;
}

/** No answer arrived (offline or too slow): worth a retry, not a verdict. */
export function isUnreachable(error: unknown): boolean {
  return isFlowFailure(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/** The session is gone (D27: a token sent but invalid is a 401). */
export function isUnauthorized(error: unknown): boolean {
  return failureStatus(error) === 401;
}

/**
 * What the student reads for a failure that has no rule of its own: offline, too slow, or
 * the generic D2 text.
 */
export function failureText(error: unknown): string {
  if (isFlowFailure(error)) {
    if (error.kind === 'network') return messages.generic.network;
    if (error.kind === 'timeout') return messages.generic.timeout;
  }
  return messages.generic.somethingWrong;
}

/**
 * For look-ups and forms: a refusal the server explains (a 4xx with a message, e.g. a rate
 * limit) shows its message; anything else reads as failureText.
 */
export function refusalText(error: unknown): string {
  const status = failureStatus(error);
  const message = failureMessage(error)?.trim();
  if (status !== null && status >= 400 && status < 500 && message) return message;
  return failureText(error);
}
