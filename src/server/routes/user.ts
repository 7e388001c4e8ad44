// user/ operations of the contract: the caller, look-ups (D17, D26), identities (D28, D29).
import { coded } from '../../domain/texts';
import { tidyText } from '../../domain/validation';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { PHONE_SEARCH_LIMIT } from '../services/rateLimits';
import { headers, refusal } from './replies';

/** Names as typed on the PAN: trimmed, inner runs of spaces made one. */

export const userHandlers = {
  async getMe({ auth, services }) {
    const caller = requireAuth(auth);
    const entries = 'onboarding' in caller ? caller.onboarding : undefined;
    return { status: 200, body: await services.users.toApiUser(caller.user, entries) };
  },

  /** D26: exactly one of phone (login needed, rate limited) or username (public). */
  async searchUsers({ query, auth, services }) {
    const { phone, username } = query ?? {};
    if ((phone === undefined) === (username === undefined)) {
      return { status: 400, body: coded(apiMessages).lookups.exactlyOne };
    }
    if (phone !== undefined) {
      if (!auth) {
        return {
          status: 401,
          body: coded(messages).auth.notAuthenticated,
          headers: headers({ 'www-authenticate': 'Bearer' }),
        };
      }
      const allowed = await services.rateLimiter.hit(
        `search-phone:${auth.user.id}`,
        PHONE_SEARCH_LIMIT,
      );
      if (!allowed.ok) {
        return {
          status: 429,
          body: coded(apiMessages).lookups.tooMany,
          headers: headers({ 'retry-after': String(allowed.retryAfterSeconds) }),
        };
      }
      const user = await services.users.findByPhone(phone);
      return { status: 200, body: user ? [await services.users.toSummary(user, true)] : [] };
    }
    // Only tutors have usernames (D18); a lower-cased look-up per D30.
    const user = await services.users.findByUsername(username!.toLowerCase());
    const tutor = user?.role === 'teacher' ? user : undefined;
    return {
      status: 200,
      body: tutor ? [await services.users.toSummary(tutor, auth !== null)] : [],
    };
  },

  /** The public profile page (D8, D17). */
  async searchUserAction({ query, services }) {
    const user = await services.users.findByUsername(query.username.toLowerCase());
    if (!user || user.role !== 'teacher' || !user.firstName || !user.lastName) {
      return { status: 404, body: coded(apiMessages).lookups.tutorNotFound };
    }
    return {
      status: 200,
      body: {
        first_name: user.firstName,
        last_name: user.lastName,
        username: user.username!,
        phone: user.phone,
        subjects: user.subjects,
        kyc_approved_at: user.kycApprovedAt?.toISOString() ?? null,
      },
    };
  },

  /** The caller's own User, a tutor's summary, else 404 (D17). */
  async getUser({ params, auth, services }) {
    const caller = requireAuth(auth).user;
    if (params.id === caller.id) {
      const self = (await services.users.findById(caller.id)) ?? caller;
      return { status: 200, body: await services.users.toApiUser(self) };
    }
    const user = await services.users.findById(params.id);
    // D322: an erased tutor is nobody now.
    if (!user || user.role !== 'teacher' || user.erasedAt) {
      return { status: 404, body: coded(apiMessages).lookups.userNotFound };
    }
    return { status: 200, body: await services.users.toSummary(user, true) };
  },

  /** D28: the payment flow registers an unknown tutor, with the amount waiting. */
  async registerUser({ body, auth, services, request }) {
    const caller = requireAuth(auth).user;
    const result = await services.identity.addTutor(
      caller,
      {
        phone: body.phone,
        firstName: tidyText(body.first_name),
        lastName: tidyText(body.last_name),
        pan: body.pan,
      },
      { kind: 'register', amount: body.amount * 100 },
      request,
    );
    if (!result.ok) return refusal(result, request.log);
    return { status: 201, body: result.value.summary };
  },

  /** D28: the caller's own identity (200), or a student adding a tutor (201). */
  async onboardUser({ body, auth, services, request }) {
    const caller = requireAuth(auth).user;
    const names = { firstName: tidyText(body.first_name), lastName: tidyText(body.last_name) };
    // D319: the notice the caller agreed to on the form, recorded first.
    if (body.notice_version !== undefined) {
      const agreed = await services.consents.agreeToNotice(caller, body.notice_version, request);
      if (!agreed.ok) return refusal(agreed);
    }
    if (body.phone === caller.phone) {
      const result = await services.identity.onboardSelf(
        caller,
        { ...names, pan: body.pan },
        request,
      );
      return result.ok ? { status: 200, body: result.value } : refusal(result, request.log);
    }
    const result = await services.identity.addTutor(
      caller,
      { ...names, phone: body.phone, pan: body.pan },
      { kind: 'onboarding' },
      request,
    );
    if (!result.ok) return refusal(result, request.log);
    return { status: 201, body: result.value.summary };
  },

  /** D29. */
  async updateProfile({ body, auth, services }) {
    const result = await services.identity.updateProfile(requireAuth(auth).user, {
      ...(body.first_name === undefined ? {} : { firstName: tidyText(body.first_name) }),
      ...(body.last_name === undefined ? {} : { lastName: tidyText(body.last_name) }),
      ...(body.subjects === undefined ? {} : { subjects: body.subjects }),
      ...(body.email === undefined ? {} : { email: body.email }),
    });
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },
} satisfies Handlers;
