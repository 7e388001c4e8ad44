// Journeys of the studentLogout machine (D13).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flush, offline } from './loginFakes';
import { provideStudentLogout, studentLogoutWorld } from './studentLogout.model';

function start() {
  const world = studentLogoutWorld();
  const actor = createActor(provideStudentLogout(world)).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('studentLogout machine', () => {
  it('Logout tells the server, clears storage, then the student login', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'logout' });
    expect(world.logout.calls).toHaveLength(1);
    world.logout.last().resolve();
    await flush();
    expect(snap().status).toBe('done');
    expect(world.allCleared).toBe(1);
    expect(world.navigations).toEqual([{ to: '/student/login', replace: true }]);
  });

  it('a logout the server did not hear still ends the session here', async () => {
    const { world, actor } = start();
    actor.send({ type: 'logout' });
    world.logout.last().reject(offline);
    await flush();
    expect(world.allCleared).toBe(1);
  });

  it('a session found gone: no call, storage cleared, the login', () => {
    const { world, actor } = start();
    actor.send({ type: 'session.expired' });
    expect(world.logout.calls).toHaveLength(0);
    expect(world.allCleared).toBe(1);
    expect(world.navigations).toEqual([{ to: '/student/login', replace: true }]);
  });
});
