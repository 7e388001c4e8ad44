// A clock tests can move (D254): the system's time plus an offset kept in a file, so every
// process of a test run (the web server and its worker, a second worker, the sandbox) reads the
// same moved time, and a process killed and restarted comes back at it. The file holds the
// offset in milliseconds; it is read again at most every READ_EVERY_MS. Only for NODE_ENV=test
// with TEST_CLOCK_FILE set (config.ts), and the sandbox: production never builds one.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Clock } from './clock';

const READ_EVERY_MS = 100;

export interface TestClock extends Clock {
  /** The offset from the system's time now, in milliseconds. */
  offsetMs(): number;
  /** Moves the clock so that now() is `at` (every process reading the file follows). */
  set(at: Date): void;
}

function readOffset(path: string): number {
  try {
    const value = Number(readFileSync(path, 'utf8').trim());
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Writes the offset atomically (a reader never sees half a number). */
export function writeClockOffset(path: string, offsetMs: number): void {
  const next = `${path}.${process.pid}.tmp`;
  writeFileSync(next, String(Math.round(offsetMs)));
  renameSync(next, path);
}

export function fileClock(path: string): TestClock {
  let offset = readOffset(path);
  let readAt = Date.now();
  const current = () => {
    const real = Date.now();
    if (real - readAt >= READ_EVERY_MS) {
      offset = readOffset(path);
      readAt = real;
    }
    return offset;
  };
  return {
    now: () => new Date(Date.now() + current()),
    offsetMs: current,
    set(at) {
      offset = at.getTime() - Date.now();
      readAt = Date.now();
      writeClockOffset(path, offset);
    },
  };
}
