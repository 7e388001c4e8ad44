// The confirmAction machine: cancel a link or revoke a key, confirmed first (D19).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  ALREADY_PAID,
  LINK_ID,
  confirmActionWorld,
  provideConfirmAction,
} from './confirmAction.model';
import { flush, http } from './loginFakes';

function start() {
  const world = confirmActionWorld();
  const actor = createActor(provideConfirmAction(world)).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('confirmAction machine', () => {
  it('No asks nothing of the server', () => {
    const t = start();
    t.actor.send({ type: 'confirm.ask', id: LINK_ID });
    expect(t.snap().value).toBe('confirming');
    t.actor.send({ type: 'confirm.no' });
    expect(t.snap().value).toBe('idle');
    expect(t.snap().context.target).toBeNull();
    expect(t.world.perform.calls).toHaveLength(0);
  });

  it('Yes: the action on the item, then the list reloads', async () => {
    const t = start();
    t.actor.send({ type: 'confirm.ask', id: LINK_ID });
    t.actor.send({ type: 'confirm.yes' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.perform.last().input).toEqual({ id: LINK_ID });
    t.world.perform.last().resolve();
    await flush();
    expect(t.snap().value).toBe('done');
    expect(t.world.changed).toBe(1);
  });

  it("a 409 shows the server's message and still reloads (the item moved on)", async () => {
    const t = start();
    t.actor.send({ type: 'confirm.ask', id: LINK_ID });
    t.actor.send({ type: 'confirm.yes' });
    t.world.perform.last().reject(http(409, ALREADY_PAID));
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toBe(ALREADY_PAID);
    expect(t.world.changed).toBe(1);
    t.actor.send({ type: 'confirm.no' });
    expect(t.snap().context).toEqual({ target: null, error: null });
  });

  it('a 401 ends the machine without a reload', async () => {
    const t = start();
    t.actor.send({ type: 'confirm.ask', id: LINK_ID });
    t.actor.send({ type: 'confirm.yes' });
    t.world.perform.last().reject(http(401));
    await flush();
    expect(t.snap().status).toBe('done');
    expect(t.world.changed).toBe(0);
  });
});
