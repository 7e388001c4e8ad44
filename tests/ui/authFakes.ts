// A stand-in for src/api/actors/auth.ts in the component tests:
//   vi.mock('../../src/api/actors/auth', () => import('./authFakes'));
// The machines are the real ones; each call goes to `server`, whose handlers a test sets (all
// answer like a happy server by default) and whose vi.fn records what was asked.
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  OtpSession,
  SendOtpInput,
  SendOtpOutput,
  VerifyOtpInput,
} from '../../machines/otp/otp.machine';
import type { Account } from '../../machines/login/login.machine';
import type { Me } from '../../machines/login/profile';
import type {
  PayeeSummary,
  PaymentLinkDetails,
  RouteFetchers,
  TutorSummary,
} from '../../machines/login/routeByFlow';
import type {
  OnboardInput,
  OnboardOutput,
} from '../../machines/personalDetails/personalDetails.machine';

export const RETURNING: Me = {
  first_name: 'Rohan',
  last_name: 'Mehta',
  pan: 'BXKPM4821Q',
  phone: '9876543210',
};
export const NEW_STUDENT: Me = {
  first_name: null,
  last_name: null,
  pan: null,
  phone: '9876543210',
};
export const ASHA: TutorSummary = {
  id: 7,
  first_name: 'Asha',
  last_name: 'Verma',
  phone: '9123456780',
};
export const LINK: PaymentLinkDetails = {
  id: 'lnk_8fK2mQ7xT1vZ9cW3',
  amount: 3000,
  status: 'ACTIVE',
  payee_name: 'Asha Verma',
  payee_phone: '9123456780',
  payee: 7,
};

function handlers() {
  return {
    generateOtp: vi.fn(async (_: SendOtpInput): Promise<SendOtpOutput> => ({ resendAfter: 30 })),
    validateOtp: vi.fn(async (_: VerifyOtpInput): Promise<OtpSession> => ({
      token: 'tok_test_1',
      userId: '42',
    })),
    getMe: vi.fn(async (): Promise<Me> => RETURNING),
    onboard: vi.fn(async (input: OnboardInput): Promise<OnboardOutput> => ({
      pan: input.pan ?? null,
    })),
    searchTutor: vi.fn(async (_: string): Promise<readonly TutorSummary[]> => [ASHA]),
    getPaymentLink: vi.fn(async (_: string): Promise<PaymentLinkDetails> => LINK),
    getPayee: vi.fn(async (_: number): Promise<PayeeSummary> => ({
      pg_onboarding_status: [{ pg_name: 'cashfree', status: 'MIN_KYC_APPROVED' }],
    })),
  };
}

export const server = handlers();

/** Back to the happy server (call in beforeEach). */
export function resetServer(): void {
  Object.assign(server, handlers());
}

/** An ApiFailure-shaped http failure (D37). */
export const http = (
  status: number,
  message: string | null = null,
  retryAfter: number | null = null,
) => ({ kind: 'http', status, message, retryAfter }) as const;

export const requestOtpActor = fromPromise<SendOtpOutput, SendOtpInput>(({ input }) =>
  server.generateOtp(input),
);
export const verifyOtpActor = fromPromise<OtpSession, VerifyOtpInput>(({ input }) =>
  server.validateOtp(input),
);
export const fetchMeActor = fromPromise<Me, void>(() => server.getMe());
export const studentAccountActor = fromPromise<Account, void>(async () => ({
  role: 'student',
  me: await server.getMe(),
}));
export const onboardSelfActor = fromPromise<OnboardOutput, OnboardInput>(({ input }) =>
  server.onboard(input),
);
export const routeFetchers: Omit<RouteFetchers, 'readFlow'> = {
  searchTutor: (username) => server.searchTutor(username),
  getPaymentLink: (id) => server.getPaymentLink(id),
  getPayee: (id) => server.getPayee(id),
};
