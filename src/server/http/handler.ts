// Handler types derived from the generated contract types (openapi/schema.d.ts): a handler
// gets its operation's typed body, query and path parameters, and must return one of the
// operation's documented responses, so an undocumented status or body fails to compile.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../openapi/schema';
import type { OperationId } from '../contract';
import type { Services } from '../services';
import type { AuthContext } from '../auth/security';
import type { Session } from '../auth/sessions';

type Op<K extends OperationId> = operations[K];
/** A response's body: its JSON, or the text or bytes of another media type (CSV, PDF). */
type BodyOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: object }
    ? string | Buffer
    : undefined;

export type RequestBody<K extends OperationId> =
  Op<K> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? Q
  : undefined;
export type ParamsOf<K extends OperationId> = Op<K>['parameters'] extends { path?: infer P }
  ? P
  : undefined;

type Responses<K extends OperationId> = Op<K>['responses'];
type Statuses<K extends OperationId> = keyof Responses<K> & number;

/**
 * One documented response: its status, its body (none for e.g. 204), extra headers. A body
 * of another media type than JSON is sent as is, with the contract's content type
 * (routes/register.ts) unless `headers` names one.
 */
export type Reply<K extends OperationId> = {
  [S in Statuses<K>]: BodyOf<Responses<K>[S]> extends undefined
    ? { status: S; body?: undefined; headers?: Record<string, string> }
    : { status: S; body: BodyOf<Responses<K>[S]>; headers?: Record<string, string> };
}[Statuses<K>];

export interface HandlerContext<K extends OperationId> {
  body: RequestBody<K>;
  query: QueryOf<K>;
  params: ParamsOf<K>;
  /** The caller: always set where the contract requires a login, maybe where optional. */
  auth: AuthContext | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<Reply<K>>;

/** Handlers bound by operationId; operations without one answer 501 (routes/register.ts). */
export type Handlers = { [K in OperationId]?: Handler<K> };

/** For operations whose contract requires a login: the security hook has already run. */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('requireAuth: the operation is not protected by a security hook');
  return auth;
}

/** For operations the contract secures with Bearer only: the caller's login session. */
export function requireSession(auth: AuthContext | null): Session {
  const caller = requireAuth(auth);
  if (!('tokenHash' in caller)) throw new Error('requireSession: the caller used an API key');
  return caller;
}
