// The active flow (spec §4): which way the student came in, kept so that login can send
// them back to it. The UI sends a `location.change` for every navigation; the machine
// decides what is recorded and asks the UI to persist it (`persistFlow`).
//
// - A path containing pay-tuition-fees, payment-link or static-link enters that flow and is
//   recorded with its URL (pathname) and query (search).
// - The screens a flow passes through (login, sign-up, /pay/*, /payment-successful) keep the
//   flow: otherwise the login screen itself would erase where the student came from.
// - Any other path records defaultFlow (spec: "anything else gives defaultFlow").
// - D15: a path that is not same-origin (e.g. '//evil.com') is never recorded.
import { setup } from 'xstate';
import { flowFromPath, isSameOriginPath, type ActiveFlow } from '../../src/domain/activeFlow';
import { notProvided } from '../shared/abstract';

export interface LocationChangeEvent {
  type: 'location.change';
  /** location.pathname */
  pathname: string;
  /** location.search: '' or '?…' */
  search: string;
}

export type ActiveFlowEvent = LocationChangeEvent;

/** What `persistFlow` receives: the spec's activeFlow, activeFlowUrl and activeFlowQuery. */
export interface ActiveFlowRecord {
  flow: ActiveFlow;
  url: string;
  query: string;
}

/** Screens inside a flow: visiting them keeps the recorded flow. */
const FLOW_STEPS = ['/student/login', '/student/signup', '/pay', '/payment-successful'];

export function isFlowStep(pathname: string): boolean {
  return FLOW_STEPS.some((step) => pathname === step || pathname.startsWith(`${step}/`));
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** D15: only a same-origin path with an ordinary query string is ever recorded. */
export function isRecordable({ pathname, search }: { pathname: string; search: string }): boolean {
  const queryOk = (search === '' || search.startsWith('?')) && !CONTROL.test(search);
  return isSameOriginPath(pathname) && queryOk;
}

const record = {
  type: 'persistFlow',
  params: ({ event }: { event: LocationChangeEvent }): ActiveFlowRecord => ({
    flow: flowFromPath(event.pathname),
    url: event.pathname,
    query: event.search,
  }),
} as const;

const enters = (flow: ActiveFlow) => ({ type: 'entersFlow', params: { flow } }) as const;

export const activeFlowMachine = setup({
  types: {
    events: {} as ActiveFlowEvent,
  },
  actions: {
    /** Abstract: the UI writes the record to storage. */
    persistFlow: (_: unknown, _record: ActiveFlowRecord) => notProvided('persistFlow'),
  },
  guards: {
    isForeign: ({ event }) => !isRecordable(event),
    isFlowStep: ({ event }) => isFlowStep(event.pathname),
    entersFlow: ({ event }, params: { flow: ActiveFlow }) =>
      flowFromPath(event.pathname) === params.flow,
  },
}).createMachine({
  id: 'activeFlow',
  description: 'Records the flow the student is in from the paths they visit (spec §4, D15).',
  initial: 'idle',
  on: {
    'location.change': [
      { guard: 'isForeign', description: 'D15: never recorded' },
      { guard: 'isFlowStep', description: 'A step of the current flow: keep it' },
      { guard: enters('payTuitionFeesFlow'), target: '.payTuitionFeesFlow', actions: record },
      { guard: enters('DynamicLinkFlow'), target: '.DynamicLinkFlow', actions: record },
      { guard: enters('StaticLinkFlow'), target: '.StaticLinkFlow', actions: record },
      { target: '.defaultFlow', actions: record },
    ],
  },
  states: {
    /** Nothing recorded in this page's life yet; storage may hold an earlier record. */
    idle: {},
    payTuitionFeesFlow: {},
    DynamicLinkFlow: {},
    StaticLinkFlow: {},
    defaultFlow: {},
  },
});
