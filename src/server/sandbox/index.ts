// The sandbox: local imitations of the outside world for development and tests, under
// /sandbox/, only when SANDBOX_ENABLED (never by default in production): the dev SMS outbox
// (outbox.ts) and the Cashfree gateway at /sandbox/cashfree/ (cashfree/, gateway-contract.md).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { cashfreeSandboxRoutes } from './cashfree';
import { outboxRoutes } from './outbox';

export interface SandboxDeps {
  db: Database;
  config: Config;
  clock: Clock;
}

export async function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps) {
  // Only the dependencies: `deps` also carries this plugin's own prefix.
  await app.register(outboxRoutes, { db: deps.db });
  await app.register(cashfreeSandboxRoutes, {
    prefix: '/cashfree',
    config: deps.config,
    clock: deps.clock,
  });
}
