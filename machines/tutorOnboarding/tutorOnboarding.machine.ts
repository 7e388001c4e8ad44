// Tutor sign-up, the three-step wizard of /tutor/personal-details (spec §2, §4 "Tutor onboarding
// step", §5, §8; D2, D4, D16, D28, D29, D31):
//
//   loading (fetchProfile) ── step 0 ──▶ finished (/tutor/dashboard)
//            │ 401 ──▶ sessionExpired      other failure ──▶ loadFailed ──signup.retry──▶ loading
//            └─ the stored step, never past what the profile allows (resumeStep.ts)
//   personal (1): personalDetails ── saved ──▶ account (2): bankVerification ── verified ──▶
//      ▲   └ PAN verified already: read-only, Next moves on          aadhaar (3): aadhaarVerification
//      └─── back ─── account (2)
//   Any 401 ──▶ sessionExpired ──session.login──▶ finished (/tutor/login); the Aadhaar step's
//   way out after a 409 ──▶ finished (/tutor/dashboard)
//
// - Each step reached is stored (`storeStep`, tutorOnboardingStep) so a reload resumes it.
// - Step 1 is the personal-details form both sign-ups share (machines/personalDetails): it
//   sends the tutor's own phone (the profile's), names and PAN; the server verifies the PAN
//   through the gateway. D29: once the PAN is verified names and PAN are locked.
// - No token: the call goes without one and the server's 401 opens Session Expired (the tutor
//   guard shows it before this page when the page opens without a token).
// - D16: the PAN and the account number stay in the machines' context, never in storage.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  TUTOR_DASHBOARD_PATH,
  tutorOnboardingStep,
  type TutorFacts,
} from '../../src/domain/onboarding';
import { messages } from '../../src/domain/messages';
import {
  aadhaarVerificationMachine,
  type AadhaarOutput,
} from '../aadhaarVerification/aadhaarVerification.machine';
import {
  bankVerificationMachine,
  type BankOutput,
} from '../bankVerification/bankVerification.machine';
import { abstractPromise, notProvided } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';
import { nameInput } from '../shared/fields';
import type { NavigateParams } from '../shared/navigation';
import { personalInput } from '../personalDetails/form';
import {
  detailsInput,
  personalDetailsMachine,
  type PersonalDetailsOutput,
} from '../personalDetails/personalDetails.machine';
import { TUTOR_LOGIN_PATH } from '../shared/loginPaths';
import { resumeStep, type SignupStep } from './resumeStep';

/** What the wizard reads about the tutor (src/api/actors/tutor.ts's TutorProfile fits). */
export interface TutorSignupProfile extends TutorFacts {
  id: string;
  phone: string;
  first_name?: string | null;
  last_name?: string | null;
  pan?: string | null;
}

export interface TutorOnboardingInput {
  /** tutorOnboardingStep from storage, if any (0-3). */
  storedStep: number | null;
  /** The stored user id, the Aadhaar call's `user_id` (else the profile's id). */
  userId: string | null;
}

export interface TutorOnboardingContext {
  storedStep: number | null;
  userId: string;
  /** The tutor's own phone, the onboarding call's `phone`. */
  phone: string;
  /** Step 1's names and PAN: the profile's, then as saved. */
  firstName: string;
  lastName: string;
  pan: string;
  /** No PAN is on file: step 1 asks for one. */
  panRequired: boolean;
  /** The names are verified with the PAN (D29): read-only. */
  namesLocked: boolean;
  /** D4: the gateway rejected the KYC; step 3 opens on the failed panel. */
  aadhaarRejected: boolean;
  /** Why loading or saving failed (tag `error`). */
  error: string | null;
}

export type TutorOnboardingEvent =
  /** 'Try again' after the profile failed to load. */
  | { type: 'signup.retry' }
  /** 'Login' in the Session Expired dialog. */
  | { type: 'session.login' };

const profileOf = (event: unknown): TutorSignupProfile | undefined =>
  (event as { output?: TutorSignupProfile }).output;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const detailsOf = (event: unknown): PersonalDetailsOutput | undefined =>
  (event as { output?: PersonalDetailsOutput }).output;
const hasText = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

const resumesAt =
  (step: number) =>
  ({ context, event }: { context: TutorOnboardingContext; event: unknown }) => {
    const profile = profileOf(event);
    return profile !== undefined && resumeStep(context.storedStep, profile) === step;
  };

const storeStep = (step: SignupStep) => ({ type: 'storeStep', params: { step } }) as const;
const toLogin = {
  type: 'navigate',
  params: { to: TUTOR_LOGIN_PATH, replace: true },
} as const;
const toDashboard = {
  type: 'navigate',
  params: { to: TUTOR_DASHBOARD_PATH, replace: true },
} as const;

