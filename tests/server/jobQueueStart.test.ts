// A web instance and a worker started at once on a new PostgreSQL database (a first deploy)
// both create pg-boss's queues; PostgreSQL may end one's creation as a deadlock's victim. Both
// must start: the clean-install check (tests/production/) met a web process that did not.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { createJobQueue, JOB_NAMES } from '../../src/server/jobs/queue';

const server = process.env.TEST_DATABASE_URL;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!server)('job queues on a new PostgreSQL database', () => {
  it('start in three processes at once, each with every queue', { timeout: 60_000 }, async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    // Each process migrates first (under the advisory lock), then makes its queues.
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: '' })),
    );
    try {
      const queues = await Promise.all(
        databases.map(({ db }) => createJobQueue(db, { supervise: false, onError: () => {} })),
      );
      for (const queue of queues) {
        for (const job of JOB_NAMES) expect(await queue.boss.getQueue(job)).toBeTruthy();
        await queue.stop();
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });
});
