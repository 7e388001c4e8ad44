// One way to open the database for both drivers: PGlite (embedded, files or memory) and
// PostgreSQL (postgres.js, D181). Migrations run on open, so a fresh database is ready to use.
// Everything above this file sees one driver-agnostic `Database` type.
import { mkdirSync, readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Keyring } from '../crypto/sealing';
import { MIGRATIONS_DIR } from '../files';
import { dataSteps, type DataStep } from './dataSteps';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw SQL statement on either driver (PGlite: `{ rows }`; postgres.js: rows). */
export async function selectRows<T = Record<string, unknown>>(db: Database, query: SQL) {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

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
  /**
   * In-memory PGlite only: start from this copy of a database (PGlite's `dumpDataDir`) rather
   * than an empty one, whose making (initdb inside WASM) takes seconds. Still migrated on open.
   */
  startFrom?: Blob;
  /**
   * D318: what the data steps between migrations need (the sealing of plain PANs): the config's
   * keys. A database with rows to seal refuses to open without them.
   */
  dataKeys?: Keyring;
  appSecret?: string;
}

/**
 * Issue 11 (D190): PostgreSQL connections per process. postgres.js sends the queries that wait
 * on a busy connection with the next write (pipelining), so a few connections carry a web
 * process's load: on the 2-core bench 5 served GET user/me/ about 25% faster and orders about
 * 40% faster than 20, which kept more backends than cores busy and wrote to each one alone.
 * About twice the database's cores, as HikariCP's pool-sizing guide advises; DATABASE_POOL_MAX
 * sets it (README) for a larger database server.
 */
export const DEFAULT_POOL_MAX = 5;

/** Any fixed key: every instance of the product takes the same lock to migrate. */
const MIGRATION_LOCK = 7_302_914_116;

/**
 * D122: several instances start at once and drizzle's migrate is not safe run concurrently, so
 * one migrates under a session advisory lock while the others wait for it, then find nothing
 * left to do.
 */
export async function migrateUnderLock(client: postgres.Sql, migrate: () => Promise<void>) {
  const held = await client.reserve();
  try {
    await held`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate();
  } finally {
    await held`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => undefined);
    held.release();
  }
}

const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

/**
 * Applies the pending migrations, stopping before each data step's migration to run the step
 * (D318): a step is code (node:crypto) that must see the database between two migrations, e.g.
 * the plain PAN column sealed before the next migration drops it. A step runs only while its
 * migration is still pending, and is idempotent, so a crash part-way is finished next start.
 */
async function migrateWithSteps(db: Database, steps: DataStep[]) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  const all = readMigrationFiles(config);
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  // Drizzle's own migrator is readMigrationFiles and this call; here it runs in parts.
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  for (const step of steps) {
    const when = journal.entries.find((entry) => entry.tag === step.before)?.when;
    if (when === undefined) throw new Error(`data step: no migration ${step.before}`);
    await dialect.migrate(
      all.filter((m) => m.folderMillis < when),
      session,
      config,
    );
    const [last] = await selectRows<{ at: string | null }>(
      db,
      sql`select max(created_at)::text as at from ${MIGRATIONS_TABLE}`,
    );
    if (Number(last?.at ?? 0) < when) await step.run(db);
  }
  await dialect.migrate(all, session, config);
}

/** Date types whose values Drizzle hands over as text, and a raw SQL value may be a Date. */
const DATE_TYPES = [1082, 1114, 1184];

/**
 * drizzle-orm#6096: Drizzle runs every query not made with `.prepare(name)` as unprepared, and
 * postgres.js describes an unprepared query with parameters before running it: two round trips
 * each (an order's 11 statements took 20). The client Drizzle gets prepares them all, in
 * transactions too; postgres.js keeps each statement per connection, and retires a connection
 * (and its statements) after 30-60 minutes.
 */
function preparingAll(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, parameters?: never[], options?: object) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const run = args.pop() as (scoped: postgres.Sql) => unknown;
          const open = Reflect.get(target, key) as (...all: unknown[]) => Promise<unknown>;
          return open.apply(target, [...args, (scoped: postgres.Sql) => run(preparingAll(scoped))]);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A PostgreSQL client and its Drizzle database, unmigrated (openDatabase migrates). */
export function openPostgres(url: string, max: number, logger?: Logger) {
  const client = postgres(url, {
    max,
    // PostgreSQL's notices (IF NOT EXISTS skipping) are not the product's to print.
    onnotice: () => undefined,
  });
  const db = drizzlePg(preparingAll(client), { schema, ...(logger ? { logger } : {}) });
  // Drizzle's driver passes date parameters through as text, which it writes from a column's
  // own mapping; a Date given to raw SQL or a placeholder is written the way node-postgres does.
  for (const type of DATE_TYPES) {
    client.options.serializers[type] = (value: unknown) =>
      value instanceof Date ? value.toISOString() : value;
  }
  return { client, db };
}

/**
 * Issue 11 (D195): PGlite runs each statement on the event loop itself, and its lock passes to
 * the next statement waiting as a microtask, so under load the queue ran without the loop
 * turning to the sockets: at 100 connections the first request on a connection opened meanwhile
 * waited up to 8 s (GET payments/made/ p99 3.9-5.9 s, some timed out) while those on the open
 * connections were served. Each statement, or transaction, now starts on a later turn of the
 * loop, once the sockets waiting have been read.
 */
function takingTurns(client: PGlite): void {
  const exclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = (run) =>
    exclusive(async () => {
      await nextTurn();
      return run();
    });
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const { client, db } = openPostgres(url, options.poolMax ?? DEFAULT_POOL_MAX);
    try {
      await migrateUnderLock(client, () => migrateWithSteps(db, dataSteps(options)));
    } catch (error) {
      await client.end();
      throw error;
    }
    return { db, driver: 'postgres', close: () => client.end() };
  }
  const inMemory = url === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory
    ? new PGlite(options.startFrom ? { loadDataDir: options.startFrom } : {})
    : new PGlite(options.dataDir);
  takingTurns(client);
  const db = drizzlePglite({ client, schema });
  try {
    await migrateWithSteps(db, dataSteps(options));
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, driver: 'pglite', close: () => client.close() };
}
