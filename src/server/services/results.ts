// What a service answers when it refuses: the HTTP status the contract documents for it and
// a sentence for the user. Handlers turn it into `{status, body: {message}}`.
export interface Refusal<S extends number = number> {
  ok: false;
  status: S;
  message: string;
  /** For 429s: seconds until a retry can succeed (the Retry-After header). */
  retryAfterSeconds?: number;
  /** What went wrong underneath (a gateway error), for the log only. */
  cause?: unknown;
}

export type Result<T, S extends number = number> = { ok: true; value: T } | Refusal<S>;

export const success = <T>(value: T) => ({ ok: true, value }) as const;

export const refuse = <S extends number>(
  status: S,
  message: string,
  retryAfterSeconds?: number,
): Refusal<S> => ({
  ok: false,
  status,
  message,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});
