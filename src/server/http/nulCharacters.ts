// D211: PostgreSQL keeps no NUL character (U+0000) in text, and one in a value used to reach
// the database as a 500. Checked once, before the contract validates a request: a caller's NUL
// is a 400 that names the field; a provider's webhook (whose 5xx it would retry) gets the field
// emptied, so the handler ignores it and answers 200.
import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { apiMessages } from '../../domain/apiMessages';
import { coded } from '../../domain/texts';

const NUL = '\u0000';
/** Deeper than any request the contract takes; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** The name of the first field whose text holds a NUL, or null; `blank` empties such texts. */
function nulField(value: unknown, blank: boolean, name = '', depth = 0): string | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  let found: string | null = null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const field = typeof key === 'number' ? name : key;
    if (typeof key === 'string' && key.includes(NUL)) found ??= 'field name';
    if (typeof item === 'string' && item.includes(NUL)) {
      found ??= field;
      if (blank) (value as Record<string | number, unknown>)[key] = '';
    } else {
      // Walked even once one is found: a provider's every such text is emptied.
      const inner = nulField(item, blank, field, depth + 1);
      found ??= inner;
    }
    if (found && !blank) return found;
  }
  return found;
}

/** The route's hook: `provider` for webhooks a provider sends; `parameters`, those it declares. */
export function refuseNulCharacters(
  provider: boolean,
  parameters: ReadonlySet<string>,
): preValidationHookHandler {
  // A query key the operation does not declare reaches no handler: it is left alone.
  const declared = (part: unknown) =>
    Object.fromEntries(
      Object.entries((part ?? {}) as Record<string, unknown>).filter(([key]) =>
        parameters.has(key),
      ),
    );
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const part of [declared(request.params), declared(request.query), request.body]) {
      const field = nulField(part, provider);
      if (field && !provider) {
        // D236: the code is the text's own, and the field is named.
        return reply.code(400).send({ ...coded(apiMessages).api.nulCharacter(field), field });
      }
    }
  };
}
