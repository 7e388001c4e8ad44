// Every error leaves the server as `{message, code}` (the contract's Error schema): readable
// request validation messages, Fastify's own 4xx errors, and a generic 500 that never shows a
// stack. `message` is in the caller's language (http/language.ts); `code` is the same in all.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { textCode } from '../../domain/texts';
import { studentsTexts } from '../../domain/studentsTexts';
import { inLocale } from '../language';
import { requestLocale } from './language';

/** Fields whose problem the product already has words for (spec §5). */
// Functions, read per error: the words are in the caller's language (http/language.ts).
const fieldMessages = (): Record<string, string> => ({
  phone: messages.validation.phone,
  payee_phone: messages.validation.phone,
  otp: messages.validation.otp,
  pan: messages.validation.pan,
  ifsc: messages.validation.ifsc,
  account_number: messages.validation.accountNumber,
  first_name: messages.validation.firstNameRequired,
  last_name: messages.validation.lastNameRequired,
  due_day: studentsTexts.plans.dueDay,
});

/** Lists whose every problem (too long, an item out of range) has one sentence. */
const listMessages = (): Record<string, string> => ({
  reminder_days: studentsTexts.plans.reminderDays,
});

/** D11: amounts are whole rupees from ₹1 to ₹50,000; say so in the product's words. */
const amountBounds = (): Record<string, Record<string, string>> => ({
  minimum: {
    base_amount: messages.validation.amountMin,
    amount: messages.validation.amountMin,
    partial_minimum: messages.validation.amountMin,
  },
  maximum: {
    base_amount: messages.validation.amountMax,
    amount: messages.validation.amountMax,
    partial_minimum: messages.validation.amountMax,
  },
});

const PART_NAMES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The path',
};

/** One sentence for the first problem, e.g. 'Enter valid phone number' or 'role: must be one of student, teacher'. */
export function validationMessage(errors: ErrorObject[], part = 'body'): string {
  const error = errors[0];
  if (!error) return `${PART_NAMES[part] ?? 'The request'} is invalid.`;
  const path = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') path.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') {
    return `${[...path, String(params.additionalProperty)].join('.')}: is not a known field`;
  }
  const field = path.join('.');
  const last = path.at(-1) ?? '';
  const known =
    fieldMessages()[last] ?? amountBounds()[error.keyword]?.[last] ?? listMessages()[path[0] ?? ''];
  if (known) return known;
  if (!field) {
    return error.keyword === 'type'
      ? `${PART_NAMES[part] ?? 'The request'} must be a JSON ${String(params.type)}.`
      : `${PART_NAMES[part] ?? 'The request'} ${error.message ?? 'is invalid'}.`;
  }
  if (error.keyword === 'required') return `${field} is required`;
  if (error.keyword === 'enum') {
    return `${field}: must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
  }
  return `${field}: ${error.message ?? 'is invalid'}`;
}

const JSON_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * D158: the stable code beside an error's message: the key of the product's text it is
 * ('refunds.settled'), or `http_<status>` for words that are not ours (Fastify's, a field's).
 */
export function errorCode(message: string, status: number): string {
  return textCode(message) ?? `http_${status}`;
}

const isErrorBody = (payload: unknown): payload is { message: string; code?: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { message?: unknown }).message === 'string';

export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('preSerialization', (_request, reply, payload, done) =>
    done(
      null,
      reply.statusCode >= 400 && isErrorBody(payload) && payload.code === undefined
        ? { ...payload, code: errorCode(payload.message, reply.statusCode) }
        : payload,
    ),
  );
  app.setErrorHandler((error: FastifyError, request, reply) =>
    // Errors met before the handler (a body that is not JSON) arrive outside its language.
    inLocale(requestLocale(request), () => replyWithError(error, request, reply)),
  );
}

function replyWithError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) {
    return reply.code(400).send({
      message: validationMessage(error.validation as ErrorObject[], error.validationContext),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = JSON_ERRORS.has(error.code) ? apiMessages.api.invalidJson : error.message;
    return reply.code(status).send({ message });
  }
  // Logged with its stack for us; the client gets the product's generic sentence (D2).
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: messages.generic.somethingWrong });
}
