// The real actor of the publicProfile machine: GET user/search-action/?username= (D8, D17).
//
// - Its own client that never sends a token: the profile is public (D17), so a stale token
//   cannot turn it into a 401 (D27), and the public pages do not load browser storage.
// - A username that cannot exist (D30 shape) is "no such tutor" without a request; a 404 (or a
//   400 for a username the server refuses) is null; every other failure rejects with the
//   client's ApiFailure (D37), which the machine turns into a retry.
// - Answers are kept for a few minutes and a lookup in flight is shared, so the profile and its
//   policy pages (and React's strict-mode double start) cost one request on a slow network.
import { fromPromise } from 'xstate';
import type { PublicProfile } from '../../../machines/publicProfile/publicProfile.machine';
import { isValidUsernameShape } from '../../domain/usernames';
import { createApiClient } from '../client';
import { call } from '../errors';

const publicApi = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api/v1',
  getToken: () => null,
});

export const PUBLIC_PROFILE_CACHE_MS = 5 * 60_000;

const cache = new Map<string, { at: number; answer: Promise<PublicProfile | null> }>();

/** The tutor's public profile, or null when there is no such tutor. Rejects with an ApiFailure. */
export async function fetchPublicProfile(username: string): Promise<PublicProfile | null> {
  if (!isValidUsernameShape(username)) return null;
  const result = await call(
    publicApi.GET('/user/search-action/', { params: { query: { username } } }),
  );
  if (result.ok) return result.data;
  const { failure } = result;
  if (failure.kind === 'http' && (failure.status === 404 || failure.status === 400)) return null;
  throw failure;
}

/** fetchPublicProfile through the short-lived cache; failures are never kept. */
export function cachedPublicProfile(
  username: string,
  now = Date.now(),
): Promise<PublicProfile | null> {
  const kept = cache.get(username);
  if (kept && now - kept.at < PUBLIC_PROFILE_CACHE_MS) return kept.answer;
  const answer = fetchPublicProfile(username);
  cache.set(username, { at: now, answer });
  answer.catch(() => {
    if (cache.get(username)?.answer === answer) cache.delete(username);
  });
  return answer;
}

/** Empties the cache (tests; a new session). */
export function forgetPublicProfiles(): void {
  cache.clear();
}

export const lookupPublicProfile = fromPromise<PublicProfile | null, { username: string }>(
  ({ input }) => cachedPublicProfile(input.username),
);
