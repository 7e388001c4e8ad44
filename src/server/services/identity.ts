// Identities (D28, D29, D18): a user's own names and PAN, a student adding or registering a
// tutor (who gets an SMS invitation to KYC), profile changes. Every PAN stored here has passed
// the PanVerifier (the gateway's verification API), so a PAN on file is a verified PAN: it and
// the names on it are then locked. A verifier that cannot reach the gateway gives a 502, never
// a verdict on the PAN.
import { coded } from '../../domain/texts';
import { currentLocale } from '../language';
import { emailSchema } from '../../domain/email';
import { tidyText } from '../../domain/validation';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { messages } from '../../domain/messages';
import { apiMessages } from '../../domain/apiMessages';
import { formatTextAmount, type Paise } from '../../domain/money';
import { FALLBACK_USERNAME_BASE, nextAvailableUsername, slugifyName } from '../../domain/usernames';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { users, type UserRow } from '../db/schema';
import type { TextMessageService } from './textMessages';
import { displayName, type ApiUser, type UserRepository, type UserSummary } from '../users';
import { isUniqueViolation } from './dbErrors';
import type { AuditOrigin, AuditTrail } from './audit';
import { hasPan, type PanStore } from './pans';
import type { PanVerdict, PanVerifier } from './panVerifier';
import { PAN_CHECK_LIMIT, TUTOR_INVITATION_LIMIT, type RateLimiter } from './rateLimits';
import { refuse, refuseField, success, type Refusal, type Result } from './results';
import { privacyTexts } from '../../domain/privacyTexts';

type OnboardingIdentity = components['schemas']['OnboardingIdentity'];

export interface IdentityDeps {
  db: Database;
  clock: Clock;
  /** Invitations go out as queued text messages (D121). */
  texts: Pick<TextMessageService, 'queue'>;
  users: UserRepository;
  panVerifier: PanVerifier;
  rateLimiter: RateLimiter;
  publicOrigin: string;
  /** D315: PANs are stored sealed, with a keyed hash. */
  pans: PanStore;
  /** D323: every PAN saved is in the audit trail. */
  audit: AuditTrail;
}

export interface Names {
  firstName: string;
  lastName: string;
}

export interface TutorInput extends Names {
  phone: string;
  pan: string | undefined;
}

/** A tutor added or registered by a student (their invitation SMS is queued). */
export interface AddedTutor {
  summary: UserSummary;
}

const USERNAME_ATTEMPTS = 5;

