// Health checks for load balancers and orchestrators (D122), outside api/v1 and never logged,
// and a shutdown that lets them drain:
//   GET /healthz   the process is up (200)
//   GET /readyz    the database answers, so requests can be served (200), else 503;
//                  migrations ran before the server listened, so an answering process is
//                  a migrated one
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

const READY_TIMEOUT_MS = 2_000;

export function installHealthChecks(app: FastifyInstance, db: Database): void {
  // Shutting down (SIGTERM): requests in flight finish, and their connections close after the
  // answer instead of staying open for keep-alive, so the server can stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS).unref(),
        ),
      ]);
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
