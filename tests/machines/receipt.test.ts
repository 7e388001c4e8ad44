// Journeys of the receipt machine (issue 5: the printable receipt).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import { provideReceipt, RECEIPT, receiptWorld } from './receipt.model';

function start() {
  const world = receiptWorld();
  const actor = createActor(provideReceipt(world), { input: { orderId: 'ord_1' } }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('receipt machine', () => {
  it('loads the receipt of the order', async () => {
    const { world, snap } = start();
    expect(world.fetch.last().input).toEqual({ orderId: 'ord_1' });
    world.fetch.last().resolve(RECEIPT);
    await flush();
    expect(snap().value).toBe('shown');
    expect(snap().context.receipt).toEqual(RECEIPT);
  });

  it("404: not found; 409: the server's reason (not paid yet)", async () => {
    const a = start();
    a.world.fetch.last().reject(http(404, 'Order not found.'));
    await flush();
    expect(a.snap().value).toBe('missing');
    expect(a.snap().context.error).toBe(dashboardTexts.student.receipt.notFound);
    const b = start();
    b.world.fetch.last().reject(http(409, 'A receipt is available once the payment is complete.'));
    await flush();
    expect(b.snap().value).toBe('missing');
    expect(b.snap().context.error).toBe('A receipt is available once the payment is complete.');
  });

  it('offline: a retry', async () => {
    const { world, actor, snap } = start();
    world.fetch.last().reject(offline);
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toBe(messages.generic.network);
    actor.send({ type: 'receipt.retry' });
    expect(world.fetch.calls).toHaveLength(2);
    world.fetch.last().resolve(RECEIPT);
    await flush();
    expect(snap().value).toBe('shown');
  });

  it('a 401 ends in unauthorized', async () => {
    const { world, snap } = start();
    world.fetch.last().reject(http(401));
    await flush();
    expect(snap().value).toBe('unauthorized');
  });
});
