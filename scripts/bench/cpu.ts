// Where a load run's CPU goes, by process (issue 11): the product's web process, the sandbox
// imitating the gateway, PostgreSQL's processes, and this process (autocannon, the load
// generator). Read from /proc, so Linux only; each figure is CPU time, user and system.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface CpuTimes {
  web: number;
  gateway: number;
  database: number;
  load: number;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * The process's CPU time so far in ms (0 once it has gone); `withChildren`: with that of its
 * children that have exited, as a PostgreSQL backend does when its connection closes.
 */
function cpuMsOf(pid: number, withChildren = false): number {
  try {
    // The command name is in parentheses and may hold spaces: the fields start after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = [11, 12, ...(withChildren ? [13, 14] : [])].reduce(
      (sum, at) => sum + Number(fields[at]),
      0,
    );
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/**
 * Every PostgreSQL process on this machine (a throwaway cluster's, or DATABASE_URL's if local),
 * with the backends that have exited, which the server process counts as its children.
 */
function databaseCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuMsOf(Number(entry), true);
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The server measured and, when it is the product, the sandbox answering as its gateway. */
export interface Measured {
  web: number;
  gateway?: number;
}

function sample(pids: Measured): CpuTimes {
  const own = process.cpuUsage();
  return {
    web: cpuMsOf(pids.web),
    gateway: pids.gateway === undefined ? 0 : cpuMsOf(pids.gateway),
    database: databaseCpuMs(),
    load: (own.user + own.system) / 1000,
  };
}

/** `run`'s figures, with the CPU time (ms) each process spent per request it answered. */
export async function withCpuPerRequest<F extends { requests: number }>(
  pids: Measured,
  run: () => Promise<F>,
): Promise<F & { cpuPerRequest: CpuTimes }> {
  const before = sample(pids);
  const figures = await run();
  const after = sample(pids);
  const cpuPerRequest = {} as CpuTimes;
  for (const key of Object.keys(before) as (keyof CpuTimes)[]) {
    cpuPerRequest[key] = (after[key] - before[key]) / Math.max(1, figures.requests);
  }
  return { ...figures, cpuPerRequest };
}

/** The machine's cores: what the processes above share. */
export const cores = () => cpus().length;
