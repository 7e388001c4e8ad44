// auth/ operations of the contract: generateOtp, validateOtp, logout (D12, D13, D14).
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { deviceName } from '../../domain/devices';
import { coded } from '../../domain/texts';
import type { Handlers } from '../http/handler';
import { requireSession } from '../http/handler';
import type { RateLimited } from '../auth/otp';

const tooMany = (result: RateLimited) =>
  ({
    status: 429,
    body: result.said,
    headers: { 'retry-after': String(result.retryAfterSeconds) },
  }) as const;

const roleMismatch = () => ({ status: 400, body: coded(messages).roles.serverMismatch }) as const;

export const authHandlers = {
  async generateOtp({ body, services, request }) {
    const result = await services.otp.generate(body.phone, body.role, request.ip);
    switch (result.kind) {
      case 'unsent':
        request.log.warn({ err: result.error }, 'OTP SMS not sent');
        return { status: 502, body: result.said };
      case 'sent':
        return {
          status: 200,
          body: { message: result.said.message, resend_after: result.resendAfterSeconds },
        };
      case 'roleMismatch':
        return roleMismatch();
      case 'rateLimited':
        return tooMany(result);
    }
  },

  async validateOtp({ body, services, request }) {
    const result = await services.otp.validate(body.phone, body.role, body.otp, request.ip);
    switch (result.kind) {
      case 'ok': {
        const session = await services.sessions.create(
          result.user.id,
          deviceName(request.headers['user-agent']),
        );
        return {
          status: 200,
          body: {
            access_token: session.token,
            id: result.user.id,
            role: result.user.role,
            expires_at: session.expiresAt.toISOString(),
            language: result.user.language,
          },
        };
      }
      case 'invalid':
        return { status: 400, body: result.said };
      case 'roleMismatch':
        return roleMismatch();
      case 'rateLimited':
        return tooMany(result);
    }
  },

  async logout({ auth, services }) {
    await services.sessions.revoke(requireSession(auth).tokenHash);
    return { status: 204 };
  },

  async listSessions({ auth, services }) {
    return {
      status: 200,
      body: { results: await services.sessions.devices(requireSession(auth)) },
    };
  },

  async revokeSession({ params, auth, services }) {
    const revoked = await services.sessions.revokeDevice(requireSession(auth), params.id);
    return revoked ? { status: 204 } : { status: 404, body: coded(apiMessages).sessions.notFound };
  },
} satisfies Handlers;