export const tutorOnboardingMachine = setup({
  types: {
    context: {} as TutorOnboardingContext,
    events: {} as TutorOnboardingEvent,
    input: {} as TutorOnboardingInput,
    children: {} as {
      fetchProfile: 'fetchProfile';
      details: 'personalDetails';
      bank: 'bankVerification';
      aadhaar: 'aadhaarVerification';
    },
  },
  actors: {
    fetchProfile: abstractPromise<TutorSignupProfile, void>('fetchProfile'),
    personalDetails: personalDetailsMachine,
    bankVerification: bankVerificationMachine,
    aadhaarVerification: aadhaarVerificationMachine,
  },
  actions: {
    /** Abstract: keeps tutorOnboardingStep in storage (spec §3). */
    storeStep: (_: unknown, _params: { step: SignupStep }) => notProvided('storeStep'),
    /** Abstract: the router. */
    navigate: (_: unknown, _params: NavigateParams) => notProvided('navigate'),

    applyProfile: assign(({ context, event }) => {
      const profile = profileOf(event);
      if (!profile) return {};
      const panLocked = hasText(profile.pan);
      return {
        userId: context.userId || profile.id,
        phone: profile.phone,
        firstName: nameInput(profile.first_name ?? ''),
        lastName: nameInput(profile.last_name ?? ''),
        pan: panLocked ? personalInput('pan', profile.pan ?? '') : '',
        panRequired: !panLocked,
        namesLocked: panLocked && hasText(profile.first_name) && hasText(profile.last_name),
        aadhaarRejected: tutorOnboardingStep(profile).aadhaarRejected,
        error: null,
      };
    }),
    clearError: assign({ error: null }),
    failLoad: assign(({ event }) => ({
      error: serverText(errorOf(event), messages.generic.somethingWrong),
    })),
    /** The PAN is verified now: names and PAN are locked (D29). */
    lockDetails: assign(({ event }) => {
      const saved = detailsOf(event);
      if (saved?.result !== 'saved') return {};
      const { firstName, lastName, pan } = saved;
      return { firstName, lastName, pan, panRequired: false, namesLocked: true };
    }),
  },
  guards: {
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    finished: resumesAt(0),
    atAccount: resumesAt(2),
    atAadhaar: resumesAt(3),
    detailsSaved: ({ event }) => detailsOf(event)?.result === 'saved',
    bankVerified: ({ event }) => (event as { output?: BankOutput }).output?.result === 'verified',
    bankBack: ({ event }) => (event as { output?: BankOutput }).output?.result === 'back',
    aadhaarToDashboard: ({ event }) =>
      (event as { output?: AadhaarOutput }).output?.result === 'dashboard',
  },
}).createMachine({
  id: 'tutorOnboarding',
  description: 'Personal details, bank account, Aadhaar (spec §2 /tutor/personal-details).',
  context: ({ input }) => ({
    storedStep: input.storedStep,
    userId: input.userId ?? '',
    phone: '',
    firstName: '',
    lastName: '',
    pan: '',
    panRequired: true,
    namesLocked: false,
    aadhaarRejected: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: [
          { guard: 'finished', target: 'finished', actions: toDashboard },
          { guard: 'atAadhaar', target: 'aadhaar', actions: 'applyProfile' },
          { guard: 'atAccount', target: 'account', actions: 'applyProfile' },
          { target: 'personal', actions: 'applyProfile' },
        ],
        onError: [
          { guard: 'unauthorized', target: 'sessionExpired' },
          { target: 'loadFailed', actions: 'failLoad' },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'signup.retry': { target: 'loading', actions: 'clearError' } },
    },
    personal: {
      entry: storeStep(1),
      invoke: {
        id: 'details',
        src: 'personalDetails',
        // D16: the PAN stays in memory.
        input: ({ context }) => detailsInput(context, false),
        onDone: [
          { guard: 'detailsSaved', target: 'account', actions: 'lockDetails' },
          { target: 'sessionExpired' },
        ],
      },
    },
    account: {
      entry: storeStep(2),
      invoke: {
        id: 'bank',
        src: 'bankVerification',
        onDone: [
          { guard: 'bankVerified', target: 'aadhaar' },
          { guard: 'bankBack', target: 'personal' },
          { target: 'sessionExpired' },
        ],
      },
    },
    aadhaar: {
      entry: storeStep(3),
      invoke: {
        id: 'aadhaar',
        src: 'aadhaarVerification',
        input: ({ context }) => ({ userId: context.userId, rejected: context.aadhaarRejected }),
        onDone: [
          { guard: 'aadhaarToDashboard', target: 'finished', actions: toDashboard },
          { target: 'sessionExpired' },
        ],
      },
    },
    sessionExpired: {
      tags: 'sessionExpired',
      on: { 'session.login': { target: 'finished', actions: toLogin } },
    },
    finished: { type: 'final' },
  },
});

export type TutorOnboardingActorRef = ActorRefFrom<typeof tutorOnboardingMachine>;
export type TutorOnboardingSnapshot = SnapshotFrom<typeof tutorOnboardingMachine>;
