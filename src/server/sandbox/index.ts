// The sandbox: local imitations of the outside world for development and tests, under
// /sandbox/, only when SANDBOX_ENABLED (never by default in production). The dev SMS outbox
// lives here now; the Cashfree imitation joins as /sandbox/cashfree/ (gateway-contract.md).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { outboxRoutes } from './outbox';

export interface SandboxDeps {
  db: Database;
}

export async function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps) {
  // Only the dependencies: `deps` also carries this plugin's own prefix.
  await app.register(outboxRoutes, { db: deps.db });
  // await app.register(cashfreeRoutes, { ...deps, prefix: '/cashfree' });
}
