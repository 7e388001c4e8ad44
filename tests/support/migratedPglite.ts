// The node project's global setup: one in-memory PGlite, migrated, copied to a file that every
// server suite's PGlite then starts from (server.ts). Making an empty PGlite runs initdb inside
// WASM, about 3 s, once per suite and database; loading the copy takes about 1 s. Made afresh
// each run, so it always has today's migrations.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite's data directory (`dumpDataDir`), as a file. */
    migratedPglite: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'tuitionpay-pglite-'));
  const file = join(directory, 'migrated.tar');
  const opened = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  try {
    const client = (opened.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await opened.close();
  }
  project.provide('migratedPglite', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
