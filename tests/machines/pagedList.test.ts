// Journeys of the generic pagedList machine (the dashboards' lists).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pageCount } from '../../machines/pagedList/pagedList.machine';
import { messages } from '../../src/domain/messages';
import { flush, http, offline } from './loginFakes';
import {
  PAGE_1,
  PAGE_2,
  pagedListWorld,
  providePagedList,
  type RowFilter,
} from './pagedList.model';

function start(filter: RowFilter = null, page?: number) {
  const world = pagedListWorld();
  const actor = createActor(providePagedList(world), { input: { filter, page } }).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('pagedList machine', () => {
  it('pageCount: at least 1, rounding up', () => {
    expect(pageCount(null)).toBe(1);
    expect(pageCount({ items: [], page: 1, page_size: 20, count: 0 })).toBe(1);
    expect(pageCount(PAGE_1)).toBe(3);
    expect(pageCount({ items: [], page: 1, page_size: 20, count: 40 })).toBe(2);
  });

  it('loads the first page with the filter, then shows it', async () => {
    const { world, snap } = start('PAID');
    expect(snap().hasTag('loading')).toBe(true);
    expect(world.fetch.last().input).toEqual({ page: 1, filter: 'PAID' });
    world.fetch.last().resolve(PAGE_1);
    await flush();
    expect(snap().value).toBe('shown');
    expect(snap().context.data).toEqual(PAGE_1);
  });

  it('starts on the page it is given', () => {
    const { world } = start(null, 3);
    expect(world.fetch.last().input).toEqual({ page: 3, filter: null });
  });

  it('goes to another page, keeping the shown page while the next loads', async () => {
    const { world, actor, snap } = start();
    world.fetch.last().resolve(PAGE_1);
    await flush();
    actor.send({ type: 'page.goto', page: 2 });
    expect(snap().value).toBe('loading');
    expect(snap().context.data).toEqual(PAGE_1);
    expect(world.fetch.last().input).toEqual({ page: 2, filter: null });
    world.fetch.last().resolve(PAGE_2);
    await flush();
    expect(snap().context).toMatchObject({ page: 2, data: PAGE_2 });
  });

  it('ignores a page that is the current one, out of range or not a whole number', async () => {
    const { world, actor, snap } = start();
    world.fetch.last().resolve(PAGE_1);
    await flush();
    for (const page of [1, 0, 4, 1.5, Number.NaN]) {
      actor.send({ type: 'page.goto', page });
      expect(snap().value).toBe('shown');
    }
    expect(world.fetch.calls).toHaveLength(1);
    actor.send({ type: 'page.goto', page: 3 });
    expect(snap().value).toBe('loading');
  });

  it('a filter change goes back to page 1, even mid-load (the older answer is dropped)', async () => {
    const { world, actor, snap } = start();
    world.fetch.last().resolve(PAGE_1);
    await flush();
    actor.send({ type: 'page.goto', page: 2 });
    const stale = world.fetch.last();
    actor.send({ type: 'filter.change', filter: 'EXPIRED' });
    expect(world.fetch.last().input).toEqual({ page: 1, filter: 'EXPIRED' });
    stale.resolve(PAGE_2);
    await flush();
    expect(snap().value).toBe('loading');
    world.fetch.last().resolve(PAGE_1);
    await flush();
    expect(snap().context).toMatchObject({ page: 1, filter: 'EXPIRED', data: PAGE_1 });
  });

  it('a failure shows the reason; reload tries the same page again', async () => {
    const { world, actor, snap } = start();
    world.fetch.last().reject(offline);
    await flush();
    expect(snap().value).toBe('failed');
    expect(snap().hasTag('error')).toBe(true);
    expect(snap().context.error).toBe(messages.generic.network);
    actor.send({ type: 'list.reload' });
    expect(snap().context.error).toBeNull();
    expect(world.fetch.calls).toHaveLength(2);
    world.fetch.last().resolve(PAGE_1);
    await flush();
    expect(snap().value).toBe('shown');
  });

  it("shows the server's message when it sent one, else the generic text", async () => {
    const { world, actor, snap } = start();
    world.fetch.last().reject(http(400, 'The date range is invalid.'));
    await flush();
    expect(snap().context.error).toBe('The date range is invalid.');
    actor.send({ type: 'list.reload' });
    world.fetch.last().reject(http(500));
    await flush();
    expect(snap().context.error).toBe(messages.generic.somethingWrong);
  });

  it('a 401 ends the machine in unauthorized (the page sends the user to login)', async () => {
    const { world, snap } = start();
    world.fetch.last().reject(http(401));
    await flush();
    expect(snap().value).toBe('unauthorized');
    expect(snap().status).toBe('done');
  });
});
