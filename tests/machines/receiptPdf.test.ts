// Journeys of the receiptPdf machine (issue 5: 'Download PDF').
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { flush, http } from './loginFakes';
import { PDF, provideReceiptPdf, receiptPdfWorld } from './receiptPdf.model';

function start() {
  const world = receiptPdfWorld();
  const actor = createActor(provideReceiptPdf(world), { input: { orderId: 'ord_1' } }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('receiptPdf machine', () => {
  it('fetches the PDF of the order and saves it under its name', async () => {
    const { world, actor, snap } = start();
    expect(world.fetch.calls).toHaveLength(0);
    actor.send({ type: 'pdf.download' });
    expect(snap().hasTag('loading')).toBe(true);
    expect(world.fetch.last().input).toEqual({ orderId: 'ord_1' });
    world.fetch.last().resolve(PDF);
    await flush();
    expect(snap().value).toBe('idle');
    expect(world.saved).toEqual([PDF]);
  });

  it('a failure shows why; another tap tries again', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'pdf.download' });
    world.fetch.last().reject(http(500));
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().context.error).toBe(dashboardTexts.student.pdfFailed);
    actor.send({ type: 'pdf.download' });
    expect(snap().context.error).toBeNull();
    world.fetch.last().resolve(PDF);
    await flush();
    expect(world.saved).toHaveLength(1);
  });

  it('a 401 ends in unauthorized, nothing saved', async () => {
    const { world, actor, snap } = start();
    actor.send({ type: 'pdf.download' });
    world.fetch.last().reject(http(401));
    await flush();
    expect(snap().value).toBe('unauthorized');
    expect(world.saved).toEqual([]);
  });
});
