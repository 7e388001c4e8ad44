// Model-based path tests for our machines, framework-free (vitest wraps it in
// paths.vitest.ts; scripts/path-coverage.ts runs it under plain Node).
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
  states: StateAssertions<M, W>;
}

export interface CoverageCount {
  covered: number;
  total: number;
  missing: string[];
}

export interface PathReport {
  name: string;
  paths: number;
  failures: { path: string; error: Error }[];
  states: CoverageCount;
  transitions: CoverageCount;
}

/** A model with its types erased, so models of different machines fit in one list. */
export interface PathSuite {
  name: string;
  /** The generated paths, each runnable on its own. */
  paths(): { description: string; run(coverage?: CoverageCollector): Promise<void> }[];
  /** Runs every path; never throws (failures are in the report). */
  run(): Promise<PathReport>;
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

/** Shortest path to every state, plus each of those extended by every transition out of it. */
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
  return paths;
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
    filterEvents: (snapshot, event) => machine.getTransitionData(snapshot, event).length > 0,
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
    coverage?: CoverageCollector,
  ): Promise<void> {
    const world = model.world();
    const clock = new PathClock();
    const logic: AnyStateMachine = model.provide(world);
    const actor: AnyActorRef = createActor(logic, {
      input,
      clock,
      inspect: (ev) => {
        // Only the machine under test, not the actors it spawns.
        if (!coverage || ev.actorRef.sessionId !== ev.rootId) return;
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

    const exec = async (event: EventObject) => {
      if (event.type === 'xstate.init') return;
      if (delayed.has(event.type)) {
        const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
          (s) => s.event.type === event.type,
        );
        if (!scheduled || !clock.fireNext(scheduled.delay)) {
          throw new Error(`The delayed event ${event.type} was never scheduled by the actor.`);
        }
        return;
      }
      const fixture = fixtures[event.type];
      if (fixture && 'exec' in fixture) await fixture.exec(run, event);
      else actor.send(event);
    };

    const check = async (expected: SnapshotFrom<AnyStateMachine>, key: string) => {
      const actual = actor.getSnapshot() as SnapshotFrom<AnyStateMachine>;
      if (actual.status === 'error') throw actual.error;
      if (describeSnapshot(actual) !== describeSnapshot(expected)) {
        throw new Error(
          `The actor is in ${describeSnapshot(actual)}, the model expected ${describeSnapshot(expected)}.`,
        );
      }
      const assertion = model.states[key as keyof StateAssertions<M, W>];
      await assertion?.(actual as SnapshotFrom<M>, run);
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

    actor.start();
    try {
      await path.test(params);
    } finally {
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
        run: (coverage?: CoverageCollector) => runPath(path, input, coverage),
      })),
    async run() {
      const coverage = new CoverageCollector(model.machine);
      const failures: PathReport['failures'] = [];
      const paths = generate();
      for (const { path, input, description } of paths) {
        try {
          await runPath(path, input, coverage);
        } catch (error) {
          failures.push({
            path: description,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      }
      return { name: model.name, paths: paths.length, failures, ...coverage.count() };
    },
  };
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
