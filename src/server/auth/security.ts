// The contract's security requirements as one onRequest hook per operation (D13, D27). It runs
// before the body is parsed or validated, so an anonymous caller learns nothing but 401.
// - `security: []`: public, no hook.
// - one or more schemes: the caller must satisfy one of them.
// - `{}` among the alternatives: login optional, but credentials that are sent must be valid
//   (D27), so the app can ask for a new login instead of acting anonymous.
import { coded, type Said } from '../../domain/texts';
import { requestLocale } from '../http/language';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import type { Contract, ContractOperation } from '../contract';
import type { ApiKeyCaller, ApiKeyService } from '../services/apiKeys';
import type { Session, SessionService } from './sessions';

/** A login session (Bearer) or a tutor's API key (Token, only where the contract allows it). */
export type AuthContext = Session | ApiKeyCaller;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the security hook when the caller authenticated; null otherwise. */
    auth: AuthContext | null;
  }
}

/** 'none': this scheme's credentials were not sent; 'invalid': sent but refused (why). */
type Outcome =
  { kind: 'ok'; auth: AuthContext } | { kind: 'none' } | { kind: 'invalid'; said?: Said };
export type Authenticator = (request: FastifyRequest) => Promise<Outcome>;

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

export function bearerAuthenticator(sessions: SessionService): Authenticator {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return { kind: 'none' };
    const session = match[1] ? await sessions.authenticate(match[1]) : null;
    if (!session) return { kind: 'invalid' };
    // The app's own calls say the screens' language (an API key's integration is not a person).
    await sessions.rememberLanguage(session, requestLocale(request));
    return { kind: 'ok', auth: session };
  };
}

const TOKEN = /^Token(?:\s+(\S*))?\s*$/i;

/** D19's `Authorization: Token <api key>`: a tutor's unrevoked key. */
export function apiKeyAuthenticator(apiKeys: ApiKeyService): Authenticator {
  return async (request) => {
    const match = TOKEN.exec(request.headers.authorization ?? '');
    if (!match) return { kind: 'none' };
    const caller = match[1] ? await apiKeys.authenticate(match[1]) : null;
    return caller
      ? { kind: 'ok', auth: caller }
      : { kind: 'invalid', said: coded(apiMessages).apiKeys.invalid };
  };
}

type SchemeDefinition = Contract['securitySchemes'][string];

/** The authenticator for a scheme of the contract, or undefined if the server has none yet. */
export type AuthenticatorFor = (scheme: SchemeDefinition) => Authenticator | undefined;

export function authenticatorsFor(sessions: SessionService): AuthenticatorFor {
  const bearer = bearerAuthenticator(sessions);
  return (scheme) =>
    scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer' ? bearer : undefined;
  // The Token scheme (D19) is added per operation by routes/register.ts: keys grant little.
}

function refuse(reply: FastifyReply, sent: boolean, said?: Said) {
  const auth = coded(messages).auth;
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .send(said ?? (sent ? auth.invalidToken : auth.notAuthenticated));
}

/** The operation's hook, or undefined when it is public. Throws for an unsupported scheme. */
export function securityHook(
  op: ContractOperation,
  contract: Contract,
  authenticatorFor: AuthenticatorFor,
): onRequestHookHandler | undefined {
  const optional = op.security.some((alternative) => alternative.length === 0);
  const alternatives = op.security.filter((alternative) => alternative.length > 0);
  if (alternatives.length === 0) return undefined;
  const authenticators = alternatives.map((alternative) => {
    const [name] = alternative;
    const scheme = name === undefined ? undefined : contract.securitySchemes[name];
    const authenticator = alternative.length === 1 && scheme ? authenticatorFor(scheme) : undefined;
    // Fail at startup rather than serve a protected operation unprotected.
    if (!authenticator) {
      throw new Error(
        `${op.operationId}: no authenticator for security ${JSON.stringify(alternative)}`,
      );
    }
    return authenticator;
  });
  return async (request, reply) => {
    for (const authenticate of authenticators) {
      const outcome = await authenticate(request);
      if (outcome.kind === 'ok') {
        request.auth = outcome.auth;
        return;
      }
      if (outcome.kind === 'invalid') return refuse(reply, true, outcome.said);
    }
    if (!optional) return refuse(reply, request.headers.authorization !== undefined);
  };
}
