// A countdown of whole seconds (spec §9, D1): 3 on /pay/redirect, 5 on
// /tutor/aadhar-verification. It ticks with XState's own `after` delay, so tests drive it
// with a simulated clock. When it reaches zero it enters the final state `done` and runs the
// abstract `onDone` action, which the UI provides (usually a navigation).
//
// No pause or cancel: a screen that goes away stops its actor, which cancels the timer.
import { assign, setup } from 'xstate';
import { notProvided } from '../shared/abstract';

export interface CountdownInput {
  /** Whole seconds to count; values below 1 (or not finite) count 1 second. */
  seconds: number;
}

export interface CountdownContext {
  /** Seconds left, shown as 'Redirecting in N seconds...'; 0 once done. */
  remaining: number;
}

export const TICK_MS = 1000;

function startingSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    input: {} as CountdownInput,
  },
  actions: {
    tick: assign({ remaining: ({ context }) => context.remaining - 1 }),
    /** Abstract: what happens at zero (navigate, set a flag...). Runs exactly once. */
    onDone: () => notProvided('onDone'),
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'countdown',
  description: 'Counts whole seconds down to zero, then runs onDone once.',
  context: ({ input }) => ({ remaining: startingSeconds(input.seconds) }),
  initial: 'running',
  states: {
    running: {
      after: {
        [TICK_MS]: [
          { guard: 'isLastSecond', target: 'done', actions: 'tick' },
          { target: 'running', reenter: true, actions: 'tick' },
        ],
      },
    },
    done: {
      type: 'final',
      entry: 'onDone',
    },
  },
});
