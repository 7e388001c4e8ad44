// Journeys of the publicProfile machine whose end state matters (spec §2, D8, D30).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import {
  lookupFailure,
  publicProfileMachine,
  type PublicProfile,
} from '../../machines/publicProfile/publicProfile.machine';
import { ASHA } from './publicProfile.model';

type Answer = PublicProfile | null | { reject: unknown };

/** Runs the machine with a lookup that answers from `answers`, one per call. */
function start(username: string, answers: Answer[]) {
  const asked: string[] = [];
  const navigations: NavigateParams[] = [];
  const actor = createActor(
    publicProfileMachine.provide({
      actors: {
        lookup: fromPromise<PublicProfile | null, { username: string }>(async ({ input }) => {
          asked.push(input.username);
          const answer = answers.shift();
          if (answer === undefined) throw new Error('no answer left');
          if (answer !== null && 'reject' in answer) throw answer.reject;
          return answer;
        }),
      },
      actions: { navigate: (_, params) => void navigations.push(params) },
    }),
    { input: { username, now: Date.parse('2025-01-24T10:00:00+05:30') } },
  ).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve));
  return { actor, asked, navigations, settled };
}

describe('publicProfile machine', () => {
  it('looks up the lower-cased username (D30) and keeps the profile', async () => {
    const run = start('ASHA-Verma', [ASHA]);
    expect(run.actor.getSnapshot().hasTag('loading')).toBe(true);
    await run.settled();
    expect(run.asked).toEqual(['asha-verma']);
    expect(run.actor.getSnapshot().value).toBe('found');
    expect(run.actor.getSnapshot().context.profile).toEqual(ASHA);
    expect(run.navigations).toEqual([]);
  });

  it('no such tutor replaces the page with /page-not-found, once', async () => {
    const run = start('nobody', [null]);
    await run.settled();
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.navigations).toEqual([{ to: '/page-not-found', replace: true }]);
  });

  it('a network failure offers a retry instead of the 404 page; the retry can succeed', async () => {
    const run = start('asha-verma', [{ reject: { kind: 'network' } }, ASHA]);
    await run.settled();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.failure).toBe('network');
    expect(run.navigations).toEqual([]);

    run.actor.send({ type: 'profile.retry' });
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(run.actor.getSnapshot().context.failure).toBeNull();
    await run.settled();
    expect(run.actor.getSnapshot().value).toBe('found');
    expect(run.asked).toEqual(['asha-verma', 'asha-verma']);
  });

  it('retry is only possible after a failure', async () => {
    const run = start('asha-verma', [ASHA]);
    expect(run.actor.getSnapshot().can({ type: 'profile.retry' })).toBe(false);
    await run.settled();
    expect(run.actor.getSnapshot().can({ type: 'profile.retry' })).toBe(false);
  });

  it('words the failure kinds of the API client (D37)', () => {
    expect(lookupFailure({ kind: 'network' })).toBe('network');
    expect(lookupFailure({ kind: 'timeout' })).toBe('timeout');
    expect(lookupFailure({ kind: 'http', status: 500, message: null })).toBe('other');
    expect(lookupFailure({ kind: 'parse' })).toBe('other');
    expect(lookupFailure(new Error('bug'))).toBe('other');
    expect(lookupFailure(null)).toBe('other');
  });

  it('the abstract machine refuses to run without its lookup', async () => {
    const actor = createActor(publicProfileMachine.provide({ actions: { navigate: () => {} } }), {
      input: { username: 'asha-verma', now: 0 },
    }).start();
    await new Promise((resolve) => setTimeout(resolve));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('other');
  });
});
