// Helpers for the payment machines' journeys: start a machine with fake actors and recording
// actions, and wait for what it does.
import { createActor, SimulatedClock, type AnyStateMachine, type InputFrom } from 'xstate';
import type { NavigateParams } from '../../machines/shared/navigation';
import { flush } from './fakes';

export interface Recorder {
  navigations: NavigateParams[];
  actions: { type: string; params: unknown }[];
}

/** Recording implementations for the named abstract actions. */
export function recording(names: string[]) {
  const recorder: Recorder = { navigations: [], actions: [] };
  const actions = Object.fromEntries(
    names.map((name) => [
      name,
      (_: unknown, params: unknown) => {
        if (name === 'navigate') recorder.navigations.push(params as NavigateParams);
        recorder.actions.push({ type: name, params });
      },
    ]),
  );
  return { recorder, actions };
}

export function start<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock } as never).start();
  return { actor, clock };
}

export { flush };
