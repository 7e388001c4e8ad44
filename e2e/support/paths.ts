// Walking generated paths in Chromium (issue 12): which of a machine's generated paths to walk,
// and what to call them. The paths come from tests/support/paths.ts's generator, limited by the
// spec to what the real server answers its fresh user.
import type { AnyStateMachine, EventObject } from 'xstate';
import type { PlainPath } from '../../tests/support/paths';

/** An event as the walker reads it: its type and the fields our fixtures use. */
export type Sent = EventObject & {
  value?: string;
  agreed?: boolean;
  field?: string;
  method?: string;
};

const valueOf = (state: unknown) => (state as { value?: unknown } | undefined)?.value;

const stepKey = (before: unknown, event: EventObject, after: unknown) =>
  JSON.stringify([before, event, after]);

/**
 * A bounded sample: the path adding most steps (state, event, state) no earlier one walked,
 * again and again, until none adds one or `most` are taken.
 */
export function samplePaths<M extends AnyStateMachine>(
  paths: PlainPath<M>[],
  most: number,
): PlainPath<M>[] {
  const walked = new Set<string>();
  const keys = (path: PlainPath<M>) =>
    path.steps.map((step, i) =>
      stepKey(valueOf(path.steps[i - 1]?.state), step.event, valueOf(step.state)),
    );
  const chosen: PlainPath<M>[] = [];
  while (chosen.length < most) {
    const best = paths
      .map((path) => ({ path, gain: keys(path).filter((k) => !walked.has(k)).length }))
      .sort((a, b) => b.gain - a.gain)[0];
    if (!best || best.gain === 0) break;
    chosen.push(best.path);
    for (const key of keys(best.path)) walked.add(key);
  }
  return chosen;
}

/** 'phone.change 98765 → phone.submit → requestOtp': the path's events with their values. */
export function pathTitle<M extends AnyStateMachine>(path: PlainPath<M>): string {
  return path.steps
    .slice(1)
    .map(({ event }) => {
      const { type, value, agreed, field, method } = event as Sent;
      const result = (event as { output?: { result?: string } }).output?.result;
      return [type.replace('xstate.done.actor.', ''), field, value ?? agreed ?? method ?? result]
        .filter((part) => part !== undefined)
        .join(' ');
    })
    .join(' → ');
}
