// Turns the contract into Fastify routes: each operation gets its schemas (requests validated,
// responses shaped by the contract), its security hook and its handler by operationId.
// Operations without a handler answer 501, so the contract can grow ahead of the server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, ContractOperation, JsonSchema } from '../contract';
import type { ContractAjv } from '../http/ajv';
import type { Handlers } from '../http/handler';
import type { Services } from '../services';
import { authenticatorsFor, securityHook } from '../auth/security';
import { messages } from '../../domain/messages';

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
  ajv: ContractAjv;
}

/** Request validators from the contract's ajv; an optional body may be absent. */
function validatorFor(ajv: ContractAjv, op: ContractOperation) {
  return ({ schema, httpPart }: { schema: JsonSchema; httpPart?: string }) => {
    const validate: ValidateFunction = ajv.compile(schema);
    if (httpPart !== 'body' || op.bodyRequired) return validate;
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

export function registerContractRoutes(app: FastifyInstance, options: RegisterOptions): void {
  const { contract, handlers, services, ajv } = options;
  const authenticatorFor = authenticatorsFor(services.sessions);
  for (const op of contract.operations) {
    const handler = handlers[op.operationId] as LooseHandler | undefined;
    if (!handler) {
      app.route({
        method: op.method,
        url: op.url,
        handler: async (_request, reply) =>
          reply.code(501).send({ message: messages.api.notImplemented }),
      });
      continue;
    }
    const onRequest = securityHook(op, contract, authenticatorFor);
    app.route({
      method: op.method,
      url: op.url,
      schema: op.schema,
      validatorCompiler: validatorFor(ajv, op),
      ...(onRequest ? { onRequest } : {}),
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
        void reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.send(result.body);
      },
    });
  }
}