const sameName = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export function createIdentityService(deps: IdentityDeps) {
  const {
    db,
    clock,
    texts,
    users: repo,
    panVerifier,
    rateLimiter,
    publicOrigin,
    pans,
    audit,
  } = deps;

  /** D316: a PAN already on another tutor's account is a 409 (the index decides races). */
  const panTaken = async (pan: string, except: number | null): Promise<Refusal<409> | null> => {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'teacher'), eq(users.panHash, pans.hashOf(pan))))
      .limit(1);
    return other && other.id !== except
      ? refuse(409, coded(privacyTexts).api.panOnAnotherTutor)
      : null;
  };

  /** D18: the first free candidate for these names, the database being the taken-check. */
  const freeUsername = async ({ firstName, lastName }: Names): Promise<string> => {
    const base = slugifyName(firstName, lastName);
    const root = base === '' ? FALLBACK_USERNAME_BASE : base;
    const rows = await db
      .select({ username: users.username })
      .from(users)
      .where(or(eq(users.username, root), like(users.username, `${root}-%`)));
    const taken = new Set(rows.flatMap((r) => (r.username ? [r.username] : [])));
    return nextAvailableUsername(base, taken);
  };

  /** Gives a tutor with names and PAN a username, once; a concurrent taker makes it retry. */
  const ensureUsername = async (user: UserRow): Promise<UserRow> => {
    if (user.role !== 'teacher' || user.username || !hasPan(user)) return user;
    if (!user.firstName || !user.lastName) return user;
    const names = { firstName: user.firstName, lastName: user.lastName };
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      try {
        const [updated] = await db
          .update(users)
          .set({ username: await freeUsername(names) })
          .where(and(eq(users.id, user.id), isNull(users.username)))
          .returning();
        return updated ?? (await repo.findById(user.id)) ?? user;
      } catch (error) {
        if (!isUniqueViolation(error, 'users_username_unique')) throw error;
      }
    }
    throw new Error('ensureUsername: no free username after retries');
  };

  /** A 429 once the caller has used up their PAN checks (each costs a gateway call). */
  const panCheckRefusal = async (caller: UserRow) => {
    const allowed = await rateLimiter.hit(`pan-check:${caller.id}`, PAN_CHECK_LIMIT);
    return allowed.ok
      ? null
      : refuse(
          429 as const,
          coded(apiMessages).identity.tooManyPanChecks,
          allowed.retryAfterSeconds,
        );
  };

  const panRefusal = (verdict: Exclude<PanVerdict, { ok: true }>, ofTutor: boolean) => {
    if (verdict.reason === 'unavailable') {
      return {
        ...refuse(502 as const, coded(apiMessages).identity.panUnavailable),
        cause: verdict.cause,
      };
    }
    return refuse(
      400 as const,
      verdict.reason === 'invalid-pan'
        ? coded(apiMessages).identity.panInvalid
        : ofTutor
          ? coded(apiMessages).identity.tutorPanNameMismatch
          : coded(apiMessages).identity.panNameMismatch,
    );
  };

  const identityOf = (user: UserRow): OnboardingIdentity => ({
    id: user.id,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    pan: pans.masked(user),
    username: user.username,
  });

  /** The invitation SMS to a tutor a student added (D28), sent by the SMS job. */
  const invite = (student: UserRow, tutorPhone: string, amount: Paise | null) => {
    const payer =
      student.firstName && student.lastName ? displayName(student) : apiMessages.identity.aStudent;
    const url = `${publicOrigin}/tutor/login`;
    // In the student's language: the tutor's is not known yet, and the student chose words
    // (their own name, the amount) for someone they know.
    const language = currentLocale();
    return texts.queue(
      amount === null
        ? { phone: tutorPhone, template: 'invitation', vars: { payer, url }, language }
        : {
            phone: tutorPhone,
            template: 'invitationWithAmount',
            vars: { payer, amount: formatTextAmount(amount), url },
            language,
          },
    );
  };

  /** Creates the tutor with a fresh username; null when the phone was taken meanwhile. */
  const createTutor = async (
    input: TutorInput & { pan: string },
    addedBy: UserRow,
    origin?: AuditOrigin,
  ): Promise<UserRow | null> => {
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      try {
        const username = await freeUsername(input);
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              phone: input.phone,
              role: 'teacher',
              firstName: input.firstName,
              lastName: input.lastName,
              ...pans.columns(input.pan),
              username,
              createdAt: clock.now(),
            })
            .returning();
          if (row) {
            await audit.record(
              tx,
              { actorId: addedBy.id, action: 'pan.saved', subjectUserId: row.id },
              origin,
            );
          }
          return row ?? null;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_unique')) {
          // Either the username or the phone was taken meanwhile; the phone decides.
          if (await repo.findByPhone(input.phone)) return null;
          continue;
        }
        throw error;
      }
    }
    throw new Error('createTutor: no free username after retries');
  };

  return {
    /** D28 use 1: the caller's own names and, when given, PAN (answer 200). */
    async onboardSelf(
      caller: UserRow,
      input: Names & { pan: string | undefined },
      origin?: AuditOrigin,
    ): Promise<Result<OnboardingIdentity, 400 | 409 | 429 | 502>> {
      const user = (await repo.findById(caller.id)) ?? caller;
      if (hasPan(user)) {
        if (input.pan !== undefined && !pans.matches(user, input.pan)) {
          return refuse(409, coded(apiMessages).identity.panLocked);
        }
        const namesKept =
          (user.firstName === null || sameName(user.firstName, input.firstName)) &&
          (user.lastName === null || sameName(user.lastName, input.lastName));
        if (!namesKept) return refuse(409, coded(apiMessages).identity.namesLocked);
        let current = user;
        if (user.firstName === null || user.lastName === null) {
          [current = user] = await db
            .update(users)
            .set({
              firstName: user.firstName ?? input.firstName,
              lastName: user.lastName ?? input.lastName,
            })
            .where(eq(users.id, user.id))
            .returning();
        }
        return success(identityOf(await ensureUsername(current)));
      }
      const pan = input.pan;
      if (pan !== undefined) {
        const taken = user.role === 'teacher' ? await panTaken(pan, user.id) : null;
        if (taken) return taken;
        const limited = await panCheckRefusal(user);
        if (limited) return limited;
        const verdict = await panVerifier.verify({ ...input, pan });
        if (!verdict.ok) return panRefusal(verdict, false);
      }
      let updated: UserRow | undefined;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              firstName: input.firstName,
              lastName: input.lastName,
              ...(pan === undefined ? {} : pans.columns(pan)),
            })
            .where(eq(users.id, user.id))
            .returning();
          if (pan !== undefined) {
            await audit.record(
              tx,
              { actorId: user.id, action: 'pan.saved', subjectUserId: user.id },
              origin,
            );
          }
          return row;
        });
      } catch (error) {
        // D316: another tutor saved the same PAN meanwhile.
        if (isUniqueViolation(error, 'users_tutor_pan_idx')) {
          return refuse(409, coded(privacyTexts).api.panOnAnotherTutor);
        }
        throw error;
      }
      return success(identityOf(await ensureUsername(updated ?? user)));
    },

    /**
     * A student adds a tutor by phone, names and PAN and the tutor is invited by SMS:
     * `onboarding` (D28 use 2) only for an unknown phone; `register` (the payment flow,
     * with the amount waiting) also completes a known tutor who has no PAN yet.
     */
    async addTutor(
      caller: UserRow,
      input: TutorInput,
      mode: { kind: 'onboarding' } | { kind: 'register'; amount: Paise },
      origin?: AuditOrigin,
    ): Promise<Result<AddedTutor, 400 | 403 | 409 | 429 | 502>> {
      if (caller.role !== 'student') {
        return refuse(403, coded(apiMessages).identity.onlyStudentsAddTutors);
      }
      if (input.phone === caller.phone) return refuse(400, coded(apiMessages).identity.ownPhone);
      if (input.pan === undefined) return refuse(400, coded(apiMessages).identity.panRequired);
      const pan = input.pan;
      const existing = await repo.findByPhone(input.phone);
      if (existing?.role === 'student') return refuse(400, coded(messages).roles.payeeIsStudent);
      if (existing && mode.kind === 'onboarding') {
        return refuse(409, coded(apiMessages).identity.tutorExists);
      }
      if (existing && hasPan(existing))
        return refuse(409, coded(apiMessages).identity.tutorVerified);
      const taken = await panTaken(pan, existing?.id ?? null);
      if (taken) return taken;

      const limited = await panCheckRefusal(caller);
      if (limited) return limited;
      const verdict = await panVerifier.verify({ ...input, pan });
      if (!verdict.ok) return panRefusal(verdict, true);
      // Counted only when an SMS is about to go out (refusals above cost nothing).
      const allowed = await rateLimiter.hit(`invite:${caller.id}`, TUTOR_INVITATION_LIMIT);
      if (!allowed.ok) {
        return refuse(
          429,
          coded(apiMessages).identity.tooManyInvitations,
          allowed.retryAfterSeconds,
        );
      }

      let tutor: UserRow | null;
      try {
        if (existing) {
          // Completes a known tutor without a PAN; `pan is null` keeps a racing verifier out.
          tutor = await db.transaction(async (tx) => {
            const [row = null] = await tx
              .update(users)
              .set({ firstName: input.firstName, lastName: input.lastName, ...pans.columns(pan) })
              .where(and(eq(users.id, existing.id), isNull(users.panSealed)))
              .returning();
            if (row) {
              await audit.record(
                tx,
                { actorId: caller.id, action: 'pan.saved', subjectUserId: row.id },
                origin,
              );
            }
            return row;
          });
          if (!tutor) return refuse(409, coded(apiMessages).identity.tutorVerified);
          tutor = await ensureUsername(tutor);
        } else {
          tutor = await createTutor({ ...input, pan }, caller, origin);
          if (!tutor) return refuse(409, coded(apiMessages).identity.tutorExists);
        }
      } catch (error) {
        if (isUniqueViolation(error, 'users_tutor_pan_idx')) {
          return refuse(409, coded(privacyTexts).api.panOnAnotherTutor);
        }
        throw error;
      }
      await invite(caller, tutor.phone, mode.kind === 'register' ? mode.amount : null);
      return success({ summary: await repo.toSummary(tutor, true) });
    },

    /** D29: names (until the PAN is verified) and, for tutors, subjects. */
    async updateProfile(
      caller: UserRow,
      input: { firstName?: string; lastName?: string; subjects?: string[]; email?: string },
    ): Promise<Result<ApiUser, 400 | 409>> {
      const user = (await repo.findById(caller.id)) ?? caller;
      // Issue 49 (D250): the shape only; verifying by a code comes later.
      const email = input.email === undefined ? undefined : emailSchema.safeParse(input.email);
      if (email && !email.success)
        // The email rule's words, with this site's code (the zod schema carries none).
        return refuseField(400, 'email', {
          message: email.error.issues[0]!.message,
          code: 'validation.email',
        });
      let subjects: string[] | undefined;
      if (input.subjects !== undefined) {
        if (user.role !== 'teacher')
          return refuse(400, coded(apiMessages).identity.subjectsOnlyTutors);
        subjects = input.subjects.map((s) => tidyText(s));
        if (subjects.some((s) => s === ''))
          return refuse(400, coded(apiMessages).identity.subjectBlank);
        const folded = new Set(subjects.map((s) => s.toLowerCase()));
        if (folded.size !== subjects.length) {
          return refuse(400, coded(apiMessages).identity.subjectsDuplicate);
        }
      }
      const changesName =
        (input.firstName !== undefined && !sameName(user.firstName, input.firstName)) ||
        (input.lastName !== undefined && !sameName(user.lastName, input.lastName));
      if (hasPan(user) && changesName) return refuse(409, coded(apiMessages).identity.namesLocked);
      // Before the PAN, names are saved as given (a casing fix too); after it, never.
      const names = !hasPan(user)
        ? {
            ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
            ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
          }
        : {};
      const changes = {
        ...names,
        ...(subjects === undefined ? {} : { subjects }),
        ...(email?.success ? { email: email.data } : {}),
      };
      const [updated = user] =
        Object.keys(changes).length === 0
          ? [user]
          : await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      return success(await repo.toApiUser(updated));
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
