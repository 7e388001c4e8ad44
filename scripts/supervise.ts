// Runs several processes as one (npm start, npm run dev): their output as it comes, Ctrl-C or
// SIGTERM to this process passed on to each, and when one of them stops, the others are
// stopped too. D218: each runs in a process group of its own, which is what is signalled, so a
// wrapper (npx, tsx watch, npm) cannot stop while what it started keeps its port; one that has
// not stopped 15 s after SIGTERM is killed.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
}

const GRACE_MS = 15_000;

const running = new Set<ChildProcess>();
let stopping = false;

/** Signals `child`'s whole group (its pid, as it leads it); the group may already be gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // no such group any more
  }
}

function launch(spec: ProcessSpec): ChildProcess {
  // No stdin: a process in a group of its own may not read the terminal.
  const child = spawn(spec.command, spec.args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...spec.env },
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Stops every process started here, then this one, with `code`. */
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  if (running.size === 0) process.exit(code);
  for (const child of running) signalGroup(child, 'SIGTERM');
  const kill = setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  }, GRACE_MS);
  for (const child of running) {
    child.once('exit', () => {
      if (running.size > 0) return;
      clearTimeout(kill);
      process.exit(code);
    });
  }
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/** Runs one command to its end (a build before the servers); a failure stops this process. */
export function runToEnd(spec: ProcessSpec): Promise<void> {
  return new Promise((resolve) => {
    launch(spec).once('exit', (code, signal) => {
      if (stopping) return;
      if (code === 0) return resolve();
      console.error(`${spec.name} failed (${code ?? signal})`);
      stopAll(code ?? 1);
    });
  });
}

/** Runs the processes together until one stops or this process is told to stop. */
export function supervise(specs: ProcessSpec[]): void {
  for (const spec of specs) {
    launch(spec).once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`${spec.name} stopped (${code ?? signal}): stopping all`);
      stopAll(code ?? 1);
    });
  }
}
