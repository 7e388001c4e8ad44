import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import {
  FILE,
  JANUARY,
  TOO_LONG,
  paymentsExportWorld,
  providePaymentsExport,
} from './paymentsExport.model';

function start() {
  const world = paymentsExportWorld();
  const actor = createActor(providePaymentsExport(world)).start();
  return { world, actor };
}

describe('paymentsExport', () => {
  it('exports a complete range and saves the file under the name it came with', async () => {
    const { world, actor } = start();
    actor.send({ type: 'export', range: JANUARY });
    expect(actor.getSnapshot().value).toBe('exporting');
    expect(world.exportFile.last().input).toEqual(JANUARY);
    world.exportFile.last().resolve(FILE);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(world.saved).toEqual([FILE]);
    expect(actor.getSnapshot().context.fileName).toBe(FILE.fileName);
  });

  it('asks nothing for a range without both days, or with the end before the start', () => {
    const { world, actor } = start();
    actor.send({ type: 'export', range: { from: '', to: '2025-01-31' } });
    actor.send({ type: 'export', range: { from: '2025-02-01', to: '2025-01-31' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(world.exportFile.calls).toHaveLength(0);
  });

  it("shows the server's refusal, or the offline text, and can export again", async () => {
    const { world, actor } = start();
    actor.send({ type: 'export', range: JANUARY });
    world.exportFile.last().reject(http(400, TOO_LONG));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(TOO_LONG);
    actor.send({ type: 'export', range: JANUARY });
    expect(actor.getSnapshot().context.error).toBeNull();
    world.exportFile.last().reject(offline);
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.generic.network);
    expect(world.saved).toEqual([]);
  });

  it('a 401 ends the machine, so the page can log out', async () => {
    const { world, actor } = start();
    actor.send({ type: 'export', range: JANUARY });
    world.exportFile.last().reject(http(401));
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('unauthorized');
  });
});
