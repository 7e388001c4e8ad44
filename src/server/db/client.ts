// One way to open the database for both drivers: PGlite (embedded, files or memory) and
// PostgreSQL (node-postgres). Migrations run on open, so a fresh database is ready to use.
// Everything above this file sees one driver-agnostic `Database` type.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenedDatabase {
  db: Database;
  /** 'pglite' or 'postgres': for logs and tests only; no code path depends on it. */
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the pool's size (config.ts, DATABASE_POOL_MAX). */
  poolMax?: number;
}

/**
 * Issue 11: PostgreSQL connections per process. node-postgres' own default, 10, made reads
 * wait for a connection at 100 concurrent requests (GET user/me/ went from about 2,150 to
 * 2,800 requests/s at 20 and 3,200-3,700 at 40 on the 2-core bench). 20 keeps two web
 * instances and a worker within PostgreSQL's default max_connections of 100; DATABASE_POOL_MAX
 * sets it (README).
 */
export const DEFAULT_POOL_MAX = 20;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed key: every instance of the product takes the same lock to migrate. */
const MIGRATION_LOCK = 7_302_914_116;

/**
 * D122: several instances start at once and drizzle's migrate is not safe run concurrently, so
 * one migrates under a session advisory lock while the others wait for it, then find nothing
 * left to do.
 */
export async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? DEFAULT_POOL_MAX });
    // An idle client whose connection dies (a database restart, a failover) is dropped from
    // the pool and replaced; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    try {
      await migrateUnderLock(pool, () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const inMemory = url === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(options.dataDir);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, driver: 'pglite', close: () => client.close() };
}
