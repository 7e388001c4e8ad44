// A GST profile form (issue 50, D267): the tutor's (registered or not, GSTIN, address, whether
// fees include GST) on the GST tab, and a payer's address and state for tax invoices on the
// student's dashboard: one machine, the two forms showing the fields each needs.
//
//   loading ──done──▶ ready ──profile.change──▶ ready (the draft; 'Saved.' cleared)
//      └─error──▶ loadFailed ──profile.retry──▶ loading
//   ready ──profile.save (changed, no problem)──▶ saving ──done──▶ ready ('Saved.')
//                                                   └─error──▶ failed (the server's sentence)
//   failed ──profile.change──▶ ready; ──profile.save──▶ saving
//   loading, saving ──401──▶ unauthorized (final: the page sends the user to login)
//
// The draft's problem (a GSTIN with a wrong check character, a missing address) is the same
// rule the server applies (src/domain/taxProfile.ts), shown before saving. Both calls are
// abstract (`fetchProfile`, `saveProfile`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import { checkTaxProfile } from '../../src/domain/taxProfile';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export interface TaxProfileDraft {
  registered: boolean;
  gstin: string;
  legalName: string;
  address: string;
  stateCode: string;
  feeIncludesGst: boolean;
}

export type TaxProfileWho = 'teacher' | 'student';

export interface TaxProfileContext {
  who: TaxProfileWho;
  saved: TaxProfileDraft | null;
  draft: TaxProfileDraft | null;
  justSaved: boolean;
  error: string | null;
}

export type TaxProfileEvent =
  | ({ type: 'profile.change' } & Partial<TaxProfileDraft>)
  | { type: 'profile.save' }
  | { type: 'profile.retry' };

const FIELDS = [
  'registered',
  'gstin',
  'legalName',
  'address',
  'stateCode',
  'feeIncludesGst',
] as const;

/** The draft differs from what the server has. */
export const profileChanged = (context: TaxProfileContext): boolean =>
  context.draft !== null &&
  FIELDS.some((field) => context.draft![field] !== context.saved?.[field]);

/** What is wrong with the draft, as the server would say it; null when it can be saved. */
export function draftProblem(context: Pick<TaxProfileContext, 'who' | 'draft'>): string | null {
  if (!context.draft) return null;
  // A registered tutor's state is the GSTIN's: the form has no state field for them.
  const { registered, stateCode } = context.draft;
  const checked = checkTaxProfile(
    { ...context.draft, stateCode: registered ? null : stateCode },
    context.who,
  );
  return checked.ok ? null : checked.message;
}

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const taxProfileMachine = setup({
  types: {
    context: {} as TaxProfileContext,
    events: {} as TaxProfileEvent,
    input: {} as { who: TaxProfileWho },
  },
  actors: {
    fetchProfile: abstractPromise<TaxProfileDraft>('fetchProfile'),
    saveProfile: abstractPromise<TaxProfileDraft, TaxProfileDraft>('saveProfile'),
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'profile.change' || !context.draft) return {};
      const { type: _type, ...change } = event;
      return { draft: { ...context.draft, ...change }, justSaved: false, error: null };
    }),
    fail: assign({
      error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
    }),
  },
  guards: {
    savable: ({ context }) => profileChanged(context) && draftProblem(context) === null,
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'taxProfile',
  description: "A GST profile: the tutor's registration, or a payer's address for invoices.",
  context: ({ input }) => ({
    who: input.who,
    saved: null,
    draft: null,
    justSaved: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'ready',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          { target: 'loadFailed', actions: 'fail' },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'profile.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'profile.change': { actions: 'change' },
        'profile.save': { guard: 'savable', target: 'saving' },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'ready',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
            justSaved: true,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'profile.change': { target: 'ready', actions: 'change' },
        'profile.save': { guard: 'savable', target: 'saving', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type TaxProfileActorRef = ActorRefFrom<typeof taxProfileMachine>;
export type TaxProfileSnapshot = SnapshotFrom<typeof taxProfileMachine>;
