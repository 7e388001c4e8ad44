// Model-based path tests for our machines (vitest runs them through paths.vitest.ts; `npm run
// test:paths` runs that and prints the coverage table).
//
// A PathModel names a machine, its event fixtures (one or more concrete events per event
// type, typed so that a new event without a fixture does not compile), a fresh "world" of
// fakes per path, how the machine's abstract effects are made real against that world, and
// an assertion per state. From it the harness:
//   1. builds the state graph with xstate/graph (`new TestModel`, which accepts machines with
//      `after` and `invoke`); `after` delays become events of their own;
//   2. generates paths: the shortest path to every state, extended by every transition out of
//      it (so every reachable edge is walked at least once); paths that are a prefix of a
//      longer one are dropped;
//   3. runs each path against the real actor (createActor + a SimulatedClock): user events are
//      sent, delayed events are reached by moving the clock to the moment the timer is due;
//      after each step the actor's value and context must equal the model's, and the state's
//      assertion runs;
//   4. measures coverage from what the real actor did (inspection microsteps): state nodes
//      entered / all state nodes, transitions taken / all transitions of the machine.
// At the UI layer (uiPaths.tsx) the same paths run again with the machine's view rendered on
// the actor: user events become gestures on the screen, and each state's `ui.screens`
// assertion checks what the user sees.
import type { ReactElement } from 'react';
import type { UserEvent } from '@testing-library/user-event';
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';
import {
  TestModel,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  serializeSnapshot,
  type AnyStateNode,
  type PathGenerator,
  type StatePath,
  type TestParam,
  type TraversalOptions,
} from 'xstate/graph';

// ---------------------------------------------------------------- types

type EventOf<M extends AnyStateMachine> = EventFromLogic<M>;
type EventOfType<M extends AnyStateMachine, T> = Extract<EventOf<M>, { type: T }>;
type NonEmpty<T> = readonly [T, ...T[]];

/** What an executor or an assertion can reach during one path run. */
export interface PathRun<W> {
  actor: AnyActorRef;
  world: W;
  clock: SimulatedClock;
}

/**
 * The concrete events of one type: a list of cases, each sent to the actor; or cases with a
 * custom `exec` (e.g. a UI gesture, or resolving a fake actor for `xstate.done.actor.*`).
 */
export type EventFixture<E, W> =
  NonEmpty<E> | { cases: NonEmpty<E>; exec: (run: PathRun<W>, event: E) => void | Promise<void> };

/** One fixture per event type of the machine; use with `satisfies` so none can be missing. */
export type EventFixtures<M extends AnyStateMachine, W = unknown> = {
  [T in EventOf<M>['type']]: EventFixture<EventOfType<M, T>, W>;
};

export type StateAssertion<M extends AnyStateMachine, W> = (
  snapshot: SnapshotFrom<M>,
  run: PathRun<W>,
) => void | Promise<void>;

/**
 * Assertions keyed by state ('running', 'form.editing', or '#id'). Every top-level state of a
 * flat machine is required by the type; nested states are checked at run time (a reached
 * state without an assertion fails its path).
 */
export type StateAssertions<M extends AnyStateMachine, W> = Record<
  Extract<StateValueFrom<M>, string>,
  StateAssertion<M, W>
> &
  Partial<Record<string, StateAssertion<M, W>>>;

export interface PathModel<M extends AnyStateMachine, W> {
  name: string;
  /** The machine as written (abstract effects); the graph is built from it. */
  machine: M;
  /**
   * Each input starts its own paths (a login from scratch, and one restored after a reload);
   * coverage is their union. None: the machine takes no input.
   */
  inputs?: readonly InputFrom<M>[];
  /** A fresh world of fakes for each path. */
  world: () => W;
  /** The machine with its effects made real against the world (`machine.provide(...)`). */
  provide: (world: W) => M;
  events: EventFixtures<M, W>;
  /** Events the machine receives from its own actors (done/error of invoked actors). */
  internal?: Record<string, EventFixture<EventObject, W>>;
  /**
   * Which events can happen in a state, where the machine alone cannot tell (a tutor's profile
   * answers only a tutor's login). Absent: every event some transition handles.
   */
  possible?: (snapshot: SnapshotFrom<M>, event: EventObject) => boolean;
  states: StateAssertions<M, W>;
  /**
   * The machine's view, for the UI layer. null: the machine has no view of its own (it only
   * tracks or decides); absent: not yet walked through its view.
   */
  ui?: UiLayer<M, W> | null;
}

/** What a gesture or a screen assertion can reach at the UI layer. */
export interface UiRun<W> extends PathRun<W> {
  user: UserEvent;
}

