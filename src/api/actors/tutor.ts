// What the tutor screens read about the logged-in tutor: the user (names, PAN, gateway KYC
// status) and whether a bank account is verified, for the onboarding step (spec §4, D4).
// Rejects with the client's ApiFailure; the machines decide what a failure means.
import { fromPromise } from 'xstate';
import type { TutorFacts } from '../../domain/onboarding';
import { api } from '../appClient';
import { data } from '../errors';

export interface TutorProfile extends TutorFacts {
  id: string;
  phone: string;
  first_name: string | null;
  last_name: string | null;
  pan: string | null;
  username: string | null;
}

/** `GET user/me/` and `GET user/accounts/`, side by side. */
export async function fetchTutorProfile(signal?: AbortSignal): Promise<TutorProfile> {
  const [me, accounts] = await Promise.all([
    data(api.GET('/user/me/', { signal })),
    data(api.GET('/user/accounts/', { signal })),
  ]);
  return {
    id: String(me.id),
    phone: me.phone,
    role: me.role,
    first_name: me.first_name,
    last_name: me.last_name,
    pan: me.pan,
    username: me.username,
    pg_onboarding_status: me.pg_onboarding_status,
    hasBankAccount: accounts.some((account) => account.verified),
  };
}

export const fetchTutorProfileActor = fromPromise<TutorProfile, void>(({ signal }) =>
  fetchTutorProfile(signal),
);
