// Turns the contract into Fastify routes: each operation gets its schemas (requests validated,
// responses shaped by the contract), its security hook and its handler by operationId.
// Operations without a handler answer 501, so the contract can grow ahead of the server.
// Operations in RAW_BODY_OPERATIONS also keep the exact bytes of their body (a webhook's
// signature is over those bytes: re-serialised JSON turns 170.00 into 170).
import { coded } from '../../domain/texts';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, ContractOperation, JsonSchema } from '../contract';
import { refuseLooseIntegers, refuseNonFinite, type ContractAjv } from '../http/ajv';
import { refuseNulCharacters } from '../http/nulCharacters';
import type { Handlers } from '../http/handler';
import type { Services } from '../services';
import {
  apiKeyAuthenticator,
  authenticatorsFor,
  securityHook,
  type Authenticator,
  type AuthenticatorFor,
} from '../auth/security';
import { apiMessages } from '../../domain/apiMessages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for operations in RAW_BODY_OPERATIONS only. */
    rawBody?: Buffer;
  }
}

/** Webhooks a provider sends (a 5xx has them retried): a NUL in a field is ignored (D211). */
export const PROVIDER_OPERATIONS: ReadonlySet<string> = new Set([
  'receivePaymentWebhook',
  'receiveOnboardingWebhook',
  'receiveWhatsAppWebhook',
  'receiveSmsDeliveryReport',
  'receiveSmsReply',
]);

/** Operations whose handlers need the raw body next to the parsed one. */
export const RAW_BODY_OPERATIONS: ReadonlySet<string> = new Set([
  'receivePaymentWebhook',
  'receiveOnboardingWebhook',
  'receiveSettlementWebhook',
  'receiveWhatsAppWebhook',
  'receiveSubscriptionWebhook',
]);

interface LooseReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type LooseHandler = (ctx: Record<string, unknown>) => Promise<LooseReply>;

export interface RegisterOptions {
  contract: Contract;
  handlers: Handlers;
  services: Services;
  /** Query strings and paths are parsed from strings; bodies are taken as sent (D54). */
  ajv: { parts: ContractAjv; bodies: ContractAjv };
}

/** Request validators from the contract's ajv; an optional body may be absent. */
function validatorFor(ajv: RegisterOptions['ajv'], op: ContractOperation) {
  return ({ schema, httpPart }: { schema: JsonSchema; httpPart?: string }) => {
    if (httpPart !== 'body') {
      return refuseLooseIntegers(schema, refuseNonFinite(ajv.parts.compile(schema)));
    }
    const validate: ValidateFunction = ajv.bodies.compile(schema);
    if (op.bodyRequired) return validate;
    // Fastify hands an absent body over as null.
    const optional = (data: unknown) => {
      if (data === null) return true;
      const ok = validate(data);
      optional.errors = validate.errors;
      return ok;
    };
    optional.errors = null as ValidateFunction['errors'];
    return optional;
  };
}

/** The names of the path and query parameters `op` declares. */
const parameterNames = (op: ContractOperation): ReadonlySet<string> =>
  new Set(
    [op.schema.params, op.schema.querystring].flatMap((schema) =>
      Object.keys((schema?.properties ?? {}) as Record<string, unknown>),
    ),
  );

/** D19's `Authorization: Token <api key>` scheme next to the Bearer one. */
function withApiKeys(bearer: AuthenticatorFor, apiKeys: Authenticator): AuthenticatorFor {
  return (scheme) => {
    const apiKey = scheme as { type?: string; in?: string; name?: string };
    if (
      apiKey.type === 'apiKey' &&
      apiKey.in === 'header' &&
      apiKey.name?.toLowerCase() === 'authorization'
    ) {
      return apiKeys;
    }
    return bearer(scheme);
  };
}

/** The contract's media type for a reply whose body is text or bytes (CSV, PDF), not JSON. */
function rawMediaType(op: ContractOperation, result: LooseReply): string | undefined {
  if (typeof result.body !== 'string' && !Buffer.isBuffer(result.body)) return undefined;
  return op.responses[String(result.status)]?.mediaTypes.find(
    (type) => type !== 'application/json',
  );
}

/**
 * Keeps the body's bytes on `request.rawBody` and hands the parser the same bytes. D212: a body
 * over `limit` is a 413 that closes the connection: the rest of it is never read, so the socket
 * could serve no next request (a proxy pooling connections would hand it to the next user).
 */
function keepRawBody(limit: number): preParsingHookHandler {
  const tooLarge = (reply: FastifyReply) => {
    void reply.header('connection', 'close');
    return Object.assign(new Error('Request body is too large'), { statusCode: 413 });
  };
  return async (request, reply, payload) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge(reply);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > limit) throw tooLarge(reply);
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    request.rawBody = raw;
    const stream = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
    stream.receivedEncodedLength = raw.length;
    return stream;
  };
}

/**
 * The operations that accept the Token scheme (spec §7: only link creation; a leaked key must
 * not read the tutor's students or payments). Elsewhere an API-key scheme in the contract stops
 * the server at startup: keys grant nothing else.
 */
export const API_KEY_OPERATIONS: ReadonlySet<string> = new Set(['createPaymentLink']);

export function registerContractRoutes(app: FastifyInstance, options: RegisterOptions): void {
  const { contract, handlers, services, ajv } = options;
  const bearerOnly = authenticatorsFor(services.sessions);
  const withKeys = withApiKeys(bearerOnly, apiKeyAuthenticator(services.apiKeys));
  for (const op of contract.operations) {
    const handler = handlers[op.operationId] as LooseHandler | undefined;
    if (!handler) {
      app.route({
        method: op.method,
        url: op.url,
        handler: async (_request, reply) =>
          reply.code(501).send(coded(apiMessages).api.notImplemented),
      });
      continue;
    }
    const authenticatorFor = API_KEY_OPERATIONS.has(op.operationId) ? withKeys : bearerOnly;
    const onRequest = securityHook(op, contract, authenticatorFor);
    app.route({
      method: op.method,
      url: op.url,
      schema: op.schema,
      validatorCompiler: validatorFor(ajv, op),
      preValidation: refuseNulCharacters(
        PROVIDER_OPERATIONS.has(op.operationId),
        parameterNames(op),
      ),
      ...(onRequest ? { onRequest } : {}),
      ...(RAW_BODY_OPERATIONS.has(op.operationId)
        ? { preParsing: keepRawBody(app.initialConfig.bodyLimit ?? 1024 * 1024) }
        : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await handler({
          body: request.body,
          query: request.query,
          params: request.params,
          auth: request.auth,
          services,
          request,
          reply,
        });
        if (result.headers) void reply.headers(result.headers);
        const mediaType = rawMediaType(op, result);
        if (mediaType && !reply.hasHeader('content-type')) void reply.type(mediaType);
        void reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.send(result.body);
      },
    });
  }
}