export interface UiLayer<M extends AnyStateMachine, W> {
  /** The view that renders the running actor (the component the page renders it with). */
  view: (run: PathRun<W>) => ReactElement;
  /**
   * Holds until the view drives the actor (a page whose machine arrives in a lazy chunk shows
   * its first state before it); the first gesture waits for it.
   */
  ready?: (run: PathRun<W>) => void;
  /** What the user does to send each user event: typing, clicking by role, label or text. */
  gestures: {
    [T in EventOf<M>['type']]: (event: EventOfType<M, T>, ui: UiRun<W>) => Promise<Gesture>;
  };
  /** What the user sees in each state (keys as in `states`; retried until the screen settles). */
  screens: Record<keyof StateAssertions<M, W>, StateAssertion<M, W> | null> &
    Partial<Record<string, StateAssertion<M, W> | null>>;
}

/**
 * 'blocked': the screen does not offer the gesture in this state (the field is read-only, the
 * button disabled or not there). The path fails: the machine takes the event in this state (or
 * the path would not offer it), so the view and the machine disagree about what the user can do.
 */
export type Gesture = void | 'blocked';

/** Drives one path's actor through a screen (uiPaths.tsx); absent at the machine layer. */
export interface ScreenDriver {
  mount(run: PathRun<unknown>): Promise<void>;
  /** Sends a user event by a gesture. */
  gesture(event: EventObject, run: PathRun<unknown>): Promise<Gesture>;
  /** Runs an effect (a fake server answering, time passing) as React sees it. */
  effect(effect: () => void | Promise<void>): Promise<void>;
  screen(
    key: string,
    snapshot: SnapshotFrom<AnyStateMachine>,
    run: PathRun<unknown>,
  ): Promise<void>;
  unmount(): void;
}

export interface CoverageCount {
  covered: number;
  total: number;
  missing: string[];
}

export interface PathReport {
  name: string;
  /** The machine layer's report says whether the machine has a view and is walked through it. */
  view?: 'walked' | 'none' | 'not yet';
  paths: number;
  failures: { path: string; error: Error }[];
  states: CoverageCount;
  transitions: CoverageCount;
}

/** A model with its types erased, so models of different machines fit in one list. */
export interface PathSuite {
  name: string;
  /** The generated paths, each runnable on its own, on the machine or through a screen. */
  paths(): {
    description: string;
    run(coverage: CoverageCollector, screen?: ScreenDriver): Promise<void>;
  }[];
}

// ---------------------------------------------------------------- machine structure

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

type TransitionDef = AnyStateNode['always'] extends (infer T)[] | undefined ? T : never;

/** A stable name for a transition: source node, event descriptor, position among candidates. */
function transitionKey(t: TransitionDef): string {
  const source = t.source;
  const list =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const targets = t.target?.map((n) => `#${n.id}`).join(',') ?? '(none)';
  return `#${source.id} ${t.eventType || '(always)'}[${list.indexOf(t)}] -> ${targets}`;
}

function machineStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((n) => n.type !== 'history')
    .map((n) => `#${n.id}`);
}

function machineTransitions(machine: AnyStateMachine): string[] {
  return allNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

function delayedEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(allNodes(machine).flatMap((n) => n.after.map((t) => t.eventType)))];
}

/** Collects what real actors did across paths. */
export class CoverageCollector {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}

  count(): Pick<PathReport, 'states' | 'transitions'> {
    const tally = (all: string[], seen: Set<string>): CoverageCount => ({
      covered: all.filter((k) => seen.has(k)).length,
      total: all.length,
      missing: all.filter((k) => !seen.has(k)),
    });
    return {
      states: tally(machineStates(this.machine), this.states),
      transitions: tally(machineTransitions(this.machine), this.transitions),
    };
  }
}

// ---------------------------------------------------------------- path generation

const serializeState = (snapshot: SnapshotFrom<AnyStateMachine>) => serializeSnapshot(snapshot);

/**
 * Shortest path to every state, plus each of those extended by every transition out of it; then,
 * of the paths that end on the same step (the same state node, event, transitions taken and
 * state node reached), only the shortest. States differing only in context (a countdown at 2 s
 * or 1 s) are explored but not each walked again: every transition of the machine, with every
 * event case, still ends some path, at about a tenth of the paths.
 */
