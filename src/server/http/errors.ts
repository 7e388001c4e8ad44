// Every error leaves the server as `{message, code}` (the contract's Error schema): readable
// request validation messages, Fastify's own 4xx errors, and a generic 500 that never shows a
// stack. `message` is in the caller's language (http/language.ts); `code` is the same in all,
// set where the error is raised (D236): a text's own code, `request.<keyword>` for a request
// the contract refuses, `http_<status>` for Fastify's own words. Nothing is matched back.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { coded, type Said } from '../../domain/texts';
import { studentsTexts } from '../../domain/studentsTexts';
import { inLocale } from '../language';
import { requestLocale } from './language';

/** Fields whose problem the product already has words for (spec §5). */
// Functions, read per error: the words are in the caller's language (http/language.ts).
const fieldMessages = (): Record<string, Said> => {
  const v = coded(messages).validation;
  return {
    phone: v.phone,
    payee_phone: v.phone,
    otp: v.otp,
    pan: v.pan,
    ifsc: v.ifsc,
    account_number: v.accountNumber,
    first_name: v.firstNameRequired,
    last_name: v.lastNameRequired,
    due_day: coded(studentsTexts).plans.dueDay,
  };
};

/** Lists whose every problem (too long, an item out of range) has one sentence. */
const listMessages = (): Record<string, Said> => ({
  reminder_days: coded(studentsTexts).plans.reminderDays,
});

/** D11: amounts are ₹1 to ₹50,000 (D233: with at most 2 decimals); in the product's words. */
const amountBounds = (): Record<string, Record<string, Said>> => {
  const v = coded(messages).validation;
  return {
    minimum: { base_amount: v.amountMin, amount: v.amountMin, partial_minimum: v.amountMin },
    maximum: { base_amount: v.amountMax, amount: v.amountMax, partial_minimum: v.amountMax },
    // D233: rupees and paise, never more than 2 decimals.
    multipleOf: {
      amount: v.amountDecimals,
      partial_minimum: v.amountDecimals,
      base_amount: v.amountWholeRupees,
    },
  };
};

const PART_NAMES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The path',
};

/** A request the contract refuses: D236's `request.<keyword>` code ('request.enum'). */
const contractSaid = (keyword: string, message: string): Said => ({
  message,
  code: `request.${keyword}`,
});

/**
 * One sentence for the first problem, with its code: 'Enter valid phone number'
 * (validation.phone) or 'role: must be one of student, teacher' (request.enum).
 */
export function validationMessage(errors: ErrorObject[], part = 'body'): Said {
  const error = errors[0];
  const said = (message: string) => contractSaid(error?.keyword ?? 'invalid', message);
  if (!error) return said(`${PART_NAMES[part] ?? 'The request'} is invalid.`);
  const path = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') path.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') {
    return said(`${[...path, String(params.additionalProperty)].join('.')}: is not a known field`);
  }
  const field = path.join('.');
  const last = path.at(-1) ?? '';
  const known =
    fieldMessages()[last] ?? amountBounds()[error.keyword]?.[last] ?? listMessages()[path[0] ?? ''];
  if (known) return known;
  if (!field) {
    return said(
      error.keyword === 'type'
        ? `${PART_NAMES[part] ?? 'The request'} must be a JSON ${String(params.type)}.`
        : `${PART_NAMES[part] ?? 'The request'} ${error.message ?? 'is invalid'}.`,
    );
  }
  if (error.keyword === 'required') return said(`${field} is required`);
  if (error.keyword === 'enum') {
    return said(`${field}: must be one of ${(params.allowedValues as unknown[]).join(', ')}`);
  }
  return said(`${field}: ${error.message ?? 'is invalid'}`);
}

/** The field a contract refusal is about ('amount', 'instalments.1.amount'), if any. */
function fieldOf(errors: ErrorObject[]): string | undefined {
  const error = errors[0];
  if (!error) return undefined;
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return path.length > 0 ? path.join('.') : undefined;
}

const JSON_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

export function installErrorHandler(app: FastifyInstance): void {
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
    const errors = error.validation as ErrorObject[];
    const field = fieldOf(errors);
    return reply.code(400).send({
      ...validationMessage(errors, error.validationContext),
      ...(field === undefined ? {} : { field }),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send(
        JSON_ERRORS.has(error.code)
          ? coded(apiMessages).api.invalidJson
          : { message: error.message, code: `http_${status}` },
      );
  }
  // Logged with its stack for us; the client gets the product's generic sentence (D2).
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(coded(messages).generic.somethingWrong);
}
