// D254: the route that moves a test run's clock, for end-to-end tests of what takes days (an
// Autopay notice, then its debit 24 hours later). Installed only with NODE_ENV=test and a
// TEST_CLOCK_FILE (config.ts), and it answers only on loopback; outside the contract, as the
// health checks are. Every process sharing the file follows (src/server/testClock.ts).
//
//   GET  /__test__/clock   {now, offset_ms}
//   POST /__test__/clock   {at: ISO instant} or {advance_ms} or {reset: true}
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TestClock } from '../testClock';

export const TEST_CLOCK_PATH = '/__test__/clock';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const move = z.union([
  z.strictObject({ at: z.iso.datetime({ offset: true }) }),
  z.strictObject({
    advance_ms: z
      .number()
      .int()
      .min(-366 * 86_400_000)
      .max(366 * 86_400_000),
  }),
  z.strictObject({ reset: z.literal(true) }),
]);

const fromLoopback = (request: FastifyRequest) => LOOPBACK.has(request.socket.remoteAddress ?? '');

export function installTestClockRoute(app: FastifyInstance, clock: TestClock): void {
  const answer = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });
  app.get(TEST_CLOCK_PATH, async (request, reply) =>
    fromLoopback(request) ? answer() : reply.code(404).send({ message: 'Not found.' }),
  );
  app.post(TEST_CLOCK_PATH, async (request, reply) => {
    if (!fromLoopback(request)) return reply.code(404).send({ message: 'Not found.' });
    const parsed = move.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ message: 'Send {at}, {advance_ms} or {reset: true}.' });
    }
    const body = parsed.data;
    if ('at' in body) clock.set(new Date(body.at));
    else if ('advance_ms' in body) clock.set(new Date(clock.now().getTime() + body.advance_ms));
    else clock.set(new Date(Date.now()));
    return answer();
  });
}
