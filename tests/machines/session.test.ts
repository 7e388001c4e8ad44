// Journeys of the session machine (D13): Logout and a session found gone, for both roles.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { UserRole } from '../../src/domain/constants';
import { flush, http, offline } from './loginFakes';
import { provideSession, sessionWorld } from './session.model';

function start(role: UserRole) {
  const world = sessionWorld();
  const actor = createActor(provideSession(world), { input: { role } }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe.each([
  { role: 'student', login: '/student/login' },
  { role: 'teacher', login: '/tutor/login' },
] as const)('session machine, $role', ({ role, login }) => {
  it("Logout tells the server, clears storage, then the role's login", async () => {
    const { world, actor, snap } = start(role);
    actor.send({ type: 'logout' });
    expect(snap().hasTag('loading')).toBe(true);
    expect(world.logout.calls).toHaveLength(1);
    expect(world.allCleared).toBe(0);
    world.logout.last().resolve();
    await flush();
    expect(snap().status).toBe('done');
    expect(world.allCleared).toBe(1);
    expect(world.navigations).toEqual([{ to: login, replace: true }]);
  });

  it.each([offline, http(500)])(
    'a logout the server did not hear (%o) still ends the session here',
    async (failure) => {
      const { world, actor } = start(role);
      actor.send({ type: 'logout' });
      world.logout.last().reject(failure);
      await flush();
      expect(world.allCleared).toBe(1);
      expect(world.navigations).toEqual([{ to: login, replace: true }]);
    },
  );

  it('a session found gone: no call, storage cleared, the login', () => {
    const { world, actor } = start(role);
    actor.send({ type: 'session.expired' });
    expect(world.logout.calls).toHaveLength(0);
    expect(world.allCleared).toBe(1);
    expect(world.navigations).toEqual([{ to: login, replace: true }]);
  });
});