const edgeCoverPaths: PathGenerator<SnapshotFrom<AnyStateMachine>, EventObject, unknown> = (
  logic,
  options,
) => {
  const shortest = getShortestPaths(logic, options);
  const adjacency = getAdjacencyMap(logic, options);
  const paths: StatePath<SnapshotFrom<AnyStateMachine>, EventObject>[] = [];
  for (const path of shortest) {
    paths.push(path);
    const out = adjacency[serializeState(path.state)]?.transitions ?? {};
    for (const { event, state } of Object.values(out)) {
      paths.push({
        state,
        steps: [...path.steps, { state, event }],
        weight: path.weight + 1,
      });
    }
  }
  const machine = logic as AnyStateMachine;
  const lastStep = (path: (typeof paths)[number]) => {
    const step = path.steps.at(-1);
    const before = path.steps.at(-2)?.state;
    if (!step || !before) return 'start';
    const taken = machine.getTransitionData(before, step.event).map(transitionKey);
    return JSON.stringify([before.value, step.event, taken, step.state.value, step.state.status]);
  };
  const byLastStep = new Map<string, (typeof paths)[number]>();
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const key = lastStep(path);
    if (!byLastStep.has(key)) byLastStep.set(key, path);
  }
  return [...byLastStep.values()];
};

function fixtureCases(fixture: EventFixture<EventObject, unknown>): readonly EventObject[] {
  return 'cases' in fixture ? fixture.cases : fixture;
}

function buildTestModel<M extends AnyStateMachine, W>(
  model: PathModel<M, W>,
  input: InputFrom<M> | undefined,
) {
  const fixtures = {
    ...model.internal,
    ...(model.events as Record<string, EventFixture<EventObject, W>>),
  };
  const events: EventObject[] = [
    ...Object.values(fixtures).flatMap((f) =>
      fixtureCases(f as EventFixture<EventObject, unknown>),
    ),
    ...delayedEventTypes(model.machine).map((type) => ({ type })),
  ];
  const machine: AnyStateMachine = model.machine;
  const options: Partial<TraversalOptions<SnapshotFrom<AnyStateMachine>, EventObject, unknown>> & {
    stateMatcher: (snapshot: SnapshotFrom<AnyStateMachine>, key: string) => boolean;
  } = {
    input,
    events,
    // Offer an event only where some transition (even one that does nothing) handles it.
    filterEvents: (snapshot, event) =>
      machine.getTransitionData(snapshot, event).length > 0 &&
      (model.possible?.(snapshot as SnapshotFrom<M>, event) ?? true),
    serializeState,
    stateMatcher: (snapshot, key) =>
      key.startsWith('#')
        ? snapshot._nodes.some((n: AnyStateNode) => n.id === key.slice(1))
        : snapshot.matches(key),
  };
  return { testModel: new TestModel(machine, options), fixtures };
}

// ---------------------------------------------------------------- running

/** SimulatedClock that remembers when each timer is due, to jump straight to it. */
class PathClock extends SimulatedClock {
  private readonly due = new Map<number, { at: number; ms: number }>();

  override setTimeout(fn: (...args: unknown[]) => void, ms: number): number {
    const id: number = super.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, ms);
    this.due.set(id, { at: this.now() + ms, ms });
    return id;
  }

  override clearTimeout(id: number): void {
    this.due.delete(id);
    super.clearTimeout(id);
  }

  /** Moves time to the earliest pending timer of `ms` milliseconds. */
  fireNext(ms: number): boolean {
    const at = Math.min(...[...this.due.values()].filter((t) => t.ms === ms).map((t) => t.at));
    if (!Number.isFinite(at)) return false;
    this.set(at);
    return true;
  }
}

function describeSnapshot(snapshot: SnapshotFrom<AnyStateMachine>): string {
  return serializeSnapshot(snapshot);
}

