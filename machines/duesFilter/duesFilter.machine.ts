// What the Dues table shows (issue 48, D239): a search by name, phone or plan, a status and a
// batch; the rows and their totals follow (src/domain/duesLedger.ts pickDues, duesTotals).
//
//   filtering ──filter.search / filter.status / filter.batch──▶ filtering (the query changes)
//             ──filter.clear──▶ filtering (every due)
//
// No effects: the month's dues are the list's; this machine only says which of them show.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ANY_DUE, type DueFilter, type DueQuery } from '../../src/domain/duesLedger';

/** The longest search kept (a name and a plan). */
export const SEARCH_MAX = 60;

export type DuesFilterEvent =
  | { type: 'filter.search'; value: string }
  | { type: 'filter.status'; status: DueFilter }
  | { type: 'filter.batch'; batch: string | null }
  | { type: 'filter.clear' };

/** Whether anything narrows the table (the view offers 'Show all' then). */
export const isFiltered = (query: DueQuery) =>
  query.search.trim() !== '' || query.status !== 'all' || query.batch !== null;

export const duesFilterMachine = setup({
  types: { context: {} as DueQuery, events: {} as DuesFilterEvent },
}).createMachine({
  id: 'duesFilter',
  description: 'Which of the month’s dues the table shows: a search, a status, a batch (D239).',
  context: ANY_DUE,
  initial: 'filtering',
  states: {
    filtering: {
      on: {
        'filter.search': {
          actions: assign({ search: ({ event }) => event.value.slice(0, SEARCH_MAX) }),
        },
        'filter.status': { actions: assign({ status: ({ event }) => event.status }) },
        'filter.batch': { actions: assign({ batch: ({ event }) => event.batch }) },
        'filter.clear': { actions: assign(ANY_DUE) },
      },
    },
  },
});

export type DuesFilterActorRef = ActorRefFrom<typeof duesFilterMachine>;
export type DuesFilterSnapshot = SnapshotFrom<typeof duesFilterMachine>;
