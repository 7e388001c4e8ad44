// A fake API for the public pages: GET user/search-action/?username= answers from a table of
// tutors (404 for anyone else), as the contract says. Installed as the global fetch, which the
// app's API client calls at request time.
import { vi } from 'vitest';
import type { PublicProfile } from '../../machines/publicProfile/publicProfile.machine';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const DAY_MS = 86_400_000;

/** A tutor with subjects whose KYC was approved `daysAgo` days ago. */
export function tutor(overrides: Partial<PublicProfile> = {}, daysAgo = 8): PublicProfile {
  return {
    first_name: 'Asha',
    last_name: 'Verma',
    username: 'asha-verma',
    phone: '9123456780',
    subjects: ['Mathematics', 'Physics'],
    kyc_approved_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    ...overrides,
  };
}

type Answer = PublicProfile | ((request: Request) => Response | Promise<Response>);

/** Installs the fake; `answers` by username. Returns the requests it saw. */
export function serveProfiles(answers: Record<string, Answer>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.pathname !== '/api/v1/user/search-action/') {
      return json(404, { message: 'There is no such API endpoint.' });
    }
    const answer = answers[url.searchParams.get('username') ?? ''];
    if (answer === undefined) return json(404, { message: 'This tutor was not found.' });
    return typeof answer === 'function' ? answer(request) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    requests,
    usernames: () => requests.map((r) => new URL(r.url).searchParams.get('username')),
  };
}