export function createPathSuite<M extends AnyStateMachine, W>(model: PathModel<M, W>): PathSuite {
  const starts = (model.inputs ?? [undefined]).map((input) => ({
    input,
    ...buildTestModel(model, input),
  }));
  const fixtures = starts[0]!.fixtures;
  const delayed = new Set(delayedEventTypes(model.machine));

  type Path = ReturnType<(typeof starts)[number]['testModel']['getPaths']>[number];
  async function runPath(
    path: Path,
    input: InputFrom<M> | undefined,
    coverage: CoverageCollector,
    screen?: ScreenDriver,
  ): Promise<void> {
    const world = model.world();
    const clock = new PathClock();
    const logic: AnyStateMachine = model.provide(world);
    const actor: AnyActorRef = createActor(logic, {
      input,
      clock,
      inspect: (ev) => {
        // Only the machine under test, not the actors it spawns.
        if (ev.actorRef.sessionId !== ev.rootId) return;
        if (ev.type === '@xstate.microstep') {
          for (const t of ev._transitions) {
            coverage.transitions.add(transitionKey(t));
            // A transient state (left at once by `always`) is in no snapshot: its transition
            // out shows it was entered.
            coverage.states.add(`#${t.source.id}`);
          }
        }
        if (ev.type === '@xstate.microstep' || ev.type === '@xstate.snapshot') {
          const snapshot = ev.snapshot as SnapshotFrom<AnyStateMachine>;
          for (const n of snapshot._nodes ?? []) coverage.states.add(`#${n.id}`);
        }
      },
    });
    const run: PathRun<W> = { actor, world, clock };

    const effect = (fn: () => void | Promise<void>) => (screen ? screen.effect(fn) : fn());
    const exec = async (event: EventObject) => {
      if (event.type === 'xstate.init') return;
      if (delayed.has(event.type)) {
        const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
          (s) => s.event.type === event.type,
        );
        if (!scheduled) {
          throw new Error(`The delayed event ${event.type} was never scheduled by the actor.`);
        }
        await effect(() => void clock.fireNext(scheduled.delay));
        return;
      }
      const fixture = fixtures[event.type];
      if (fixture && 'exec' in fixture) await effect(() => fixture.exec(run, event));
      else if (screen && event.type in model.events) {
        // A transition is covered only by a gesture the screen took: the machine would take
        // this event here, so a screen that refuses it (a disabled or read-only control) is a
        // view and a machine that disagree.
        if ((await screen.gesture(event, run)) === 'blocked') {
          throw new Error(
            `The screen refused the gesture for ${JSON.stringify(event)} (a disabled, read-only or missing control), though the machine takes it in this state.`,
          );
        }
      } else await effect(() => void actor.send(event));
    };

    const check = async (expected: SnapshotFrom<AnyStateMachine>, key: string) => {
      const actual = actor.getSnapshot() as SnapshotFrom<AnyStateMachine>;
      if (actual.status === 'error') throw actual.error;
      // Through a screen, only the state must match: gestures send what the view sends (a field
      // left is a blur), which the model's single events do not.
      const same = screen
        ? JSON.stringify([actual.value, actual.status]) ===
          JSON.stringify([expected.value, expected.status])
        : describeSnapshot(actual) === describeSnapshot(expected);
      if (!same) {
        throw new Error(
          `The actor is in ${describeSnapshot(actual)}, the model expected ${describeSnapshot(expected)}.`,
        );
      }
      const assertion = model.states[key as keyof StateAssertions<M, W>];
      await assertion?.(actual as SnapshotFrom<M>, run);
      await screen?.screen(key, actual, run);
    };

    const eventTypes = [...Object.keys(fixtures), ...delayed, 'xstate.init'];
    const params: TestParam<SnapshotFrom<AnyStateMachine>, EventObject> = {
      events: Object.fromEntries(eventTypes.map((type) => [type, (step) => exec(step.event)])),
      states: {
        ...Object.fromEntries(
          Object.keys(model.states).map((key) => [key, (state) => check(state, key)]),
        ),
        '*': (state) => {
          throw new Error(`No assertion for state ${describeSnapshot(state)} in ${model.name}.`);
        },
      },
    };

    await effect(() => void actor.start());
    try {
      await screen?.mount(run);
      await path.test(params);
    } finally {
      screen?.unmount();
      actor.stop();
    }
  }

  const generate = () =>
    starts.flatMap(({ input, testModel }, index) =>
      testModel.getPaths(edgeCoverPaths).map((path) => ({
        path,
        input,
        description:
          starts.length > 1 ? `[input ${index + 1}] ${path.description}` : path.description,
      })),
    );

  return {
    name: model.name,
    paths: () =>
      generate().map(({ path, input, description }) => ({
        description,
        run: (coverage, screen) => runPath(path, input, coverage, screen),
      })),
  };
}

/** One generated path as plain data: what a walker outside vitest (Chromium) replays. */
export interface PlainPath<M extends AnyStateMachine> {
  input: InputFrom<M> | undefined;
  description: string;
  /** Each event, with the state the model reaches by it. */
  steps: { event: EventObject; state: SnapshotFrom<M> }[];
}

/**
 * The paths of a model, generated as for the path tests (the machine as written, the model's
 * events and `possible` filter), without running them.
 */
export function plainPaths<M extends AnyStateMachine>(
  model: Pick<PathModel<M, unknown>, 'machine' | 'inputs' | 'events' | 'internal' | 'possible'>,
): PlainPath<M>[] {
  const full = { ...model, name: 'plain', world: () => null, provide: () => model.machine };
  return (model.inputs ?? [undefined]).flatMap((input) =>
    buildTestModel(full as unknown as PathModel<M, unknown>, input)
      .testModel.getPaths(edgeCoverPaths)
      .map((path) => ({
        input,
        description: path.description,
        steps: path.steps.map(({ event, state }) => ({ event, state: state as SnapshotFrom<M> })),
      })),
  );
}

/** Full coverage and no failing path. */
export function isComplete(report: PathReport): boolean {
  return (
    report.failures.length === 0 &&
    report.paths > 0 &&
    report.states.covered === report.states.total &&
    report.transitions.covered === report.transitions.total
  );
}
