// What a service answers when it refuses: the HTTP status the contract documents for it, a
// sentence for the user and its stable code, both from the text chosen where the refusal is
// made (D236). Handlers turn it into `{status, body: {message, code}}`.
import type { Said } from '../../domain/texts';

export interface Refusal<S extends number = number> {
  ok: false;
  status: S;
  message: string;
  code: string;
  /** The request field the refusal is about, where it is one (a form shows it there). */
  field?: string;
  /** For 429s: seconds until a retry can succeed (the Retry-After header). */
  retryAfterSeconds?: number;
  /** What went wrong underneath (a gateway error), for the log only. */
  cause?: unknown;
}

export type Result<T, S extends number = number> = { ok: true; value: T } | Refusal<S>;

export const success = <T>(value: T) => ({ ok: true, value }) as const;

export const refuse = <S extends number>(
  status: S,
  said: Said,
  retryAfterSeconds?: number,
): Refusal<S> => ({
  ok: false,
  status,
  message: said.message,
  code: said.code,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

/** A refusal about one field of the request (`field`, the contract's name for it). */
export const refuseField = <S extends number>(
  status: S,
  field: string,
  said: Said,
): Refusal<S> => ({
  ...refuse(status, said),
  field,
});
