// The real actors of tutor sign-up's steps 2 and 3 (machines/bankVerification,
// machines/aadhaarVerification): thin wrappers over the API client. Each rejects with the
// client's ApiFailure (D37); which failure means what is the machines' business. Step 1 uses
// auth.ts's onboardSelfActor and the profile tutor.ts's fetchTutorProfileActor.
import { fromPromise } from 'xstate';
import type {
  OnboardingStart,
  StartOnboardingInput,
} from '../../../machines/aadhaarVerification/aadhaarVerification.machine';
import type { AddAccountInput } from '../../../machines/bankVerification/bankVerification.machine';
import { api } from '../appClient';
import { data } from '../errors';

/** `POST user/accounts/add/`: resolves once the account is verified and saved (201). */
export const addAccountActor = fromPromise<void, AddAccountInput>(async ({ input, signal }) => {
  await data(api.POST('/user/accounts/add/', { body: input, signal }));
});

/** `POST payments/pg/onboarding/`: the gateway's onboarding link for the tutor. */
export const startPgOnboardingActor = fromPromise<OnboardingStart, StartOnboardingInput>(
  async ({ input, signal }) => {
    const userId = Number(input.userId);
    // The contract's user_id is an integer; a stored id that is not one cannot be the tutor's.
    if (!Number.isSafeInteger(userId)) throw new Error('The stored user id is not a number.');
    const answer = await data(
      api.POST('/payments/pg/onboarding/', { body: { user_id: userId }, signal }),
    );
    return { onboardingLink: answer.onboarding_link || null };
  },
);
