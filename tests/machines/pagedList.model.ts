// Path model of the generic pagedList machine (dashboards' lists), shared by its vitest suite
// and scripts/path-coverage.ts. The list is one of 45 items, 20 a page (3 pages); the fake
// server answers page 1 or page 2; the filter is a status or null.
import assert from 'node:assert/strict';
import {
  pagedListMachine,
  type Page,
  type PageRequest,
} from '../../machines/pagedList/pagedList.machine';
import { messages } from '../../src/domain/messages';
import type { EventFixtures, PathModel } from '../support/paths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export interface Row {
  id: number;
}
export type RowFilter = string | null;

export const rowsMachine = pagedListMachine<Row, RowFilter>();

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }));

export const PAGE_1: Page<Row> = { items: rows(1, 20), page: 1, page_size: 20, count: 45 };
export const PAGE_2: Page<Row> = { items: rows(21, 20), page: 2, page_size: 20, count: 45 };

export interface PagedListWorld {
  fetch: FakeCall<Page<Row>, PageRequest<RowFilter>>;
}

export const pagedListWorld = (): PagedListWorld => ({ fetch: fakeCall() });

export const providePagedList = (w: PagedListWorld) =>
  rowsMachine.provide({ actors: { fetchPage: w.fetch.logic } });

export const pagedListEvents = {
  'page.goto': [{ type: 'page.goto', page: 2 }],
  'filter.change': [{ type: 'filter.change', filter: 'PAID' }],
  'list.reload': [{ type: 'list.reload' }],
} satisfies EventFixtures<typeof rowsMachine, PagedListWorld>;

export const pagedListPathModel: PathModel<typeof rowsMachine, PagedListWorld> = {
  name: 'pagedList',
  machine: rowsMachine,
  inputs: [{ filter: null }],
  world: pagedListWorld,
  provide: providePagedList,
  events: pagedListEvents,
  internal: {
    'xstate.done.actor.fetchPage': doneFixture(
      'fetchPage',
      [PAGE_1, PAGE_2],
      (w: PagedListWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchPage': errorFixture(
      'fetchPage',
      [http(401), offline],
      (w: PagedListWorld) => w.fetch,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.context.error, null);
      // The call in flight asks for the page and filter in context.
      assert.deepEqual(world.fetch.last().input, {
        page: snapshot.context.page,
        filter: snapshot.context.filter,
      });
    },
    shown: ({ context }) => {
      assert.ok(context.data);
      assert.equal(context.page, context.data.page);
      assert.equal(context.error, null);
    },
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.error, messages.generic.network);
      assert.ok(snapshot.can({ type: 'list.reload' }));
    },
    unauthorized: ({ status }) => {
      assert.equal(status, 'done');
    },
  },
};
