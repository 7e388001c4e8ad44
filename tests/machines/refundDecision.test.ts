import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { flush, http } from './loginFakes';
import {
  ALREADY,
  APPROVE_PRIYA,
  provideRefundDecision,
  refundDecisionWorld,
} from './refundDecision.model';

function start() {
  const world = refundDecisionWorld();
  const actor = createActor(provideRefundDecision(world), { input: APPROVE_PRIYA }).start();
  return { world, actor };
}

describe('refundDecision', () => {
  it('asks first; nothing is sent until the tutor confirms, and cancel sends nothing', () => {
    const { world, actor } = start();
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(world.decide.calls).toHaveLength(0);
  });

  it('confirm sends the decision once; done reloads the list', async () => {
    const { world, actor } = start();
    actor.send({ type: 'confirm' });
    actor.send({ type: 'confirm' });
    expect(world.decide.calls).toHaveLength(1);
    expect(world.decide.last().input).toEqual({ id: 'rfd_1', decision: 'approve' });
    world.decide.last().resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(world.reloads).toBe(1);
  });

  it("a 409 shows the server's message, reloads the list and offers no retry", async () => {
    const { world, actor } = start();
    actor.send({ type: 'confirm' });
    world.decide.last().reject(http(409, ALREADY));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe(ALREADY);
    expect(world.reloads).toBe(1);
    actor.send({ type: 'retry' });
    expect(world.decide.calls).toHaveLength(1);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('another failure can be sent again; without a message it reads the generic text', async () => {
    const { world, actor } = start();
    actor.send({ type: 'confirm' });
    world.decide.last().reject(http(502));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(dashboardTexts.tutor.refunds.decisionFailed);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(world.decide.calls).toHaveLength(2);
  });
});
