// D32: the reusable Idempotency-Key piece, on its own: what a route gets back from it, with
// truly parallel callers, on PGlite and PostgreSQL. (tests/server/orders.test.ts proves the
// order route through HTTP.)
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import {
  createIdempotency,
  fingerprint,
  IDEMPOTENCY_TTL_MS,
} from '../../src/server/services/idempotency';
import { refuse, success, type Result } from '../../src/server/services/results';
import { sweepAndRunJobs } from '../support/jobs';
import { testDatabases, useTestServer } from '../support/server';

const refusals = {
  mismatch: refuse(409, { message: 'another body', code: 'test.mismatch' }),
  inFlight: refuse(409, { message: 'still working', code: 'test.inFlight' }),
};

describe.each(testDatabases())('idempotency on $name', (database) => {
  const server = useTestServer(database);

  const setup = async () => {
    const [user] = await server.db
      .insert(users)
      .values({ phone: '9876500001', role: 'student' })
      .returning({ id: users.id });
    const idempotent = createIdempotency({ db: server.db, clock: server.clock });
    let runs = 0;
    const request = (key: string, body: Record<string, unknown>) => ({
      userId: user!.id,
      key,
      hash: fingerprint(body),
      refusals,
    });
    const work =
      (answer: Result<{ n: number }, 400>, ms = 0) =>
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, ms));
        return answer.ok ? success({ n: runs }) : answer;
      };
    return { idempotent, request, work, runs: () => runs };
  };

  it('parallel requests with one key run the work once and all get its answer', async () => {
    const { idempotent, request, work, runs } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        idempotent(request('key-aaaa', { amount: 1 }), work(success({ n: 0 }), 50)),
      ),
    );
    expect(runs()).toBe(1);
    expect(answers).toEqual(Array(6).fill({ ok: true, value: { n: 1 } }));
  });

  it('the same key with another body is refused; key order in the body does not matter', async () => {
    const { idempotent, request, work } = await setup();
    await idempotent(request('key-bbbb', { a: 1, b: 2 }), work(success({ n: 0 })));
    expect(await idempotent(request('key-bbbb', { b: 2, a: 1 }), work(success({ n: 0 })))).toEqual({
      ok: true,
      value: { n: 1 },
    });
    expect(await idempotent(request('key-bbbb', { a: 1, b: 3 }), work(success({ n: 0 })))).toBe(
      refusals.mismatch,
    );
  });

  it('a refusal is not remembered: the retry with the key runs again', async () => {
    const { idempotent, request, work, runs } = await setup();
    const no = refuse(400, { message: 'fix it', code: 'test.fix' });
    expect(await idempotent(request('key-cccc', { a: 1 }), work(no))).toEqual(no);
    expect(await idempotent(request('key-cccc', { a: 1 }), work(success({ n: 0 })))).toEqual({
      ok: true,
      value: { n: 2 },
    });
    expect(runs()).toBe(2);
  });

  it('a crash releases the key; an expired key is forgotten', async () => {
    const { idempotent, request, work, runs } = await setup();
    const boom = async (): Promise<Result<{ n: number }, 400>> => {
      throw new Error('boom');
    };
    await expect(idempotent(request('key-dddd', { a: 1 }), boom)).rejects.toThrow('boom');
    await idempotent(request('key-dddd', { a: 1 }), work(success({ n: 0 })));
    expect(runs()).toBe(1);
    server.clock.advance(IDEMPOTENCY_TTL_MS + 1);
    // Forgotten: another body is welcome now.
    expect(await idempotent(request('key-dddd', { a: 2 }), work(success({ n: 0 })))).toEqual({
      ok: true,
      value: { n: 2 },
    });
  });

  it('the sweep removes keys past their day and keeps the others', async () => {
    const { idempotent, request, work } = await setup();
    await idempotent(request('key-old1', { a: 1 }), work(success({ n: 0 })));
    server.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    await idempotent(request('key-new1', { a: 1 }), work(success({ n: 0 })));
    server.clock.advance(120_000);
    expect((await sweepAndRunJobs(server.app)).found.keysForgotten).toBe(1);
    expect((await sweepAndRunJobs(server.app)).found.keysForgotten).toBe(0);
    // The newer key still holds its first body; the old one takes any.
    expect(await idempotent(request('key-new1', { a: 2 }), work(success({ n: 0 })))).toEqual(
      refusals.mismatch,
    );
    expect(await idempotent(request('key-old1', { a: 2 }), work(success({ n: 0 })))).toEqual({
      ok: true,
      value: { n: 3 },
    });
  });
});
