// What issue 11's throughput targets leave the web process on this machine, from the figures
// of the same run (D203, D205). A closed loop of n connections whose p50 latency is t makes
// about n / t requests a second, and its p99 is the p50 times the spread measured in the run;
// with every core busy all the time (the best case), each request then has cores / rate of CPU
// time for all the processes together. What the gateway, the database and the load generator
// spent leaves the rest for the web process. A budget below what it takes means that the target
// needs a cheaper web process; a budget at or below zero, that no web process reaches it here.
import type { CpuTimes } from './cpu';

export interface Target {
  /** Requests a second the target asks for outright (a share of the hello world), if any. */
  rate?: number;
  /** The p99 asked for, in ms, at `connections`. */
  p99Ms: number;
  connections: number;
}

export interface Observed {
  p50Ms: number;
  p99Ms: number;
  /** CPU ms per request by process (medians of the run). */
  cpu: CpuTimes;
}

export interface Budget {
  /** Requests a second the target needs. */
  rate: number;
  /** µs of CPU per request for all processes, every core busy. */
  totalUs: number;
  /** µs the gateway, database and load generator took. */
  othersUs: number;
  /** µs left for the web process (negative: not even a free one would do). */
  webUs: number;
  /** µs the web process took. */
  tookUs: number;
}

export function budget(target: Target, observed: Observed, cores: number): Budget {
  const spread = observed.p99Ms / Math.max(1, observed.p50Ms);
  const rateForP99 = (target.connections * 1000 * spread) / target.p99Ms;
  const rate = Math.max(target.rate ?? 0, rateForP99);
  const totalUs = (cores * 1e6) / rate;
  const { web, gateway, database, load } = observed.cpu;
  const othersUs = (gateway + database + load) * 1000;
  return { rate, totalUs, othersUs, webUs: totalUs - othersUs, tookUs: web * 1000 };
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');

/** One sentence under a bench table. */
export function describeBudget(what: string, b: Budget, cores: number): string {
  const verdict =
    Math.round(b.webUs) <= 0
      ? 'nothing is left for the web process: not reachable on this machine'
      : `the web process would need at most ${n(b.webUs)} µs; it took ${n(b.tookUs)}`;
  return (
    `${what} needs about ${n(b.rate)} requests/s here: at most ${n(b.totalUs)} µs of CPU per ` +
    `request on ${cores} cores all busy; the gateway, database and load generator took ` +
    `${n(b.othersUs)} µs, so ${verdict}.`
  );
}
