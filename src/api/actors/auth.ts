// The real actors of the login machines (machines/otp, machines/login,
// machines/personalDetails): thin fromPromise wrappers over the app's API client. Each resolves
// with what its machine reads, or rejects with the client's ApiFailure (D37), which the
// machines read as a CallFailure. No rules live here: which failure means what is the
// machines' business.
import { fromPromise } from 'xstate';
import type {
  OtpSession,
  SendOtpInput,
  SendOtpOutput,
  VerifyOtpInput,
} from '../../../machines/otp/otp.machine';
import type { Account } from '../../../machines/login/login.machine';
import type { Me } from '../../../machines/login/profile';
import type { RouteFetchers } from '../../../machines/login/routeByFlow';
import type {
  OnboardInput,
  OnboardOutput,
} from '../../../machines/personalDetails/personalDetails.machine';
import { offerProfileLanguage } from '../../browser/language';
import { api } from '../appClient';
import { data } from '../errors';

/** `POST auth/generate-otp/`: the first code (login) and every resend (otp machine). */
export async function generateOtp(
  input: SendOtpInput,
  signal?: AbortSignal,
): Promise<SendOtpOutput> {
  const answer = await data(api.POST('/auth/generate-otp/', { body: input, signal }));
  return { resendAfter: answer.resend_after };
}

export const requestOtpActor = fromPromise<SendOtpOutput, SendOtpInput>(({ input, signal }) =>
  generateOtp(input, signal),
);

/**
 * `POST auth/validate-otp/`: the access token and the user's id; on a device with no language of
 * its own, the profile's language first (D162).
 */
export const verifyOtpActor = fromPromise<OtpSession, VerifyOtpInput>(async ({ input, signal }) => {
  const answer = await data(api.POST('/auth/validate-otp/', { body: input, signal }));
  await offerProfileLanguage(answer.language);
  return { token: answer.access_token, userId: String(answer.id) };
});

/** `GET user/me/`: the fields login and sign-up read. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const me = await data(api.GET('/user/me/', { signal }));
  return { first_name: me.first_name, last_name: me.last_name, pan: me.pan, phone: me.phone };
}

export const fetchMeActor = fromPromise<Me, void>(({ signal }) => getMe(signal));

/** The login's account step for a student: user/me. */
export const studentAccountActor = fromPromise<Account, void>(async ({ signal }) => ({
  role: 'student',
  me: await getMe(signal),
}));

/** `POST user/onboarding/` with the caller's own phone: the PAN on file afterwards, if any. */
export const onboardSelfActor = fromPromise<OnboardOutput, OnboardInput>(
  async ({ input, signal }) => {
    const answer = await data(api.POST('/user/onboarding/', { body: input, signal }));
    return { pan: 'pan' in answer ? answer.pan : null };
  },
);

/** The calls routeByFlow makes (the UI adds `readFlow`, from storage). */
export const routeFetchers: Omit<RouteFetchers, 'readFlow'> = {
  searchTutor: (username, signal) =>
    data(api.GET('/user/search/', { params: { query: { username } }, signal })),
  getPaymentLink: (id, signal) =>
    data(api.GET('/payments/payment-link/{id}/', { params: { path: { id } }, signal })),
  getPayee: (id, signal) => data(api.GET('/user/{id}/', { params: { path: { id } }, signal })),
};
