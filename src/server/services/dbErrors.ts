// Recognising database errors across drivers: postgres.js and PGlite both carry SQLSTATE in
// `code` and the constraint's name (PGlite in `constraint`, postgres.js in `constraint_name`),
// possibly wrapped by Drizzle in `cause`.
interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  cause?: unknown;
}

function sqlError(error: unknown): PgLikeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}

/** A unique violation (23505), optionally of one constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = sqlError(error);
  if (!found || found.code !== '23505') return false;
  if (constraint === undefined) return true;
  // Some drivers do not report the constraint: then any unique violation counts.
  const name = found.constraint ?? found.constraint_name;
  return name === undefined || name === constraint;
}
