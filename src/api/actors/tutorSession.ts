// The tutor screens' other calls: the KYC status re-read on the way back from the gateway
// (machines/aadharRedirect) and logout (machines/tutorDashboard). Each rejects with the client's
// ApiFailure (D37); the machines decide what a failure means.
import { fromPromise } from 'xstate';
import { api } from '../appClient';
import { data } from '../errors';

/**
 * `GET payments/pg/onboarding/{id}/`: the server re-reads the tutor's KYC status from the gateway
 * (D35), so the profile read next carries it. `userId` is the stored one; an id that is not a
 * number goes as it is and the server refuses it.
 */
export async function refreshKycStatus(userId: string, signal?: AbortSignal): Promise<void> {
  await data(
    api.GET('/payments/pg/onboarding/{id}/', { params: { path: { id: Number(userId) } }, signal }),
  );
}

export const refreshKycStatusActor = fromPromise<void, { userId: string }>(({ input, signal }) =>
  refreshKycStatus(input.userId, signal),
);

/** `POST auth/logout/` (D13): revokes the token this call carries. */
export async function logout(signal?: AbortSignal): Promise<void> {
  await data(api.POST('/auth/logout/', { signal }));
}

export const logoutActor = fromPromise<void, void>(({ signal }) => logout(signal));
