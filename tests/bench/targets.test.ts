import { describe, expect, it } from 'vitest';
import { budget, describeBudget } from '../../scripts/bench/targets';

describe("issue 11's targets as CPU budgets (npm run bench)", () => {
  it('a read target asks for its share of the hello world when that is more than its p99 needs', () => {
    // p99 twice the p50: 20 ms needs a p50 of 10 ms, 100 connections / 10 ms = 10,000/s.
    const b = budget(
      { rate: 15_000, p99Ms: 20, connections: 100 },
      { p50Ms: 10, p99Ms: 20, cpu: { web: 0.145, gateway: 0, database: 0.044, load: 0.034 } },
      2,
    );
    expect(b.rate).toBe(15_000);
    expect(b.totalUs).toBeCloseTo(133.3, 1);
    expect(b.othersUs).toBeCloseTo(78, 6);
    expect(b.webUs).toBeCloseTo(55.3, 1);
    expect(b.tookUs).toBeCloseTo(145, 6);
    expect(describeBudget('GET user/me/', b, 2)).toBe(
      'GET user/me/ needs about 15,000 requests/s here: at most 133 µs of CPU per request on ' +
        '2 cores all busy; the gateway, database and load generator took 78 µs, so the web ' +
        'process would need at most 55 µs; it took 145.',
    );
  });

  it('an order target asks for the rate its p99 needs at the spread measured', () => {
    // p99 80 against p50 40 ms: 50 ms needs a p50 of 25 ms, 20 connections / 25 ms = 800/s.
    const b = budget(
      { p99Ms: 50, connections: 20 },
      { p50Ms: 40, p99Ms: 80, cpu: { web: 1.9, gateway: 0.35, database: 0.97, load: 0.16 } },
      2,
    );
    expect(b.rate).toBeCloseTo(800, 6);
    expect(b.totalUs).toBeCloseTo(2_500, 6);
    expect(b.webUs).toBeCloseTo(1_020, 6);
  });

  it('says when the other processes alone use up the budget', () => {
    const b = budget(
      { p99Ms: 50, connections: 20 },
      { p50Ms: 40, p99Ms: 80, cpu: { web: 3.4, gateway: 0.7, database: 1.4, load: 0.4 } },
      2,
    );
    expect(describeBudget('Order creation', b, 2)).toMatch(
      /took 2,500 µs, so nothing is left for the web process: not reachable on this machine\.$/,
    );
  });
});
