// Journeys of the refundRequest machine (issue 5: a refund within the window, D5).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { REFUND_REASON_MAX_LENGTH } from '../../src/domain/constants';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import {
  LATE,
  provideRefundRequest,
  REFUND_INPUT,
  refundRequestWorld,
} from './refundRequest.model';

function start() {
  const world = refundRequestWorld();
  const actor = createActor(provideRefundRequest(world), { input: REFUND_INPUT }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('refundRequest machine', () => {
  it('needs a reason; sends it trimmed; sent is final', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'refund.submit' });
    expect(snap().value).toBe('editing');
    actor.send({ type: 'reason.change', value: '  Class cancelled  ' });
    actor.send({ type: 'refund.submit' });
    expect(snap().value).toBe('sending');
    expect(world.send.last().input).toEqual({ orderId: 'ord_1', reason: 'Class cancelled' });
    world.send.last().resolve();
    await flush();
    expect(snap().value).toBe('sent');
    expect(snap().status).toBe('done');
  });

  it('keeps at most REFUND_REASON_MAX_LENGTH characters', () => {
    const { actor, snap } = start();
    actor.send({ type: 'reason.change', value: 'x'.repeat(REFUND_REASON_MAX_LENGTH + 10) });
    expect(snap().context.reason).toHaveLength(REFUND_REASON_MAX_LENGTH);
  });

  it("shows the server's refusal (400 window passed, 409 already requested); Back edits again", async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'reason.change', value: 'Class cancelled' });
    actor.send({ type: 'refund.submit' });
    world.send.last().reject(http(400, LATE));
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toBe(LATE);
    actor.send({ type: 'refund.edit' });
    actor.send({ type: 'refund.submit' });
    world.send.last().reject(http(409, 'A refund was already requested for this payment.'));
    await flush();
    expect(snap().context.error).toBe('A refund was already requested for this payment.');
  });

  it('offline or a 5xx: the generic texts', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'reason.change', value: 'Class cancelled' });
    actor.send({ type: 'refund.submit' });
    world.send.last().reject(offline);
    await flush();
    expect(snap().context.error).toBe(messages.generic.network);
    actor.send({ type: 'refund.edit' });
    actor.send({ type: 'refund.submit' });
    world.send.last().reject(http(500, 'boom'));
    await flush();
    expect(snap().context.error).toBe(dashboardTexts.student.refund.failed);
  });

  it('a 401 ends in unauthorized', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'reason.change', value: 'Class cancelled' });
    actor.send({ type: 'refund.submit' });
    world.send.last().reject(http(401));
    await flush();
    expect(snap().value).toBe('unauthorized');
  });
});
