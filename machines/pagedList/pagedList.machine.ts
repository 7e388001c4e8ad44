// One page of a list the server pages (dashboards: payments, refunds, links, keys, sessions).
//
//   loading ──done──▶ shown ──page.goto / filter.change / list.reload──▶ loading
//      │                                   (the page on screen stays while the next loads)
//      └──error──▶ failed ──list.reload──▶ loading
//
// The list is abstract (`fetchPage`, the UI provides the API call); `filter` is whatever the
// list is narrowed by (a date range, a status), opaque here. A filter change goes back to
// page 1. A 401 ends the machine in `unauthorized`, so the page can send the user to login.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface Page<TItem> {
  items: TItem[];
  page: number;
  page_size: number;
  /** All items across pages. */
  count: number;
}

export interface PageRequest<TFilter> {
  page: number;
  filter: TFilter;
}

export interface PagedListContext<TItem, TFilter> {
  page: number;
  filter: TFilter;
  /** The page on screen (kept while the next one loads); null before the first answer. */
  data: Page<TItem> | null;
  /** Why the last load failed (tag `error`). */
  error: string | null;
}

export type PagedListEvent<TFilter> =
  | { type: 'page.goto'; page: number }
  | { type: 'filter.change'; filter: TFilter }
  | { type: 'list.reload' };

export interface PagedListInput<TFilter> {
  filter: TFilter;
  page?: number;
}

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** How many pages `data` spans (at least 1). */
export function pageCount(data: Page<unknown> | null): number {
  if (!data || data.count === 0) return 1;
  return Math.ceil(data.count / data.page_size);
}

/** A list machine for one item and filter type: `pagedListMachine<Item, Filter>()`. */
export function pagedListMachine<TItem, TFilter>() {
  return setup({
    types: {
      context: {} as PagedListContext<TItem, TFilter>,
      events: {} as PagedListEvent<TFilter>,
      input: {} as PagedListInput<TFilter>,
    },
    actors: {
      fetchPage: abstractPromise<Page<TItem>, PageRequest<TFilter>>('fetchPage'),
    },
    guards: {
      otherPage: ({ context }, { page }: { page: number }) =>
        Number.isInteger(page) &&
        page >= 1 &&
        page <= pageCount(context.data) &&
        page !== context.page,
      unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
    },
  }).createMachine({
    id: 'pagedList',
    description: 'One page of a server-paged list, with a filter, reloads and retries.',
    context: ({ input }) => ({
      page: input.page ?? 1,
      filter: input.filter,
      data: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        // Mid-load too: the call in flight is dropped and the new one starts.
        on: {
          'filter.change': {
            target: 'loading',
            reenter: true,
            actions: assign({ filter: ({ event }) => event.filter, page: 1 }),
          },
          'list.reload': { target: 'loading', reenter: true },
        },
        entry: assign({ error: null }),
        invoke: {
          // A fixed id: done/error events are `xstate.*.actor.fetchPage` (path models, tests).
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ page: context.page, filter: context.filter }),
          onDone: {
            target: 'shown',
            actions: assign({
              data: ({ event }) => event.output,
              page: ({ event }) => event.output.page,
            }),
          },
          onError: [
            { guard: 'unauthorized', target: 'unauthorized' },
            {
              target: 'failed',
              actions: assign({
                error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
              }),
            },
          ],
        },
      },
      shown: {
        on: {
          'filter.change': {
            target: 'loading',
            actions: assign({ filter: ({ event }) => event.filter, page: 1 }),
          },
          'list.reload': { target: 'loading' },
          'page.goto': {
            guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
            target: 'loading',
            actions: assign({ page: ({ event }) => event.page }),
          },
        },
      },
      failed: {
        tags: 'error',
        on: {
          'filter.change': {
            target: 'loading',
            actions: assign({ filter: ({ event }) => event.filter, page: 1 }),
          },
          'list.reload': { target: 'loading' },
        },
      },
      // Final: the page sends the user to login; nothing more is asked.
      unauthorized: { type: 'final' },
    },
  });
}

export type PagedListMachine<TItem, TFilter> = ReturnType<typeof pagedListMachine<TItem, TFilter>>;
export type PagedListActorRef<TItem, TFilter> = ActorRefFrom<PagedListMachine<TItem, TFilter>>;
export type PagedListSnapshot<TItem, TFilter> = SnapshotFrom<PagedListMachine<TItem, TFilter>>;
